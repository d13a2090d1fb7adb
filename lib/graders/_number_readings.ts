// Other readings of the numbers in a text, for the near-miss probe's `number-reading`: a decimal
// comma (with dots as thousands separators), spaces or apostrophes as thousands separators, a
// percent as a fraction, and number words. Each reading rewrites the text so that `readNumbers`
// (and so the numeric grader) sees the number the way that reading understands it.
import { readNumbers } from "./numbers.ts";

/** The name of one alternative number reading. */
export type NumberReadingKind = "decimal-comma" | "thousands" | "percent" | "words";

/** The readings, in the order the probe tries them. */
export const NUMBER_READINGS: readonly NumberReadingKind[] = [
  "decimal-comma",
  "thousands",
  "percent",
  "words",
];

// A run of digits joined by `.` or `,`, not inside a longer number or word.
const DOTTED = /(?<![\p{L}\p{N}_.,])\d[\d.,]*\d(?![\p{L}\p{N}_]|[.,]\d)/gu;
// Continental style: `2.310,40`, `1.249`, `1.249.000`, `1,5`.
const CONTINENTAL = /^(?:\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+,\d+)$/;
// Thousands separated by a space, NBSP, narrow NBSP, thin space or apostrophe: `1 249`, `1'249.5`.
const SPACED =
  /(?<![\p{L}\p{N}_.,])\d{1,3}(?:[ \u00a0\u202f\u2009'\u2019]\d{3})+(?:\.\d+)?(?![\p{L}\p{N}_]|[.,]\d)/gu;

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };
const WORDS = [...Object.keys(UNITS), ...Object.keys(TEENS), ...Object.keys(TENS), "hundred"]
  .concat(Object.keys(SCALES)).sort((a, b) => b.length - a.length).join("|");
const WORD_RUN = new RegExp(
  `(?<![\\p{L}\\p{N}_])(?:${WORDS})(?:(?:[ \\t]*-[ \\t]*|[ \\t]+(?:and[ \\t]+)?)(?:${WORDS}))*` +
    `(?![\\p{L}\\p{N}_])`,
  "giu",
);

// WORD_RUN on ASCII text (see ASCII_ANY_WORD below).
const ASCII_WORD_RUN = new RegExp(
  `\\b(?:${WORDS})(?:(?:[ \\t]*-[ \\t]*|[ \\t]+(?:and[ \\t]+)?)(?:${WORDS}))*\\b`,
  "gi",
);
// Where `decimal-comma` and `thousands` may change a text: a digit, a separator, a digit. A text
// without one has nothing for DOTTED to make continental, nor for SPACED to find.
const DOTTED_DIGITS = /\d[.,]\d/;
const SPACED_DIGITS = /\d[ \u00a0\u202f\u2009'\u2019]\d/;

const ANY_WORD = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${WORDS})(?![\\p{L}\\p{N}_])`, "iu");
// The same on ASCII text, where letters, numbers and `_` are `\w` and no character folds to
// another's case but A–Z and a–z: without Unicode property classes, several times faster.
const ASCII_ANY_WORD = new RegExp(`\\b(?:${WORDS})\\b`, "i");
const NON_ASCII = /[\u0080-\uffff]/;

/** False when `text` has no digit and no number word, so no reading can find a number in it. */
export function mayHoldNumbers(text: string): boolean {
  return /\d/.test(text) || hasNumberWord(text, !NON_ASCII.test(text));
}

/**
 * True when `text` has a number word (as a whole word, in any case): the second half of
 * {@link mayHoldNumbers}, for a caller that knows already whether the text is all ASCII
 * (`ascii`), and so searches it once instead of three times.
 *
 * @example Whole words only
 * ```ts
 * import { hasNumberWord } from "./_number_readings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(hasNumberWord("Forty-two cats", true), true);
 * assert.equal(hasNumberWord("someone", true), false);
 * assert.equal(hasNumberWord("zwölf or twelve", false), true);
 * ```
 */
export function hasNumberWord(text: string, ascii: boolean): boolean {
  return (ascii ? ASCII_ANY_WORD : ANY_WORD).test(text);
}

/**
 * The value of a run of English number words (`forty-five` → 45, `two thousand and ten` →
 * 2010), or undefined when the words do not form a number (`five five`, `hundred`).
 */
export function numberFromWords(run: string): number | undefined {
  const words = run.toLowerCase().split(/[\s-]+/).filter((w) => w !== "");
  let total = 0;
  let group = 0;
  let last: "none" | "unit" | "teen" | "ten" | "hundred" | "scale" | "and" = "none";
  let lastScale = Infinity;
  for (const w of words) {
    if (w === "and") {
      if (last !== "hundred" && last !== "scale") return undefined;
      last = "and";
    } else if (w === "zero") {
      if (words.length !== 1) return undefined;
    } else if (w in UNITS || w in TEENS) {
      const teen = w in TEENS;
      if (last === "unit" || last === "teen" || (last === "ten" && teen)) return undefined;
      group += teen ? TEENS[w] : UNITS[w];
      last = teen ? "teen" : "unit";
    } else if (w in TENS) {
      if (last === "unit" || last === "teen" || last === "ten") return undefined;
      group += TENS[w];
      last = "ten";
    } else if (w === "hundred") {
      if (last !== "unit" && last !== "teen" && last !== "ten") return undefined;
      if (group >= 100) return undefined;
      group *= 100;
      last = "hundred";
    } else {
      const scale = SCALES[w];
      if (scale === undefined || group === 0 || scale >= lastScale) return undefined;
      if (last === "and" || last === "scale" || last === "none") return undefined;
      total += group * scale;
      group = 0;
      lastScale = scale;
      last = "scale";
    }
  }
  if (last === "and") return undefined;
  return total + group;
}

/**
 * `value` to 15 significant digits, in shortest form. An integer below 10^15 in magnitude has at
 * most 15 digits and so is written as it is.
 *
 * @example Integers as they are, other values to 15 digits
 * ```ts
 * import { plain } from "./_number_readings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(plain(926), "926");
 * assert.equal(plain(0.1 + 0.2), "0.3");
 * assert.equal(plain(2 ** 60), "1152921504606850000");
 * ```
 */
export function plain(value: number): string {
  if (Number.isInteger(value) && value < 1e15 && value > -1e15) return String(value);
  return String(Number(value.toPrecision(15)));
}

/**
 * Rewrite the numbers of `text` under one reading. The result equals `text` when the reading
 * finds nothing to change.
 */
export function readAs(text: string, reading: NumberReadingKind): string {
  switch (reading) {
    case "decimal-comma":
      if (!DOTTED_DIGITS.test(text)) return text;
      return text.replace(
        DOTTED,
        (m) => CONTINENTAL.test(m) ? m.replaceAll(".", "").replace(",", ".") : m,
      );
    case "thousands":
      if (!SPACED_DIGITS.test(text)) return text;
      return text.replace(SPACED, (m) => m.replace(/[ \u00a0\u202f\u2009'\u2019]/g, ""));
    case "percent":
      // Only a number with a `%` changes: without one, nothing to read.
      if (!text.includes("%")) return text;
      return rewriteNumbers(text, (n) => n.percent ? plain(n.value / 100) : undefined);
    case "words":
      return text.replace(NON_ASCII.test(text) ? WORD_RUN : ASCII_WORD_RUN, (m) => {
        const value = numberFromWords(m);
        return value === undefined ? m : String(value);
      });
  }
}

function rewriteNumbers(
  text: string,
  rewrite: (n: ReturnType<typeof readNumbers>[number]) => string | undefined,
): string {
  let out = "";
  let at = 0;
  for (const n of readNumbers(text)) {
    const replacement = rewrite(n);
    // A number written as it already is stays where it is: a text with no other change is
    // returned itself, not rebuilt (a copy would be compared with it character by character).
    if (replacement === undefined || replacement === n.text) continue;
    out += text.slice(at, n.index) + replacement;
    at = n.index + n.text.length;
  }
  return at === 0 ? text : out + text.slice(at);
}

/**
 * Write every number of `text` one way: sign, currency symbol, the value in shortest form, and
 * `%` when it had one (`$1,249.00` → `$1249`, `15 %` → `15%`). Two texts that differ only in how
 * their numbers are written become equal.
 */
export function canonicalNumbers(text: string): string {
  return rewriteNumbers(text, (n) => {
    const sign = n.value < 0 ? "-" : "";
    return `${sign}${n.currency ?? ""}${plain(Math.abs(n.value))}${n.percent ? "%" : ""}`;
  });
}
