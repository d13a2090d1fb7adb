import assert from "node:assert/strict";
import fc from "fast-check";
import { lcsLength, rougeL } from "./rouge_l_metric.ts";

Deno.test("LCS is symmetric and at most the shorter length", () => {
  const tokens = fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 12 });
  fc.assert(fc.property(tokens, tokens, (a, b) => {
    const n = lcsLength(a, b);
    assert.equal(n, lcsLength(b, a));
    assert.ok(n <= Math.min(a.length, b.length));
    assert.equal(lcsLength(a, a), a.length);
  }));
});

Deno.test("best reference by F; P, R and F come from that one reference", () => {
  const r = rougeL("a b c d", ["a b", "a b c d e f"]);
  assert.equal(r.referenceIndex, 1);
  assert.equal(r.precision, 1);
  assert.equal(r.recall, 4 / 6);
  const tie = rougeL("a b", ["a b x", "x a b"]);
  assert.equal(tie.referenceIndex, 0);
});

Deno.test("no tokens on either side gives zeros", () => {
  assert.deepEqual(rougeL("日本語", ["日本語"]), {
    precision: 0,
    recall: 0,
    f: 0,
    referenceIndex: 0,
  });
  assert.deepEqual(rougeL("", ["a"]), { precision: 0, recall: 0, f: 0, referenceIndex: 0 });
  assert.throws(() => rougeL("a", []), RangeError);
});
