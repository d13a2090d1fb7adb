/**
 * The Jeffreys interval for a binomial proportion.
 *
 * @module
 */
import { betaQuantile } from "./_beta_quantile.ts";
import { alphaOf, checkTrials } from "./_check.ts";
import type { Interval } from "./types.ts";

/**
 * Two-sided Jeffreys interval for `successes` out of `n` trials: the equal-tailed α/2 and
 * 1 − α/2 quantiles of Beta(k + ½, n − k + ½), the posterior under the Jeffreys prior, as
 * statsmodels' `proportion_confint(method="jeffreys")` computes it. There is no special case at
 * the edges: the lower bound is above 0 at 0 successes and the upper bound below 1 at n
 * successes. With `n = 0` both bounds are NaN (statsmodels returns the prior's own quantiles
 * there; verdict gives no interval without trials).
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
 * import { jeffreysInterval } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const { lower, upper } = jeffreysInterval(34, 40, 0.95);
 * assert.equal(lower.toFixed(4), "0.7167");
 * assert.equal(upper.toFixed(4), "0.9349");
 * assert.ok(jeffreysInterval(0, 9, 0.95).lower > 0);
 * ```
 */
export function jeffreysInterval(successes: number, n: number, confidence = 0.95): Interval {
  checkTrials(successes, n);
  const alpha = alphaOf(confidence);
  if (n === 0) return { lower: NaN, upper: NaN };
  const a = successes + 0.5;
  const b = n - successes + 0.5;
  return { lower: betaQuantile(alpha / 2, a, b), upper: betaQuantile(1 - alpha / 2, a, b) };
}
