// Translation edit rate as sacreBLEU's Tercom re-implementation computes it (`lib_ter.py`): a
// beam-limited word-level Levenshtein distance, plus block shifts tried greedily while one lowers
// the distance. The shift heuristics (which shifts are tried and how ties are broken) follow
// Tercom's, so the edit counts match sacreBLEU's exactly.

import { SymbolTable } from "./_ngram_ids.ts";
import { bitEditDistance } from "./_bit_edit_distance.ts";
import { LineWords } from "./_ter_line_words.ts";
import { TextWords } from "./_ter_text_words.ts";
import { BitRows } from "./_ter_bit_rows.ts";

const COST = 1;
/** Longest block of words moved in one shift. */
const MAX_SHIFT_SIZE = 10;
/** Largest distance between a block's place in the hypothesis and its match in the reference. */
const MAX_SHIFT_DIST = 50;
const BEAM_WIDTH = 25;
/** Rows kept in the prefix cache of one reference. */
const MAX_CACHE_SIZE = 10000;
/** Shift candidates evaluated per segment before giving up on further shifts. */
const MAX_SHIFT_CANDIDATES = 1000;

// Edit operations, as rewriting the hypothesis into the reference.
const NOP = 0;
const SUB = 1;
const INS = 2; // consumes a reference word
const DEL = 3; // consumes a hypothesis word
const UNDEF = 4;

/** A cost no path reaches (costs are whole edit counts, far below it). */
const UNREACHED = 0x3fffffff;

/** The slope of the beam's centre, reference words per hypothesis word. */
function beamRatio(n: number, m: number): number {
  return n > 0 ? m / n : 1;
}

/** How far the beam reaches either side of its centre. */
function beamWidth(ratio: number): number {
  // For very unequal lengths the beam widens so that neighbouring rows still overlap.
  return BEAM_WIDTH < ratio / 2 ? Math.ceil(ratio / 2 + BEAM_WIDTH) : BEAM_WIDTH;
}

/**
 * The cost of one path through the beam of `hyp[0, n)` against `ref[0, m)`, or -1 when it
 * leaves the beam: down the beam's centre (row `i` ends at column `floor(i × ratio)`, row `n` at
 * `m`), each row entered diagonally when its column moves on (a deletion when it does not) and
 * the rest of the way by insertions. The beam's distance is at most this cost and at least the
 * distance without a beam, so when the two are equal so is the beam's distance.
 */
function centrePathCost(hyp: Int32Array, n: number, ref: Int32Array, m: number): number {
  if (n === 0) return m; // row 0 holds every cell
  const ratio = beamRatio(n, m);
  const beam = beamWidth(ratio);
  const width = m + 1;
  let cost = 0;
  let column = 0;
  for (let i = 1; i <= n; i++) {
    // Row i's cells as the beam gives them (see `#low` and `#high`).
    const diagonal = Math.floor(i * ratio);
    const low = Math.max(0, diagonal - beam);
    const high = i === n ? width : Math.min(width, diagonal + beam);
    const to = i === n ? m : Math.min(m, diagonal);
    if (to <= column) {
      if (column < low || column >= high) return -1;
      cost += COST; // a deletion (the column cannot move back)
      continue;
    }
    if (column + 1 < low || to >= high) return -1;
    cost += (hyp[i - 1] === ref[column] ? 0 : COST) + (to - column - 1) * COST;
    column = to;
  }
  return cost;
}

/**
 * True when the beam of `hyp[0, n)` against `ref[0, m)` holds every cell of the table (`n` ≥ 1),
 * so that its distance is the distance without a beam: no row's cells start past column 0
 * (`floor(i × ratio)` is at most `m`, and `m` is at most the beam's reach), and row 1's reach
 * already ends at the last column (later rows' ends only move right; row `n` holds every cell).
 */
function beamHoldsAll(n: number, m: number): boolean {
  const ratio = beamRatio(n, m);
  const beam = beamWidth(ratio);
  return m <= beam && Math.floor(ratio) + beam >= m + 1;
}

/**
 * True when the beam of hypotheses of `n` ≥ 1 words against `m` reference words leaves out no
 * cell that a cheapest path without the beam could pass through, so that every such hypothesis's
 * distance through the beam is its distance without one. A path through cell (i, j) costs at
 * least |i − j| to get there and |(n − i) − (m − j)| from there to the end, and no distance
 * exceeds max(n, m) (a substitution or an insertion or deletion per word of the longer side): it
 * is enough that this least cost is above max(n, m) at every cell left out. Over the cells left
 * out of a row (a run of columns at either end) the least cost, a convex function of i − j that
 * is smallest at 0, is smallest at the run's column nearest to i.
 */
