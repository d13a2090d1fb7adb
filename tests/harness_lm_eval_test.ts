// lm-evaluation-harness samples and results from tests/testdata/harness/ (made-up content).
import assert from "node:assert/strict";
import { audit } from "../lib/audit/audit.ts";
import { harnessAuditInput } from "../lib/harness/audit_harness_file.ts";
import { readHarnessFile } from "../lib/harness/read_harness_file.ts";

const DATA = new URL("./testdata/harness/", import.meta.url);

Deno.test("lm-eval samples: each filter is a grader, bare NaN/Infinity, figures from results", async () => {
  // 8 lines = 4 documents × filters strict and flex; strict: 1, 0, NaN, 1; flex: 1, 1, Infinity, 1.
  const read = await readHarnessFile(
    new URL("samples_toy_math_2026-01-02T03-04-05.123456.jsonl", DATA),
  );
  assert.equal(read.detected.kind, "samples");
  assert.equal(read.harness.version, "0.4.9");
  assert.deepEqual(
    read.rows.map((r) => [r.case, r.grader, r.score, r.pass, r.unparsed ?? false]),
    [
      ["0", "exact_match,strict", 1, true, false],
      ["1", "exact_match,strict", 0, false, false],
      ["2", "exact_match,strict", NaN, null, false],
      ["3", "exact_match,strict", 1, true, false],
      ["0", "exact_match,flex", 1, true, false],
      ["1", "exact_match,flex", 1, true, false],
      ["2", "exact_match,flex", null, null, true],
      ["3", "exact_match,flex", 1, true, false],
    ],
  );
  assert.ok(read.rows.every((r) => r.version === "toy/model-7b" && r.repeat === 0));
  assert.equal(read.rows[6].rawGrade, Infinity);
  const notes = read.harness.notes.join("\n");
  assert.match(notes, /f1,strict, f1,flex hold \[gold, prediction\] pairs/);
  assert.match(notes, /Lines holding several generations in one request \(repeats\): 8;/);
  // Only toy_math's own figures are declared (not the toy_suite group, not toy_ratio).
  assert.deepEqual(read.declared.map((d) => [d.grader ?? null, d.value]), [
    ["exact_match,strict", 0.5],
    ["exact_match,flex", 0.75],
    ["f1,strict", 0.6],
    ["f1,flex", 0.8],
    [null, 4],
  ]);

  const report = (await audit(harnessAuditInput(read))).toJSON();
  const match = (grader: string) =>
    report.groups.find((g) => g.grader === grader)!.declared.find((d) => d.kind === "rate")!
      .matches;
  // lm-eval's mean counts every document: the all-attempted reading.
  assert.deepEqual(match("exact_match,strict"), ["allAttempted"]);
  assert.deepEqual(match("exact_match,flex"), ["allAttempted", "unparsedAsFailures"]);
  assert.deepEqual(report.unmatchedDeclared.map((d) => d.grader), ["f1,strict", "f1,flex"]);
});

Deno.test("lm-eval results alone: aggregate only, groups marked, non-rates and N/A noted", async () => {
  const read = await readHarnessFile(new URL("results_2026-01-02T03-04-05.123456.json", DATA));
  assert.equal(read.aggregateOnly, true);
  assert.equal(read.rows.length, 0);
  assert.deepEqual(read.declared.filter((d) => d.kind === "rate").map((d) => d.metric), [
    "exact_match,strict (group toy_suite, aggregated over its subtasks)",
    "exact_match,strict",
    "exact_match,flex",
    "f1,strict",
    "f1,flex",
  ]);
  const notes = read.harness.notes.join("\n");
  assert.match(notes, /toy_ratio declares mae,none = Infinity, which is not a rate/);
  assert.match(notes, /Stderr values that are "N\/A" \(not computable for that metric\): 4\./);
  const report = await audit(harnessAuditInput(read));
  assert.equal(report.toJSON().groups.length, 0);
  assert.equal(report.toJSON().unmatchedDeclared.length, read.declared.length);
});

Deno.test("lm-eval samples alone: named after the file, percent_parseable 0 is unparsed", async () => {
  const read = await readHarnessFile(
    new URL("samples_lonely_task_2026-02-02T00-00-00.000001.jsonl", DATA),
  );
  assert.deepEqual(
    read.rows.map((r) => [r.version, r.case, r.grader, r.score, r.unparsed ?? false]),
    [
      ["lonely_task", "a", "score,none", 0, true],
      ["lonely_task", "b", "score,none", 42.5, false],
    ],
  );
  // 42.5 is a score on no stated scale, with no verdict.
  assert.deepEqual([read.rows[1].binary, read.rows[1].pass], [false, null]);
  assert.deepEqual(read.refused.map((r) => [r.row, r.reason]), [[3, "unreadable"]]);
  const t = (await audit(harnessAuditInput(read))).toJSON().totals;
  assert.deepEqual([t.attempted, t.unparsed, t.noVerdict, t.unreadable, t.refused], [
    2,
    1,
    1,
    0,
    1,
  ]);
});
