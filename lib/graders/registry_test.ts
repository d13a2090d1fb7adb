import assert from "node:assert/strict";
import fc from "fast-check";
import { GRADERS } from "./registry.ts";
import { BINARY_GRADERS, GRADED_GRADERS, GRADER_NAMES } from "./types.ts";

Deno.test("every grader name has a grader of that name and kind", () => {
  assert.deepEqual(Object.keys(GRADERS).sort(), [...GRADER_NAMES].sort());
  for (const name of GRADER_NAMES) assert.equal(GRADERS[name].name, name);
  for (const name of BINARY_GRADERS) assert.equal(GRADERS[name].kind, "binary");
  for (const name of GRADED_GRADERS) assert.equal(GRADERS[name].kind, "graded");
});

Deno.test("graders that need a reference return not-judged without one; none throws", () => {
  for (const name of GRADER_NAMES) {
    const grader = GRADERS[name];
    const r = grader.grade({ output: "x", references: [] });
    if (grader.needsReference) {
      assert.deepEqual([r.pass, r.error, r.notJudged], [null, "no-reference", true], name);
      assert.ok(Number.isNaN(r.score), name);
    } else {
      assert.equal(r.error, "no-schema", name);
    }
    assert.equal(typeof grader.describe(), "string");
    assert.ok(grader.describe().length > 0, name);
  }
});

Deno.test("binary graders score 1 or 0 and set pass; graded ones need a threshold to pass", () => {
  const row = { output: '{"n": 1}', references: ['{"n": 1}'], schema: { type: "object" } };
  for (const name of BINARY_GRADERS) {
    if (name === "numeric") continue; // this reference holds a number but isn't only one
    const r = GRADERS[name].grade(row);
    assert.deepEqual([r.score, r.pass], [1, true], name);
  }
  for (const name of GRADED_GRADERS) {
    assert.equal(GRADERS[name].grade(row).pass, null, name);
    assert.equal(GRADERS[name].grade({ ...row, threshold: 0.5 }).pass, true, name);
  }
});

Deno.test("no grader throws on arbitrary row text, lone surrogates included", () => {
  const text = fc.string({ unit: "binary", maxLength: 40 });
  fc.assert(
    fc.property(text, fc.array(text, { minLength: 1, maxLength: 3 }), (output, references) => {
      for (const name of GRADER_NAMES) {
        const r = GRADERS[name].grade({ output, references, schema: { type: "string" } });
        assert.ok(r.pass === null || typeof r.pass === "boolean", name);
        if (r.error === undefined) assert.ok(r.score >= 0 && r.score <= 1, name);
        else assert.ok(r.pass === null && Number.isNaN(r.score), name);
      }
    }),
    { numRuns: 300 },
  );
});
