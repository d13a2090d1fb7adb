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
