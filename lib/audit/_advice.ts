// Plain-language advice on which number to report, from one group's figures.
import { INTERVAL_METHODS, type IntervalMethod } from "../stats/proportion_interval.ts";
import type { ConventionRates } from "./convention_rates.ts";
import type { ScoreMean } from "./score_mean.ts";
import type { ClassCounts } from "./_state.ts";
import type { ErrorKind } from "./types.ts";

/** A proportion as a percentage with one decimal; "n/a" when undefined. */
export function percent(value: number): string {
  return Number.isNaN(value) ? "n/a" : `${(value * 100).toFixed(1)}%`;
}

/** A confidence level as a percentage ("95%", "99.5%"). */
export function confidenceLabel(confidence: number): string {
  return `${Number((confidence * 100).toPrecision(10))}%`;
}

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

/** A score for reports: three decimals, "n/a" when undefined. */
export function scoreText(value: number): string {
  return Number.isNaN(value) ? "n/a" : value.toFixed(3);
}

/** A mean score with the counts behind it: "mean 0.570 over 8 of 25 attempts (17 unscored)". */
export function meanText(m: ScoreMean): string {
  if (m.scored === 0) return `no mean: none of ${m.attempted} attempts has a usable score`;
  return `mean ${scoreText(m.mean)} over ${m.scored} of ${m.attempted} attempts` +
    (m.unscored > 0 ? ` (${m.unscored} unscored, left out of the mean)` : "");
}

/** A bootstrap interval with its settings beside it ("95% bootstrap [0.49, 0.66]"). */
export function bootstrapText(m: ScoreMean): string {
  const label = `${confidenceLabel(m.interval.confidence)} bootstrap`;
  if (Number.isNaN(m.interval.lower)) return `${label}: undefined (no scores)`;
  return `${label} [${scoreText(m.interval.lower)}, ${scoreText(m.interval.upper)}]`;
}

export function advise(
  counts: ClassCounts,
  errorKinds: Record<ErrorKind, number>,
  rates: ConventionRates | null,
  settings: { confidence: number; method: IntervalMethod },
  mean: ScoreMean | null = null,
): string {
  const { confidence, method } = settings;
  if (rates === null) {
    const head = "This grader gave scores but no pass/fail verdicts, so it has no pass rate";
    if (!mean || mean.scored === 0) {
      return `${head}, and none of its attempts has a usable score: there is nothing to report; ` +
        "rerun the unscored attempts.";
    }
    return `${head}: report its ${meanText(mean)}, ${bootstrapText(mean)}, never the mean alone. ` +
      "Give it a threshold to get the pass rate three ways.";
  }
  const unscored = counts.attempted - counts.passed - counts.failed;
  const { scoredOnly, allAttempted, envelope } = rates;
  if (counts.attempted === 0) return "No attempts in this group: there is no rate to report.";
  if (unscored === 0) {
    return `Every attempt was scored, so the three conventions agree: report ${
      percent(scoredOnly.rate)
    } (${counts.passed} of ${counts.attempted}), ${
      intervalText(scoredOnly.lower, scoredOnly.upper, confidence, method)
    }.`;
  }
  const parts = [
    `Report the scored-only rate with its counts beside it: ${
      percent(scoredOnly.rate)
    } (${counts.passed} of ${scoredOnly.trials} scored; ${unscored} of ${counts.attempted} attempts unscored); or report the envelope, ${
      intervalText(envelope.lower, envelope.upper, confidence, method)
    }.`,
    `For a release bar use all attempted, ${
      percent(allAttempted.rate)
    }: it counts every unscored attempt as a failure, so the bar cannot be met by losing the hard cases.`,
  ];
  if (scoredOnly.trials === 0) {
    parts[0] = `No attempt was scored, so scored only is undefined: report the envelope, ${
      intervalText(envelope.lower, envelope.upper, confidence, method)
    }, and rerun the unscored cases.`;
  }
  if (errorKinds.model > 0) {
    parts.push(
      `${errorKinds.model} unscored attempt(s) are model errors (content filter, refusal, empty reply); ` +
        "these are most likely real failures, which scored only leaves out, so it flatters the result: prefer all attempted or the envelope.",
    );
  } else if (errorKinds.grader === unscored) {
    parts.push(
      "Every unscored attempt is a grader-side error (the grader could not judge the row, e.g. no " +
        "reference); these say nothing about the model, so scored only is the figure for what was " +
        "judged: fix the grader's input to narrow the envelope.",
    );
  } else if (counts.unparsed > 0) {
    parts.push(
      `${counts.unparsed} grade(s) could not be read; a harness that scores them as 0 counts them as failures, so check them before trusting either edge.`,
    );
  } else if (errorKinds.infrastructure === unscored) {
    parts.push(
      "Every unscored attempt is an infrastructure error (timeout, rate limit, server or connection failure); " +
        "these usually strike cases at random, so scored only is a fair estimate. Rerunning those cases narrows the envelope.",
    );
  }
  return parts.join(" ");
}
