/**
 * Shapes shared by the auditor and the harness adapters that feed it.
 *
 * @module
 */

/** Where an error came from. */
export type ErrorKind = "infrastructure" | "model" | "grader" | "unstated";

/** One attempt as the auditor sees it: a case × version × repeat × grader result. */
export interface AuditRow {
  /** 1-based position of the row in its source (record number, sample index, line number). */
  row: number;
  /** Case id; blank makes the row unreadable. */
  case: string;
  /** Version (system/model/prompt×provider); `undefined` or blank makes the row refused. */
  version: string | undefined;
  /** Repeat (epoch), whole number ≥ 0. */
  repeat: number;
  /** Grader (scorer, metric, criterion) name. */
  grader: string;
  /** The score: a number, NaN for a NaN score, or null when there is none. */
  score: number | null;
  /** The verdict, or null when there is none. */
  pass: boolean | null;
  /** Error text, when the attempt recorded an error. */
  error?: string;
  /** Where the error came from, when known. */
  errorKind?: ErrorKind;
  /** The grade exactly as the harness wrote it (`"C"`, `"I"`, `"yes"`, free text, a number…). */
  rawGrade?: unknown;
  /** Set by an adapter that knows the grade could not be read (e.g. a grader threw). */
  unparsed?: boolean;
  /** Why the grade is unparsed, when `unparsed` is set. */
  unparsedReason?: string;
  /** True when the grader gives verdicts (pass/fail); a score with no verdict is then `noVerdict`. */
  binary?: boolean;
  /**
   * True when the grader gives scores and never verdicts (a Ragas metric without a threshold):
   * its group reports the mean score instead of a pass rate, even when no row has a usable score.
   */
  scoreOnly?: boolean;
  /**
   * The scale the file declares for this row's score (added for the auditor; optional). A score
   * outside it makes the row unreadable. Default `{ min: 0, max: 1 }`; the audit's `scale` option
   * overrides it.
   */
  scale?: ScoreScale;
}

/** The closed range a score must lie in. */
export interface ScoreScale {
  /** Smallest valid score. */
  min: number;
  /** Largest valid score. */
  max: number;
}

/**
 * A row that is not an attempt: a duplicate key, no version, or a record an adapter could not
 * read. It is counted and listed with its reason, never used.
 */
export interface RefusedRow {
  /** 1-based position of the row in its source. */
  row: number;
  /** A reason code: `"duplicate-key"`, `"no-version"`, or an adapter's own code. */
  reason: string;
  /** A sentence for people. */
  message: string;
  /** The row's version, when it has one. */
  version?: string;
  /** The row's grader, when it has one. */
  grader?: string;
  /** For a duplicate: the row that holds the same key and was kept. */
  firstRow?: number;
}

/** A figure the file reports about itself (a harness's own headline number). */
export interface DeclaredFigure {
  /** Version it describes, or undefined for the whole file. */
  version?: string;
  /** Grader it describes, or undefined for all graders. */
  grader?: string;
  /** What it is, e.g. `"accuracy"`, `"stats.successes/total"`. */
  metric: string;
  /** The value as a rate in [0, 1] (or the raw number when `kind` is `"count"`). */
  value: number;
  /** `"rate"` for a pass rate, `"count"` for a count such as total samples. */
  kind?: "rate" | "count";
  /** Where in the file it was found, e.g. `results.scores[0].metrics.accuracy`. */
  source: string;
  /**
   * Decimal places the figure was printed with, on the scale of `value` (added for the auditor;
   * optional). It sets the tolerance of the declared-figure match; by default it is read from the
   * shortest decimal form of `value`.
   */
  decimals?: number;
}
