import fc from "fast-check";
import assert from "node:assert/strict";
import { tokenF1Grader } from "./token_f1.ts";
import { tokenF1Best } from "./squad_metric.ts";
import type { SquadStep } from "../text/mod.ts";

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

Deno.test("property: token-f1 grades as tokenF1Best, also where it counts plain ASCII rows itself", () => {
  const word = fc.constantFrom("The", "a", "x", "Y", "y,", "7", "--", "café", "an", "w1", "\t", "");
  const texts = fc.array(word, { maxLength: 8 }).map((ws) => ws.join(" "));
  const frozen = <T extends object>(o: T): T => Object.freeze(o);
  const optionsArb = fc.constantFrom(
    {},
    frozen({ version: 1 as const }),
    frozen({ version: 2 as const }),
    frozen({ steps: frozen(["punct", "lowercase"] as SquadStep[]) }),
  );
  fc.assert(
    fc.property(texts, fc.array(texts, { maxLength: 3 }), optionsArb, (output, references, o) => {
      const got = tokenF1Grader.grade({ output, references }, o);
      if (references.length === 0 && (o as { version?: number }).version !== 2) return;
      const best = tokenF1Best(output, references, o);
      assert.ok(Object.is(got.score, best.value));
      assert.equal(got.referenceIndex, best.referenceIndex < 0 ? undefined : best.referenceIndex);
    }),
    { numRuns: 3_000 },
  );
});
