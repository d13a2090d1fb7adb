/**
 * The near-miss probe: on a failing row, which formatting step (or grader-specific change) would
 * have made it pass. It separates formatting gaps from wrong answers before a pass rate is
 * reported.
 *
 * Where the seven formatting steps apply, per grader:
 *
 * | grader | steps applied to | other probes |
 * |---|---|---|
 * | exact, normalized, contains, numeric | output and every reference | `number-reading` |
 * | regex | output only (a pattern is not text: lowercasing `\D` would make it `\d`) | `case-insensitive` |
 * | json-schema | output only (there is no reference) | `code-fence` |
 * | token-f1, bleu, rouge-l, chrf (with a threshold) | output and every reference | `within-0.1` |
 *
 * Graded graders without a threshold give no pass or fail, so they have no near misses. Rows
 * that were not judged or errored are not failures and have none either.
 *
 * @module
 */
import { FORMATTING_STEPS, type FormattingStep } from "../text/mod.ts";
import {
  caseInsensitive,
  codeFence,
  numberReading,
  probe,
  type ProbeTarget,
  withinThreshold,
} from "./_probe.ts";
import { GRADERS } from "./registry.ts";
import type { GradeInput, Grader, GradeResult, GraderName } from "./types.ts";

/** A name the probe reports: a formatting step, `several`, or a grader-specific probe. */
export type NearMissProbe =
  | FormattingStep
  | "several"
  | "case-insensitive"
  | "code-fence"
  | "number-reading"
  | "within-0.1";

/**
 * Every name the probe can report, in the order it reports them: the seven formatting steps,
 * `several` (no step alone, all seven together), then the grader-specific probes.
 *
 * @example The seven steps come first
 * ```ts
 * import { NEAR_MISS_PROBES } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(NEAR_MISS_PROBES.length, 12);
 * assert.deepEqual(NEAR_MISS_PROBES.slice(7), ["several", "case-insensitive", "code-fence", "number-reading", "within-0.1"]);
 * ```
 */
export const NEAR_MISS_PROBES: readonly NearMissProbe[] = [
  ...FORMATTING_STEPS,
  "several",
  "case-insensitive",
  "code-fence",
  "number-reading",
  "within-0.1",
];

/** What each probe name means, for reports and notes. */
export const NEAR_MISS_MEANINGS: Readonly<Record<NearMissProbe, string>> = {
  "trim": "remove the whitespace at both ends",
  "lowercase": "Unicode lowercasing",
  "nfkc": "Unicode NFKC normalization",
  "collapse-whitespace": "collapse each run of whitespace to one space",
  "strip-trailing-punctuation": "strip one trailing . or !",
  "underscores": "join the words with _",
  "strip-quotes": "strip one pair of outer straight or curly quotes",
  "several": "no single step, but all seven formatting steps in order",
  "case-insensitive": "match the pattern ignoring case",
  "code-fence": "take the JSON out of its Markdown code fence",
  "number-reading":
    "read the numbers another way (thousands separator, decimal comma, percent, number words)",
  "within-0.1": "the score is less than 0.1 below the threshold",
};

/** The probe's view of one grader with its settings. */
function probeTarget(name: GraderName, options?: Record<string, unknown>): ProbeTarget {
  const grader = GRADERS[name] as unknown as Grader<Record<string, unknown>>;
  const grade = (input: GradeInput) => grader.grade(input, options);
  switch (name) {
    case "exact":
    case "normalized":
    case "contains":
    case "numeric":
      return { grade, stepsOnReferences: true, extras: [numberReading(grade)] };
    case "regex": {
      const ignoring = options?.ignoreCase === true
        ? undefined
        : (input: GradeInput) => grader.grade(input, { ...options, ignoreCase: true });
      return { grade, stepsOnReferences: false, extras: [caseInsensitive(ignoring)] };
    }
    case "json-schema":
      return { grade, stepsOnReferences: false, extras: [codeFence(grade)] };
    default:
      return { grade, stepsOnReferences: true, extras: [withinThreshold] };
  }
}

/**
 * The near miss of one graded row: every formatting step that alone flips the failing row to a
 * pass (applied to the output and, except for regex and json-schema, to every reference), or
 * `["several"]` when no step alone does but all seven in order do; then each grader-specific
 * probe that flips it (see the module table). Empty for a plain wrong answer and for any row that
 * did not fail. `options` are the grader's settings, as given to its `grade`.
 *
 * @example Two steps each fix a row; a wrong answer has none
 * ```ts
 * import { exactGrader, nearMiss } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const input = { output: " Paris ", references: ["Paris"] };
 * assert.deepEqual(nearMiss("exact", input, exactGrader.grade(input)), ["trim", "underscores"]);
 * const wrong = { output: "Lyon", references: ["Paris"] };
 * assert.deepEqual(nearMiss("exact", wrong, exactGrader.grade(wrong)), []);
 * ```
 *
 * @example Grader-specific probes
 * ```ts
 * import { GRADERS, nearMiss } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const money = { output: "$2.310,40", references: ["2310.40"] };
 * assert.deepEqual(nearMiss("numeric", money, GRADERS.numeric.grade(money)), ["number-reading"]);
 * const close = { output: "the cat sat", references: ["the cat sat down"], threshold: 0.85 };
 * assert.deepEqual(nearMiss("token-f1", close, GRADERS["token-f1"].grade(close)), ["within-0.1"]);
 * ```
 */
export function nearMiss(
  grader: GraderName,
  input: GradeInput,
  result: GradeResult,
  options?: Record<string, unknown>,
): NearMissProbe[] {
  return probe(probeTarget(grader, options), input, result) as NearMissProbe[];
}
