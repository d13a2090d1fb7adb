// The rows of TER's word edit distance by bits, for the shift search's candidates: a shifted
// hypothesis differs from the current one only over a span, so its distance is its rows up to the
// end of that span joined with the current words' costs to the end. Here a row is two machine
// words (which columns step up by one, which step down; four past 32 reference words), one step
// per hypothesis word (Myers' bit-parallel algorithm, as in `_bit_edit_distance.ts`), instead of
// a row of the table.

/**
 * Rows of the word edit distance (no beam) against one reference of at most 64 words, for one
 * hypothesis at a time (`round`) and for hypotheses that share its start and its end (`through`).
 *
 * @example A block moved to the front
 * ```ts
 * import { BitRows } from "./_ter_bit_rows.ts";
 * import assert from "node:assert/strict";
 *
 * const rows = new BitRows();
 * rows.reset(Int32Array.of(0, 1, 2, 3), 4, 4); // a b c d
 * rows.round(Int32Array.of(2, 3, 0, 1), 4); // c d a b
 * assert.equal(rows.through(Int32Array.of(2, 3, 0, 1), 0, 0), 4);
 * // a b c d: the words before 0 and from 4 on are the current ones.
 * assert.equal(rows.through(Int32Array.of(0, 1, 2, 3), 0, 4), 0);
 * // c a b d: the current words before 1 (and none after 4).
 * assert.equal(rows.through(Int32Array.of(2, 0, 1, 3), 1, 4), 2);
 * assert.equal(rows.through(Int32Array.of(2, 3, 0, 1), 4, 4), 4);
 * ```
 */
export class BitRows {
  /**
   * Per id, two words: the reference positions holding it (bit p of the first for position p < 32,
   * bit p - 32 of the second for the others), then the same counted from the end (position
   * m - 1 - p in place of p).
   */
  #eq = new Int32Array(256);
  #eqBack = new Int32Array(256);
  #m = 0;
  /**
   * After the first i words of the hypothesis, at 4i: the steps up and down along the reference
   * (positions below 32), then those past 32.
   */
  #ahead = new Int32Array(256);
  /** From word i to the end, at 5i: the same steps counted from the reference's end, then the distance. */
  #back = new Int32Array(320);

  /** Start on `ref[0, m)` (1 ≤ m ≤ 64, ids below `symbols`). */
  reset(ref: Int32Array, m: number, symbols: number): void {
    if (this.#eq.length < 2 * symbols) {
      this.#eq = new Int32Array(4 * symbols);
      this.#eqBack = new Int32Array(4 * symbols);
    }
    const eq = this.#eq;
    const eqBack = this.#eqBack;
    eq.fill(0, 0, 2 * symbols);
    eqBack.fill(0, 0, 2 * symbols);
    for (let p = 0; p < m; p++) {
      const q = m - 1 - p;
      eq[2 * ref[p] + (p >> 5)] |= 1 << (p & 31);
      eqBack[2 * ref[p] + (q >> 5)] |= 1 << (q & 31);
    }
    this.#m = m;
  }

  /**
   * Take `hyp[0, n)` as the current words: their rows from the start and to the end; their
   * distance.
   */
  round(hyp: Int32Array, n: number): number {
    if (this.#ahead.length < 4 * (n + 1)) {
      this.#ahead = new Int32Array(8 * (n + 1));
      this.#back = new Int32Array(10 * (n + 1));
    }
    const m = this.#m;
    // The same from the end: both lists read backwards, the distance kept at each row.
    this.#walk(hyp, n - 1, -1, -1, this.#eqBack, this.#back, 5, -1, 0, -1, 0, m);
    return this.#walk(hyp, 0, n, 1, this.#eq, this.#ahead, 4, -1, 0, -1, 0, m);
  }

