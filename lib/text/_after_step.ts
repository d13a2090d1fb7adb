// Whether two texts are equal once a formatting step is applied to both, told by walking them
// under the step's rule without making the changed texts (the near-miss probe asks this of the
// output and each reference of every failing exact row), and the whitespace helpers that
// `_held_after_step.ts` shares.
import { type FormattingStep, outerQuoted, strippedEnd } from "./formatting_steps.ts";
import { isPyWhitespace } from "./python_strings.ts";

/** Python whitespace among the code units below 0x80: 1, else 0. */
export const ASCII_WHITESPACE = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII_WHITESPACE[c] = isPyWhitespace(String.fromCharCode(c)) ? 1 : 0;
}

/** True when the code unit at `i` of `s` is Python whitespace (ASCII looked up in a table). */
export function space(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c < 0x80 ? ASCII_WHITESPACE[c] === 1 : isPyWhitespace(s, i);
}

/** True when `a[i, i + n)` and `b[j, j + n)` are the same code units. */
function sameUnits(a: string, i: number, b: string, j: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (a.charCodeAt(i + k) !== b.charCodeAt(j + k)) return false;
  return true;
}

/** Where `s` starts once its leading Python whitespace is removed. */
export function trimmedStart(s: string): number {
  let i = 0;
  while (i < s.length && space(s, i)) i++;
  return i;
}

/** Where `s` ends once its trailing Python whitespace is removed (not before `start`). */
export function trimmedEnd(s: string, start: number): number {
  let i = s.length;
  while (i > start && space(s, i - 1)) i--;
  return i;
}

/** `a[i, aEnd)` and `b[j, bEnd)` are equal. */
function sameRange(a: string, i: number, aEnd: number, b: string, j: number, bEnd: number) {
  return aEnd - i === bEnd - j && sameUnits(a, i, b, j, aEnd - i);
}

/**
 * The texts are equal with each run of whitespace read as one `joint` unit (a space for
 * `collapse-whitespace`, `_` for `underscores`), within `a[i, aEnd)` and `b[j, bEnd)`.
 */
function sameJoined(
  a: string,
  i: number,
  aEnd: number,
  b: string,
  j: number,
  bEnd: number,
  joint: number,
): boolean {
  for (;;) {
    if (i === aEnd || j === bEnd) return i === aEnd && j === bEnd;
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(j);
    // The same ASCII code unit in both, not whitespace: read as itself on both sides.
    if (x === y && x < 0x80 && ASCII_WHITESPACE[x] === 0) {
      i++;
      j++;
      continue;
    }
    if (space(a, i)) {
      while (i < aEnd && space(a, i)) i++;
      x = joint;
    } else i++;
    if (space(b, j)) {
      while (j < bEnd && space(b, j)) j++;
      y = joint;
    } else j++;
    if (x !== y) return false;
  }
}

/**
 * Whether `FORMATTING_FUNCTIONS[step](a) === FORMATTING_FUNCTIONS[step](b)`, told without making
 * either changed text; undefined where it is not told so: for `nfkc` and `several`, and for
 * `lowercase` once a non-ASCII character is reached before the texts are known to differ
 * (Unicode lowercasing can change a text's length and depends on context).
 *
 * @example Equal after a step, or not
 * ```ts
 * import { equalAfterStep } from "./_after_step.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(equalAfterStep("underscores", " New  York", "New_York"), true);
 * assert.equal(equalAfterStep("collapse-whitespace", "a \t b", "a b"), true);
 * assert.equal(equalAfterStep("lowercase", "Paris", "paris."), false);
 * assert.equal(equalAfterStep("lowercase", "É", "é"), undefined);
 * ```
 */
export function equalAfterStep(
  step: FormattingStep | "several",
  a: string,
  b: string,
): boolean | undefined {
  switch (step) {
    case "trim": {
      const i = trimmedStart(a);
      const j = trimmedStart(b);
      return sameRange(a, i, trimmedEnd(a, i), b, j, trimmedEnd(b, j));
    }
    case "lowercase": {
      const n = Math.min(a.length, b.length);
      for (let k = 0; k < n; k++) {
        let x = a.charCodeAt(k);
        let y = b.charCodeAt(k);
        if (x >= 0x80 || y >= 0x80) return undefined;
        if (x >= 0x41 && x <= 0x5a) x |= 0x20;
        if (y >= 0x41 && y <= 0x5a) y |= 0x20;
        // The same ASCII start lowercases alike whatever follows, so the texts differ.
        if (x !== y) return false;
      }
      // One text is an ASCII start of the other: no character lowercases to nothing.
      return a.length === b.length;
    }
    case "collapse-whitespace":
      return sameJoined(a, 0, a.length, b, 0, b.length, 0x20);
    case "strip-trailing-punctuation":
      return sameRange(a, 0, strippedEnd(a), b, 0, strippedEnd(b));
    case "underscores": {
      const i = trimmedStart(a);
      const j = trimmedStart(b);
      return sameJoined(a, i, trimmedEnd(a, i), b, j, trimmedEnd(b, j), 0x5f);
    }
    case "strip-quotes": {
      const qa = outerQuoted(a) ? 1 : 0;
      const qb = outerQuoted(b) ? 1 : 0;
      return sameRange(a, qa, a.length - qa, b, qb, b.length - qb);
    }
    default:
      return undefined;
  }
}
