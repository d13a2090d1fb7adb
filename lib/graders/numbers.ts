/**
 * Finding numbers in text for the numeric grader: sign, currency symbols, thousands separators,
 * decimals, exponent and a percent sign.
 *
 * @module
 */

/** A number found in text. */
export interface NumberReading {
  /** The value as written: `$1,249.00` → 1249, `-3.5e2` → -350, `50%` → 50. */
  value: number;
  /** The matched text. */
  text: string;
  /** Start position (UTF-16 index) in the text. */
  index: number;
  /** True when a `%` followed the number (its value is still the number as written). */
  percent: boolean;
  /** The currency symbol, when one came before or after the number. */
  currency?: string;
}

const CURRENCY = "$€£¥₹₩₽¢";
// A number is not read from inside a word or from the tail of a longer number: `Q3` and `x9`
// give nothing, `GPT-4` gives 4, `1,2345` gives 1 and `3.14.15` gives 3.14.
// Groups: 1 a sign, 2 a currency symbol before, 3 a sign after it, 4 the digits, 5 an exponent,
// 6 a currency symbol or `%` after (numbered, not named: a match then makes no groups object).
const NUMBER = new RegExp(
  String.raw`(?<![\p{L}\p{N}_]|\d[.,])` +
    String.raw`([-+\u2212])?([${CURRENCY}])?([-+\u2212])?` +
    String.raw`((?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|\.\d+)` +
    String.raw`([eE][-+]?\d+)?` +
    String.raw`(?: ?([${CURRENCY}%]))?`,
  "gu",
);

// The next ASCII digit (`\d` under the `u` flag): found from `lastIndex` by `nextDigit`.
const DIGIT = /[0-9]/g;
// How far before its first digit a number can start: two signs and a currency symbol (each one
// UTF-16 code unit), then the `.` of a number written `.5`.
const LEAD = 4;

/** Where the first ASCII digit of `text` at or after `from` is, or -1. */
function nextDigit(text: string, from: number): number {
  DIGIT.lastIndex = from;
  return DIGIT.test(text) ? DIGIT.lastIndex - 1 : -1;
}

/**
 * Every number in `text`, in order. Commas are read as thousands separators only in groups of
 * three (`1,249.50`); a comma in any other place ends the number, and what follows it directly
 * is not read (`1,5` is 1: reading it as a decimal comma is left to the near-miss probe). A `-` directly after a letter or digit is
 * a hyphen, not a minus sign. A trailing `%` is recorded but not applied: `50%` reads as 50.
 *
 * @example Currency, thousands, percent and a hyphen
 * ```ts
 * import { readNumbers } from "./numbers.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(readNumbers("Total: $1,249.00 (+12%) for GPT-4").map((n) => n.value), [1249, 12, 4]);
 * assert.equal(readNumbers("-€5")[0].value, -5);
 * assert.equal(readNumbers("1.5e3")[0].value, 1500);
 * assert.deepEqual(readNumbers("no digits"), []);
 * ```
 */
export function readNumbers(text: string): NumberReading[] {
  const out: NumberReading[] = [];
  // Every number has a digit at most LEAD code units after its start, so the search for the next
  // one starts there (the regex's own scan of the letters before it is several times slower),
  // and ends where no digit is left. The lookbehind still sees the text before the start.
  let end = 0;
  let digit = nextDigit(text, 0);
  while (digit >= 0) {
    NUMBER.lastIndex = Math.max(end, digit - LEAD);
    const m = NUMBER.exec(text);
    if (m === null) break;
    end = NUMBER.lastIndex;
    digit = nextDigit(text, end);
    const sign1 = m[1];
    const sign2 = m[3];
    if (sign1 !== undefined && sign2 !== undefined) continue;
    const digits = m[4];
    const exp = m[5];
    const post = m[6];
    const sign = sign1 ?? sign2;
    const negative = sign === "-" || sign === "\u2212";
    const plainDigits = digits.includes(",") ? digits.replaceAll(",", "") : digits;
    const magnitude = Number(exp === undefined ? plainDigits : plainDigits + exp);
    const reading: NumberReading = {
      value: negative ? -magnitude : magnitude,
      text: m[0],
      index: m.index,
      percent: post === "%",
    };
    const currency = m[2] ?? (post !== "%" ? post : undefined);
    if (currency) reading.currency = currency;
    out.push(reading);
  }
  return out;
}
