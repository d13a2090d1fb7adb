/**
 * The Wilson score interval for a binomial proportion.
 *
 * @module
 */
import { checkTrials, twoSidedZ } from "./_check.ts";
import type { Interval } from "./types.ts";

/**
 * Two-sided Wilson score interval for `successes` out of `n` trials at the given confidence
 * level. The bounds are clipped to [0, 1] (the formula's rounding can leave ±2e-16 outside, as
 * statsmodels 0.13/0.14 do; its main branch clips too), and they are exactly 0 at 0 successes and
 * exactly 1 at n successes. With `n = 0` both bounds are NaN.
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
 * import { wilsonInterval } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const { lower, upper } = wilsonInterval(34, 40, 0.95);
 * assert.equal(lower.toFixed(4), "0.7093");
 * assert.equal(upper.toFixed(4), "0.9294");
 * assert.equal(wilsonInterval(13, 13, 0.95).upper, 1);
 * assert.ok(Number.isNaN(wilsonInterval(0, 0, 0.95).lower));
 * ```
 */
export function wilsonInterval(successes: number, n: number, confidence = 0.95): Interval {
  checkTrials(successes, n);
  const z = twoSidedZ(confidence);
  if (n === 0) return { lower: NaN, upper: NaN };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))) / denominator;
  return {
    lower: successes === 0 ? 0 : Math.max(0, center - half),
    upper: successes === n ? 1 : Math.min(1, center + half),
  };
}
