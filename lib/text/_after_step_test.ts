import fc from "fast-check";
import assert from "node:assert/strict";
import { equalAfterStep } from "./_after_step.ts";
import { FORMATTING_FUNCTIONS, FORMATTING_STEPS } from "./formatting_steps.ts";

// Pieces that the steps treat differently: kinds of whitespace (Python's, ASCII and not, and
// U+FEFF, which is not), quotes, the final punctuation, `_`, case, and non-ASCII letters whose
// lowercasing changes length, depends on context or gives an ASCII letter.
const piece = fc.constantFrom(
  "a",
  "A",
  "b",
  "Z",
  " ",
  "  ",
  "\t",
  "\n",
  "\x1c",
  "\x85",
  "\u00a0",
  "\u3000",
  "\ufeff",
  ".",
  "!",
  "_",
  '"',
  "'",
  "\u201c",
  "\u201d",
  "\u2018",
  "\u2019",
  "É",
  "é",
  "İ",
  "Σ",
  "ß",
  "\ufb01",
  // The Kelvin sign lowercases to an ASCII `k`.
  "\u212a",
  "k",
  "\ud83d\ude00",
);
const pieces = fc.array(piece, { maxLength: 8 });
// Two texts, the second often the first with a few pieces replaced (near pairs are where the
// steps matter).
const pair = fc.oneof(
  fc.tuple(pieces, pieces).map(([a, b]) => [a.join(""), b.join("")] as const),
  fc.tuple(pieces, fc.array(fc.tuple(fc.nat(7), piece), { maxLength: 3 })).map(([a, changes]) => {
    const b = [...a];
    for (const [at, p] of changes) if (b.length > 0) b[at % b.length] = p;
    return [a.join(""), b.join("")] as const;
  }),
);

Deno.test("property: equalAfterStep is equality of the changed texts, where it answers", () => {
  fc.assert(
    fc.property(pair, fc.constantFrom(...FORMATTING_STEPS), ([a, b], step) => {
      for (const [x, y] of [[a, b], [b, a], [a, a]]) {
        const got = equalAfterStep(step, x, y);
        const want = FORMATTING_FUNCTIONS[step](x) === FORMATTING_FUNCTIONS[step](y);
        if (got !== undefined) assert.equal(got, want, JSON.stringify([step, x, y]));
        // Every step but NFKC answers on ASCII text.
        // deno-lint-ignore no-control-regex -- ASCII starts at U+0000
        const ascii = /^[\x00-\x7f]*$/.test(x + y);
        if (step !== "nfkc" && ascii) assert.notEqual(got, undefined, JSON.stringify([step, x, y]));
      }
    }),
    { numRuns: 30_000 },
  );
  assert.equal(equalAfterStep("several", "a", "a"), undefined);
  assert.equal(equalAfterStep("underscores", "a_b", " a  b "), true);
  assert.equal(equalAfterStep("strip-quotes", "\u201cx\u201d", "x"), true);
  assert.equal(equalAfterStep("lowercase", "aB", "ab\u0130"), false);
  assert.notEqual(equalAfterStep("lowercase", "x\u212a", "xk"), false);
});
