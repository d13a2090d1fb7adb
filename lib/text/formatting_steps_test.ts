import assert from "node:assert/strict";
import fc from "fast-check";
import { applySteps, FORMATTING_FUNCTIONS, FORMATTING_STEPS } from "./formatting_steps.ts";
import { PY_WHITESPACE_CLASS, pySplit } from "./python_strings.ts";

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

Deno.test("property: collapse-whitespace and underscores as their definitions give them", () => {
  // The definitions: every run of Python whitespace made one space; Python's split() joined by `_`.
  const collapse = (s: string) => s.replace(new RegExp(`[${PY_WHITESPACE_CLASS}]+`, "gu"), " ");
  const unit = fc.constantFrom(
    "a",
    "B",
    "é",
    "😀",
    " ",
    "\t",
    "\n",
    "\x1c",
    "\x1f",
    "\x01",
    "\u0085",
    "\u00a0",
    "\u2009",
    "\u3000",
    "\ufeff",
    "_",
  );
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 10 }), (units) => {
      const s = units.join("");
      assert.equal(f["collapse-whitespace"](s), collapse(s));
      assert.equal(f.underscores(s), pySplit(s).join("_"));
    }),
    { numRuns: 5_000 },
  );
  // Single spaces alone: the same string back.
  const spaced = "a b c";
  assert.equal(f["collapse-whitespace"](spaced), spaced);
});

Deno.test("property: strip-quotes removes the one pair of outer quotes the definition names", () => {
  // The definition: the first of the four pairs that opens and closes the text (two or more
  // characters), removed.
  const pairs = [['"', '"'], ["'", "'"], ["\u201c", "\u201d"], ["\u2018", "\u2019"]];
  const byDefinition = (s: string) => {
    for (const [open, close] of pairs) {
      if (s.length >= 2 && s.startsWith(open) && s.endsWith(close)) return s.slice(1, -1);
    }
    return s;
  };
  const unit = fc.constantFrom('"', "'", "\u201c", "\u201d", "\u2018", "\u2019", "a", " ", "😀");
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 5 }), (units) => {
      const s = units.join("");
      assert.equal(FORMATTING_FUNCTIONS["strip-quotes"](s), byDefinition(s));
    }),
    { numRuns: 10_000 },
  );
});
