/**
 * Shapes shared by the interval functions.
 *
 * @module
 */

/** A two-sided confidence interval. Both bounds are NaN when it is undefined (no trials). */
export interface Interval {
  /** The lower bound. */
  lower: number;
  /** The upper bound. */
  upper: number;
}

/**
 * The 2×2 table of paired pass/fail results: each case counted once, by whether version a and
 * version b passed it.
 */
export interface PairedTable {
  /** Cases both versions passed. */
  bothPass: number;
  /** Cases only version a passed. */
  onlyA: number;
  /** Cases only version b passed. */
  onlyB: number;
  /** Cases both versions failed. */
  bothFail: number;
}
