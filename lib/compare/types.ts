/**
 * Shapes of a comparison of two versions: the rows it reads and the figures it reports.
 *
 * @module
 */
import type { PairedTable } from "../stats/types.ts";

/** One attempt as the comparison sees it: a case × version × repeat × grader result. */
export interface CompareRow {
  /** Case id: rows of the two versions with the same case are paired. */
  case: string;
  /** Version (system, model, prompt). */
  version: string;
  /** Repeat (epoch), a whole number ≥ 0; several repeats of a case are resampled together. */
  repeat: number;
  /** Grader (scorer, metric). */
  grader: string;
  /** The verdict; null when the attempt has none (errored, not judged, unreadable…). */
  pass: boolean | null;
  /** The score; null when there is none (NaN counts as none). */
  score: number | null;
  /** Per-row statistics of a corpus metric (BLEU, chrF), when the row was graded here. */
  stats?: readonly number[];
  /** Why the row has no verdict or score, when it has none. */
  reason?: string;
  /** The score's scale, when the source declares one (default: [0, 1] when every score is in it). */
  scale?: { min: number; max: number };
}

/** How an unscored attempt is counted. */
export type CompareConvention = "scoredOnly" | "allAttempted";

/** A convention's name and what it does with unscored attempts, for reports. */
export const COMPARE_CONVENTIONS: Readonly<
  Record<CompareConvention | "envelope", { name: string; unscored: string }>
> = {
  scoredOnly: {
    name: "scored only",
    unscored: "a case is compared only when both versions scored it",
  },
  allAttempted: {
    name: "all attempted",
    unscored: "an unscored attempt counts as a failure, or as the lowest score when graded",
  },
  envelope: {
    name: "envelope",
    unscored: "from every unscored attempt of b failing and of a passing, to the reverse",
  },
};

/** A difference between the versions with its interval and test. */
export interface DifferenceFigures {
  /** The 2×2 table of pass/fail pairs; null for graded metrics and with repeats. */
  table: PairedTable | null;
  /** The figure of version a (pass rate, mean score or corpus score). */
  a: number;
  /** The figure of version b. */
  b: number;
  /** b − a. */
  difference: number;
  /** The interval of the difference at the comparison's confidence. */
  ci: [number, number];
  /** How the interval was computed. */
  method: string;
  /** The p-value of "no difference". */
  pValue: number;
  /** The test behind the p-value. */
  test: string;
}

/** The figures of one convention. */
export interface ConventionFigures extends DifferenceFigures {
  /** Cases compared. */
  cases: number;
  /** Rows (attempts) of each version on those cases. */
  rows: { a: number; b: number };
  /** Passes of each version among those rows (pass/fail graders), else null. */
  passes: { a: number; b: number } | null;
}

/** Where the difference could lie over every way the unscored attempts could have ended. */
export interface EnvelopeFigures {
  /** The difference with every unscored attempt of b failing and of a passing, and the reverse. */
  difference: [number, number];
  /** The lower bound of the first corner to the upper bound of the second. */
  ci: [number, number];
}

/** The comparison of one grader: the headline figures under `convention`, and every convention. */
export interface GraderComparison extends DifferenceFigures {
  /** The grader. */
  grader: string;
  /** `pass/fail` compares pass rates; `graded` compares a mean or a corpus score. */
  kind: "pass/fail" | "graded";
  /** What is compared, e.g. `"pass rate"`, `"mean score"`, `"corpus BLEU"`. */
  metric: string;
  /** The convention of the headline figures. */
  convention: CompareConvention;
  /** Every convention's figures; null where a convention does not apply. */
  conventions: {
    scoredOnly: ConventionFigures | null;
    allAttempted: ConventionFigures | null;
    envelope: EnvelopeFigures | null;
  };
  /** Cases this grader scored in both versions, in one only. */
  cases: { paired: number; onlyA: number; onlyB: number };
  /** Attempts without a verdict (pass/fail) or score (graded) on the paired cases. */
  unscored: { a: number; b: number };
  /** True when a case has more than one attempt: resampling is by case. */
  repeats: boolean;
  /** Which way is better: `"higher"`, or `"lower"` for a cost such as latency. */
  better: "higher" | "lower";
  /**
   * `worse` when the whole interval lies on the worse side of 0 (below it, or above it when lower
   * is better), `better` on the other side, else `no clear difference`.
   */
  verdict: "worse" | "better" | "no clear difference" | "undefined";
  /** The metric's signature (BLEU, chrF), when it has one. */
  signature: string | null;
  /** What to know about this grader's figures. */
  notes: string[];
}

/** Everything a comparison found, as plain data (the shape of `CompareResult.toJSON()`). */
export interface CompareData {
  /**
   * Every figure is a fraction (a pass rate 0.725, a corpus BLEU 0.9215); the text, HTML and chart
   * show pass rates as percentages and BLEU, chrF and TER on sacreBLEU's 0–100 scale.
   */
  scale: "fraction";
  /** The first version's name (the baseline). */
  a: string;
  /** The second version's name; every difference is b − a. */
  b: string;
  /** Where each version was read from. */
  sources: { a: string; b: string };
  /** Cases present in both versions. */
  pairs: number;
  /** Cases present only in version a, by id. */
  onlyA: string[];
  /** Cases present only in version b, by id. */
  onlyB: string[];
  /** Confidence level of every interval. */
  confidence: number;
  /** The headline convention. */
  convention: CompareConvention;
  /** Bootstrap settings used for graded metrics and repeats. */
  bootstrap: { seed: number; resamples: number };
  /** One entry per grader, in order of first appearance. */
  graders: GraderComparison[];
  /** Rows not used, by reason, with counts (e.g. other versions, duplicates, unreadable). */
  leftOut: { reason: string; count: number; rows: number[] }[];
  /** Notes on the whole comparison. */
  notes: string[];
}
