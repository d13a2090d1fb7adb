/**
 * The overall row (optional): one verdict per case × version × repeat that combines the selected
 * pass/fail graders under "all pass" or "any passes".
 *
 * @module
 */
import { binary, errored, notJudged } from "../graders/_result.ts";
import type { OverallRule } from "./score_config.ts";
import {
  BINARY_GRADERS,
  type GradeResult,
  type GraderName,
  GRADERS,
  isGraderName,
} from "../graders/mod.ts";

/** One grader's result on the row, as the overall row sees it. */
export interface OverallInput {
  /** The grader's name; only the six pass/fail graders count. */
  grader: GraderName;
  /** Its result on the row. */
  result: GradeResult;
}

const isBinary = (name: string) => isGraderName(name) && GRADERS[name].kind === "binary";

/**
 * The settings line of the overall row: its rule and the graders it combines.
 *
 * @example All pass over two graders
 * ```ts
 * import { overallSettings } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   overallSettings("all", ["exact", "bleu", "numeric"]),
 *   "overall: all pass of exact, numeric; undecided when none failed and one was not judged",
 * );
 * ```
 */
export function overallSettings(rule: OverallRule, graders: readonly string[]): string {
  const used = graders.filter(isBinary);
  if (used.length === 0) {
    return `overall: ${rule === "all" ? "all pass" : "any passes"} of no pass/fail grader`;
  }
  return rule === "all"
    ? `overall: all pass of ${used.join(", ")}; undecided when none failed and one was not judged`
    : `overall: any passes of ${
      used.join(", ")
    }; undecided when none passed and one was not judged`;
}

/**
 * Combine the pass/fail graders' results on one row. Graded graders (token-f1, bleu,
 * rouge-l, chrf) are ignored even when a threshold gave them a verdict. A row a grader could not
 * judge, or on which the grader erred, has no verdict from it.
 *
 * - `all`: fail when any failed; pass when all passed; otherwise undecided;
 * - `any`: pass when any passed; fail when all failed; otherwise undecided.
 *
 * Undecided: score NaN, pass null, error `not-judged`. With no pass/fail grader: error
 * `no-binary-grader`.
 *
 * @example Undecided under "all", a pass under "any"
 * ```ts
 * import { binaryGraderOverall } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const row = [
 *   { grader: "exact" as const, result: { score: 1, pass: true } },
 *   { grader: "numeric" as const, result: { score: NaN, pass: null, error: "no-numeric-reference", notJudged: true } },
 * ];
 * assert.equal(binaryGraderOverall("all", row).error, "not-judged");
 * assert.equal(binaryGraderOverall("any", row).pass, true);
 * assert.equal(binaryGraderOverall("all", []).error, "no-binary-grader");
 * ```
 */
export function binaryGraderOverall(
  rule: OverallRule,
  results: readonly OverallInput[],
): GradeResult {
  const used = results.filter((r) => isBinary(r.grader));
  if (used.length === 0) {
    return errored(
      "no-binary-grader",
      `no pass/fail grader is selected (${
        BINARY_GRADERS.join(", ")
      }), so there is no overall verdict`,
    );
  }
  const names = (pass: boolean | null) =>
    used.filter((r) => r.result.pass === pass).map((r) => r.grader).join(", ");
  const failed = used.filter((r) => r.result.pass === false).length;
  const passed = used.filter((r) => r.result.pass === true).length;
  const open = used.length - failed - passed;
  if (rule === "all") {
    if (failed > 0) return binary(false, `failed: ${names(false)}`);
    if (open === 0) return binary(true);
    return notJudged("not-judged", `none failed, but no verdict from: ${names(null)}`);
  }
  if (passed > 0) return binary(true);
  if (open === 0) return binary(false, `all ${used.length} failed: ${names(false)}`);
  return notJudged("not-judged", `none passed, and no verdict from: ${names(null)}`);
}
