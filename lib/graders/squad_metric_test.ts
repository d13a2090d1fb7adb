import assert from "node:assert/strict";
import { normalizedExactMatch, tokenF1, tokenF1Best } from "./squad_metric.ts";

Deno.test("both sides normalizing to nothing: EM 1, F1 0 (SQuAD v1.1)", () => {
  assert.equal(normalizedExactMatch("", [""]), 1);
  assert.equal(tokenF1("", [""]), 0);
  assert.equal(normalizedExactMatch("The The", ["a"]), 1);
  assert.equal(tokenF1("The The", ["a"]), 0);
});

Deno.test("EM and F1 take their maximum over references separately", () => {
  const refs = ["Broncos", "the Denver Broncos team"];
  assert.equal(normalizedExactMatch("Broncos", refs), 1);
  assert.equal(tokenF1Best("Denver Broncos", refs).referenceIndex, 1);
  assert.equal(tokenF1("Denver Broncos", refs), 0.8);
});

Deno.test("F1 counts repeated tokens as a multiset", () => {
  // prediction: [a, a, b]; reference: [a, b, b] → 2 shared → P = R = 2/3.
  assert.ok(Math.abs(tokenF1("a a b", ["a b b"]) - 2 / 3) < 1e-15);
});

Deno.test("custom steps change exact match", () => {
  assert.equal(normalizedExactMatch("Paris", ["paris"], { steps: ["punct"] }), 0);
  assert.throws(() => normalizedExactMatch("x", []), RangeError);
});

Deno.test("SQuAD v2.0: unanswerable questions and empty answers", () => {
  const v2 = { version: 2 } as const;
  // No reference, or only references that normalize to nothing: the question has no answer.
  assert.equal(tokenF1("", [], v2), 1);
  assert.equal(tokenF1("the", ["a", "  "], v2), 1);
  assert.equal(normalizedExactMatch("The The", ["a"], v2), 1);
  assert.equal(tokenF1("Paris", [], v2), 0);
  // An empty answer to an answerable question scores 0 for both.
  assert.deepEqual([tokenF1("", ["Paris"], v2), normalizedExactMatch("", ["Paris"], v2)], [0, 0]);
  // v1.1 refuses an empty reference list and gives F1 0 when both sides are empty.
  assert.throws(() => tokenF1("", []), RangeError);
  assert.equal(tokenF1("the", ["a"]), 0);
  // An answer that normalizes to nothing is dropped from the gold list, so the index skips it.
  assert.deepEqual(tokenF1Best("Paris", ["the", "Paris"], v2), { value: 1, referenceIndex: 1 });
  assert.deepEqual(tokenF1Best("", [], v2), { value: 1, referenceIndex: -1 });
  assert.throws(() => tokenF1("a", ["a"], { version: 3 as never }), RangeError);
});
