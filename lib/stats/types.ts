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
