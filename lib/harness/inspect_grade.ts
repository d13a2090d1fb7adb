/**
 * Reading one Inspect AI score value the way Inspect's default `value_to_float` does, and
 * turning it into a score, a verdict and the raw grade for an audit row.
 *
 * @module
 */

/** An Inspect score value read for the auditor. */
export interface InspectGrade {
  /** What `value_to_float` gives (NaN stays NaN; null when there is no value). */
  score: number | null;
  /** A verdict: full credit passes, 0 fails; other numbers have none. */
  pass: boolean | null;
  /** True for grades (C/I/P/N, booleans, words); false for plain numbers. */
  binary: boolean;
  /** True when `value_to_float` would log "unable to convert" and give 0. */
  zeroed: boolean;
}

const FINITE_NUMBER = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * Inspect's default value → float reading: numbers and booleans are cast; `"C"` is 1, `"P"` 0.5,
 * `"I"` and `"N"` 0 (case-sensitive); other strings are lower-cased, then `yes`/`true` give 1,
 * `no`/`false` give 0 and finite numeric text is converted; anything else (unknown text, lists,
 * objects) gives 0 and is flagged as zeroed.
 *
 * @example Read grades as Inspect does
 * ```ts
 * import { inspectValueToFloat } from "./inspect_grade.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(["C", "P", "I", "Yes", "0.25", true].map((v) => inspectValueToFloat(v).value),
 *   [1, 0.5, 0, 1, 0.25, 1]);
 * assert.deepEqual(inspectValueToFloat("maybe"), { value: 0, zeroed: true });
 * assert.deepEqual(inspectValueToFloat("c"), { value: 0, zeroed: true });
 * ```
 */
export function inspectValueToFloat(value: unknown): { value: number; zeroed: boolean } {
  if (typeof value === "number") return { value, zeroed: false };
  if (typeof value === "boolean") return { value: value ? 1 : 0, zeroed: false };
  if (value === "C") return { value: 1, zeroed: false };
  if (value === "P") return { value: 0.5, zeroed: false };
  if (value === "I" || value === "N") return { value: 0, zeroed: false };
  if (typeof value === "string") {
    const lower = value.toLowerCase();
    if (lower === "yes" || lower === "true") return { value: 1, zeroed: false };
    if (lower === "no" || lower === "false") return { value: 0, zeroed: false };
    if (FINITE_NUMBER.test(lower)) return { value: Number(lower), zeroed: false };
  }
  return { value: 0, zeroed: true };
}

/**
 * The audit reading of one Inspect score value. Missing values (undefined or null) have no score
 * and no verdict; NaN is the unscored sentinel; a grade passes only with full credit (so `"P"`
 * fails); a plain number passes at 1, fails at 0 and has no verdict in between.
 *
 * @example Three values
 * ```ts
 * import { inspectGrade } from "./inspect_grade.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(inspectGrade("C"), { score: 1, pass: true, binary: true, zeroed: false });
 * assert.deepEqual(inspectGrade(0.4), { score: 0.4, pass: null, binary: false, zeroed: false });
 * assert.ok(Number.isNaN(inspectGrade(NaN).score));
 * ```
 */
export function inspectGrade(value: unknown): InspectGrade {
  if (value === undefined || value === null) {
    return { score: null, pass: null, binary: false, zeroed: false };
  }
  const { value: score, zeroed } = inspectValueToFloat(value);
  if (typeof value === "number") {
    const pass = score === 1 ? true : score === 0 ? false : null;
    return { score, pass: Number.isNaN(score) ? null : pass, binary: false, zeroed };
  }
  return { score, pass: score >= 1, binary: true, zeroed };
}
