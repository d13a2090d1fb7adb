import assert from "node:assert/strict";
import fc from "fast-check";
import { bitLcs } from "./_rouge_bit_lcs.ts";
import { lcsOnRows } from "./_rouge_lcs.ts";

function plain(a: Int32Array, b: Int32Array): number {
  return lcsOnRows(a, b, new Int32Array(b.length + 1), new Int32Array(b.length + 1));
}

// Lists over small alphabets (many matches) and large ones (ids past the work arrays' first
// size), short and past one, two and three 32-bit words.
// (`size: "max"`: fast-check would otherwise keep arrays to about ten items.)
const list = (max: number, maxLength: number) =>
  fc.array(fc.integer({ min: 0, max }), { maxLength, size: "max" }).map((a) => Int32Array.from(a));
const lists = fc.oneof(
  fc.tuple(list(3, 40), list(3, 40)),
  fc.tuple(list(12, 110), list(12, 110)),
  fc.tuple(list(5000, 70), list(5000, 70)),
  fc.tuple(list(1, 100), list(1, 8)),
);

Deno.test("bitLcs equals the table of rows on whole lists and on ranges", () => {
  fc.assert(
    fc.property(lists, fc.nat(), fc.nat(), ([a, b], cutA, cutB) => {
      assert.equal(bitLcs(a, 0, a.length, b, 0, b.length), plain(a, b));
      assert.equal(bitLcs(b, 0, b.length, a, 0, a.length), plain(a, b));
      const a0 = a.length === 0 ? 0 : cutA % a.length;
      const b1 = b.length === 0 ? 0 : b.length - (cutB % b.length);
      assert.equal(bitLcs(a, a0, a.length, b, 0, b1), plain(a.slice(a0), b.slice(0, b1)));
    }),
    { numRuns: 5_000 },
  );
});

Deno.test("bitLcs across word boundaries: equal lists, and all-one-id lists", () => {
  for (const m of [1, 31, 32, 33, 63, 64, 65, 96, 97, 200]) {
    const a = Int32Array.from({ length: m }, (_, i) => i % 7);
    assert.equal(bitLcs(a, 0, m, a.slice(), 0, m), m);
    const ones = new Int32Array(m).fill(9);
    assert.equal(bitLcs(ones, 0, m, new Int32Array(m + 5).fill(9), 0, m + 5), m);
    assert.equal(bitLcs(ones, 0, m, new Int32Array(m).fill(8), 0, m), 0);
  }
});

Deno.test("bitLcs with ids at the work arrays' sizes (powers of two) as they grow", () => {
  for (let k = 0; k <= 20; k++) {
    for (const id of [(1 << k) - 1, 1 << k]) {
      const a = Int32Array.from([id, 5, id]);
      assert.equal(bitLcs(a, 0, 3, Int32Array.from([id, id]), 0, 2), 2);
      assert.equal(bitLcs(Int32Array.from([id + 1, 5]), 0, 2, a, 0, 3), 1);
    }
  }
});
