import fc from "fast-check";
import assert from "node:assert/strict";
import { heldAfterStep } from "./_held_after_step.ts";
import { applySteps, FORMATTING_FUNCTIONS, FORMATTING_STEPS } from "./formatting_steps.ts";
import type { FormattingStep } from "./formatting_steps.ts";

// What each step keeps of a text, made the slow way.
const changeOf = (step: FormattingStep | "several") =>
  step === "several" ? (s: string) => applySteps(s, FORMATTING_STEPS) : FORMATTING_FUNCTIONS[step];
// deno-lint-ignore no-control-regex -- ASCII starts at U+0000
const isAscii = (s: string) => /^[\x00-\x7f]*$/.test(s);

// Characters the steps read differently: case, kinds of whitespace (ASCII and not, U+FEFF which
// is not), the final `.` and `!`, quotes straight and curly, `_`, digits with their separators,
// and non-ASCII letters whose lowercasing changes length, depends on context or gives ASCII.
const piece = fc.constantFrom(
  "a",
  "A",
  "b",
  "B",
  "k",
  " ",
  "  ",
  "\t",
  "\n",
  "\r\n",
  "\x1c",
  "\x85",
  "\u00a0",
  "\u3000",
  "\ufeff",
  ".",
  "!",
  "?",
  ",",
  "_",
  '"',
  "'",
  "\u201c",
  "\u201d",
  "\u2018",
  "\u2019",
  "1",
  "2",
  "$",
  "%",
  "-",
  "É",
  "é",
  "İ",
  "Σ",
  "\ufb01",
  "\u212a",
  "\ud83d\ude00",
);
const pieces = fc.array(piece, { maxLength: 10 });
// An output and a reference: unrelated, a piece of the output with a few pieces changed, or a
// piece of it wrapped in what the steps take away.
const row = fc.oneof(
  fc.tuple(pieces, pieces).map(([a, b]) => [a.join(""), b.join("")] as const),
  fc.tuple(pieces, fc.nat(10), fc.nat(10), fc.array(fc.tuple(fc.nat(9), piece), { maxLength: 2 }))
    .map(([xs, i, n, changes]) => {
      const at = i % (xs.length + 1);
      const b = xs.slice(at, at + n);
      for (const [k, p] of changes) if (b.length > 0) b[k % b.length] = p;
      return [xs.join(""), b.join("")] as const;
    }),
  fc.tuple(pieces, fc.nat(10), fc.nat(10), fc.constantFrom(" ", "'", '"', ".", "!", "\t"))
    .map(([xs, i, n, wrap]) => {
      const at = i % (xs.length + 1);
      return [xs.join(""), wrap + xs.slice(at, at + n).join("") + wrap] as const;
    }),
);
const steps = fc.constantFrom<FormattingStep | "several">(...FORMATTING_STEPS, "several");

Deno.test("property: heldAfterStep is search of the changed reference in the changed output", () => {
  fc.assert(
    fc.property(row, steps, fc.nat(30), ([output, reference], step, budget) => {
      const change = changeOf(step);
      const changed = change(reference);
      const want = changed !== "" && change(output).includes(changed);
      const ascii = isAscii(output) && isAscii(reference);
      for (
        const got of [
          heldAfterStep(step, output, reference, ascii),
          heldAfterStep(step, output, reference, ascii, budget),
          heldAfterStep(step, output, reference, false),
        ]
      ) {
        if (got !== undefined) {
          assert.equal(got, want, JSON.stringify([step, output, reference, budget]));
        }
      }
      // Told for every step but NFKC on ASCII texts, and on any text for the steps that only cut
      // it or join its whitespace.
      const told = heldAfterStep(step, output, reference, ascii) !== undefined;
      assert.equal(
        told,
        step !== "nfkc" && (ascii || (step !== "lowercase" && step !== "several")),
      );
    }),
    { numRuns: 50_000 },
  );
});

Deno.test("heldAfterStep: cases", () => {
  assert.equal(heldAfterStep("collapse-whitespace", "a b c", "b\t\u3000c", false), true);
  assert.equal(heldAfterStep("collapse-whitespace", "a  b", " b", true), true);
  assert.equal(heldAfterStep("underscores", "a_b", "a b", true), true);
  assert.equal(heldAfterStep("underscores", " a b", "_a", true), false);
  // A `.` that only its removal leaves at the end, and a quote left inside.
  assert.equal(heldAfterStep("strip-trailing-punctuation", "ab.", "b..", true), false);
  assert.equal(heldAfterStep("strip-trailing-punctuation", "b.ab.", "b..", true), true);
  assert.equal(heldAfterStep("strip-trailing-punctuation", "b.a", "b.!", true), true);
  assert.equal(heldAfterStep("strip-quotes", "'a'", "'a'", true), true);
  assert.equal(heldAfterStep("strip-quotes", "'ab'", '"\'a"', true), false);
  // All seven: the whitespace a removed `.` leaves, then the quotes inside it.
  assert.equal(heldAfterStep("several", "x 'b c'", " 'B  C' .", true), true);
  assert.equal(heldAfterStep("several", "'a'", "'A'", true), true);
  assert.equal(heldAfterStep("several", "a_b", "'_a  b'", true), false);
  assert.equal(heldAfterStep("lowercase", "xk", "\u212a", false), undefined);
  assert.equal(heldAfterStep("nfkc", "a", "a", true), undefined);
  // Many near starts: past its budget the walk makes the changed texts.
  const many = "a_".repeat(5_000);
  assert.equal(heldAfterStep("underscores", many, "a ".repeat(200) + "b", true), false);
  assert.equal(heldAfterStep("underscores", many + "b", "a ".repeat(200) + "b", true), true);
  assert.equal(heldAfterStep("several", "A ".repeat(5_000), "a ".repeat(200) + "b", true), false);
});
