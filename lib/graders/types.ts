/**
 * Shapes shared by the graders, the registry, the near-miss probe and the jobs that use them.
 *
 * @module
 */
import type { FormattingStep } from "../text/mod.ts";
import type { OptionsOf, OptionsSchema } from "./options.ts";
import type { NumberReadingSkip, ProbeExtraName } from "./_probe.ts";
import type { Signature } from "./signature.ts";

/** What one grader sees of one row. */
export interface GradeInput {
  /** The model's output. */
  output: string;
  /** The reference answers (several for `any-of`; empty when the row has none). */
  references: readonly string[];
  /** A JSON Schema (json-schema grader), if the row gives one. */
  schema?: unknown;
  /**
   * Pass threshold for graded graders: a score at or above it passes, or at or under it for a
   * grader where lower is better (TER; see {@link GraderScale}).
   */
  threshold?: number;
}

/**
 * How a graded grader's scores read: which way is better, and the highest score there can be. A
 * threshold must lie within [0, maximum].
 */
export interface GraderScale {
  /** `higher`: a score passes at or above its threshold; `lower` (TER): at or under it. */
  readonly direction: "higher" | "lower";
  /** The highest score: 1 for fractions, Infinity where a score may exceed 1 (TER). */
  readonly maximum: number;
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
   * Per-row sufficient statistics of a grader with a corpus figure (BLEU: `[hypLen, refLen,
   * correct1..N, total1..N]`; chrF: `[hyp, ref, match]` per order against the selected reference).
   */
  stats?: readonly number[];
}

/** `binary` gives pass/fail; `graded` gives a score, and pass/fail only with a threshold. */
export type GraderKind = "binary" | "graded";

/** How the near-miss probe treats a grader's failing rows. */
export interface ProbeSpec {
  /**
   * Apply the formatting steps to the references as well as the output (false: to the output
   * only, for graders whose references are not text, such as regex patterns).
   */
  readonly stepsOnReferences: boolean;
  /** Grader-specific probes tried after the formatting steps (see `NEAR_MISS_MEANINGS`). */
  readonly extras: readonly ProbeExtraName[];
  /**
   * Set where a row passes exactly when the output equals a reference (`equal`) or contains one
   * (`contains`), case folded or not: the probe then skips the formatting steps on rows where
   * no step can make them so (see the probe's `stepsMayFlip`).
   */
  readonly compares?: "equal" | "contains";
  /**
   * The formatting steps that, applied to the output and every reference, cannot change the
   * verdict under these (resolved) settings when all those texts are ASCII, and `several` when
   * all seven in a row flip such a row only where some single step does: the probe does not try
   * them on such rows. Left out, every step is tried.
   */
  readonly unchangedOnAscii?: (
    options: Readonly<Record<string, unknown>>,
  ) => readonly (FormattingStep | "several")[];
  /**
   * A quicker answer, under these (resolved) settings, to "does the row pass once this step (or
   * all seven) is applied as the probe applies it": true or false exactly as re-grading would
   * say, or undefined to let the probe apply the step and re-grade.
   */
  readonly passesAfter?: (
    options: Readonly<Record<string, unknown>>,
  ) => ((step: FormattingStep | "several", input: GradeInput) => boolean | undefined) | undefined;
  /**
   * Which rows without a digit the `number-reading` probe may pass over for this grader (see
   * `NumberReadingSkip`); left out, it searches every row for number words.
   */
  readonly numberReadingSkip?: NumberReadingSkip;
}

/** What a corpus figure knows about the rows beyond their summed statistics. */
export interface CorpusContext {
  /** References per row, or `"var"` when rows differ. */
  nrefs: number | "var";
}

/**
 * Every segment's sentence score beside a corpus figure, from the same pass over the segments
 * (`corpusBleuWithSentences`, `corpusChrfWithSentences`).
 */
