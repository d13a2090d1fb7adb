/**
 * The Clopper-Pearson ("exact") interval for a binomial proportion.
 *
 * @module
 */
import { betaQuantile } from "./_beta_quantile.ts";
import { alphaOf, checkTrials } from "./_check.ts";
import type { Interval } from "./types.ts";

/**
 * Two-sided Clopper-Pearson interval for `successes` out of `n` trials, from quantiles of the
 * beta distribution. The lower bound is exactly 0 at 0 successes and the upper bound exactly 1 at
 * n successes. With `n = 0` both bounds are NaN.
 *
 * @param successes Number of successes, a whole number ≤ n.
 * @param n Number of trials, a whole number ≥ 0.
 * @param confidence Confidence level in (0, 1), e.g. 0.95.
 * @returns The interval `{ lower, upper }`.
 * @throws {RangeError} When the counts are negative, fractional or successes > n, or the
 * confidence is outside (0, 1).
 * @throws {TypeError} When an argument is not a number.
 *
 * @example One success in five trials at 95%
 * ```ts
 * import { clopperPearsonInterval } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const { lower, upper } = clopperPearsonInterval(1, 5, 0.95);
 * assert.equal(lower.toFixed(5), "0.00505");
 * assert.equal(upper.toFixed(5), "0.71642");
 * assert.equal(clopperPearsonInterval(0, 5, 0.95).lower, 0);
 * ```
 */
export function clopperPearsonInterval(successes: number, n: number, confidence = 0.95): Interval {
  checkTrials(successes, n);
  const alpha = alphaOf(confidence);
  if (n === 0) return { lower: NaN, upper: NaN };
  const lower = successes === 0 ? 0 : betaQuantile(alpha / 2, successes, n - successes + 1);
  const upper = successes === n ? 1 : betaQuantile(1 - alpha / 2, successes + 1, n - successes);
  return { lower, upper };
}
