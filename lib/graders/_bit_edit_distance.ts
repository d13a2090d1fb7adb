// Word edit distance by bits (Myers' bit-parallel algorithm, Hyyrö's form), for TER's first
// distance of a segment: one machine word of bits per column instead of a row of the table.
/**
 * The word edit distance (insertions, deletions and substitutions, each costing 1, no beam)
 * between `hyp[0, n)` and `ref[0, m)`, `m` ≤ 64, by bits: Myers' bit-parallel algorithm in
 * Hyyrö's form, one column of the table per hypothesis word. `positions` is scratch with room
 * for two numbers per id (below twice the largest id plus two), all 0, and left all 0: only the
 * reference's ids are written and then cleared, so no call pays for the ids it does not use.
 *
 * It is the beam's distance too when it plus `|n − m|` is below the beam's width: along a
 * cheapest path, a cell (i, j) is off the beam's centre `i × m / n` by at most the path's
 * insertions and deletions so far (|j − i| ≤ their number) plus `i × |n − m| / n`, that is by
 * less than the width, so the whole path is inside the beam, and no path inside it is cheaper
 * than the cheapest of all.
 *
 * @example Two words substituted, one deleted
 * ```ts
 * import { bitEditDistance } from "./_bit_edit_distance.ts";
 * import assert from "node:assert/strict";
 *
 * const hyp = Int32Array.of(0, 1, 2, 3, 4);
 * const ref = Int32Array.of(0, 5, 2, 6);
 * assert.equal(bitEditDistance(hyp, 5, ref, 4, new Int32Array(14)), 3);
 * ```
 */
export function bitEditDistance(
  hyp: Int32Array,
  n: number,
  ref: Int32Array,
  m: number,
  positions: Int32Array,
): number {
  return m <= 32 ? distance32(hyp, n, ref, m, positions) : distance64(hyp, n, ref, m, positions);
}

/** {@link bitEditDistance} for a reference of at most 32 words: one block of bits. */
function distance32(
  hyp: Int32Array,
  n: number,
  ref: Int32Array,
  m: number,
  positions: Int32Array,
): number {
  for (let p = 0; p < m; p++) positions[ref[p]] |= 1 << p;
  const last = 1 << (m - 1);
  // Vertical deltas of the current column: +1 (`plus`) or -1 (`minus`) per reference word.
  let plus = -1;
  let minus = 0;
  let distance = m;
  for (let i = 0; i < n; i++) {
    const equal = positions[hyp[i]];
    const xv = equal | minus;
    const xh = ((((equal & plus) + plus) | 0) ^ plus) | equal;
    let hp = minus | ~(xh | plus);
    let hm = plus & xh;
    if ((hp & last) !== 0) distance++;
    else if ((hm & last) !== 0) distance--;
    // The top row's horizontal delta is +1 (row 0 holds j).
    hp = (hp << 1) | 1;
    hm = hm << 1;
    plus = hm | ~(xv | hp);
    minus = hp & xv;
  }
  for (let p = 0; p < m; p++) positions[ref[p]] = 0;
  return distance;
}

/**
 * {@link distance32} for a reference of 33 to 64 words: two blocks of bits, the lower's
 * horizontal delta at its last word carried into the upper's first (Myers' blocks; a -1
 * coming in counts as a match at the block's first word).
 */
function distance64(
  hyp: Int32Array,
  n: number,
  ref: Int32Array,
  m: number,
  positions: Int32Array,
): number {
  for (let p = 0; p < 32; p++) positions[2 * ref[p]] |= 1 << p;
  for (let p = 32; p < m; p++) positions[2 * ref[p] + 1] |= 1 << (p - 32);
  const top = 1 << 31;
  const last = 1 << (m - 33);
  let plus0 = -1;
  let minus0 = 0;
  let plus1 = -1;
  let minus1 = 0;
  let distance = m;
  for (let i = 0; i < n; i++) {
    const word = hyp[i];
    // The lower block: +1 comes in at its top (row 0 holds j).
    const equal0 = positions[2 * word];
    const xv0 = equal0 | minus0;
    const xh0 = ((((equal0 & plus0) + plus0) | 0) ^ plus0) | equal0;
    let hp0 = minus0 | ~(xh0 | plus0);
    let hm0 = plus0 & xh0;
    const out = (hp0 & top) !== 0 ? 1 : (hm0 & top) !== 0 ? -1 : 0;
    hp0 = (hp0 << 1) | 1;
    hm0 = hm0 << 1;
    plus0 = hm0 | ~(xv0 | hp0);
    minus0 = hp0 & xv0;
    // The upper block, with the lower's delta coming in.
    let equal1 = positions[2 * word + 1];
    const xv1 = equal1 | minus1;
    if (out < 0) equal1 |= 1;
    const xh1 = ((((equal1 & plus1) + plus1) | 0) ^ plus1) | equal1;
    let hp1 = minus1 | ~(xh1 | plus1);
    let hm1 = plus1 & xh1;
    if ((hp1 & last) !== 0) distance++;
    else if ((hm1 & last) !== 0) distance--;
    hp1 = hp1 << 1;
    hm1 = hm1 << 1;
    if (out < 0) hm1 |= 1;
    else if (out > 0) hp1 |= 1;
    plus1 = hm1 | ~(xv1 | hp1);
    minus1 = hp1 & xv1;
  }
  for (let p = 0; p < m; p++) {
    positions[2 * ref[p]] = 0;
    positions[2 * ref[p] + 1] = 0;
  }
  return distance;
}
