import assert from "node:assert/strict";
import fc from "fast-check";
import {
  canonicalNumbers,
  mayHoldNumbers,
  NUMBER_READINGS,
  numberFromWords,
  type NumberReadingKind,
  plain,
  readAs,
} from "./_number_readings.ts";
import { readNumbers } from "./numbers.ts";

const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
  "thirty",
  "forty",
  "fifty",
  "sixty",
  "seventy",
  "eighty",
  "ninety",
  "hundred",
  "thousand",
  "million",
  "billion",
];
// The definition the one-pass reading of ASCII text must agree with.
const DIGIT_OR_WORD = new RegExp(
  `\\d|(?<![\\p{L}\\p{N}_])(?:${NUMBER_WORDS.join("|")})(?![\\p{L}\\p{N}_])`,
  "iu",
);

/** A number word, a near one (cut, longer, another case) or a character around words. */
const piece = fc.oneof(
  fc.constantFrom(...NUMBER_WORDS),
  fc.tuple(fc.constantFrom(...NUMBER_WORDS), fc.nat(), fc.boolean()).map(([w, n, upper]) => {
    const cut = w.slice(0, 1 + (n % w.length));
    return upper ? cut.toUpperCase() : cut[0].toUpperCase() + cut.slice(1);
  }),
  fc.constantFrom(...NUMBER_WORDS).map((w) => w + "s"),
  fc.constantFrom(" ", "-", "_", ".", ",", "'", "\t", "\n", "@", "[", "`", "{", "x", "7", "A"),
  fc.constantFrom("é", "ſix", "ſ", "K", "\u00a0", "٣", "\ud83d\ude00", "ⅸ"),
);

Deno.test("mayHoldNumbers is a search for a digit or a whole number word, any case", () => {
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 6 }), (parts) => {
      const text = parts.join("");
      assert.equal(mayHoldNumbers(text), DIGIT_OR_WORD.test(text), JSON.stringify(text));
    }),
    { numRuns: 5_000 },
  );
  // Every ASCII character but letters, digits and `_` ends a word.
  for (let c = 0; c < 0x80; c++) {
    const text = `one${String.fromCharCode(c)}two`;
    assert.equal(mayHoldNumbers(text), DIGIT_OR_WORD.test(text), c.toString(16));
    assert.equal(mayHoldNumbers(`x${String.fromCharCode(c)}`), /\d/.test(String.fromCharCode(c)));
  }
  for (const word of NUMBER_WORDS) {
    assert.equal(mayHoldNumbers(word.toUpperCase()), true);
    assert.equal(mayHoldNumbers(`${word}_`), false);
    assert.equal(mayHoldNumbers(`a${word}`), false);
  }
});

// The readings as defined, each rewriting the whole text with its Unicode pattern, with no
// shortcut: what `readAs` and `canonicalNumbers` must give on every text.
const WORD_RUN = new RegExp(
  `(?<![\\p{L}\\p{N}_])(?:${NUMBER_WORDS.join("|")})` +
    `(?:(?:[ \\t]*-[ \\t]*|[ \\t]+(?:and[ \\t]+)?)(?:${NUMBER_WORDS.join("|")}))*` +
    `(?![\\p{L}\\p{N}_])`,
  "giu",
);
const slowPlain = (value: number) => String(Number(value.toPrecision(15)));
function rewritten(text: string, rewrite: (n: ReturnType<typeof readNumbers>[number]) => string) {
  let out = "";
  let at = 0;
  for (const n of readNumbers(text)) {
    out += text.slice(at, n.index) + rewrite(n);
    at = n.index + n.text.length;
  }
  return out + text.slice(at);
}
function slowReadAs(text: string, reading: NumberReadingKind): string {
  switch (reading) {
    case "decimal-comma":
      return text.replace(
        /(?<![\p{L}\p{N}_.,])\d[\d.,]*\d(?![\p{L}\p{N}_]|[.,]\d)/gu,
        (m) =>
          /^(?:\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+,\d+)$/.test(m)
            ? m.replaceAll(".", "").replace(",", ".")
            : m,
      );
    case "thousands":
      return text.replace(
        /(?<![\p{L}\p{N}_.,])\d{1,3}(?:[ \u00a0\u202f\u2009'\u2019]\d{3})+(?:\.\d+)?(?![\p{L}\p{N}_]|[.,]\d)/gu,
        (m) => m.replace(/[ \u00a0\u202f\u2009'\u2019]/g, ""),
      );
    case "percent":
      return rewritten(text, (n) => n.percent ? slowPlain(n.value / 100) : n.text);
    case "words":
      return text.replace(WORD_RUN, (m) => String(numberFromWords(m) ?? m));
  }
}

Deno.test("property: readAs and canonicalNumbers give what the readings' full patterns give", () => {
  const numberPiece = fc.constantFrom(
    "1",
    "12",
    "1.249",
    "2.310,40",
    "1,5",
    "1 249",
    "1\u00a0249",
    "1'249.5",
    "15 %",
    "50%",
    "$",
    "€",
    "-",
    "0.1",
    "1e3",
    "007",
    "123456789012345678",
    " and ",
  );
  const text = fc.array(fc.oneof(piece, numberPiece), { maxLength: 8 }).map((xs) => xs.join(""));
  fc.assert(
    fc.property(text, (t) => {
      for (const reading of NUMBER_READINGS) {
        assert.equal(readAs(t, reading), slowReadAs(t, reading), JSON.stringify([reading, t]));
      }
      const canonical = rewritten(
        t,
        (n) =>
          `${n.value < 0 ? "-" : ""}${n.currency ?? ""}${slowPlain(Math.abs(n.value))}${
            n.percent ? "%" : ""
          }`,
      );
      assert.equal(canonicalNumbers(t), canonical, JSON.stringify(t));
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("property: plain writes integers as they are and others to 15 digits", () => {
  const value = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.constantFrom(1e15 - 1, 1e15, -1e15, 1e15 + 1, 2 ** 53, -0, 0.1 + 0.2, 1e21, 1e-7),
    fc.nat().map((n) => n / 100),
  );
  fc.assert(
    fc.property(value, (v) => assert.equal(plain(v), slowPlain(v), String(v))),
    { numRuns: 20_000 },
  );
});
