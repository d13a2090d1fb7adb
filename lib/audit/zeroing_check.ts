/**
 * The zeroing check: when every passing row of a grader carries a recognized raw grade,
 * failing rows whose raw grade is unrecognized text are most likely grades a harness could not
 * read and scored 0, so they are unparsed, not failed.
 *
 * @module
 */
import type { RowClass } from "./classify_row.ts";
import { hasRawGrade, readRawGrade } from "./raw_grade.ts";
import type { AuditRow } from "./types.ts";

/** Whether the zeroing check runs for a grader, and why (not). */
export interface ZeroingDecision {
  /** True when the grader's failing rows with unrecognized raw grades count as unparsed. */
  ran: boolean;
  /** Why, in words. */
  reason: string;
}

/**
 * Whether a row is one the zeroing check would move: a failing row whose raw grade is text that
 * is not a recognized grade.
 *
 * @example A failing row graded "unsure"
 * ```ts
 * import { isZeroable } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const row = { row: 1, case: "q1", version: "v1", repeat: 0, grader: "judge", score: 0, pass: false };
 * assert.equal(isZeroable({ ...row, rawGrade: "unsure" }, "failed"), true);
 * assert.equal(isZeroable({ ...row, rawGrade: "I" }, "failed"), false);
 * ```
 */
export function isZeroable(row: AuditRow, cls: RowClass): boolean {
  return cls === "failed" && typeof row.rawGrade === "string" && hasRawGrade(row.rawGrade) &&
    readRawGrade(row.rawGrade) === undefined;
}

/**
 * What the zeroing check learns about one grader from its rows: add every row with its class,
 * then ask for the decision.
 *
 * @example Every passing row says "C": the check runs
 * ```ts
 * import { ZeroingCheck } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const check = new ZeroingCheck();
 * const row = { row: 1, case: "q1", version: "v1", repeat: 0, grader: "judge", score: 1, pass: true };
 * check.add({ ...row, rawGrade: "C" }, "passed");
 * assert.deepEqual(check.decision(), { ran: true, reason: "every passing row carries a recognized raw grade" });
 * ```
 */
export class ZeroingCheck {
  #anyRawGrade = false;
  #passing = 0;
  #passingNoGrade = 0;
  #passingFreeText = 0;
  #freeTextExample: string | undefined;

  /** Learn from one row and its class. */
  add(row: AuditRow, cls: RowClass): void {
    const present = hasRawGrade(row.rawGrade);
    if (present) this.#anyRawGrade = true;
    if (cls !== "passed") return;
    this.#passing++;
    if (!present) this.#passingNoGrade++;
    else if (readRawGrade(row.rawGrade) === undefined) {
      this.#passingFreeText++;
      if (this.#freeTextExample === undefined) {
        const text = typeof row.rawGrade === "string"
          ? row.rawGrade
          : JSON.stringify(row.rawGrade) ?? "";
        const chars = [...text];
        this.#freeTextExample = chars.length <= 60 ? text : chars.slice(0, 59).join("") + "…";
      }
    }
  }

  /** Whether the check runs for this grader, and why (not). */
  decision(): ZeroingDecision {
    if (!this.#anyRawGrade) {
      return { ran: false, reason: "no raw grade in the file for this grader" };
    }
    if (this.#passing === 0) {
      return { ran: false, reason: "no passing row to learn the grade format from" };
    }
    if (this.#passingFreeText > 0) {
      return {
        ran: false,
        reason: `${
          rows(this.#passingFreeText, "passing row carries", "passing rows carry")
        } free text (e.g. ${JSON.stringify(this.#freeTextExample)})`,
      };
    }
    if (this.#passingNoGrade > 0) {
      return {
        ran: false,
        reason: `${
          rows(this.#passingNoGrade, "passing row has", "passing rows have")
        } no raw grade`,
      };
    }
    return { ran: true, reason: "every passing row carries a recognized raw grade" };
  }
}

function rows(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
