import assert from "node:assert/strict";
import fc from "fast-check";
import { applySteps, FORMATTING_FUNCTIONS, FORMATTING_STEPS } from "./formatting_steps.ts";

const f = FORMATTING_FUNCTIONS;

Deno.test("each step does one thing", () => {
  assert.equal(f.trim("\u00a0 Paris \u0085"), "Paris");
  assert.equal(f.trim("\ufeffParis"), "\ufeffParis"); // a BOM is not whitespace
  assert.equal(f.lowercase("ÉCOLE İ"), "école i̇");
  assert.equal(f.nfkc("ﬁne ①\u00a0x"), "fine 1 x");
  assert.equal(f["collapse-whitespace"](" a \t\n b  "), " a b ");
  assert.equal(f["strip-trailing-punctuation"]("Yes."), "Yes");
  assert.equal(f["strip-trailing-punctuation"]("Yes?"), "Yes?");
  assert.equal(f["strip-trailing-punctuation"]("Yes. "), "Yes. ");
  assert.equal(f.underscores("user  name\tfield"), "user_name_field");
  assert.equal(f["strip-quotes"]("'a'"), "a");
  assert.equal(f["strip-quotes"]("‘a’"), "a");
  assert.equal(f["strip-quotes"]('""x""'), '"x"');
  assert.equal(f["strip-quotes"]("\"a'"), "\"a'"); // not a matching pair
  assert.equal(f["strip-quotes"]('"'), '"');
});

Deno.test("steps only ever shorten or keep text, except lowercase and nfkc", () => {
  const shrinking = FORMATTING_STEPS.filter((s) => s !== "lowercase" && s !== "nfkc");
  fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 20 }), (s) => {
    for (const step of shrinking) assert.ok(f[step](s).length <= s.length, step);
  }));
});

Deno.test("applySteps applies in the given order", () => {
  assert.equal(applySteps('"Hello!"', ["strip-trailing-punctuation", "strip-quotes"]), "Hello!");
  assert.equal(applySteps('"Hello!"', ["strip-quotes", "strip-trailing-punctuation"]), "Hello");
  assert.equal(applySteps("x", []), "x");
});
