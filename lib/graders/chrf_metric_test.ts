import assert from "node:assert/strict";
import fc from "fast-check";
import { chrfFromStats, chrfSegment, chrfStats, corpusChrf, sentenceChrf } from "./chrf_metric.ts";

Deno.test("chrF is within [0, 1], 1 for identical text, and ignores whitespace", () => {
  fc.assert(fc.property(fc.string({ maxLength: 15 }), fc.string({ maxLength: 15 }), (h, r) => {
    const s = sentenceChrf(h, [r]).score;
    assert.ok(s >= 0 && s <= 1);
  }));
  assert.equal(sentenceChrf("a b\u00a0c", ["abc"]).score, 1);
  assert.equal(sentenceChrf("", [""]).score, 0);
});

Deno.test("n-grams are over code points, not UTF-16 units", () => {
  const stats = chrfStats("😀😀", ["😀😀"]);
  assert.deepEqual(stats.slice(0, 6), [2, 2, 2, 1, 1, 1]);
});

Deno.test("an order the reference lacks records no hypothesis n-grams", () => {
  const stats = chrfStats("abcd", ["ab"]);
  assert.deepEqual(stats.slice(6, 9), [0, 0, 0]); // order 3: the reference has none
});

Deno.test("best reference: strictly higher wins, so the first wins ties", () => {
  assert.equal(chrfSegment("abc", ["abc", "abc"]).referenceIndex, 0);
  assert.equal(chrfSegment("abc", ["xyz", "abc"]).referenceIndex, 1);
});

Deno.test("corpus chrF sums the selected statistics", () => {
  const hyps = ["the cat", "a dog barks"];
  const refs = [["the cat sat"], ["a dog", "dogs bark"]];
  const summed = hyps.map((h, i) => chrfStats(h, refs[i])).reduce((a, b) =>
    a.map((x, i) => x + b[i])
  );
  const corpus = corpusChrf(hyps, refs);
  assert.deepEqual(corpus.stats, summed);
  assert.equal(corpus.score, chrfFromStats(summed));
  assert.match(corpus.signature, /^nrefs:var\|/);
});
