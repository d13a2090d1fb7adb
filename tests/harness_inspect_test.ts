// Inspect AI logs from tests/testdata/harness/ (made-up content): a .json log with a bare NaN,
// the same log as .eval zips with deflate and with zstd members, and a crashed .eval.
import assert from "node:assert/strict";
import { audit } from "../lib/audit/audit.ts";
import type { AuditRow } from "../lib/audit/types.ts";
import { harnessAuditInput } from "../lib/harness/audit_harness_file.ts";
import { adaptInspectJson } from "../lib/harness/inspect.ts";
import { readHarnessFile } from "../lib/harness/read_harness_file.ts";

const DATA = new URL("./testdata/harness/", import.meta.url);

const shape = (r: AuditRow) => [r.case, r.repeat, r.grader, r.score, r.pass, r.errorKind ?? null];

// The log's 8 sample × epoch records, in order: C, I, P, "maybe", NaN, C with an error
// (content filter), no score with an error (timeout), "yes".
const EXPECTED = [
  ["1", 1, "match", 1, true, null],
  ["1", 2, "match", 0, false, null],
  ["2", 1, "match", 0.5, false, null],
  ["2", 2, "match", 0, false, null],
  ["3", 1, "match", NaN, null, null],
  ["3", 2, "match", 1, true, "model"],
  ["q-4", 1, "match", null, null, "infrastructure"],
  ["q-4", 2, "match", 1, true, null],
];

Deno.test("Inspect .json log: grades read as value_to_float reads them, errors win over scores", async () => {
  const read = await readHarnessFile(new URL("inspect_log.json", DATA));
  assert.equal(read.detected.format, "json");
  assert.equal(read.harness.version, "0.3.150");
  assert.deepEqual(read.rows.map(shape), EXPECTED);
  assert.deepEqual(read.rows.map((r) => r.version), Array(8).fill("mockllm/toy (toy_task)"));
  assert.equal(read.rows[3].rawGrade, "maybe");
  assert.equal(read.rows[2].binary, true);

  const report = (await audit(harnessAuditInput(read))).toJSON();
  const t = report.totals;
  // The zeroing check moves "maybe" (zeroed by value_to_float) from failed to unparsed.
  assert.deepEqual(
    [t.attempted, t.passed, t.failed, t.errored, t.nan, t.unparsed, t.empty],
    [8, 2, 2, 2, 1, 1, 0],
  );
  const accuracy = report.groups[0].declared.find((d) => d.metric === "accuracy");
  // 0.4 = 2 passes / (4 scored + 1 unparsed): the harness counted the zeroed grade as a failure.
  assert.deepEqual(accuracy?.matches, ["unparsedAsFailures"]);
  assert.ok(read.harness.notes.some((n) => n === "Unscored samples the log counts for match: 1."));
});

Deno.test("Inspect .eval: deflate and zstd members give the rows of the .json log", async () => {
  for (const name of ["inspect_deflate.eval", "inspect_zstd.eval"]) {
    const read = await readHarnessFile(new URL(name, DATA));
    assert.equal(read.detected.format, "eval-zip", name);
    assert.deepEqual(read.rows.map(shape), EXPECTED, name);
    assert.deepEqual(read.problems, [], name);
  }
});

Deno.test("Inspect .eval without header.json: rows from the journal summaries, status started", async () => {
  const read = await readHarnessFile(new URL("inspect_crashed.eval", DATA));
  assert.deepEqual(read.rows.map(shape), EXPECTED);
  assert.ok(read.harness.notes.some((n) => n.includes("no header.json")));
  assert.ok(read.harness.notes.some((n) => n.includes("_journal/summaries/1.json")));
  assert.ok(read.harness.notes.some((n) => n.includes("status started")));
  assert.equal(read.declared.length, 0);
});

Deno.test("Inspect: dict-valued scores give one grader per key, errored samples get each key", async () => {
  const draft = await adaptInspectJson({
    version: 2,
    status: "success",
    eval: { task: "t", model: "m" },
    results: { total_samples: 3, completed_samples: 2, scores: [] },
    samples: [
      { id: "a", epoch: 1, scores: { rubric: { value: { clarity: "C", depth: 0.5 } } } },
      { id: "b", epoch: 1, scores: { rubric: { value: { clarity: "I", depth: null } } } },
      { id: "c", epoch: 1, scores: {}, error: { message: "scorer rubric raised KeyError" } },
    ],
  });
  assert.deepEqual(
    draft.rows.map((r) => [r.case, r.grader, r.score, r.pass, r.errorKind ?? null]),
    [
      ["a", "rubric/clarity", 1, true, null],
      ["a", "rubric/depth", 0.5, null, null],
      ["b", "rubric/clarity", 0, false, null],
      ["b", "rubric/depth", null, null, null],
      ["c", "rubric/clarity", null, null, "grader"],
      ["c", "rubric/depth", null, null, "grader"],
    ],
  );
});

Deno.test("Inspect: a header that disagrees with the samples is reported", async () => {
  const draft = await adaptInspectJson({
    version: 2,
    status: "cancelled",
    eval: { task: "t", model: "m" },
    results: { total_samples: 5, completed_samples: 5, scores: [] },
    samples: [{ id: 1, epoch: 1, scores: { s: { value: true } } }],
  });
  assert.deepEqual(draft.problems.map((p) => p.code), ["rows-missing", "header-count-differs"]);
  assert.ok(draft.harness.notes.some((n) => n.includes("cancelled")));
});
