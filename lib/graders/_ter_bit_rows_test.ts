import assert from "node:assert/strict";
import fc from "fast-check";
import { BitRows } from "./_ter_bit_rows.ts";

/** The textbook table: insertions, deletions and substitutions at 1 each. */
function distance(h: number[], r: number[]): number {
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
