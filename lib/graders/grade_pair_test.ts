import assert from "node:assert/strict";
import { gradePair } from "./grade_pair.ts";
import { GRADER_NAMES } from "./registry.ts";

Deno.test("gradePair grades like the grader and adds the near miss and a reason", () => {
  const r = gradePair(" No ", "No", "exact");
  assert.deepEqual([r.score, r.pass, r.nearMiss], [0, false, ["trim", "underscores"]]);
  assert.equal(r.settings, "exact: strings equal (no normalization)");
  const pass = gradePair("replacement", ["exchange", "replacement"], "exact");
  assert.deepEqual([pass.pass, pass.referenceIndex, pass.reason, pass.nearMiss], [
    true,
    1,
    "passed",
    [],
  ]);
  const graded = gradePair("the cat", "the cat sat", "rouge-l");
  assert.equal(graded.pass, null);
  assert.equal(graded.reason, `score ${graded.score}; no threshold, so no pass or fail`);
  const gated = gradePair("the cat sat", "the cat sat", "bleu", { threshold: 0.5 });
  assert.equal(gated.reason, "score 1 passes: score ≥ 0.5");
});

Deno.test("gradePair: grader settings, schemas and not-judged rows", () => {
  assert.deepEqual(gradePair("Paris", "^PARIS$", "regex").nearMiss, ["case-insensitive"]);
  assert.equal(
    gradePair("PARIS", "paris", "regex", { graderOptions: { ignoreCase: true } }).pass,
    true,
  );
  const schema = { type: "object", required: ["a"] };
  const fenced = gradePair('```json\n{"a": 1}\n```', "", "json-schema", { schema });
  assert.deepEqual([fenced.pass, fenced.nearMiss], [false, ["code-fence"]]);
  const notJudged = gradePair("12", "no number here", "numeric");
  assert.deepEqual([notJudged.pass, notJudged.error, notJudged.nearMiss], [
    null,
    "no-numeric-reference",
    [],
  ]);
  assert.match(notJudged.reason, /has no number; it needs exactly one/);
  assert.equal(gradePair("x", "not json", "json-schema").error, "bad-schema");
});

Deno.test("gradePair refuses unknown graders and thresholds on pass/fail graders", () => {
  assert.throws(() => gradePair("a", "a", "exactly" as never), {
    name: "RangeError",
    message: /Unknown grader "exactly"/,
  });
  assert.throws(() => gradePair("a", "a", "exact", { threshold: 0.5 }), RangeError);
  for (const name of GRADER_NAMES) {
    const r = gradePair("a", "a", name);
    assert.equal(typeof r.reason, "string", name);
  }
});

Deno.test("gradePair: a score a rounding error below its threshold reaches it (within 1e-9)", () => {
  // Sentence BLEU of "Jupiter." against "Jupiter" is 0.49999999999999994 (sacreBLEU shows 50.0).
  const at = gradePair("Jupiter.", "Jupiter", "bleu", { threshold: 0.5 });
  assert.equal(at.pass, true);
  assert.equal(at.reason, "score 0.5 passes: score ≥ 0.5 (within 1e-9 counts as at it)");
  const below = gradePair("Jupiter.", "Jupiter", "bleu", { threshold: 0.50001 });
  assert.equal(below.pass, false);
  assert.equal(below.reason, "score 0.5 is below the threshold 0.50001");
  const f1 = gradePair("x y z", "x y z p q r s", "token-f1", { threshold: 0.6 });
  assert.equal(f1.reason, "score 0.6 passes: score ≥ 0.6");
});
