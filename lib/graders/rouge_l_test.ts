import assert from "node:assert/strict";
import { rougeLGrader } from "./rouge_l.ts";

Deno.test("rouge-l: best reference, stemmer option, threshold", () => {
  const row = {
    output: "police killed the gunman",
    references: ["the gunman was shot", "police kill the gunman"],
  };
  const plain = rougeLGrader.grade(row);
  assert.equal(plain.referenceIndex, 1);
  assert.equal(plain.score, 0.75);
  assert.equal(rougeLGrader.grade(row, { stemmer: true }).score, 1);
  assert.equal(rougeLGrader.grade({ ...row, threshold: 0.8 }).pass, false);
  assert.equal(rougeLGrader.grade({ ...row, threshold: 0.8 }, { stemmer: true }).pass, true);
});

Deno.test("rouge-l: empty and non-ASCII rows score 0; no reference is not judged", () => {
  assert.equal(rougeLGrader.grade({ output: "", references: ["a b"] }).score, 0);
  assert.equal(rougeLGrader.grade({ output: "Привет мир", references: ["Привет мир"] }).score, 0);
  assert.equal(rougeLGrader.grade({ output: "x", references: [] }).notJudged, true);
  assert.equal(
    rougeLGrader.describe(),
    "rouge-l: LCS F-measure, rouge-score tokenizer, no stemmer, best reference",
  );
});
