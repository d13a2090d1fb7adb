/**
 * Python string semantics that the reference metrics depend on: Python's whitespace set (used by
 * `str.split()`, `str.strip()` and `re`'s `\s`) and code-point iteration.
 *
 * JavaScript's `\s` is a different set: it includes U+FEFF and leaves out U+001C–U+001F and U+0085.
 * Every whitespace character here is a single UTF-16 code unit, so scanning code units is safe.
 *
 * @module
 */

/**
 * The body of a regular-expression character class (without the brackets) that matches exactly
 * Python's whitespace characters. Use it with the `u` flag: `new RegExp(`[${PY_WHITESPACE_CLASS}]+`, "gu")`.
 *
 * @example Build a regular expression from it
 * ```ts
 * import { PY_WHITESPACE_CLASS } from "./python_strings.ts";
 * import assert from "node:assert/strict";
 *
 * const re = new RegExp(`^[${PY_WHITESPACE_CLASS}]+$`, "u");
 * assert.equal(re.test("\u0085\u00a0\u3000"), true);
 * assert.equal(re.test("\ufeff"), false); // a BOM is not whitespace in Python
 * ```
 */
export const PY_WHITESPACE_CLASS =
  "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

/**
 * True when the code unit at `index` of `s` (or the first one, when `s` is one character) is
 * Python whitespace.
 *
 * @example Python and JavaScript disagree on U+0085 and U+FEFF
 * ```ts
 * import { isPyWhitespace } from "./python_strings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(isPyWhitespace("\u0085"), true);
 * assert.equal(isPyWhitespace("\ufeff"), false);
 * assert.equal(isPyWhitespace("a b", 1), true);
 * ```
 */
export function isPyWhitespace(s: string, index = 0): boolean {
  const c = s.charCodeAt(index);
  return (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20) || c === 0x85 || c === 0xa0 ||
    c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000;
}

/**
 * Python's `s.split()` with no argument: split on runs of Python whitespace and drop empty
 * pieces.
 *
 * @example Split on tabs, NBSP and ideographic spaces
 * ```ts
 * import { pySplit } from "./python_strings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(pySplit("  a\tb\u00a0c\u3000 "), ["a", "b", "c"]);
 * assert.deepEqual(pySplit("a\ufeffb"), ["a\ufeffb"]);
 * assert.deepEqual(pySplit(" \n "), []);
 * ```
 */
export function pySplit(s: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Printable ASCII (most characters) is never whitespace.
    const space = c > 0x20 && c < 0x7f ? false : isPyWhitespace(s, i);
    if (!space) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push(s.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) out.push(s.slice(start));
  return out;
}

/**
 * Python's `s.rstrip()`: remove Python whitespace from the end.
 *
 * @example Strip a trailing NBSP and newline
 * ```ts
 * import { pyRstrip } from "./python_strings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pyRstrip(" a b\u00a0\n"), " a b");
 * ```
 */
export function pyRstrip(s: string): string {
  let end = s.length;
  while (end > 0 && isPyWhitespace(s, end - 1)) end--;
  return s.slice(0, end);
}

/**
 * Python's `s.strip()`: remove Python whitespace from both ends.
 *
 * @example Keep a BOM, which Python does not count as whitespace
 * ```ts
 * import { pyStrip } from "./python_strings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pyStrip("\u2003 ok \u0085"), "ok");
 * assert.equal(pyStrip("\ufeffok"), "\ufeffok");
 * ```
 */
export function pyStrip(s: string): string {
  let start = 0;
  while (start < s.length && isPyWhitespace(s, start)) start++;
  return pyRstrip(s.slice(start));
}

/**
 * The code points of `s`, as Python's `list(s)` gives them (a character outside the BMP is one
 * element, not two UTF-16 halves).
 *
 * @example An emoji counts once
 * ```ts
 * import { codePoints } from "./python_strings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(codePoints("a😀"), ["a", "😀"]);
 * assert.equal("a😀".length, 3);
 * ```
 */
export function codePoints(s: string): string[] {
  return Array.from(s);
}