  /**
   * Rows from `hyp[from]` to before `to` (a step of `dir`), from the given row (row 0 holds j:
   * every step is up), each stored at `(i + (dir > 0 ? 1 : 0)) × size` of `out` with, when
   * `size` is 5, the distance (`score` to start).
   */
  #walk(
    hyp: Int32Array,
    from: number,
    to: number,
    dir: number,
    eq: Int32Array,
    out: Int32Array,
    size: number,
    plus0: number,
    minus0: number,
    plus1: number,
    minus1: number,
    score: number,
  ): number {
    const m = this.#m;
    const wide = m > 32;
    const last = wide ? 1 << (m - 33) : 1 << (m - 1);
    const at0 = dir > 0 ? 0 : (from + 1) * size;
    out[at0] = plus0;
    out[at0 + 1] = minus0;
    out[at0 + 2] = plus1;
    out[at0 + 3] = minus1;
    if (size === 5) out[at0 + 4] = score;
    for (let i = from; i !== to; i += dir) {
      const word = hyp[i];
      const equal0 = eq[2 * word];
      const xv0 = equal0 | minus0;
      const xh0 = ((((equal0 & plus0) + plus0) | 0) ^ plus0) | equal0;
      let hp0 = minus0 | ~(xh0 | plus0);
      let hm0 = plus0 & xh0;
      if (wide) {
        // The lower block's step at its top word goes into the upper block's first.
        const carry = (hp0 & (1 << 31)) !== 0 ? 1 : (hm0 & (1 << 31)) !== 0 ? -1 : 0;
        let equal1 = eq[2 * word + 1];
        const xv1 = equal1 | minus1;
        if (carry < 0) equal1 |= 1;
        const xh1 = ((((equal1 & plus1) + plus1) | 0) ^ plus1) | equal1;
        let hp1 = minus1 | ~(xh1 | plus1);
        let hm1 = plus1 & xh1;
        if ((hp1 & last) !== 0) score++;
        else if ((hm1 & last) !== 0) score--;
        hp1 = hp1 << 1;
        hm1 = hm1 << 1;
        if (carry < 0) hm1 |= 1;
        else if (carry > 0) hp1 |= 1;
        plus1 = hm1 | ~(xv1 | hp1);
        minus1 = hp1 & xv1;
      } else if ((hp0 & last) !== 0) score++;
      else if ((hm0 & last) !== 0) score--;
      hp0 = (hp0 << 1) | 1;
      hm0 = hm0 << 1;
      plus0 = hm0 | ~(xv0 | hp0);
      minus0 = hp0 & xv0;
      const at = (dir > 0 ? i + 1 : i) * size;
      out[at] = plus0;
      out[at + 1] = minus0;
      out[at + 2] = plus1;
      out[at + 3] = minus1;
      if (size === 5) out[at + 4] = score;
    }
    return score;
  }

  /** Row `i`'s cost at column `j` for the current words: i plus the steps below j. */
  #cost(i: number, j: number): number {
    const a = 4 * i;
    const ahead = this.#ahead;
    if (j <= 32) {
      const mask = j === 32 ? -1 : (1 << j) - 1;
      return i + ones(ahead[a] & mask) - ones(ahead[a + 1] & mask);
    }
    const mask = j === 64 ? -1 : (1 << (j - 32)) - 1;
    return i + ones(ahead[a]) - ones(ahead[a + 1]) + ones(ahead[a + 2] & mask) -
      ones(ahead[a + 3] & mask);
  }

  /** Row `i`'s step into column `j + 1` for the current words: +1, 0 or -1. */
  #step(i: number, j: number): number {
    const a = 4 * i + (j < 32 ? 0 : 2);
    const bit = j & 31;
    return ((this.#ahead[a] >>> bit) & 1) - ((this.#ahead[a + 1] >>> bit) & 1);
  }

  /**
   * The moves of one cheapest path for the current words of `n` (as `round` took them), into
   * `trace` (room for n + m); how many. At each cell from the end back, the move the beam's table
   * takes there (`BeamEditDistance`): the diagonal unless a deletion is cheaper, then an insertion
   * if cheaper still (codes 0 same word, 1 other word, 2 a reference word alone, 3 a hypothesis
   * word alone). Where the beam keeps every cheapest path, the cells on them and the moves that
   * reach them cost the same in both tables, and no other move ties with them, so the moves
   * are the beam's.
   */
  trace(hyp: Int32Array, ref: Int32Array, n: number, trace: Uint8Array): number {
    const m = this.#m;
    let k = 0;
    let i = n;
    let j = m;
    // The costs of the cell reached (`here`, row i) and of the one above it (row i - 1): the cells
    // to their left differ from them by their rows' steps into column j, so only a move up a row
    // needs a row's cost counted afresh.
    let here = this.#cost(i, j);
    let above = i > 0 ? this.#cost(i - 1, j) : 0;
    while (i > 0 && j > 0) {
      const same = hyp[i - 1] === ref[j - 1];
      const corner = above - this.#step(i - 1, j - 1);
      let best = corner + (same ? 0 : 1);
      let move = same ? 0 : 1;
      if (above + 1 < best) {
        best = above + 1;
        move = 3;
      }
      const left = here - this.#step(i, j - 1);
      if (left + 1 < best) move = 2;
      trace[k++] = move;
      if (move === 2) {
        here = left;
        above = corner;
        j--;
        continue;
      }
      here = move === 3 ? above : corner;
      i--;
      if (move !== 3) j--;
      above = i > 0 ? this.#cost(i - 1, j) : 0;
    }
    // Along the first row or column: the rest of the reference's words, or of the hypothesis's.
    for (; j > 0; j--) trace[k++] = 2;
    for (; i > 0; i--) trace[k++] = 3;
    for (let a = 0, b = k - 1; a < b; a++, b--) {
      const t = trace[a];
      trace[a] = trace[b];
      trace[b] = t;
    }
    return k;
  }

  /**
   * The distance of `words[0, n)`, which are the current words before `from` (`from` ≤ `to`)
   * and from `to` on: its rows from `from` to `to`, joined at row `to` with the current words'
   * distances to the end (the least over the columns of the sum).
   */
  through(words: Int32Array, from: number, to: number): number {
    const m = this.#m;
    const eq = this.#eq;
    const ahead = this.#ahead;
    let plus0 = ahead[4 * from];
    let minus0 = ahead[4 * from + 1];
    let plus1 = ahead[4 * from + 2];
    let minus1 = ahead[4 * from + 3];
    const wide = m > 32;
    for (let i = from; i < to; i++) {
      const word = words[i];
      const equal0 = eq[2 * word];
      const xv0 = equal0 | minus0;
      const xh0 = ((((equal0 & plus0) + plus0) | 0) ^ plus0) | equal0;
      let hp0 = minus0 | ~(xh0 | plus0);
      let hm0 = plus0 & xh0;
      if (wide) {
        const carry = (hp0 & (1 << 31)) !== 0 ? 1 : (hm0 & (1 << 31)) !== 0 ? -1 : 0;
        let equal1 = eq[2 * word + 1];
        const xv1 = equal1 | minus1;
        if (carry < 0) equal1 |= 1;
        const xh1 = ((((equal1 & plus1) + plus1) | 0) ^ plus1) | equal1;
        let hp1 = (minus1 | ~(xh1 | plus1)) << 1;
        let hm1 = (plus1 & xh1) << 1;
        if (carry < 0) hm1 |= 1;
        else if (carry > 0) hp1 |= 1;
        plus1 = hm1 | ~(xv1 | hp1);
        minus1 = hp1 & xv1;
      }
      hp0 = (hp0 << 1) | 1;
      hm0 = hm0 << 1;
      plus0 = hm0 | ~(xv0 | hp0);
      minus0 = hp0 & xv0;
    }
    // Column j of row `to`: `to` plus the steps below j; from there to the end: the distance of
    // the rest to the reference's last m - j words (`rest`, counted down from column 0's).
    const back = this.#back;
    const b = 5 * to;
    let aheadCost = to;
    let rest = back[b + 4];
    let best = aheadCost + rest;
    if (!wide) {
      // One machine word each: the steps from the start read from bit 0 up, those from the end
      // from bit m - 1 down (moved to bit 31 first), one column at a time.
      let cost = best;
      let up = plus0;
      let down = minus0;
      let backUp = back[b] << (32 - m);
      let backDown = back[b + 1] << (32 - m);
      for (let j = 0; j < m; j++) {
        cost += (up & 1) - (down & 1) - (backUp >>> 31) + (backDown >>> 31);
        if (cost < best) best = cost;
        up >>>= 1;
        down >>>= 1;
        backUp <<= 1;
        backDown <<= 1;
      }
      return best;
    }
    for (let j = 1; j <= m; j++) {
      const k = j - 1; // the step into column j
      const t = m - j; // the same step counted from the end
      const up = k < 32 ? (plus0 >>> k) & 1 : (plus1 >>> (k - 32)) & 1;
      const down = k < 32 ? (minus0 >>> k) & 1 : (minus1 >>> (k - 32)) & 1;
      const backUp = t < 32 ? (back[b] >>> t) & 1 : (back[b + 2] >>> (t - 32)) & 1;
      const backDown = t < 32 ? (back[b + 1] >>> t) & 1 : (back[b + 3] >>> (t - 32)) & 1;
      aheadCost += up - down;
      rest -= backUp - backDown;
      if (aheadCost + rest < best) best = aheadCost + rest;
    }
    return best;
  }
}

/** How many bits of `x` are set. */
function ones(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}
