import assert from "node:assert/strict";
import fc from "fast-check";
import { mayHoldNumbers } from "./_number_readings.ts";

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