function beamKeepsCheapestPaths(n: number, m: number): boolean {
  const ratio = beamRatio(n, m);
  const beam = beamWidth(ratio);
  const width = m + 1;
  const most = Math.max(n, m);
  /** The least cost through cells with i − j in [from, to]. */
  const least = (from: number, to: number) => {
    const d = Math.min(Math.max(0, from), to);
    return Math.abs(d) + Math.abs(n - m - d);
  };
  for (let i = 1; i <= n; i++) {
    const diagonal = Math.floor(i * ratio);
    const low = Math.max(0, diagonal - beam);
    const high = i === n ? width : Math.min(width, diagonal + beam);
    if (low > 0 && least(i - low + 1, i) <= most) return false; // columns [0, low)
    if (high < width && least(i - m, i - high) <= most) return false; // columns [high, m]
  }
  return true;
}

/**
 * The distance through the beam of `hyp[0, n)` against `ref[0, m)` (`n` ≥ 1), the cost that
 * `BeamEditDistance.distance` gives, worked out in one row (`row`, room for `m + 1`) with no
 * trace and no cache: each cell is the least of the same three moves, and cells outside the beam
 * are never reached (they hold `UNREACHED`; a cell reached only from them holds a little more,
 * still far above any real cost, so no sum below them changes).
 */
function beamDistance(
  hyp: Int32Array,
  n: number,
  ref: Int32Array,
  m: number,
  row: Int32Array,
): number {
  const width = m + 1;
  for (let j = 0; j < width; j++) row[j] = j * COST;
  const ratio = beamRatio(n, m);
  const beam = beamWidth(ratio);
  for (let i = 1; i <= n; i++) {
    const diagonal = Math.floor(i * ratio);
    const low = Math.max(0, diagonal - beam);
    const high = i === n ? width : Math.min(width, diagonal + beam);
    const word = hyp[i - 1];
    let j = low;
    let left = UNREACHED;
    // The cell above-left: the last row's, read before this row writes over it.
    let corner = j > 0 ? row[j - 1] : 0;
    if (low > 0) row.fill(UNREACHED, 0, low);
    if (j === 0) {
      corner = row[0];
      left = row[0] + COST;
      row[0] = left;
      j = 1;
    }
    for (; j < high; j++) {
      const above = row[j];
      let best = corner + (word === ref[j - 1] ? 0 : COST);
      corner = above;
      if (above + COST < best) best = above + COST;
      if (left + COST < best) best = left + COST;
      row[j] = best;
      left = best;
    }
    if (high < width) row.fill(UNREACHED, high, width);
  }
  return row[m];
}

/**
 * Edit distance between a fixed reference and hypotheses of one length, with the rows of each
 * hypothesis prefix cached (shifted hypotheses share prefixes), and the trace of operations.
 * Words are integer ids (equal words, equal ids), so cells compare numbers.
 * Rows live in one growing pair of typed arrays (costs and last operations), addressed by offset.
 *
 * The beam makes this a shortest path through the cells near the diagonal. A shift changes the
 * hypothesis only between two positions, so a shifted hypothesis's distance is its own rows up
 * to the end of the change joined with the costs from there to the end that the unshifted
 * hypothesis has (its rows after the change are the same words at the same places): the
 * smallest sum of the two over that row's cells is the same number the full computation gives.
 */
class BeamEditDistance {
  /** The reference's words: the first `#m` of `#ref`. */
  #ref: Int32Array = new Int32Array(0);
  #m = 0;
  #width = 1;
  #cost = new Int32Array(1024);
  #op = new Uint8Array(1024);
  /** Rows in use: cached ones first, then this call's scratch rows (once the cache is full). */
  #used = 1;
  /**
   * The prefix cache, a tree of hypothesis prefixes (node 0 is the empty one), four numbers per
   * node: its row's offset, its first child, its next sibling (-1 for none) and its last word.
   */
  #tree = new Int32Array(4 * 256).fill(-1);
  #nodes = 1;
  /** The row offsets of the last forward pass (entry i after i hypothesis words). */
  #rows = new Int32Array(64);
  /** Costs to the end, `(n + 1) × width`, filled by `toEnd`. */
  #back = new Int32Array(0);
  /** The trace of the last call with `withTrace`, in `trace[0, traceLength)`. */
  trace = new Uint8Array(64);
  traceLength = 0;

  /** Start on a new reference (its `m` words as ids), forgetting the last one's rows. */
  reset(ref: Int32Array, m: number): void {
    this.#ref = ref;
    this.#m = m;
    const width = this.#width = m + 1;
    if (this.#cost.length < width * 64) {
      this.#cost = new Int32Array(width * 64);
      this.#op = new Uint8Array(width * 64);
    }
    for (let j = 0; j < width; j++) {
      this.#cost[j] = j * COST;
      this.#op[j] = INS;
    }
    this.#used = 1; // row 0: the empty prefix
    this.#tree[0] = 0; // row 0
    this.#tree[1] = -1; // no child yet
    this.#nodes = 1;
  }

