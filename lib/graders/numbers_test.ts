import fc from "fast-check";
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

Deno.test("readNumbers: numbers whose first digit comes late (signs, currency, a leading `.`)", () => {
  assert.deepEqual(values("x -$-.5 y"), []);
  assert.deepEqual(values("a long run of words -$.5 then +€+.25 and −.5e1"), [-0.5, -5]);
  assert.deepEqual(values("$-.5%"), [-0.5]);
});

Deno.test("property: readNumbers reads what the whole-text scan of its pattern reads", () => {
  // The full path: the same pattern, searched from the start of the text at every position.
  const CURRENCY = "$€£¥₹₩₽¢";
  const NUMBER = new RegExp(
    String.raw`(?<![\p{L}\p{N}_]|\d[.,])` +
      String.raw`(?<sign1>[-+\u2212])?(?<pre>[${CURRENCY}])?(?<sign2>[-+\u2212])?` +
      String.raw`(?<digits>(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|\.\d+)` +
      String.raw`(?<exp>[eE][-+]?\d+)?` +
      String.raw`(?: ?(?<post>[${CURRENCY}%]))?`,
    "gu",
  );
  const scanned = (text: string) =>
    [...text.matchAll(NUMBER)].filter((m) => !(m.groups!.sign1 && m.groups!.sign2)).map((m) => {
      const g = m.groups!;
      const sign = g.sign1 ?? g.sign2;
      const magnitude = Number(g.digits.replaceAll(",", "") + (g.exp ?? ""));
      const currency = g.pre ?? (g.post !== "%" ? g.post : undefined);
      return {
        value: sign === "-" || sign === "\u2212" ? -magnitude : magnitude,
        text: m[0],
        index: m.index,
        percent: g.post === "%",
        ...(currency ? { currency } : {}),
      };
    });
  const text = fc.array(
    fc.constantFrom(
      "1",
      "0",
      "42",
      "1,249",
      ".",
      ",",
      "-",
      "+",
      "\u2212",
      "$",
      "€",
      "¢",
      "%",
      " ",
      "e",
      "E",
      "x",
      "_",
      "é",
      "٣",
      "１",
      "𝟙",
      "𝐀",
      "\ud835",
      "\udfd9",
      "abcdefg ",
      // Two signs and a currency symbol before a `.5`: the longest lead before a first digit.
      "-$-",
      "+€",
      "−.",
    ),
    { maxLength: 14 },
  ).map((xs) => xs.join(""));
  fc.assert(
    fc.property(text, (t) => assert.deepEqual(readNumbers(t), scanned(t), JSON.stringify(t))),
    { numRuns: 30_000 },
  );
});
