/**
 * Which raw grades a harness can turn into a number, and which it silently turns into 0.
 *
 * @module
 */

const LETTERS: Record<string, number> = { C: 1, P: 0.5, I: 0, N: 0 };
const WORDS: Record<string, number> = { yes: 1, true: 1, no: 0, false: 0 };
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * Read a raw grade the way common harnesses convert grades to numbers: the letters `C` (1),
 * `P` (0.5), `I` and `N` (0); numbers and booleans as they are; the words yes/no/true/false in
 * any case; and text that is a finite decimal number. Anything else (free text, a list, an
 * object) is not recognized and gives `undefined`: such a grade is what a harness quietly scores
 * as 0.
 *
 * @param grade The grade as the harness wrote it.
 * @returns The number it stands for, or `undefined` when it is not a recognized grade.
 *
 * @example Letters, words and free text
 * ```ts
 * import { readRawGrade } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(readRawGrade("C"), 1);
 * assert.equal(readRawGrade("Yes"), 1);
 * assert.equal(readRawGrade(" 0.25 "), 0.25);
 * assert.equal(readRawGrade("The answer is mostly right"), undefined);
 * ```
 */
export function readRawGrade(grade: unknown): number | undefined {
  if (typeof grade === "boolean") return grade ? 1 : 0;
  if (typeof grade === "number") return grade;
  if (typeof grade !== "string") return undefined;
  if (Object.hasOwn(LETTERS, grade)) return LETTERS[grade];
  const text = grade.trim();
  const lower = text.toLowerCase();
  if (Object.hasOwn(WORDS, lower)) return WORDS[lower];
  if (NUMBER.test(text)) return Number(text);
  return undefined;
}

/** True when a raw grade is present: not `undefined`, `null` or blank text. */
export function hasRawGrade(grade: unknown): boolean {
  if (grade === undefined || grade === null) return false;
  return typeof grade !== "string" || grade.trim() !== "";
}