export interface SentenceScores {
  /** Each segment's sentence score, a fraction, in the segments' order. */
  scores: number[];
  /** Their mean: the scores summed in order, divided by their number. */
  mean: number;
  /** The settings behind the sentence scores (BLEU's differ from the corpus figure's: `eff:yes`). */
  signature: string;
}

/** Figures that explain a corpus score (BLEU fills all four). */
export interface CorpusDetails {
  /** Brevity penalty. */
  bp?: number;
  /** n-gram precisions, order 1 up, as fractions. */
  precisions?: number[];
  /** Summed output length in tokens. */
  sysLen?: number;
  /** Summed reference length in tokens. */
  refLen?: number;
}

/** One corpus figure: a score from summed statistics, with its signature. */
export interface CorpusAggregate {
  /** The corpus score, a fraction. */
  score: number;
  /** The settings behind it. */
  signature: Signature;
  /** Figures that explain it, if the metric has any. */
  details?: CorpusDetails;
}

/**
 * A grader whose metric is per-row sufficient statistics plus one aggregation (as sacreBLEU's
 * metrics are built): the rows' `stats` are summed element-wise and aggregated once.
 */
export interface CorpusCapability<O> {
  /** The metric's name in reports and charts (`BLEU`). */
  readonly label: string;
  /** How many statistics each row gives under these settings (BLEU: 2 + 2 × the n-gram order). */
  width(options: O): number;
  /** The corpus figure from statistics summed over rows. */
  aggregate(stats: readonly number[], context: CorpusContext, options: O): CorpusAggregate;
  /** The signature of the per-row (sentence) scores. */
  sentenceSignature(context: CorpusContext, options: O): Signature;
}

/**
 * A grader: a pure function of one row plus its settings, and everything other code needs to
 * know about it. It never calls a model. Build one with `defineGrader`.
 */
export interface Grader<S extends OptionsSchema = OptionsSchema> {
  /** The grader's name, as in the registry. */
  readonly name: string;
  /** Pass/fail, or a score with pass/fail only under a threshold. */
  readonly kind: GraderKind;
  /** Which way its scores are better, and their range (fractions where higher is better, mostly). */
  readonly scale: GraderScale;
  /** What it checks, in one line (help and docs). */
  readonly summary: string;
  /** True when the grader cannot judge a row without a reference (under its default settings). */
  readonly needsReference: boolean;
  /**
   * Whether the grader needs a reference under these settings (SQuAD v2 token F1 does not: a row
   * without one is a question with no answer). Options are checked as {@link Grader.resolve} does.
   */
  needsReferenceWith(options?: unknown): boolean;
  /** What the output is compared with: the row's references, or its JSON Schema. */
  readonly reads: "references" | "schema";
  /** The options schema: names, types, defaults, allowed values, help. */
  readonly options: S;
  /** The settings used when none are given (from the schema). */
  readonly defaults: Readonly<OptionsOf<S>>;
  /** How the near-miss probe applies to it. */
  readonly probe: ProbeSpec;
  /** Present when the grader also gives a corpus figure. */
  readonly corpus?: CorpusCapability<OptionsOf<S>>;
  /**
   * Check options against the schema and fill in the defaults. Throws a RangeError for an
   * unknown option or a value out of range, a TypeError for a value of the wrong type.
   */
  resolve(options?: unknown): OptionsOf<S>;
  /**
   * Grade one row. Bad row content gives an error result, never a throw; bad options throw as
   * {@link Grader.resolve} does.
   */
  grade(input: GradeInput, options?: Partial<OptionsOf<S>>): GradeResult;
  /**
   * `grade(input, options).pass` without the rest of the result (no reason is built): what the
   * near-miss probe asks of each changed row.
   */
  verdict(input: GradeInput, options?: Partial<OptionsOf<S>>): boolean | null;
  /** A short settings line shown beside every figure this grader produces. */
  describe(options?: Partial<OptionsOf<S>>): string;
}
