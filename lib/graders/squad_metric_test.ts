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
  assert.equal(normalizedExactMatch("Paris", ["paris"], ["punct"]), 0);
  assert.throws(() => normalizedExactMatch("x", []), RangeError);
});
