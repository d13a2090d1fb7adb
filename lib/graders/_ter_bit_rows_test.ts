import assert from "node:assert/strict";
import fc from "fast-check";
import { BitRows } from "./_ter_bit_rows.ts";
import { wordEditDistance as distance } from "../../tests/_word_distance.ts";

Deno.test("a candidate's distance by bit rows equals the table's, references of 1 to 64 words", () => {
  // Few symbols so that words repeat; references on both sides of 32 words; a candidate is the
  // current words with the span [from, to) replaced by other words (as a shift changes a span).
  const symbol = fc.integer({ min: 0, max: 5 });
  const ref = fc.array(symbol, { minLength: 1, maxLength: 64, size: "max" });
  const hyp = fc.array(symbol, { maxLength: 70, size: "max" });
  const rows = new BitRows();
  fc.assert(
    fc.property(ref, hyp, fc.nat(), fc.nat(), fc.array(symbol), (r, h, a, b, span) => {
      const from = a % (h.length + 1);
      const to = from + b % (h.length - from + 1);
      const words = [...h.slice(0, from), ...span.slice(0, to - from), ...h.slice(to)];
      while (words.length < h.length) words.splice(from, 0, 5);
      rows.reset(Int32Array.from(r), r.length, 6);
      rows.round(Int32Array.from(h), h.length);
      assert.equal(rows.through(Int32Array.from(words), from, to), distance(words, r));
      assert.equal(rows.through(Int32Array.from(h), 0, 0), distance(h, r));
    }),
    { numRuns: 4000 },
  );
});

/**
 * One cheapest path's moves by the whole table, read back from the end as the beam's table
 * prefers them: the diagonal (0 same word, 1 another), unless taking a hypothesis word alone (3)
 * is cheaper, then a reference word alone (2) if cheaper still.
 */
function tableTrace(h: readonly number[], r: readonly number[]): number[] {
  const cost = [Array.from({ length: r.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= h.length; i++) {
    const row = [i];
    for (let j = 1; j <= r.length; j++) {
      const diagonal = cost[i - 1][j - 1] + (h[i - 1] === r[j - 1] ? 0 : 1);
      row.push(Math.min(diagonal, cost[i - 1][j] + 1, row[j - 1] + 1));
    }
    cost.push(row);
  }
  const moves: number[] = [];
  for (let i = h.length, j = r.length; i > 0 || j > 0;) {
    let move = i === 0 ? 2 : 3;
    if (i > 0 && j > 0) {
      const same = h[i - 1] === r[j - 1];
      let best = cost[i - 1][j - 1] + (same ? 0 : 1);
      move = same ? 0 : 1;
      if (cost[i - 1][j] + 1 < best) {
        best = cost[i - 1][j] + 1;
        move = 3;
      }
      if (cost[i][j - 1] + 1 < best) move = 2;
    }
    moves.push(move);
    if (move !== 2) i--;
    if (move !== 3) j--;
  }
  return moves.reverse();
}

Deno.test("the trace by bit rows takes the whole table's moves, references of 1 to 64 words", () => {
  // Few symbols, so that paths tie often and the order of preference decides.
  const symbol = fc.integer({ min: 0, max: 3 });
  const ref = fc.array(symbol, { minLength: 1, maxLength: 64, size: "max" });
  const hyp = fc.array(symbol, { minLength: 1, maxLength: 70, size: "max" });
  const rows = new BitRows();
  fc.assert(
    fc.property(ref, hyp, (r, h) => {
      rows.reset(Int32Array.from(r), r.length, 4);
      const words = Int32Array.from(h);
      rows.round(words, h.length);
      const trace = new Uint8Array(h.length + r.length);
      const k = rows.trace(words, Int32Array.from(r), h.length, trace);
      assert.deepEqual([...trace.slice(0, k)], tableTrace(h, r));
    }),
    { numRuns: 3000 },
  );
});
