// OpenAI Evals files from tests/testdata/harness/ (made-up content).
import assert from "node:assert/strict";
import { audit } from "../lib/audit/audit.ts";
import { harnessAuditInput } from "../lib/harness/audit_harness_file.ts";
import { readHarnessFile } from "../lib/harness/read_harness_file.ts";

const DATA = new URL("./testdata/harness/", import.meta.url);

Deno.test("OpenAI output items: one row per grader result; an errored item errs for each grader", async () => {
  const read = await readHarnessFile(new URL("openai_output_items.json", DATA));
  assert.equal(read.detected.kind, "output-items");
  assert.deepEqual(
    read.rows.map((r) => [r.case, r.version, r.grader, r.score, r.pass, r.errorKind ?? null]),
    [
      ["1", "run_toy", "exact", 1, true, null],
      ["1", "run_toy", "judge", 6, true, null],
      ["2", "run_toy", "exact", 0, false, null],
      ["2", "run_toy", "judge", 5, true, null],
      ["3", "run_toy", "exact", null, null, "infrastructure"],
      ["3", "run_toy", "judge", null, null, "infrastructure"],
    ],
  );
  assert.equal(read.rows[4].error, "rate_limit_exceeded: Rate limit reached for requests");
  const t = (await audit(harnessAuditInput(read))).toJSON().totals;
  // A judge score of 6 is not "off scale": the criterion's range is not in the file.
  assert.deepEqual([t.attempted, t.passed, t.failed, t.errored, t.unreadable], [6, 3, 1, 2, 0]);
});

Deno.test("OpenAI run: result_counts and per-criterion results are declared, no rows", async () => {
  const read = await readHarnessFile(new URL("openai_run.json", DATA));
  assert.equal(read.aggregateOnly, true);
  assert.deepEqual(read.declared.map((d) => [d.grader ?? null, d.metric, d.value]), [
    [null, "result_counts.total", 3],
    [null, "result_counts.passed", 1],
    [null, "result_counts.passed / result_counts.total", 1 / 3],
    ["exact", "per_testing_criteria_results passed / (passed + failed)", 0.5],
    ["judge", "per_testing_criteria_results passed / (passed + failed)", 1],
  ]);
  assert.ok(
    read.harness.notes.includes(
      "Run run_toy result_counts: total 3, errored 1, failed 1, passed 1.",
    ),
  );
});

Deno.test("OpenAI dashboard export: criteria from grades and passes, errored rows", async () => {
  const read = await readHarnessFile(new URL("openai_dashboard.jsonl", DATA));
  assert.equal(read.detected.kind, "dashboard");
  assert.deepEqual(read.rows.map((r) => [r.case, r.grader, r.pass, r.errorKind ?? null]), [
    ["0", "Tone", true, null],
    ["0", "Exact", true, null],
    ["1", "Tone", false, null],
    ["1", "Exact", false, null],
    ["2", "Tone", null, "model"],
    ["2", "Exact", null, "model"],
  ]);
  const t = (await audit(harnessAuditInput(read))).toJSON().totals;
  assert.deepEqual([t.attempted, t.passed, t.failed, t.errored], [6, 2, 2, 2]);
});
