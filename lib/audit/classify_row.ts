/**
 * The class of one attempt: the first rule that matches wins.
 *
 * @module
 */
import { inferErrorKind } from "./error_kind.ts";
import type { AuditRow, ErrorKind, ScoreScale } from "./types.ts";

/** The class of an attempt. `passed` and `failed` are the completed ones; the rest are unscored. */
export type RowClass =
  | "nan"
  | "unparsed"
  | "unreadable"
  | "errored"
  | "passed"
  | "failed"
  | "noVerdict"
  | "empty";

/** Every class, in the order the rules are tried. */
export const ROW_CLASSES: readonly RowClass[] = [
  "nan",
  "unparsed",
  "unreadable",
  "errored",
  "passed",
  "failed",
  "noVerdict",
  "empty",
];

/** The classes of attempts without a usable verdict. */
export const UNSCORED_CLASSES: readonly RowClass[] = [
  "nan",
  "unparsed",
  "unreadable",
  "errored",
  "noVerdict",
  "empty",
];

/** The outcome of {@link classifyRow}. */
export interface RowClassification {
  /** The row's class. */
  class: RowClass;
  /** Why, for unscored classes: the error text, the unparsed reason, the unreadable field. */
  reason?: string;
  /** For errored rows: the recorded kind, or the one inferred from the error text. */
  errorKind?: ErrorKind;
}

/** The default score scale, [0, 1]. */
export const UNIT_SCALE: Readonly<ScoreScale> = { min: 0, max: 1 };

function blank(value: string | undefined): boolean {
  return value === undefined || value.trim() === "";
}

/**
 * Classify one attempt by the first rule that matches: a NaN score (`nan`); a grade that could
 * not be read (`unparsed`); a blank case id, a repeat that is not a whole number ≥ 0 or a score
 * off its scale (`unreadable`); a recorded error (`errored`, with its kind); a verdict (`passed`
 * or `failed`); a score without a verdict (`noVerdict`); nothing at all (`empty`). Refusal
 * (duplicates, no version) is decided before this, by {@link audit}.
 *
 * @param row The attempt.
 * @param scale The score scale; default the row's own `scale`, else [0, 1].
 * @returns The class, with a reason and an error kind where they apply.
 *
 * @example A row that is both NaN and errored is `nan`
 * ```ts
 * import { classifyRow } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const row = { row: 1, case: "q1", version: "v1", repeat: 0, grader: "exact", score: NaN, pass: null, error: "timeout" };
 * assert.equal(classifyRow(row).class, "nan");
 * assert.deepEqual(classifyRow({ ...row, score: null }), { class: "errored", reason: "timeout", errorKind: "infrastructure" });
 * ```
 */
export function classifyRow(row: AuditRow, scale?: ScoreScale): RowClassification {
  const { score } = row;
  if (typeof score === "number" && Number.isNaN(score)) {
    return { class: "nan", reason: "the score is NaN" };
  }
  if (row.unparsed) {
    return { class: "unparsed", reason: row.unparsedReason ?? "the grade could not be read" };
  }
  if (blank(row.case)) return { class: "unreadable", reason: "the case id is blank" };
  if (!Number.isInteger(row.repeat) || row.repeat < 0) {
    return { class: "unreadable", reason: `repeat ${row.repeat} is not a whole number ≥ 0` };
  }
  const range = scale ?? row.scale ?? UNIT_SCALE;
  if (typeof score === "number" && !(score >= range.min && score <= range.max)) {
    return {
      class: "unreadable",
      reason: `score ${score} is off its scale [${range.min}, ${range.max}]`,
    };
  }
  if (!blank(row.error) || row.errorKind !== undefined) {
    const text = row.error?.trim() ?? "";
    return {
      class: "errored",
      reason: text || `${row.errorKind} error`,
      errorKind: row.errorKind ?? inferErrorKind(text),
    };
  }
  if (row.pass === true) return { class: "passed" };
  if (row.pass === false) return { class: "failed" };
  if (typeof score === "number") {
    return { class: "noVerdict", reason: `score ${score} without a verdict` };
  }
  return { class: "empty", reason: "no score, no verdict and no error" };
}
