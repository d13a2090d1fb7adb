/**
 * The one rule for comparing a figure with a threshold, shared by graders, eval metrics, harness
 * readers and gates: a value within 1e-9 of the threshold counts as at it. Floating-point noise
 * then never turns a pass into a fail: BLEU of "Jupiter." against "Jupiter" is
 * 0.49999999999999994, and it passes a threshold of 0.5.
 *
 * @module
 */

/** How close to a threshold a value counts as at it: 1e-9 (absolute). */
export const THRESHOLD_TOLERANCE = 1e-9;

/**
 * Whether `value` reaches `threshold`: `value ≥ threshold` when higher is better (the default),
 * `value ≤ threshold` when lower is better; a value within {@linkcode THRESHOLD_TOLERANCE} of the
 * threshold counts as at it, so it passes. NaN never passes.
 *
 * @example Noise at the threshold passes, a real gap does not
 * ```ts
 * import { meetsThreshold } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(meetsThreshold(0.49999999999999994, 0.5), true);
 * assert.equal(meetsThreshold(0.4999, 0.5), false);
 * assert.equal(meetsThreshold(1200.0000000001, 1200, "lower"), true); // latency in ms
 * assert.equal(meetsThreshold(NaN, 0), false);
 * ```
 */
export function meetsThreshold(
  value: number,
  threshold: number,
  direction: "higher" | "lower" = "higher",
): boolean {
  if (Number.isNaN(value)) return false;
  return direction === "lower"
    ? value <= threshold + THRESHOLD_TOLERANCE
    : value >= threshold - THRESHOLD_TOLERANCE;
}
