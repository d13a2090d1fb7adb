import assert from "node:assert/strict";
import fc from "fast-check";
import { lcsOfIds, lcsOnRows, markLcs } from "./_rouge_lcs.ts";

// Id lists over a small alphabet, so that matches, common starts and ends are frequent.
const ids = fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 14 }).map((a) =>
  Int32Array.from(a)
);
const similar = fc.tuple(ids, ids, ids, ids).map(([head, a, b, tail]) => [
  Int32Array.from([...head, ...a, ...tail]),
  Int32Array.from([...head, ...b, ...tail]),
]);
const pair = fc.oneof(fc.tuple(ids, ids), similar);

/** The whole LCS table and rouge-score's walk back through it, as plainly as it is described. */
function plainMarks(ref: Int32Array, can: Int32Array): number[] {
  const t = Array.from({ length: ref.length + 1 }, () => new Array(can.length + 1).fill(0));
  for (let i = 1; i <= ref.length; i++) {
    for (let j = 1; j <= can.length; j++) {
      t[i][j] = ref[i - 1] === can[j - 1]
        ? t[i - 1][j - 1] + 1
        : Math.max(t[i - 1][j], t[i][j - 1]);
    }
  }
  const marked: number[] = [];
  let [i, j] = [ref.length, can.length];
  while (i > 0 && j > 0) {
    if (ref[i - 1] === can[j - 1]) {
      marked.unshift(i - 1);
      i--;
      j--;
    } else if (t[i][j - 1] > t[i - 1][j]) j--;
    else i--;
  }
  return marked;
}

Deno.test("lcsOfIds (common start and end cut off) equals the plain LCS length", () => {
  fc.assert(
    fc.property(pair, ([a, b]) => {
      const plain = lcsOnRows(a, b, new Int32Array(b.length + 1), new Int32Array(b.length + 1));
      assert.equal(lcsOfIds(a, b), plain);
      // Asked again (remembered, also for copies), and the other way round.
      assert.equal(lcsOfIds(a, b), plain);
      assert.equal(lcsOfIds(a.slice(), b.slice()), plain);
      assert.equal(lcsOfIds(b, a), plain);
    }),
    { numRuns: 5_000 },
  );
});

Deno.test("markLcs (common end marked without a table) marks rouge-score's LCS positions", () => {
  fc.assert(
    fc.property(pair, ([ref, can]) => {
      const marks = new Uint8Array(ref.length + 2).fill(0);
      marks[ref.length + 1] = 7;
      markLcs(ref, can, marks);
      const marked = [...marks.subarray(0, ref.length)].flatMap((m, i) => m === 1 ? [i] : []);
      assert.deepEqual(marked, plainMarks(ref, can));
      assert.equal(marks[ref.length + 1], 7);
    }),
    { numRuns: 5_000 },
  );
});

Deno.test("a remembered pair is found by its contents, not taken for another", () => {
  const a = Int32Array.from([1, 2, 3]);
  assert.equal(lcsOfIds(a, Int32Array.from([3, 2, 1])), 1);
  assert.equal(lcsOfIds(Int32Array.from([1, 2, 3]), Int32Array.from([3, 2, 1])), 1);
  assert.equal(lcsOfIds(a, Int32Array.from([3, 2, 1, 3])), 2);
  assert.equal(lcsOfIds(a, Int32Array.from([1, 2, 1])), 2);
  assert.equal(lcsOfIds(Int32Array.from([1, 2]), Int32Array.from([3, 2, 1])), 1);
});

Deno.test("marks add up over several candidates", () => {
  const ref = Int32Array.from([1, 2, 3, 4]);
  const marks = new Uint8Array(4);
  markLcs(ref, Int32Array.from([1, 9]), marks);
  markLcs(ref, Int32Array.from([4]), marks);
  assert.deepEqual([...marks], [1, 0, 0, 1]);
});
