// The percentile of resampled statistics shared by the bootstrap functions.

/**
 * The p-th percentile of sorted values by linear interpolation between order statistics
 * (position p·(m − 1) in the sorted list; "type 7", numpy's and R's default).
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  const at = p * (sorted.length - 1);
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (at - below) * (sorted[above] - sorted[below]);
}
