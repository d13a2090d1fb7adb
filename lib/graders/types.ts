/**
 * Shapes shared by the ten graders, the registry, the near-miss probe and the score report.
 *
 * @module
 */

/** Graders that give pass or fail. */
export const BINARY_GRADERS = [
  "exact",
  "normalized",
  "contains",
  "regex",
  "numeric",
  "json-schema",
] as const;

/** Graders that give a score in [0, 1], and pass/fail only when a threshold is set. */
export const GRADED_GRADERS = ["token-f1", "bleu", "rouge-l", "chrf"] as const;

/** Every grader name, in the order reports list them. */
export const GRADER_NAMES = [...BINARY_GRADERS, ...GRADED_GRADERS] as const;

/** A pass/fail grader's name. */
export type BinaryGraderName = typeof BINARY_GRADERS[number];
/** A graded grader's name. */
export type GradedGraderName = typeof GRADED_GRADERS[number];
/** Any grader's name. */
export type GraderName = typeof GRADER_NAMES[number];

/** What one grader sees of one row. */
export interface GradeInput {
  /** The model's output. */
  output: string;
  /** The reference answers (several for `any-of`; empty when the row has none). */
  references: readonly string[];
  /** A JSON Schema (json-schema grader), if the row or the options give one. */
  schema?: unknown;
  /** Pass threshold for graded graders (score ≥ threshold passes). */
  threshold?: number;
}

/**
 * One grader's verdict on one row.
 *
 * - passed/failed: `pass` is true/false and `score` is 1/0 (binary) or the graded score;
 * - graded without a threshold: `pass` is null and `score` is a number;
 * - not judged (the row lacks what the grader needs): `pass` null, `score` NaN, `error` set to a
 *   code such as `no-reference` or `no-schema`, `notJudged` true;
 * - grader error (bad regex, invalid schema): `pass` null, `score` NaN, `error` set.
 */
export interface GradeResult {
  /** 1/0 for pass/fail graders, the score in [0, 1] for graded ones, NaN when not judged or errored. */
  score: number;
  /** The verdict; null when graded without a threshold, not judged, or errored. */
  pass: boolean | null;
  /** A short machine code when the row could not be graded. */
  error?: string;
  /** True when the grader lacked an input it needs (not an error of the grader itself). */
  notJudged?: boolean;
  /** A human sentence: why it failed, or what the error was. */
  reason?: string;
  /** Index into `references` of the reference that counted (best match). */
  referenceIndex?: number;
  /**
   * Per-row sufficient statistics for corpus aggregation (BLEU: `[hypLen, refLen, correct1..4,
   * total1..4]`; chrF: the 18 per-order numbers of the selected reference).
   */
  stats?: readonly number[];
}

/** A grader: a pure function of one row plus its settings. It never calls a model. */
export interface Grader<Options = Record<string, unknown>> {
  /** The grader's name, as in {@link GRADER_NAMES}. */
  readonly name: GraderName;
  /** `binary` gives pass/fail; `graded` gives a score, and pass/fail only with a threshold. */
  readonly kind: "binary" | "graded";
  /** True when the grader cannot judge a row without a reference. */
  readonly needsReference: boolean;
  /** The settings used when none are given. */
  readonly defaults: Readonly<Options>;
  /** Grade one row. Must not throw for bad row content: return an error result instead. */
  grade(input: GradeInput, options?: Partial<Options>): GradeResult;
  /** A short settings string shown beside every figure this grader produces. */
  describe(options?: Partial<Options>): string;
}
