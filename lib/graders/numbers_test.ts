import assert from "node:assert/strict";
import { readNumbers } from "./numbers.ts";

const values = (s: string) => readNumbers(s).map((n) => n.value);

Deno.test("readNumbers: currency, thousands, decimals, exponents, signs", () => {
  assert.deepEqual(values("$1,249.00"), [1249]);
  assert.deepEqual(values("€ 5 or 5€ or £-3 or -¥1,000,000"), [5, 5, -3, -1000000]);
  assert.deepEqual(values("−2.5e-3 and +.5"), [-0.0025, 0.5]);
  assert.deepEqual(values("1,2345 and 12,34"), [1, 12]);
  assert.deepEqual(values("3.14.15"), [3.14]);
});

Deno.test("readNumbers: hyphens, words and percent", () => {
  assert.deepEqual(values("GPT-4 in 2020-2021"), [4, 2020, 2021]);
  assert.deepEqual(values("Q3 x9y"), []);
  const pct = readNumbers("up 12.5 %")[0];
  assert.equal(pct.value, 12.5);
  assert.equal(pct.percent, true);
  assert.equal(readNumbers("$7")[0].currency, "$");
  assert.equal(readNumbers("answer: 42.")[0].text, "42");
});

Deno.test("readNumbers: digits other than ASCII 0-9 are not numbers (no ASCII digit, no scan)", () => {
  assert.deepEqual(readNumbers("٣ ١٢٣ １２３ ⅷ $ % − twelve"), []);
  // The same text with one ASCII digit reads that one only.
  assert.deepEqual(readNumbers("٣ ١٢٣ １２３ ⅷ $ % − twelve 7").map((n) => n.value), [7]);
});
