// The length of a longest common subsequence of two id lists by a bit-parallel algorithm
// (Allison–Dix, in Hyyrö's form): the shorter list is the pattern, one bit per position; each id
// of the other list updates a bit vector V of the pattern with the positions where that id occurs
// (its match mask M) by
//
//   U = V & M;  V = (V + U) | (V & ~U)
//
// starting from all ones. After the whole list, the zero bits of V count the LCS length. The sum
// carries from one 32-bit word of V to the next; bits above the pattern's length start at one and
// stay one (their mask bits are zero, so `V & ~U` keeps them), so only the zeros need counting.
// An id that the pattern does not hold leaves V as it is and is skipped.
//
// Cost: (other list's length) × (pattern length / 32) word steps, against the product of the
// lengths for the table of rows.

// Per id: the call (`epoch`) that last saw it in a pattern, and its row in `masks` for that call.
let seen = new Int32Array(1024);
let rowOf = new Int32Array(1024);
let epoch = 0;
// Match masks of the pattern's distinct ids, `words` numbers a row; and the bit vector V.
let masks = new Int32Array(256);
let vector = new Int32Array(8);

/** The number of one bits of a 32-bit integer. */
function ones(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Room in `seen` and `rowOf` for ids up to `id`, keeping what they hold. */
function roomFor(id: number): void {
  let size = seen.length;
  while (size <= id) size *= 2;
  const moreSeen = new Int32Array(size);
  moreSeen.set(seen);
  seen = moreSeen;
  const moreRows = new Int32Array(size);
  moreRows.set(rowOf);
  rowOf = moreRows;
}

/**
 * The LCS length of `a[a0…a1)` and `b[b0…b1)` (ids ≥ 0), as the table of rows gives it.
 *
 * @example Three in common
 * ```ts
 * import { bitLcs } from "./_rouge_bit_lcs.ts";
 * import assert from "node:assert/strict";
 *
 * const a = Int32Array.from([1, 2, 3, 4]);
 * const b = Int32Array.from([1, 3, 4, 2]);
 * assert.equal(bitLcs(a, 0, 4, b, 0, 4), 3);
 * assert.equal(bitLcs(a, 1, 3, b, 0, 4), 1);
 * ```
 */
export function bitLcs(
  a: Int32Array,
  a0: number,
  a1: number,
  b: Int32Array,
  b0: number,
  b1: number,
): number {
  // The shorter range is the pattern.
  if (b1 - b0 < a1 - a0) return bitLcs(b, b0, b1, a, a0, a1);
  const m = a1 - a0;
  if (m === 0) return 0;
  const words = (m + 31) >>> 5;
  if (epoch === 0x7fffffff) {
    seen.fill(0);
    epoch = 0;
  }
  const now = ++epoch;
  // The work arrays in locals, with room for every id of the pattern.
  let top = 0;
  for (let i = a0; i < a1; i++) if (a[i] > top) top = a[i];
  if (top >= seen.length) roomFor(top);
  if (masks.length < m * words) masks = new Int32Array(2 * m * words);
  const seenAt = seen;
  const rowAt = rowOf;
  const maskRows = masks;
  let rows = 0;
  for (let i = 0; i < m; i++) {
    const id = a[a0 + i];
    if (seenAt[id] !== now) {
      seenAt[id] = now;
      rowAt[id] = rows;
      for (let w = 0; w < words; w++) maskRows[rows + w] = 0;
      rows += words;
    }
    maskRows[rowAt[id] + (i >>> 5)] |= 1 << (i & 31);
  }
  const size = seenAt.length;
  if (words === 1) {
    let v = -1;
    for (let j = b0; j < b1; j++) {
      const id = b[j];
      if (id >= size || seenAt[id] !== now) continue;
      const u = v & maskRows[rowAt[id]];
      v = (v + u) | (v & ~u);
    }
    return 32 - ones(v);
  }
  if (vector.length < words) vector = new Int32Array(2 * words);
  const bits = vector;
  bits.fill(-1, 0, words);
  for (let j = b0; j < b1; j++) {
    const id = b[j];
    if (id >= size || seenAt[id] !== now) continue;
    const row = rowAt[id];
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const v = bits[w];
      const u = v & maskRows[row + w];
      const sum = (v >>> 0) + (u >>> 0) + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      bits[w] = (sum | 0) | (v & ~u);
    }
  }
  let zeros = 0;
  for (let w = 0; w < words; w++) zeros += 32 - ones(bits[w]);
  return zeros;
}
