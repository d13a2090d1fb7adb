import assert from "node:assert/strict";
import fc from "fast-check";
import { bleuFromStats, bleuStats, corpusBleu, sentenceBleu } from "./bleu_metric.ts";
import { nrefsLabel } from "./signature.ts";

const words = fc.array(fc.constantFrom("the", "cat", "sat", "mat", "on", "a", ".", "dog"), {
  maxLength: 12,
}).map((w) => w.join(" "));

Deno.test("corpus BLEU is the aggregation of summed segment statistics", () => {
  fc.assert(fc.property(
    fc.array(fc.tuple(words, fc.array(words, { minLength: 1, maxLength: 3 })), {
      minLength: 1,
      maxLength: 6,
    }),
    (segments) => {
      const hyps = segments.map(([h]) => h);
      const refs = segments.map(([, r]) => r);
      const summed = hyps.map((h, i) => bleuStats(h, refs[i]))
        .reduce((a, b) => a.map((x, i) => x + b[i]));
      const corpus = corpusBleu(hyps, refs);
      const nrefs = nrefsLabel(refs.map((r) => r.length));
      assert.deepEqual(corpus, bleuFromStats(summed, { effectiveOrder: false, nrefs }));
      assert.ok(corpus.score >= 0 && corpus.score <= 1);
    },
  ));
});

Deno.test("sentence scores stay within [0, 1] and identical text scores exactly 1", () => {
  fc.assert(fc.property(words, words, (h, r) => {
    const s = sentenceBleu(h, [r]).score;
    assert.ok(s >= 0 && s <= 1);
  }));
  assert.equal(sentenceBleu("a b c d e", ["a b c d e"]).score, 1);
});

Deno.test("closest reference length: a tie goes to the shorter reference", () => {
  // hypothesis of 3 tokens; references of 2 and 4 tokens are equally close.
  assert.equal(bleuStats("a b c", ["x y z w", "x y"])[1], 2);
  assert.equal(bleuStats("a b c", ["x y", "x y z w"])[1], 2);
});

Deno.test("several references clip by the maximum count of each n-gram", () => {
  const stats = bleuStats("the the the", ["the cat", "the the"]);
  assert.equal(stats[2], 2); // unigram matches: at most two "the" in one reference
});

Deno.test("empty hypothesis gives bp 0, empty reference bp 1, both score 0", () => {
  assert.equal(sentenceBleu("", ["a b"]).bp, 0);
  assert.equal(sentenceBleu("a b", [""]).bp, 1);
  assert.equal(sentenceBleu("", [""]).score, 0);
});

Deno.test("bad shapes are refused with clear errors", () => {
  assert.throws(() => sentenceBleu("a", []), RangeError);
  assert.throws(() => corpusBleu(["a"], []), /one reference list per hypothesis/);
  assert.throws(() => corpusBleu([], []), /at least one segment/);
  assert.throws(() => bleuFromStats([1, 2], { effectiveOrder: true }), TypeError);
});
