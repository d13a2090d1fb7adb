/**
 * The Wilson score interval for a binomial proportion.
 *
 * @module
 */
import normalQuantile from "@stdlib/stats-base-dists-normal-quantile";
import { alphaOf, checkTrials } from "./_check.ts";
import type { Interval } from "./types.ts";

/**
 * Two-sided Wilson score interval for `successes` out of `n` trials at the given confidence
 * level. The bounds are not clipped to [0, 1], so at 0 or n successes a bound may differ from 0 or
 * 1 by floating-point noise. With `n = 0` both bounds are NaN.
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
 * assert.ok(Number.isNaN(wilsonInterval(0, 0, 0.95).lower));
 * ```
 */
export function wilsonInterval(successes: number, n: number, confidence = 0.95): Interval {
  checkTrials(successes, n);
  const alpha = alphaOf(confidence);
  if (n === 0) return { lower: NaN, upper: NaN };
  // z = Φ⁻¹(1 − α/2), taken as −Φ⁻¹(α/2) for accuracy in the tail.
  const z = -normalQuantile(alpha / 2, 0, 1);
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))) / denominator;
  return { lower: center - half, upper: center + half };
}