  /** The beam: for a hypothesis of `n` words, row `i`'s cells `[low, high)` are computed. */
  #low(i: number, n: number): number {
    if (i === 0) return 0;
    return Math.max(0, Math.floor(i * this.#ratio(n)) - this.#beam(n));
  }

  #high(i: number, n: number): number {
    if (i === 0 || i === n) return this.#width;
    return Math.min(this.#width, Math.floor(i * this.#ratio(n)) + this.#beam(n));
  }

  #ratio(n: number): number {
    return beamRatio(n, this.#m);
  }

  #beam(n: number): number {
    return beamWidth(this.#ratio(n));
  }

  /** A new row, as an offset (its cells are written by the caller). */
  #newRow(): number {
    const w = this.#width;
    if ((this.#used + 1) * w > this.#cost.length) {
      const cost = new Int32Array(this.#cost.length * 2);
      cost.set(this.#cost);
      this.#cost = cost;
      const op = new Uint8Array(this.#op.length * 2);
      op.set(this.#op);
      this.#op = op;
    }
    return this.#used++ * w;
  }

  /** Rows 0..`upTo` of `hyp` (of `n` words) in `#rows`, from the cache where it has them. */
  #forward(hyp: Int32Array, n: number, upTo: number): Int32Array {
    if (this.#rows.length < n + 1) this.#rows = new Int32Array(2 * (n + 1));
    const rows = this.#rows;
    const tree = this.#tree;
    rows[0] = 0;
    let node = 0;
    let start = 0;
    while (start < upTo) {
      const word = hyp[start];
      let child = tree[4 * node + 1];
      while (child >= 0 && tree[4 * child + 3] !== word) child = tree[4 * child + 2];
      if (child < 0) break;
      node = child;
      rows[++start] = tree[4 * node];
    }
    const remember = this.#nodes < MAX_CACHE_SIZE;
    const mark = this.#used;
    const ref = this.#ref;
    const width = this.#width;
    // The beam's bounds as `#low` and `#high` give them, with the ratio and width worked out once.
    const ratio = this.#ratio(n);
    const beam = this.#beam(n);
    for (let i = start + 1; i <= upTo; i++) {
      const at = this.#newRow();
      const cost = this.#cost;
      const op = this.#op;
      const up = rows[i - 1];
      const diagonal = Math.floor(i * ratio);
      const low = Math.max(0, diagonal - beam);
      const high = i === n ? width : Math.min(width, diagonal + beam);
      const word = hyp[i - 1];
      // Cells outside the beam are never reached (the next row reads some of them).
      if (low > 0) cost.fill(UNREACHED, at, at + low);
      if (high < width) cost.fill(UNREACHED, at + high, at + width);
      let j = low;
      /** The cost of the cell to the left (`UNREACHED` left of the beam). */
      let left = UNREACHED;
      if (j === 0) {
        left = cost[up] + COST;
        cost[at] = left;
        op[at] = DEL;
        j = 1;
      }
      // The cell above-left, carried from one cell to the next (it was the one above).
      let corner = cost[up + j - 1];
      for (; j < high; j++) {
        // Preference on equal cost: no-op or substitution, then deletion, then insertion.
        const same = word === ref[j - 1];
        let best = corner + (same ? 0 : COST);
        let how = same ? NOP : SUB;
        const above = cost[up + j];
        corner = above;
        const down = above + COST;
        if (down < best) {
          best = down;
          how = DEL;
        }
        if (left + COST < best) {
          best = left + COST;
          how = INS;
        }
        if (best < UNREACHED) {
          cost[at + j] = best;
          op[at + j] = how;
          left = best;
        } else {
          cost[at + j] = UNREACHED;
          op[at + j] = UNDEF;
          left = UNREACHED;
        }
      }
      rows[i] = at;
      if (remember) {
        if (4 * this.#nodes === this.#tree.length) {
          const grown = new Int32Array(2 * this.#tree.length);
          grown.set(this.#tree);
          this.#tree = grown;
        }
        const tree = this.#tree;
        const child = this.#nodes++;
        tree[4 * child] = at;
        tree[4 * child + 1] = -1;
        tree[4 * child + 2] = tree[4 * node + 1];
        tree[4 * child + 3] = word;
        tree[4 * node + 1] = child;
        node = child;
      }
    }
    // Rows of a full cache are scratch: the next call writes over them.
    if (!remember) this.#used = mark;
    return rows;
  }

  /**
   * The distance from `hyp` (its first `n` words) to the reference; with `withTrace`, the
   * operations of one cheapest path are left in `trace[0, traceLength)`.
   */
  distance(hyp: Int32Array, n: number, withTrace: boolean): number {
    const rows = this.#forward(hyp, n, n);
    if (withTrace) this.#trace(rows, n);
    return this.#cost[rows[n] + this.#m];
  }

  /**
   * For each row `i` ≥ 1 of `hyp`, the cost of the cheapest way from each of its cells to the
   * end (the last cell of row `n`) through the beam's cells, kept for `distanceThrough`.
   */
  toEnd(hyp: Int32Array, n: number): void {
    const ref = this.#ref;
    const m = this.#m;
    const w = this.#width;
    if (this.#back.length < (n + 1) * w) this.#back = new Int32Array((n + 1) * w);
    const back = this.#back;
    // Only the beam's cells are written: they are the only ones read, here (a path never leaves
    // the beam) and by `distanceThrough`. The beam's bounds are `#low`'s and `#high`'s, with the
    // ratio and width worked out once.
    const ratio = this.#ratio(n);
    const beam = this.#beam(n);
    // Row n: from each cell, insertions to the right reach the end.
    let nextLow = Math.max(0, Math.floor(n * ratio) - beam);
    const last = n * w;
    for (let j = m; j >= nextLow; j--) back[last + j] = m - j;
    let nextHigh = w;
    for (let i = n - 1; i >= 1; i--) {
      const at = i * w;
      const below = at + w;
      const diagonal = Math.floor(i * ratio);
      const low = Math.max(0, diagonal - beam);
      const high = Math.min(w, diagonal + beam);
      const word = hyp[i];
      // Costs at or above UNREACHED stand for no way through (they stay far below 2^31), and
      // `distanceThrough` reads them so.
      let right = UNREACHED; // the cell to the right (none right of the beam)
      for (let j = high - 1; j >= low; j--) {
        let best = right + COST; // an insertion
        if (j >= nextLow && j < nextHigh) {
          const down = back[below + j] + COST; // a deletion
          if (down < best) best = down;
        }
        const d = j + 1;
        if (d <= m && d >= nextLow && d < nextHigh) {
          const c = back[below + d] + (word === ref[j] ? 0 : COST);
          if (c < best) best = c;
        }
        back[at + j] = best;
        right = best;
      }
      nextLow = low;
      nextHigh = high;
    }
  }

  /**
   * The distance of `hyp`, which has the same `n` words as the one `toEnd` was last called with
   * from row `from` on: its own rows up to `from`, then the costs to the end.
   */
  distanceThrough(hyp: Int32Array, n: number, from: number): number {
    if (from >= n) return this.distance(hyp, n, false);
    const row = this.#forward(hyp, n, from)[from];
    const cost = this.#cost;
    const back = this.#back;
    const toEnd = from * this.#width;
    let best = UNREACHED;
    const high = this.#high(from, n);
    for (let j = this.#low(from, n); j < high; j++) {
      const a = cost[row + j];
      const b = back[toEnd + j];
      if (a < UNREACHED && b < UNREACHED && a + b < best) best = a + b;
    }
    return best;
  }

  #trace(rows: Int32Array, n: number): void {
    const m = this.#m;
    if (this.trace.length < n + m) this.trace = new Uint8Array(2 * (n + m));
    const trace = this.trace;
    const op = this.#op;
    let k = 0;
    for (let i = n, j = m; i > 0 || j > 0;) {
      const o = op[rows[i] + j];
      trace[k++] = o;
      if (o === NOP || o === SUB) {
        i--;
        j--;
      } else if (o === INS) j--;
      else if (o === DEL) i--;
      else throw new Error(`TER: no path through the edit distance matrix at (${i}, ${j})`);
    }
    for (let a = 0, b = k - 1; a < b; a++, b--) {
      const o = trace[a];
      trace[a] = trace[b];
      trace[b] = o;
    }
    this.traceLength = k;
  }
}

/**
 * From a trace (hypothesis → reference), read as reference → hypothesis: for each reference
 * position the hypothesis position aligned with it, and which words of each side are in error.
 * The arrays are reused from segment to segment (only the first `m` or `n` entries count).
 */
class Alignment {
  align = new Int32Array(64);
  refErr = new Uint8Array(64);
  hypErr = new Uint8Array(64);

  /** Room for a hypothesis of `n` words and a reference of `m`. */
  size(n: number, m: number): void {
    if (this.align.length < m) {
      this.align = new Int32Array(2 * m);
      this.refErr = new Uint8Array(2 * m);
    }
    if (this.hypErr.length < n) this.hypErr = new Uint8Array(2 * n);
  }

  read(trace: Uint8Array, length: number): void {
    const { align, refErr, hypErr } = this;
    let h = -1;
    let r = 0;
    let e = 0;
    for (let k = 0; k < length; k++) {
      const op = trace[k];
      if (op === NOP || op === SUB) {
        h++;
        align[r] = h;
        const err = op === SUB ? 1 : 0;
        hypErr[e++] = err;
        refErr[r++] = err;
      } else if (op === DEL) {
        // A hypothesis word with no reference word: an insertion when read the other way round.
        h++;
        hypErr[e++] = 1;
      } else {
        align[r] = h;
        refErr[r++] = 1;
      }
    }
  }
}

/** True when any of `flags[from, from + length)` (cut at `end`) is set. */
function anySet(flags: Uint8Array, from: number, length: number, end: number): boolean {
  const to = Math.min(end, from + length);
  for (let i = from; i < to; i++) if (flags[i] !== 0) return true;
  return false;
}

/** Copy `words[from, to)` (cut at `n`) into `out` at `k`; the next free index. */
function copyInto(
  out: Int32Array,
  k: number,
  words: Int32Array,
  from: number,
  to: number,
  n: number,
): number {
  const end = Math.min(to, n);
  for (let i = from; i < end; i++) out[k++] = words[i];
  return k;
}

/**
 * Of the `n` words of `words` with `[start, start + length)` moved to before position `target` (of
 * the original list), as Tercom moves them (spans end at the list's end, as slices do), write
 * into `out` those from the earlier of `start` and `target` up to the end of the changed span,
 * and return that end: before and after the span the moved list holds the words of `words`.
 */
function shiftSpanInto(
  out: Int32Array,
  words: Int32Array,
  n: number,
  start: number,
  length: number,
  target: number,
): number {
  if (target < start) {
    // The block, then the words it jumped over.
    const k = copyInto(out, target, words, start, start + length, n);
    return copyInto(out, k, words, target, start, n);
  }
  // The words the block jumps over (those up to `target`, or `length` more when the target is
  // within the block's own reach), then the block.
  const over = target > start + length ? target : length + target;
  const k = copyInto(out, start, words, start + length, over, n);
  return copyInto(out, k, words, start, start + length, n);
}

function grownBytes(a: Uint8Array<ArrayBuffer>, size: number): Uint8Array<ArrayBuffer> {
  return a.length >= size ? a : new Uint8Array(Math.max(size, 2 * a.length));
}

function grownInts(a: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  return a.length >= size ? a : new Int32Array(Math.max(size, 2 * a.length));
}

/**
 * Tercom's greedy shift search on one segment, its words as ids in reused buffers. Shortcuts that
 * cannot change the count (`prune`, on unless a test compares with the plain search, which
 * measures every candidate's distance in full):
 *
 * - A candidate's distance is its rows up to the end of the shifted span joined with the costs
 *   from there to the end that the unshifted words have (`toEnd`, `distanceThrough`).
 * - A round stops before looking for shifts when the distance is at most one above the least
 *   any order of the hypothesis's words can have: `max(n, m)` less the words the two sides have
 *   in common (counted with repeats), since a path of the edit distance matches at most that
 *   many words and every other word of the longer side costs an edit. No shift can then lower
 *   the total: one that gains 2 would go under the least, and one that gains 1 costs the 1 it
 *   saves (it is taken, and the next round, at the least, takes none). After a shift, the next
 *   round's distance is the one the winning candidate was measured at, so when that is already
 *   close enough the round is not run at all.
 * - Blocks are looked for only at the reference positions holding the block's first word (a
 *   list per word), in the same order as the scan over every position, which skips the others
 *   at their first word.
 * - A segment whose first distance is within one of the least stops without the beam table when
 *   the bit-parallel distance is provably the beam's (`beamHoldsAll`, the centre path,
 *   `beamKeepsCheapestPaths`) or on a one-row beam distance (`beamDistance`).
 * - Where the beam keeps every cheapest path (`beamKeepsCheapestPaths`, references of up to 64
 *   words), each round runs on rows of bits (`BitRows`): its distance, its trace and every
 *   candidate's distance, with no beam table.
 */
class ShiftSearch {
  /** The reference's words, then the hypothesis's, as ids (equal words, equal ids). */
  ref = new Int32Array(64);
  hyp = new Int32Array(64);
  #scratch = new Int32Array(64);
  #best = new Int32Array(64);
  /** Per id: its first reference position (-1 for none); per position: the next of its word. */
  #firstAt = new Int32Array(128);
  #nextAt = new Int32Array(64);
  #counts = new Int32Array(128);
  readonly #aligned = new Alignment();
  readonly #edit = new BeamEditDistance();
  /** Candidates' rows by bits, for references of up to 32 words (see `edits`). */
  readonly #bits = new BitRows();
  #useBits = false;
  /** With bits, the trace of the round's words, in `#trace[0, #traceLength)`. */
  #trace = new Uint8Array(128);
  #traceLength = 0;

  /** The most hypothesis words, reference words and ids that `size` has made room for. */
  #room = [0, 0, 0];

  /** Room for `n` hypothesis words, `m` reference words and `symbols` ids. */
  size(n: number, m: number, symbols: number): void {
    // Arrays only grow: room once made stays.
    if (n <= this.#room[0] && m <= this.#room[1] && symbols <= this.#room[2]) return;
    this.#room = [
      Math.max(n, this.#room[0]),
      Math.max(m, this.#room[1]),
      Math.max(symbols, this.#room[2]),
    ];
    this.ref = grownInts(this.ref, m);
    this.hyp = grownInts(this.hyp, n);
    this.#scratch = grownInts(this.#scratch, n);
    this.#best = grownInts(this.#best, n);
    this.#nextAt = grownInts(this.#nextAt, m);
    this.#firstAt = grownInts(this.#firstAt, symbols);
    this.#counts = grownInts(this.#counts, symbols);
    this.#aligned.size(n, m);
  }

  /**
   * The edits (shifts plus the final distance) that turn `hyp[0, n)` into `ref[0, m)` (both
   * filled, ids below `symbols`, `m` > 0).
   */
  edits(n: number, m: number, symbols: number, prune: boolean): number {
    const ref = this.ref;
    // The least distance of any order of the hypothesis's words; from one above it on, no shift
    // lowers the total (see above).
    // (`#counts` is all 0 between calls: the entries used are cleared, not the whole range.)
    const counts = this.#counts;
    const first = this.hyp;
    for (let i = 0; i < n; i++) counts[first[i]]++;
    let common = 0;
    for (let p = 0; p < m; p++) if (counts[ref[p]]-- > 0) common++;
    for (let i = 0; i < n; i++) counts[first[i]] = 0;
    for (let p = 0; p < m; p++) counts[ref[p]] = 0;
    const enough = Math.max(n, m) - common + 1;
    if (prune && m <= 64) {
      // Most segments stop at once, at their first distance: taken without the table when the
      // beam cannot change it (see `bitEditDistance`).
      this.#positions = grownInts(this.#positions, 2 * symbols);
      const plain = bitEditDistance(this.hyp, n, this.ref, m, this.#positions);
      if (plain <= enough) {
        if (plain + Math.abs(n - m) < BEAM_WIDTH || beamHoldsAll(n, m)) return plain;
        // Too unequal lengths for that proof: a path through the beam as cheap as `plain` is.
        if (centrePathCost(this.hyp, n, ref, m) === plain) return plain;
        // Or a beam that leaves out no cell a cheapest path could pass through.
        if (beamKeepsCheapestPaths(n, m)) return plain;
        // Else the beam's own distance, as the first round would measure it (and stop at).
        this.#scratch = grownInts(this.#scratch, m + 1);
        const inBeam = beamDistance(this.hyp, n, ref, m, this.#scratch);
        if (inBeam <= enough) return inBeam;
      }
    }
    // The reference positions of each word, for the search.
    const firstAt = this.#firstAt;
    const nextAt = this.#nextAt;
    firstAt.fill(-1, 0, symbols);
    for (let p = m - 1; p >= 0; p--) {
      nextAt[p] = firstAt[ref[p]];
      firstAt[ref[p]] = p;
    }
    // Where the beam keeps every cheapest path, a candidate's distance through it is its
    // distance without it, measured on rows of bits.
    this.#useBits = prune && m <= 64 && n > 0 && beamKeepsCheapestPaths(n, m);
    const bits = this.#useBits;
    if (bits) this.#bits.reset(ref, m, symbols);
    else this.#edit.reset(ref, m);
    let shifts = 0;
    let checked = 0;
    let known = -1; // the current words' distance, when a candidate measured it
    for (;;) {
      const hyp = this.hyp;
      if (prune && known >= 0 && known <= enough) return shifts + known;
      // With bits, the round's rows (from the start and to the end) are taken at once; the
      // trace only when the search runs.
      const before = bits ? this.#bits.round(hyp, n) : this.#edit.distance(hyp, n, true);
      if (prune && before <= enough) return shifts + before;
      if (bits) {
        this.#trace = grownBytes(this.#trace, n + m);
        this.#traceLength = this.#bits.trace(hyp, ref, n, this.#trace);
      }
      // The best shift of this round, ranked as Tercom ranks them (see `#search`).
      const gain = this.#search(n, m, before, checked, prune);
      checked = this.#checked;
      // The words did not change since this round measured them: its distance is theirs.
      if (checked >= MAX_SHIFT_CANDIDATES || gain <= 0) return shifts + before;
      shifts++;
      known = before - gain;
      // The best candidate's words become the hypothesis.
      const next = this.#best;
      this.#best = this.hyp;
      this.hyp = next;
    }
  }

  /**
   * Per id, the reference positions (bits) that hold it, for {@link bitEditDistance}, which leaves
   * it all 0.
   */
  #positions = new Int32Array(128);

  /** Candidates evaluated so far in this segment (set by `#search`). */
  #checked = 0;

  /**
   * Look for the best single shift of `hyp` (whose distance is `before`), leaving its words in
   * `#best`; its gain, or 0 when no candidate was evaluated. Tercom's order: larger gain, then
   * longer block, then earlier block, then earlier target.
   */
  #search(n: number, m: number, before: number, checked: number, prune: boolean): number {
    const hyp = this.hyp;
    const ref = this.ref;
    const ed = this.#edit;
    const scratch = this.#scratch;
    const aligned = this.#aligned;
    if (this.#useBits) aligned.read(this.#trace, this.#traceLength);
    else aligned.read(ed.trace, ed.traceLength);
    const { align, refErr, hypErr } = aligned;
    const firstAt = this.#firstAt;
    const nextAt = this.#nextAt;
    let toEndKnown = false;
    const bits = this.#useBits;
    let found = false;
    let bestGain = 0;
    let bestLength = 0;
    let bestStart = 0;
    let bestTarget = 0;
    scan: for (let start = 0; start < n; start++) {
      // Reference positions in order: those holding the block's first word, or all of them.
      let refStart = prune ? firstAt[hyp[start]] : 0;
      for (; refStart >= 0 && refStart < m; refStart = prune ? nextAt[refStart] : refStart + 1) {
        if (Math.abs(refStart - start) > MAX_SHIFT_DIST) continue;
        for (let length = 1; length <= MAX_SHIFT_SIZE; length++) {
          if (hyp[start + length - 1] !== ref[refStart + length - 1]) break;
          // Only blocks that are wrong where they are and match where they would go, and never
          // within themselves.
          const useful = anySet(hypErr, start, length, n) && anySet(refErr, refStart, length, m) &&
            !(start <= align[refStart] && align[refStart] < start + length);
          if (useful) {
            let previous = -1;
            for (let offset = -1; offset < length; offset++) {
              const target = refStart + offset === -1 ? 0 : align[refStart + offset] + 1;
              if (target === previous) continue;
              previous = target;
              // The candidate's words differ from the current ones only in [changedFrom,
              // changedTo): with bits, only those are written (`through` reads no other).
              const changedFrom = Math.min(start, target);
              const changedTo = shiftSpanInto(scratch, hyp, n, start, length, target);
              if (!bits) {
                copyInto(scratch, 0, hyp, 0, changedFrom, n);
                copyInto(scratch, changedTo, hyp, changedTo, n, n);
              }
              if (prune && !toEndKnown && !bits) {
                ed.toEnd(hyp, n); // (with bits, `round` took the rows to the end)
                toEndKnown = true;
              }
              // The plain search measures every candidate in full.
              const gain = before -
                (!prune
                  ? ed.distance(scratch, n, false)
                  : bits
                  ? this.#bits.through(scratch, changedFrom, changedTo)
                  : ed.distanceThrough(scratch, n, changedTo));
              checked++;
              if (
                !found ||
                better(gain, length, start, target, bestGain, bestLength, bestStart, bestTarget)
              ) {
                found = true;
                bestGain = gain;
                bestLength = length;
                bestStart = start;
                bestTarget = target;
                const best = this.#best;
                for (let i = 0; i < changedFrom; i++) best[i] = hyp[i];
                for (let i = changedFrom; i < changedTo; i++) best[i] = scratch[i];
                for (let i = changedTo; i < n; i++) best[i] = hyp[i];
              }
            }
            if (checked >= MAX_SHIFT_CANDIDATES) break scan;
          }
          if (start + length === n || refStart + length === m) break;
        }
      }
    }
    this.#checked = checked;
    return found ? bestGain : 0;
  }
}

/** Tercom's order: larger gain, then longer block, then earlier block, then earlier target. */
function better(
  gain: number,
  length: number,
  start: number,
  target: number,
  bestGain: number,
  bestLength: number,
  bestStart: number,
  bestTarget: number,
): boolean {
  if (gain !== bestGain) return gain > bestGain;
  if (length !== bestLength) return length > bestLength;
  if (start !== bestStart) return start < bestStart;
  return target < bestTarget;
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The number of edits (insertions, deletions, substitutions and block shifts, each costing 1)
 * that turn `hyp` into `ref`, and the reference length, as sacreBLEU's
 * `translation_edit_rate` gives them. An empty reference takes one edit per hypothesis word.
 * `prune` (default on) takes the shortcuts of {@link ShiftSearch}; off, the plain search runs
 * (for tests that hold the two equal).
 */
export function translationEditRate(
  hyp: readonly string[],
  ref: readonly string[],
  prune = true,
): { edits: number; refLength: number } {
  if (ref.length === 0) return { edits: hyp.length, refLength: 0 };
  if (sameWords(hyp, ref)) return { edits: 0, refLength: ref.length }; // no shift lowers zero
  // Words as ids: equal words get equal ids, so every comparison below is between numbers.
  words.reset();
  search.size(hyp.length, ref.length, hyp.length + ref.length);
  for (let i = 0; i < ref.length; i++) search.ref[i] = words.add(ref[i]);
  for (let i = 0; i < hyp.length; i++) search.hyp[i] = words.add(hyp[i]);
  return {
    edits: search.edits(hyp.length, ref.length, words.size, prune),
    refLength: ref.length,
  };
}

/** How many words a text of words joined by single spaces has. */
function countWords(tokens: string): number {
  if (tokens === "") return 0;
  let n = 1;
  for (let at = tokens.indexOf(" "); at >= 0; at = tokens.indexOf(" ", at + 1)) n++;
  return n;
}

/** Number the words of `tokens` (joined by single spaces) into `out`; how many there are. */
function idsOf(tokens: string, out: Int32Array): number {
  let n = 0;
  let from = 0;
  for (let at = tokens.indexOf(" "); at >= 0; at = tokens.indexOf(" ", from)) {
    out[n++] = words.addSpan(tokens, from, at);
    from = at + 1;
  }
  out[n++] = words.addSpan(tokens, from, tokens.length);
  return n;
}

/** The most words a text of `length` code units has, one space at least between two. */
function mostWords(length: number): number {
  return (length + 1) >> 1;
}

/**
 * {@link translationEditRateOfTokens} of the Tercom tokens of two lines when the tokenizer's only
 * option is `caseSensitive` (its tokens are then the runs of characters other than Python's
 * whitespace of the line, lowercased unless `caseSensitive`), read from the lines themselves with
 * no tokenizing first: ASCII lines as bytes (`LineWords`), others by code unit after lowercasing
 * (`TextWords`).
 *
 * @example Lines read as the tokenizer reads them
 * ```ts
 * import { translationEditRateOfLines } from "./_ter_edit_distance.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(translationEditRateOfLines("on the mat The cat sat", "the cat sat on the mat", false), {
 *   edits: 1,
 *   refLength: 6,
 * });
 * assert.deepEqual(translationEditRateOfLines("  the\tCat ", "the cat", false), { edits: 0, refLength: 2 });
 * assert.deepEqual(translationEditRateOfLines("the Cat", "the cat", true), { edits: 1, refLength: 2 });
 * assert.deepEqual(translationEditRateOfLines("un Chaté\u00a0", "un chaté", false), { edits: 0, refLength: 2 });
 * ```
 */
export function translationEditRateOfLines(
  hyp: string,
  ref: string,
  caseSensitive: boolean,
  prune = true,
): { edits: number; refLength: number } {
  // Lowercasing turns no character into whitespace nor whitespace into anything else, so a
  // line's word count (at most `mostWords` of its length) is its lowercased form's too.
  const most = mostWords(hyp.length);
  const mostRef = mostWords(ref.length);
  search.size(most, mostRef, most + mostRef);
  const refIds = search.ref;
  const hypIds = search.hyp;
  lineWords.reset(most + mostRef);
  let m = lineWords.number(ref, refIds, caseSensitive);
  let n = m < 0 ? -1 : lineWords.number(hyp, hypIds, caseSensitive);
  let symbols = lineWords.size;
  if (n < 0) {
    textWords.reset(most + mostRef);
    m = textWords.number(caseSensitive ? ref : ref.toLowerCase(), refIds);
    n = textWords.number(caseSensitive ? hyp : hyp.toLowerCase(), hypIds);
    symbols = textWords.size;
  }
  if (m === 0) return { edits: n, refLength: 0 };
  if (n === m) {
    // The same words take no edit (no shift lowers zero).
    let i = 0;
    while (i < n && hypIds[i] === refIds[i]) i++;
    if (i === n) return { edits: 0, refLength: m };
  }
  return { edits: search.edits(n, m, symbols, prune), refLength: m };
}

/**
 * {@link translationEditRate} on two texts of words joined by single spaces (as the Tercom
 * tokenizer gives them), without splitting them into strings.
 *
 * @example Equal to the word-list form
 * ```ts
 * import { translationEditRateOfTokens } from "./_ter_edit_distance.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(translationEditRateOfTokens("on the mat the cat sat", "the cat sat on the mat"), {
 *   edits: 1,
 *   refLength: 6,
 * });
 * assert.deepEqual(translationEditRateOfTokens("a b", ""), { edits: 2, refLength: 0 });
 * ```
 */
export function translationEditRateOfTokens(
  hyp: string,
  ref: string,
  prune = true,
): { edits: number; refLength: number } {
  if (ref === "") return { edits: countWords(hyp), refLength: 0 };
  const m = countWords(ref);
  if (hyp === ref) return { edits: 0, refLength: m }; // no shift lowers zero
  const n = countWords(hyp);
  words.reset();
  search.size(n, m, n + m);
  idsOf(ref, search.ref);
  if (n > 0) idsOf(hyp, search.hyp);
  return { edits: search.edits(n, m, words.size, prune), refLength: m };
}

// Reused from call to call.
const words = new SymbolTable();
const lineWords = new LineWords();
const textWords = new TextWords();
const search = new ShiftSearch();
