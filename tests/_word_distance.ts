// The textbook word edit distance, shared by the tests that hold the fast TER distances to it.

/**
 * The edit distance of two word sequences by the whole table: an insertion, a deletion or a
 * substitution costs 1 each, a match 0.
 */
export function wordEditDistance(h: readonly number[], r: readonly number[]): number {
  let row = Array.from({ length: r.length + 1 }, (_, j) => j);
  for (let i = 1; i <= h.length; i++) {
    const next = [i];
    for (let j = 1; j <= r.length; j++) {
      const diagonal = row[j - 1] + (h[i - 1] === r[j - 1] ? 0 : 1);
      next.push(Math.min(diagonal, row[j] + 1, next[j - 1] + 1));
    }
    row = next;
  }
  return row[r.length];
}
