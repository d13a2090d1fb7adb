/**
 * The grader playground: grade one output/reference pair with any grader and see its near miss.
 *
 * @module
 */
import { nearMiss, type NearMissProbe } from "./near_miss.ts";
import { GRADERS } from "./registry.ts";
import {
  GRADED_GRADERS,
  type GradeInput,
  type Grader,
  GRADER_NAMES,
  type GradeResult,
  type GraderName,
} from "./types.ts";

/** Options of {@link gradePair}. */
export interface GradePairOptions {
  /** Pass threshold for a graded grader (token-f1, bleu, rouge-l, chrf), a fraction in [0, 1]. */
  threshold?: number;
  /** The JSON Schema for json-schema (default: the reference, read as the schema). */
  schema?: unknown;
  /** The grader's settings, e.g. `{ ignoreCase: true }` for contains or regex. */
  graderOptions?: Record<string, unknown>;
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

function explain(result: GradeResult, threshold: number | undefined): string {
  if (result.reason) return result.reason;
  if (result.pass === true) {
    return threshold === undefined
      ? "passed"
      : `score ${result.score} reaches the threshold ${threshold}`;
  }
  return `score ${result.score}; no threshold, so no pass or fail`;
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
export function gradePair(
  output: string,
  reference: string | readonly string[],
  grader: GraderName,
  options: GradePairOptions = {},
): PairGrade {
  if (!(GRADER_NAMES as readonly string[]).includes(grader)) {
    throw new RangeError(`Unknown grader "${grader}": choose from ${GRADER_NAMES.join(", ")}`);
  }
  if (typeof output !== "string") throw new TypeError("gradePair: the output must be text");
  const references = typeof reference === "string" ? [reference] : [...reference];
  if (references.some((r) => typeof r !== "string")) {
    throw new TypeError("gradePair: the reference must be text or a list of texts");
  }
  const isGraded = (GRADED_GRADERS as readonly string[]).includes(grader);
  if (options.threshold !== undefined && !isGraded) {
    throw new RangeError(
      `A threshold applies to ${GRADED_GRADERS.join(", ")}, not "${grader}"`,
    );
  }
  const g = GRADERS[grader] as unknown as Grader<Record<string, unknown>>;
  const settings = { ...g.defaults, ...(options.graderOptions ?? {}) };
  const input: GradeInput = grader === "json-schema"
    ? { output, references: [], schema: options.schema ?? references[0] }
    : { output, references, threshold: options.threshold };
  const result = g.grade(input, settings);
  return {
    ...result,
    grader,
    nearMiss: nearMiss(grader, input, result, settings),
    reason: explain(result, options.threshold),
    settings: g.describe(settings),
  };
}
