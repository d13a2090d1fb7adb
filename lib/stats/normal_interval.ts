/**
 * The normal-approximation (Wald) interval for a binomial proportion.
 *
 * @module
 */
import { checkTrials, twoSidedZ } from "./_check.ts";
import type { Interval } from "./types.ts";

/**
 * Two-sided Wald interval `p̂ ± z·√(p̂(1 − p̂)/n)` for `successes` out of `n` trials, clipped to
 * [0, 1] as statsmodels' `proportion_confint(method="normal")` does. It collapses to a single
 * point at 0 or n successes ([0, 0] and [1, 1]) and covers poorly for small n or rates near 0 or
 * 1: it is here to reproduce figures computed with it, not as a recommendation. With `n = 0` both
 * bounds are NaN.
 *
 * @param successes Number of successes, a whole number ≤ n.
 * @param n Number of trials, a whole number ≥ 0.
 * @param confidence Confidence level in (0, 1), e.g. 0.95.
 * @returns The interval `{ lower, upper }`.
 * @throws {RangeError} When the counts are negative, fractional or successes > n, or the
 * confidence is outside (0, 1).
 * @throws {TypeError} When an argument is not a number.
 *
 * @example 34 passes out of 40 at 95%, and the collapse at 0 successes
 * ```ts
 * import { normalInterval } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const { lower, upper } = normalInterval(34, 40, 0.95);
 * assert.equal(lower.toFixed(4), "0.7393");
 * assert.equal(upper.toFixed(4), "0.9607");
 * assert.deepEqual(normalInterval(0, 12, 0.95), { lower: 0, upper: 0 });
 * ```
 */
export function normalInterval(successes: number, n: number, confidence = 0.95): Interval {
  checkTrials(successes, n);
  const z = twoSidedZ(confidence);
  if (n === 0) return { lower: NaN, upper: NaN };
  const p = successes / n;
  const half = z * Math.sqrt(p * (1 - p) / n);
  return { lower: Math.max(0, p - half), upper: Math.min(1, p + half) };
}
