/**
 * The near-miss probe: on a failing row, which formatting step (or grader-specific change) would
 * have made it pass. It separates formatting gaps from wrong answers before a pass rate is
 * reported.
 *
 * Each grader declares in its registry entry (`probe`) where the seven formatting steps apply
 * — to the output and every reference, or to the output only where references are not text
 * (regex patterns: lowercasing `\D` would make it `\d`) or absent (json-schema) — and which
 * grader-specific probes apply to it (`number-reading`, `case-insensitive`, `code-fence`,
 * `within-0.1`; see {@link NEAR_MISS_MEANINGS}).
 *
 * Graded graders without a threshold give no pass or fail, so they have no near misses. Rows
 * that were not judged or errored are not failures and have none either.
 *
 * @module
 */
import { FORMATTING_STEPS, type FormattingStep } from "../text/mod.ts";
import { probe, PROBE_EXTRAS, type ProbeExtraName, type ProbeTarget } from "./_probe.ts";
import { graderFor, type GraderName } from "./registry.ts";
import type { GradeInput, GradeResult } from "./types.ts";

/** A name the probe reports: a formatting step, `several`, or a grader-specific probe. */
export type NearMissProbe = FormattingStep | "several" | ProbeExtraName;

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
  ...Object.keys(PROBE_EXTRAS) as ProbeExtraName[],
];

const STEP_MEANINGS: Readonly<Record<FormattingStep | "several", string>> = {
  "trim": "remove the whitespace at both ends",
  "lowercase": "Unicode lowercasing",
  "nfkc": "Unicode NFKC normalization",
  "collapse-whitespace": "collapse each run of whitespace to one space",
  "strip-trailing-punctuation": "strip one trailing . or !",
  "underscores": "join the words with _",
  "strip-quotes": "strip one pair of outer straight or curly quotes",
  "several": "no single step, but all seven formatting steps in order",
};

/** What each probe name means, for reports and notes. */
export const NEAR_MISS_MEANINGS: Readonly<Record<NearMissProbe, string>> = {
  ...STEP_MEANINGS,
  ...Object.fromEntries(
    Object.entries(PROBE_EXTRAS).map(([name, e]) => [name, e.meaning]),
  ) as Record<ProbeExtraName, string>,
};

/** The probe's view of one grader with its settings, as its registry entry declares it. */
function probeTarget(name: GraderName, options?: Record<string, unknown>): ProbeTarget {
  const grader = graderFor(name);
  const resolved = grader.resolve(options);
  const verdict = (input: GradeInput) => grader.verdict(input, resolved);
  const context = {
    verdict,
    options: resolved,
    scale: grader.scale,
    verdictWith: (changes: Readonly<Record<string, unknown>>) => {
      const changed = grader.resolve({ ...resolved, ...changes });
      return (input: GradeInput) => grader.verdict(input, changed);
    },
    numberReadingSkip: grader.probe.numberReadingSkip,
  };
  return {
    verdict,
    stepsOnReferences: grader.probe.stepsOnReferences,
    compares: grader.probe.compares,
    unchangedOnAscii: grader.probe.unchangedOnAscii?.(resolved),
    passesAfter: grader.probe.passesAfter?.(resolved),
    extras: grader.probe.extras.map((extra) => PROBE_EXTRAS[extra].make(context)),
  };
}

/**
 * The near miss of one graded row: every formatting step that alone flips the failing row to a
 * pass (applied to the output and, where the grader declares it, to every reference), or
 * `["several"]` when no step alone does but all seven in order do; then each grader-specific
 * probe that flips it (the grader's `probe.extras`). Empty for a plain wrong answer and for any row that
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

/**
 * {@link nearMiss} for one grader with its settings, built once and used on many rows (the jobs
 * probe every failing row with it).
 *
 * @example The probe of the exact grader
 * ```ts
 * import { exactGrader, nearMissProbe } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const probe = nearMissProbe("exact");
 * const input = { output: "Paris.", references: ["Paris"] };
 * assert.deepEqual(probe(input, exactGrader.grade(input)), ["strip-trailing-punctuation"]);
 * ```
 */
export function nearMissProbe(
  grader: GraderName,
  options?: Record<string, unknown>,
): (input: GradeInput, result: GradeResult) => NearMissProbe[] {
  const target = probeTarget(grader, options);
  return (input, result) => probe(target, input, result) as NearMissProbe[];
}
