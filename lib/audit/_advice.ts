// Plain-language advice on which number to report, from one group's figures.
import { INTERVAL_METHODS, type IntervalMethod } from "../stats/proportion_interval.ts";
import { formatConfidence, formatHundred, formatPercent, formatScore } from "../render/format.ts";
import { readsOnHundred } from "../stats/hundred_scale.ts";
import type { ConventionRates } from "./convention_rates.ts";
import type { ScoreMean } from "./score_mean.ts";
import type { ClassCounts } from "./_state.ts";
import type { ErrorKind } from "./types.ts";

/** A proportion as a percentage with one decimal; "n/a" when undefined. */
export const percent = (value: number): string => formatPercent(value);

/** A confidence level as a percentage ("95%", "99.5%"). */
export const confidenceLabel: (confidence: number) => string = formatConfidence;

/** An interval with its confidence level and method beside it ("95% Wilson [70.9%, 92.9%]"). */
export function intervalText(
  lower: number,
  upper: number,
  confidence: number,
  method: IntervalMethod,
): string {
  const label = `${confidenceLabel(confidence)} ${INTERVAL_METHODS[method].label}`;
  if (Number.isNaN(lower)) return `${label}: undefined (no rows)`;
  return `${label} [${percent(lower)}, ${percent(upper)}]`;
}

/**
 * A score for reports, to three or four significant digits; "n/a" when undefined. A grader's
 * BLEU, chrF or TER score reads on sacreBLEU's 0–100 scale with two decimals (`0.567` → `56.70`),
 * as in every other report; the JSON keeps the fraction.
 */
export function scoreText(value: number, grader?: string): string {
  return grader !== undefined && readsOnHundred(grader) ? formatHundred(value) : formatScore(value);
}

/** The scale of `grader`'s figures when it is not the file's own: "0–100" for BLEU, chrF, TER. */
export function scaleName(grader?: string): string {
  return grader !== undefined && readsOnHundred(grader) ? "0–100" : "";
}

/** The scale beside a figure of `grader`: " (0–100)" for BLEU, chrF and TER, else nothing. */
export function scaleNote(grader?: string): string {
  const name = scaleName(grader);
  return name === "" ? "" : ` (${name})`;
}

/** A mean score with the counts behind it: "mean 0.570 over 8 of 25 attempts (17 unscored)". */
export function meanText(m: ScoreMean, grader?: string): string {
  if (m.scored === 0) return `no mean: none of ${m.attempted} attempts has a usable score`;
  return `mean ${scoreText(m.mean, grader)}${scaleNote(grader)} over ${m.scored} of ` +
    `${m.attempted} attempts` +
    (m.unscored > 0 ? ` (${m.unscored} unscored, left out of the mean)` : "");
}

/** A bootstrap interval with its settings beside it ("95% bootstrap [0.49, 0.66]"). */
export function bootstrapText(m: ScoreMean, grader?: string): string {
  const label = `${confidenceLabel(m.interval.confidence)} bootstrap`;
  if (Number.isNaN(m.interval.lower)) return `${label}: undefined (no scores)`;
  return `${label} [${scoreText(m.interval.lower, grader)}, ` +
    `${scoreText(m.interval.upper, grader)}]${scaleNote(grader)}`;
}

/** Which number to report for one group, in one or two sentences, and why (once per report). */
export interface Advice {
  /** The advice: the figure to report with its counts and interval. */
  advice: string;
  /** The reasons behind it, said once in a report's notes however many groups share them. */
  reasons: string[];
}

/** Why all attempted is the release bar. */
const RELEASE_BAR =
  "All attempted is the figure for a release bar: it counts every unscored attempt as a failure, " +
  "so the bar cannot be met by losing the hard cases.";

export function advise(
  counts: ClassCounts,
  errorKinds: Record<ErrorKind, number>,
  rates: ConventionRates | null,
  settings: { confidence: number; method: IntervalMethod },
  mean: ScoreMean | null = null,
  grader?: string,
): Advice {
  const { confidence, method } = settings;
  if (rates === null) {
    const head = "No pass rate: this grader gave scores but no pass/fail verdicts";
    if (!mean || mean.scored === 0) {
      return {
        advice: `${head}, and none of its attempts has a usable score: nothing to report; ` +
          "rerun the unscored attempts.",
        reasons: [],
      };
    }
    return {
      advice:
        `${head}. Report its ${meanText(mean, grader)}, ${
          bootstrapText(mean, grader)
        }, never the mean ` +
        "alone.",
      reasons: [
        "A grader with scores but no verdicts gets the pass rate three ways once it has a " +
        "threshold (--threshold METRIC=X).",
      ],
    };
  }
  const unscored = counts.attempted - counts.passed - counts.failed;
  const { scoredOnly, allAttempted, envelope } = rates;
  if (counts.attempted === 0) {
    return { advice: "No attempts in this group: there is no rate to report.", reasons: [] };
  }
  const envelopeText = intervalText(envelope.lower, envelope.upper, confidence, method);
  if (unscored === 0) {
    return {
      advice: `Report ${percent(scoredOnly.rate)} (${counts.passed} of ${counts.attempted}), ${
        intervalText(scoredOnly.lower, scoredOnly.upper, confidence, method)
      }: every attempt was scored, so the three conventions agree.`,
      reasons: [],
    };
  }
  const releaseBar = `for a release bar, all attempted: ${percent(allAttempted.rate)} ` +
    `(${counts.passed} of ${counts.attempted}).`;
  const parts = scoredOnly.trials === 0
    ? [
      `No attempt was scored, so scored only is undefined: report the envelope, ${envelopeText}, ` +
      "and rerun the unscored cases.",
    ]
    : [
      `Report ${percent(scoredOnly.rate)} (${counts.passed} of ${scoredOnly.trials} scored, ` +
      `${unscored} of ${counts.attempted} attempts unscored) with the envelope ${envelopeText}; ` +
      releaseBar,
    ];
  const reasons = [RELEASE_BAR];
  if (errorKinds.model > 0) {
    parts.push(
      errorKinds.model === 1
        ? "1 unscored attempt is a model error, likely a real failure: prefer all attempted or " +
          "the envelope."
        : `${errorKinds.model} unscored attempts are model errors, likely real failures: prefer ` +
          "all attempted or the envelope.",
    );
    reasons.push(
      "Model errors (content filter, refusal, empty reply) are most likely real failures, which " +
        "scored only leaves out: where there are any, scored only flatters the result.",
    );
  } else if (errorKinds.grader === unscored) {
    parts.push(
      "Every unscored attempt is a grader-side error: scored only is the figure for what was " +
        "judged.",
    );
    reasons.push(
      "Grader-side errors (the grader could not judge the row, e.g. no reference) say nothing " +
        "about the model; fixing the grader's input narrows the envelope.",
    );
  } else if (counts.unparsed > 0) {
    parts.push(
      counts.unparsed === 1
        ? "1 grade could not be read: check it before trusting either edge."
        : `${counts.unparsed} grades could not be read: check them before trusting either edge.`,
    );
    reasons.push(
      "A harness that scores an unreadable grade as 0 counts it as a failure, silently.",
    );
  } else if (errorKinds.infrastructure === unscored) {
    parts.push(
      "Every unscored attempt is an infrastructure error: scored only is a fair estimate.",
    );
    reasons.push(
      "Infrastructure errors (timeout, rate limit, server or connection failure) usually strike " +
        "cases at random; rerunning those cases narrows the envelope.",
    );
  }
  return { advice: parts.join(" "), reasons };
}
