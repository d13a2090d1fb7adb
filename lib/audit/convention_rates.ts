/**
 * The pass rate three ways, each with its interval, and the envelope between them.
 *
 * @module
 */
import { INTERVAL_METHODS, type IntervalMethod } from "../stats/proportion_interval.ts";
import type { Interval } from "../stats/types.ts";

/** The three ways of counting unscored attempts. */
export type Convention = "scoredOnly" | "allAttempted" | "upperEdge";

/** How a convention is named and what it assumes, for reports. */
export interface ConventionInfo {
  /** The name spelled out. */
  name: string;
  /** The rate as a fraction of counts. */
  formula: string;
  /** What the convention does with an unscored attempt. */
  unscored: string;
}

/** Names and formulas of the three conventions. */
export const CONVENTIONS: Readonly<Record<Convention, ConventionInfo>> = {
  scoredOnly: {
    name: "scored only",
    formula: "passes / scored attempts",
    unscored: "left out",
  },
  allAttempted: {
    name: "all attempted",
    formula: "passes / all attempts",
    unscored: "counted as failures",
  },
  upperEdge: {
    name: "upper edge",
    formula: "(passes + unscored) / all attempts",
    unscored: "counted as passes",
  },
};

/** A rate with its interval and the counts it came from. */
export interface Rate {
  /** successes / trials, NaN when trials is 0. */
  rate: number;
  /** Lower interval bound (NaN when trials is 0). */
  lower: number;
  /** Upper interval bound (NaN when trials is 0). */
  upper: number;
  /** The numerator. */
  successes: number;
  /** The denominator. */
  trials: number;
}

/** The three rates and the envelope. */
export interface ConventionRates {
  /** passes / scored attempts. */
  scoredOnly: Rate;
  /** passes / attempts. */
  allAttempted: Rate;
  /** (passes + unscored) / attempts. */
  upperEdge: Rate;
  /** From the lower bound of all attempted to the upper bound of upper edge. */
  envelope: Interval;
}

/** The counts the three rates are built from. */
export interface OutcomeCounts {
  /** Attempts that passed. */
  passed: number;
  /** Attempts that failed. */
  failed: number;
  /** Attempts without a usable verdict (errored, NaN, unparsed, unreadable, no verdict, empty). */
  unscored: number;
}

/** A rate and its interval for `successes` of `trials`. */
export function rateOf(
  successes: number,
  trials: number,
  confidence: number,
  method: IntervalMethod = "wilson",
): Rate {
  const { lower, upper } = INTERVAL_METHODS[method].interval(successes, trials, confidence);
  return { rate: trials === 0 ? NaN : successes / trials, lower, upper, successes, trials };
}

/**
 * The pass rate three ways: scored only (passes / scored), all attempted (passes / attempts,
 * unscored counted as failures) and upper edge ((passes + unscored) / attempts, unscored counted
 * as passes), each with a two-sided interval, and the envelope from the all-attempted lower bound
 * to the upper-edge upper bound.
 *
 * @param counts Passed, failed and unscored attempts.
 * @param confidence Confidence level in (0, 1), default 0.95.
 * @param method The interval method (default `"wilson"`); see {@link INTERVAL_METHODS}.
 * @returns The three rates and the envelope.
 *
 * @example 34 passed, 3 failed, 3 unscored
 * ```ts
 * import { conventionRates } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const r = conventionRates({ passed: 34, failed: 3, unscored: 3 });
 * assert.equal(r.scoredOnly.rate, 34 / 37);
 * assert.equal(r.allAttempted.rate, 34 / 40);
 * assert.equal(r.upperEdge.rate, 37 / 40);
 * assert.equal(r.envelope.lower, r.allAttempted.lower);
 * assert.equal(r.envelope.upper, r.upperEdge.upper);
 * ```
 */
export function conventionRates(
  counts: OutcomeCounts,
  confidence = 0.95,
  method: IntervalMethod = "wilson",
): ConventionRates {
  const { passed, failed, unscored } = counts;
  const scored = passed + failed;
  const attempted = scored + unscored;
  const scoredOnly = rateOf(passed, scored, confidence, method);
  const allAttempted = rateOf(passed, attempted, confidence, method);
  const upperEdge = rateOf(passed + unscored, attempted, confidence, method);
  return {
    scoredOnly,
    allAttempted,
    upperEdge,
    envelope: { lower: allAttempted.lower, upper: upperEdge.upper },
  };
}
