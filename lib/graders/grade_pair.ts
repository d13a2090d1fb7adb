/**
 * The grader playground: grade one output/reference pair with any grader and see its near miss.
 *
 * @module
 */
import { nearMiss, type NearMissProbe } from "./near_miss.ts";
import {
  GRADED_GRADERS,
  graderFor,
  type GraderName,
  type GraderOptions,
  isGraderName,
  passRule,
  unknownGrader,
} from "./registry.ts";
import type { GradeInput, GradeResult } from "./types.ts";
import { shownScore } from "./_result.ts";
import { UserRangeError, UserTypeError } from "../errors/mod.ts";

/** Options of {@link gradePair}. */
export interface GradePairOptions<N extends GraderName = GraderName> {
  /**
   * Pass threshold for a graded grader (see `GRADED_GRADERS`), a fraction in [0, 1] (TER: ≥ 0,
   * passing at or under it).
   */
  threshold?: number;
  /** The JSON Schema for a grader that reads one (default: the reference, read as the schema). */
  schema?: unknown;
  /**
   * The grader's settings, e.g. `{ ignoreCase: true }` for contains or regex, checked against its
   * options schema (an unknown option is a RangeError, a value of the wrong type a TypeError).
   */
  graderOptions?: Partial<GraderOptions[N]>;
}

/** One grader's verdict on a pair, with its near miss, its reason and its settings. */
export interface PairGrade extends GradeResult {
  /** The grader. */
  grader: GraderName;
  /** What would flip a fail to a pass (empty unless it failed). */
  nearMiss: NearMissProbe[];
  /** Why it passed, failed or was not judged, in words. */
  reason: string;
  /** The grader's settings line. */
  settings: string;
}

function explain(grader: GraderName, result: GradeResult, threshold: number | undefined): string {
  if (result.reason) return result.reason;
  if (result.pass === true) {
    return threshold === undefined
      ? "passed"
      : `score ${shownScore(result.score)} passes: ${passRule(grader, threshold)}` +
        (Math.abs(result.score - threshold) <= 1e-9 && result.score !== threshold
          ? " (within 1e-9 counts as at it)"
          : "");
  }
  return `score ${shownScore(result.score)}; no threshold, so no pass or fail`;
}

/**
 * Grade one output against one reference (or a list: any one may match) with one grader, as the
 * score job would grade a row, and run the near-miss probe when it fails. For json-schema the
 * reference is read as the schema unless `options.schema` is given.
 *
 * @example A fail, its near miss and its reason
 * ```ts
 * import { gradePair } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const r = gradePair("Rejected.", "rejected", "exact");
 * assert.deepEqual([r.pass, r.nearMiss, r.reason], [false, ["several"], "output differs from the reference at character 1"]);
 * const f1 = gradePair("the cat sat", "the cat sat down", "token-f1", { threshold: 0.85 });
 * assert.deepEqual([f1.pass, f1.nearMiss], [false, ["within-0.1"]]);
 * assert.equal(gradePair('{"a": 1}', '{"type": "object"}', "json-schema").pass, true);
 * ```
 */
export function gradePair<N extends GraderName>(
  output: string,
  reference: string | readonly string[],
  grader: N,
  options: GradePairOptions<N> = {},
): PairGrade {
  if (!isGraderName(grader)) throw unknownGrader(grader);
  if (typeof output !== "string") throw new UserTypeError("gradePair: the output must be text");
  const references = typeof reference === "string" ? [reference] : [...reference];
  if (references.some((r) => typeof r !== "string")) {
    throw new UserTypeError("gradePair: the reference must be text or a list of texts");
  }
  const g = graderFor(grader);
  if (options.threshold !== undefined && g.kind !== "graded") {
    throw new UserRangeError(
      `A threshold applies to ${GRADED_GRADERS.join(", ")}, not "${grader}"`,
    );
  }
  const settings = g.resolve(options.graderOptions);
  const input: GradeInput = g.reads === "schema"
    ? { output, references: [], schema: options.schema ?? references[0] }
    : { output, references, threshold: options.threshold };
  const result = g.grade(input, settings);
  return {
    ...result,
    grader,
    nearMiss: nearMiss(grader, input, result, settings),
    reason: explain(grader, result, options.threshold),
    settings: g.describe(settings),
  };
}
