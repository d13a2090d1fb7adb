import fc from "fast-check";
import assert from "node:assert/strict";
import { sameFolded, stepsMayFlip } from "./_probe.ts";

// `folded` as TextForms defines it: lowercased, without Python's ASCII whitespace, `.`, `!`,
// straight quotes and `_`.
// deno-lint-ignore no-control-regex -- Python counts 0x1c–0x1f as whitespace
const fold = (s: string) => s.toLowerCase().replace(/[\t-\r\x1c-\x20.!"'_]+/g, "");

const asciiText = fc.array(
  fc.constantFrom(
    "a",
    "A",
    "b",
    "Z",
    "z",
    "1",
    " ",
    "\t",
    "\x1c",
    "\x01",
    "\x7f",
    ".",
    "!",
    '"',
    "'",
    "_",
    "-",
    ",",
  ),
  { maxLength: 10 },
).map((xs) => xs.join(""));

Deno.test("property: sameFolded is equality of the folded forms", () => {
  fc.assert(
    fc.property(asciiText, asciiText, (a, b) => {
      assert.equal(sameFolded(a, b), fold(a) === fold(b), JSON.stringify([a, b]));
    }),
    { numRuns: 20_000 },
  );
  assert.ok(sameFolded(" Paris. ", "paris"));
  assert.ok(!sameFolded("Paris", "Pari"));
  assert.ok(!sameFolded("", "x"));
});

Deno.test("property: stepsMayFlip as defined on folded forms, non-ASCII always may", () => {
  const text = fc.oneof(asciiText, fc.constantFrom("é", "Paris é", "ＡＢ"));
  fc.assert(
    fc.property(text, fc.array(text, { maxLength: 3 }), (output, references) => {
      const ascii = (s: string) => [...s].every((c) => c.charCodeAt(0) < 0x80);
      for (const compares of ["equal", "contains"] as const) {
        const want = !ascii(output) || references.some((r) =>
          !ascii(r) ||
          (compares === "equal" ? fold(r) === fold(output) : fold(output).includes(fold(r)))
        );
        assert.equal(stepsMayFlip(compares, output, references), want);
      }
    }),
    { numRuns: 10_000 },
  );
});
