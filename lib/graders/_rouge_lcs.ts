// Longest common subsequences of token-id lists for ROUGE-L and ROUGE-Lsum: the length (with the
// common start and end taken off first, which cannot change it), and the positions of one LCS as
// rouge-score's backtracking picks them.
import { bitLcs } from "./_rouge_bit_lcs.ts";

/** The LCS length of `a` and `b` with two rows of at least `b.length + 1` cells as work space. */
export function lcsOnRows<T>(
  a: ArrayLike<T>,
  b: ArrayLike<T>,
  upper: Int32Array,
  lower: Int32Array,
): number {
  let prev = upper;
  let row = lower;
  prev.fill(0, 0, b.length + 1);
  row[0] = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = x === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1]);
    }
    const swap = prev;
    prev = row;
    row = swap;
  }
  return prev[b.length];
}

// The last pairs measured: ROUGE-L and ROUGE-Lsum of a row of one-line texts ask for the same one,
// and the near-miss probe's re-grades ask again for texts changed in ways that keep their tokens
// (case, spacing). A pair is found again by its contents, which costs one pass at most.
const RECENT = 8;
const recentA: Int32Array[] = [];
const recentB: Int32Array[] = [];
const recentLength = new Int32Array(RECENT);
let nextRecent = 0;

/**
 * Whether two id lists hold the same ids in the same order.
 *
 * @example Equal contents, other objects
 * ```ts
 * import { sameIds } from "./_rouge_lcs.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(sameIds(Int32Array.from([1, 2]), Int32Array.from([1, 2])));
 * assert.ok(!sameIds(Int32Array.from([1, 2]), Int32Array.from([2, 1])));
 * ```
 */
export function sameIds(a: Int32Array, b: Int32Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The LCS length of two id lists. The common start and end are matched first (an LCS can always
 * take them), so equal or nearly equal lists cost one pass.
 */
export function lcsOfIds(a: Int32Array, b: Int32Array): number {
  if (a === b) return a.length;
  // The newest first: ROUGE-Lsum asks for the pair ROUGE-L measured last.
  let k = nextRecent;
  for (let tried = 0; tried < recentA.length; tried++) {
    k = (k === 0 ? recentA.length : k) - 1;
    if (sameIds(recentA[k], a) && sameIds(recentB[k], b)) return recentLength[k];
  }
  let start = 0;
  let aEnd = a.length;
  let bEnd = b.length;
  while (start < aEnd && start < bEnd && a[start] === b[start]) start++;
  while (aEnd > start && bEnd > start && a[aEnd - 1] === b[bEnd - 1]) {
    aEnd--;
    bEnd--;
  }
  let length = start + (a.length - aEnd);
  if (aEnd > start && bEnd > start) length += bitLcs(a, start, aEnd, b, start, bEnd);
  recentA[nextRecent] = a;
  recentB[nextRecent] = b;
  recentLength[nextRecent] = length;
  nextRecent = (nextRecent + 1) % RECENT;
  return length;
}

// The full LCS table of `markLcs`, reused from call to call.
let table = new Uint32Array(256);

/**
 * Set `marks[i]` to 1 for the positions `i` of `ref` in one LCS with `can`, the one rouge-score's
 * `_backtrack_norec` reads back from the full LCS table: from the end, the diagonal on equal
 * tokens, otherwise left when the left cell is strictly larger than the upper one, else up.
 *
 * A common end is all diagonal steps, and the table cells the rest of the walk reads depend only
 * on the lists before it: so it is marked without a table, and the table covers what is left.
 * (A common start cannot be cut the same way: the walk may leave it through another match.)
 */
export function markLcs(ref: Int32Array, can: Int32Array, marks: Uint8Array): void {
  let rows = ref.length;
  let cols = can.length;
  while (rows > 0 && cols > 0 && ref[rows - 1] === can[cols - 1]) {
    marks[rows - 1] = 1;
    rows--;
    cols--;
  }
  if (rows === 0 || cols === 0) return;
  const width = cols + 1;
  const size = (rows + 1) * width;
  if (table.length < size) table = new Uint32Array(Math.max(size, 2 * table.length));
  const t = table;
  t.fill(0, 0, width);
  for (let i = 1; i <= rows; i++) {
    const x = ref[i - 1];
    const at = i * width;
    t[at] = 0;
    for (let j = 1; j <= cols; j++) {
      t[at + j] = x === can[j - 1]
        ? t[at - width + j - 1] + 1
        : Math.max(t[at - width + j], t[at + j - 1]);
    }
  }
  let i = rows;
  let j = cols;
  while (i > 0 && j > 0) {
    if (ref[i - 1] === can[j - 1]) {
      marks[i - 1] = 1;
      i--;
      j--;
    } else if (t[i * width + j - 1] > t[(i - 1) * width + j]) j--;
    else i--;
  }
}
