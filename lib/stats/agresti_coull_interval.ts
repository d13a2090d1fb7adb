/**
 * The Agresti–Coull ("add z²/2 successes and failures") interval for a binomial proportion.
 *
 * @module
 */
import { checkTrials, twoSidedZ } from "./_check.ts";
import type { Interval } from "./types.ts";

/**
 * Two-sided Agresti–Coull interval for `successes` out of `n` trials: the Wald interval around
 * the adjusted proportion p̃ = (k + z²/2) / (n + z²) with ñ = n + z² trials, clipped to [0, 1] as
 * statsmodels' `proportion_confint(method="agresti_coull")` does. Its lower bound is exactly 0 at
 * 0 successes and its upper bound exactly 1 at n successes (both by clipping). With `n = 0` both
 * bounds are NaN (statsmodels returns the prior-only interval [5.6e-17, 1] there; verdict gives
 * no interval without trials).
 *
 * @param successes Number of successes, a whole number ≤ n.
 * @param n Number of trials, a whole number ≥ 0.
 * @param confidence Confidence level in (0, 1), e.g. 0.95.
 * @returns The interval `{ lower, upper }`.
 * @throws {RangeError} When the counts are negative, fractional or successes > n, or the
 * confidence is outside (0, 1).
 * @throws {TypeError} When an argument is not a number.
 *
 * @example 34 passes out of 40 at 95%
 * ```ts
 * import { agrestiCoullInterval } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const { lower, upper } = agrestiCoullInterval(34, 40, 0.95);
 * assert.equal(lower.toFixed(4), "0.7054");
 * assert.equal(upper.toFixed(4), "0.9332");
 * assert.equal(agrestiCoullInterval(0, 9, 0.95).lower, 0);
 * ```
 */
export function agrestiCoullInterval(successes: number, n: number, confidence = 0.95): Interval {
  checkTrials(successes, n);
  const z = twoSidedZ(confidence);
  if (n === 0) return { lower: NaN, upper: NaN };
  const z2 = z * z;
  const trials = n + z2;
  const p = (successes + z2 / 2) / trials;
  const half = z * Math.sqrt(p * (1 - p) / trials);
  return { lower: Math.max(0, p - half), upper: Math.min(1, p + half) };
}
