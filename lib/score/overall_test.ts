import assert from "node:assert/strict";
import { binaryGraderOverall, type OverallInput, overallSettings } from "./overall.ts";
import type { GradeResult, GraderName } from "../graders/mod.ts";

const PASS: GradeResult = { score: 1, pass: true };
const FAIL: GradeResult = { score: 0, pass: false, reason: "differs" };
const OPEN: GradeResult = { score: NaN, pass: null, error: "no-schema", notJudged: true };
const ERR: GradeResult = { score: NaN, pass: null, error: "bad-pattern" };

function row(...pairs: [GraderName, GradeResult][]): OverallInput[] {
  return pairs.map(([grader, result]) => ({ grader, result }));
}

function verdict(r: GradeResult) {
  return r.pass === null ? r.error : r.pass;
}

Deno.test("all pass: fail if any failed, pass if all passed, undecided otherwise", () => {
  assert.equal(verdict(binaryGraderOverall("all", row(["exact", PASS], ["contains", PASS]))), true);
  assert.equal(
    verdict(binaryGraderOverall("all", row(["exact", PASS], ["contains", FAIL]))),
    false,
  );
  // a failure decides even when another grader did not judge
  assert.equal(
    verdict(binaryGraderOverall("all", row(["exact", FAIL], ["json-schema", OPEN]))),
    false,
  );
  const undecided = binaryGraderOverall("all", row(["exact", PASS], ["json-schema", OPEN]));
  assert.deepEqual([undecided.pass, undecided.error, undecided.notJudged], [
    null,
    "not-judged",
    true,
  ]);
  assert.ok(Number.isNaN(undecided.score));
  assert.equal(undecided.reason, "none failed, but no verdict from: json-schema");
  // a grader error gives no verdict either
  assert.equal(
    verdict(binaryGraderOverall("all", row(["exact", PASS], ["regex", ERR]))),
    "not-judged",
  );
});

Deno.test("any passes: pass if any passed, fail if all failed, undecided otherwise", () => {
  assert.equal(
    verdict(binaryGraderOverall("any", row(["exact", FAIL], ["normalized", PASS]))),
    true,
  );
  assert.equal(
    verdict(binaryGraderOverall("any", row(["exact", PASS], ["json-schema", OPEN]))),
    true,
  );
  assert.equal(
    verdict(binaryGraderOverall("any", row(["exact", FAIL], ["normalized", FAIL]))),
    false,
  );
  const undecided = binaryGraderOverall("any", row(["exact", FAIL], ["numeric", OPEN]));
  assert.deepEqual([undecided.pass, undecided.error], [null, "not-judged"]);
  assert.equal(undecided.reason, "none passed, and no verdict from: numeric");
});

Deno.test("graded graders never count, even with a verdict; none selected is no-binary-grader", () => {
  const graded = row(["bleu", PASS], ["token-f1", FAIL], ["chrf", PASS], ["rouge-l", PASS]);
  for (const rule of ["all", "any"] as const) {
    const r = binaryGraderOverall(rule, graded);
    assert.deepEqual([r.pass, r.error, r.notJudged], [null, "no-binary-grader", undefined]);
    assert.ok(Number.isNaN(r.score));
  }
  assert.equal(verdict(binaryGraderOverall("all", [...graded, ...row(["exact", PASS])])), true);
  assert.equal(verdict(binaryGraderOverall("any", [...graded, ...row(["exact", FAIL])])), false);
});

Deno.test("the settings line names the rule and only the pass/fail graders", () => {
  assert.equal(
    overallSettings("any", ["exact", "token-f1", "regex"]),
    "overall: any passes of exact, regex; undecided when none passed and one was not judged",
  );
  assert.equal(overallSettings("all", ["bleu"]), "overall: all pass of no pass/fail grader");
});
