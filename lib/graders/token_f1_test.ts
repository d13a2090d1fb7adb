import assert from "node:assert/strict";
import { tokenF1Grader } from "./token_f1.ts";

Deno.test("token-f1: graded without a threshold, pass/fail with one", () => {
  const row = { output: "The Denver Broncos", references: ["Broncos", "Denver Broncos"] };
  assert.deepEqual(tokenF1Grader.grade(row), { score: 1, pass: null, referenceIndex: 1 });
  const partial = { output: "Denver", references: ["Denver Broncos"] };
  assert.equal(tokenF1Grader.grade({ ...partial, threshold: 2 / 3 }).pass, true); // score ≥ threshold
  const below = tokenF1Grader.grade({ ...partial, threshold: 0.7 });
  assert.equal(below.pass, false);
  assert.equal(below.score, 2 / 3);
  assert.match(below.reason!, /below the threshold 0.7/);
});

Deno.test("token-f1: thresholds outside [0, 1] are errors, not silent fails", () => {
  const r = tokenF1Grader.grade({ output: "a", references: ["a"], threshold: 50 });
  assert.equal(r.error, "bad-threshold");
  assert.equal(r.pass, null);
  assert.equal(r.referenceIndex, undefined);
  assert.equal(
    tokenF1Grader.grade({ output: "a", references: ["a"], threshold: NaN }).error,
    "bad-threshold",
  );
});

Deno.test("token-f1: empty and unicode rows", () => {
  assert.equal(tokenF1Grader.grade({ output: "", references: [""] }).score, 0);
  assert.equal(
    tokenF1Grader.grade({ output: "Ünïcödé wörds", references: ["wörds"] }).score,
    2 / 3,
  );
  assert.equal(tokenF1Grader.grade({ output: "x", references: [] }).error, "no-reference");
});
