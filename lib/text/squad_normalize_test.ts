import fc from "fast-check";
import assert from "node:assert/strict";
import { normalizeAnswer, SQUAD_STEPS } from "./squad_normalize.ts";
import { PY_WHITESPACE_CLASS } from "./python_strings.ts";

const PY_SPACES = new RegExp(`[${PY_WHITESPACE_CLASS}]+`, "u");

Deno.test("punctuation is deleted, not replaced, and only ASCII punctuation", () => {
  assert.equal(normalizeAnswer("state-of-the-art"), "stateoftheart");
  assert.equal(normalizeAnswer("1,000 (approx.)"), "1000 approx");
  assert.equal(normalizeAnswer("“Hello”—«world»"), "“hello”—«world»");
});

Deno.test("articles are whole Unicode words", () => {
  assert.equal(normalizeAnswer("ça a l'air"), "ça lair");
  assert.equal(normalizeAnswer("théâtre the an a"), "théâtre");
  assert.equal(normalizeAnswer("a1 the_x"), "a1 thex");
  assert.equal(normalizeAnswer("the_x", ["articles"]), "the_x"); // `_` is a word character
  assert.equal(normalizeAnswer("The The"), "");
});

Deno.test("steps run in the script's order whatever order they are given in", () => {
  const given = normalizeAnswer("The-Answer", ["whitespace", "articles", "punct"]);
  assert.equal(given, "TheAnswer");
  assert.equal(normalizeAnswer("The-Answer", ["punct", "articles", "whitespace"]), given);
  assert.equal(normalizeAnswer("  A  b ", []), "  A  b ");
  assert.equal(normalizeAnswer("A\u00a0b\u3000c", ["whitespace"]), "A b c");
  assert.deepEqual([...SQUAD_STEPS], ["lowercase", "punct", "articles", "whitespace"]);
});

Deno.test("articles on ASCII text go as under the Unicode word rule", () => {
  const unicodeRule = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;
  const text = fc.array(
    fc.constantFrom("a", "an", "the", "A", "The", " ", "_", "1", "x", "-", ".", "\t", "é", "ß"),
    { maxLength: 10 },
  ).map((parts) => parts.join(""));
  fc.assert(
    fc.property(text, (s) => {
      assert.equal(
        normalizeAnswer(s, ["articles"]),
        s.replace(unicodeRule, " "),
        JSON.stringify(s),
      );
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("the one-pass ASCII path gives what the four steps give one after another", () => {
  // The script's normalize_answer, step by step (Python's string.punctuation, Unicode `\b`).
  const script = (s: string) =>
    s.toLowerCase().replace(/[!-/:-@[-`{-~]/g, "")
      .replace(/(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu, " ")
      .split(PY_SPACES).filter((w) => w !== "").join(" ");
  const text = fc.array(
    fc.constantFrom(
      "a",
      "an",
      "the",
      "A",
      "An",
      "THE",
      "The",
      " ",
      "  ",
      "_",
      "1",
      "x",
      "Q",
      "-",
      ".",
      ",",
      "'",
      "\t",
      "\n",
      "\r\n",
      "\x1c",
      "\x1f",
      "\x0b",
      "\x01",
      "\x7f",
      "é",
      "\u00a0",
      "(",
      "`",
      "~",
    ),
    { maxLength: 14 },
  ).map((parts) => parts.join(""));
  fc.assert(
    fc.property(text, (s) => {
      assert.equal(normalizeAnswer(s), script(s), JSON.stringify(s));
      assert.equal(normalizeAnswer(s, ["whitespace", "articles", "punct", "lowercase"]), script(s));
    }),
    { numRuns: 20_000 },
  );
  assert.equal(normalizeAnswer(" The  a.n t.h.e Cat's  \x1c_-_ \tAn"), "cats");
  assert.equal(normalizeAnswer("x\x01the y"), "x\x01 y");
});
