// DeepEval files: our own example run (examples/) and made-up files in tests/testdata/harness/.
import assert from "node:assert/strict";
import { audit } from "../lib/audit/audit.ts";
import { harnessAuditInput } from "../lib/harness/audit_harness_file.ts";
import { readHarnessFile } from "../lib/harness/read_harness_file.ts";
import { main as auditMain } from "../cli/audit.ts";
import { capture } from "./_capture.ts";

const DATA = new URL("./testdata/harness/", import.meta.url);
const EXAMPLE = new URL("../examples/returns-desk.deepeval.json", import.meta.url);

async function audited(source: URL) {
  const read = await readHarnessFile(source);
  return { read, report: (await audit(harnessAuditInput(read))).toJSON() };
}

Deno.test("DeepEval example run: each case × metric is an attempt, counted per metric", async () => {
  // Counted by reading the file: 6 test cases × (Answer Relevancy, Faithfulness, Hallucination)
  // and one conversational case × (Knowledge Retention, Role Adherence) = 20 attempts.
  // Answer Relevancy: success true on 5, false on rd-003. Faithfulness: true on 4, false on
  // rd-005, an error (timeout) on rd-004. Hallucination: true on 5, false on rd-005 (0.8).
  // Knowledge Retention true, Role Adherence false.
  const { read, report } = await audited(EXAMPLE);
  assert.deepEqual(read.detected, { harness: "deepeval", format: "json", kind: "latest-test-run" });
  const t = report.totals;
  assert.deepEqual([t.attempted, t.passed, t.failed, t.errored, t.nan], [20, 15, 4, 1, 0]);
  const per = Object.fromEntries(
    report.groups.map((g) => [g.grader, [g.counts.passed, g.counts.failed, g.counts.errored]]),
  );
  assert.deepEqual(per, {
    "Answer Relevancy": [5, 1, 0],
    "Faithfulness": [4, 1, 1],
    "Hallucination": [5, 1, 0],
    "Knowledge Retention": [1, 0, 0],
    "Role Adherence": [0, 1, 0],
  });
  // The version is the model named in hyperparameters; the timeout is an infrastructure error.
  assert.ok(report.groups.every((g) => g.version === "returns-assistant-v2"));
  assert.equal(
    report.groups.find((g) => g.grader === "Faithfulness")!.errorKinds.infrastructure,
    1,
  );
  // metricsScores are matched: Faithfulness' 4 / (4 + 1 + 1) is the all-attempted reading.
  const faith = report.groups.find((g) => g.grader === "Faithfulness")!.declared;
  const rate = faith.find((d) => d.metric.startsWith("metricsScores passes /"))!;
  assert.deepEqual([rate.value, rate.matches], [4 / 6, ["allAttempted"]]);
  // testPassed 3 / testFailed 4: rd-004 failed only through its errored metric.
  assert.ok(
    read.harness.notes.some((n) =>
      n.startsWith("Test cases with an errored or NaN metric and no failed one: 1;")
    ),
  );
  assert.ok(read.harness.notes.some((n) =>
    n.includes("testPassed 3 and testFailed 4") &&
    n.includes("3 passed, 3 with a failed metric, 1 with an errored or NaN metric") &&
    n.includes("matches all attempted at case level")
  ));
});

Deno.test("DeepEval: a lower-is-better metric keeps DeepEval's verdict, never score ≥ threshold", async () => {
  const { read } = await audited(EXAMPLE);
  const hallucination = read.rows.filter((r) => r.grader === "Hallucination");
  // Threshold 0.5, lower is better: the file says success for 0.0, 0.2, 0.4, 0.1 and 0.5, and
  // failure for 0.8. Recomputing score ≥ threshold would flip five of the six.
  assert.deepEqual(hallucination.map((r) => [r.case, r.score, r.pass]), [
    ["rd-001", 0, true],
    ["rd-002", 0.2, true],
    ["rd-003", 0.4, true],
    ["rd-004", 0.1, true],
    ["rd-005", 0.8, false],
    ["rd-006", 0.5, true],
  ]);
  assert.ok(
    read.harness.notes.some((n) =>
      n.includes(
        "success flag differs from score ≥ threshold (lower-is-better or custom metrics): 5;",
      )
    ),
  );
});

Deno.test("DeepEval bare run: NaN scores, metrics without a threshold, repeated case names", async () => {
  // 3 cases × 2 metrics: "same" twice (Correctness NaN with success false; Correctness 0.7 true)
  // each with Tone (no threshold, no success: 0.8 and 0.6), and "solo" (Correctness 0.2 false,
  // Toxicity 0.1 true with threshold 0.5, lower is better).
  const { read, report } = await audited(new URL("deepeval_run_full.json", DATA));
  const t = report.totals;
  assert.deepEqual(
    [t.attempted, t.passed, t.failed, t.errored, t.nan, t.noVerdict],
    [6, 2, 1, 0, 1, 2],
  );
  assert.deepEqual([...new Set(read.rows.map((r) => r.case))], ["same #1", "same #2", "solo"]);
  assert.ok(read.rows.every((r) => r.version === "nightly-2026-11-30"));
  // DeepEval counted the NaN row as a fail; here it is a NaN score, unscored.
  const correctness = report.groups.find((g) => g.grader === "Correctness [GEval]")!;
  assert.deepEqual([correctness.counts.nan, correctness.scoredOnly?.trials], [1, 2]);
  // Its fails (2) are not our failures (1): the NaN row is among them. Its pass rate 1 / 3 is the
  // all-attempted reading.
  const fails = correctness.declared.find((d) => d.metric === "metricsScores.fails")!;
  assert.ok(!fails.matches.includes("failed"));
  const rate = correctness.declared.find((d) => d.metric.startsWith("metricsScores passes /"))!;
  assert.deepEqual(rate.matches, ["allAttempted"]);
  // Tone gives scores only: its mean over both rows, with the count.
  const tone = report.groups.find((g) => g.grader === "Tone")!;
  assert.equal(tone.verdicts, false);
  assert.deepEqual([tone.scoreMean?.mean, tone.scoreMean?.scored], [0.7, 2]);
  assert.equal(report.groups.find((g) => g.grader === "Toxicity")!.counts.passed, 1);
});

Deno.test("DeepEval cache and link-only files", async () => {
  const cache = await audited(new URL("deepeval_cache.json", DATA));
  assert.deepEqual(cache.read.rows.map((r) => [r.case, r.grader, r.pass]), [
    ["How long is the return window?", "Answer Relevancy", true],
    ["Can I return opened electronics?", "Answer Relevancy", false],
  ]);
  assert.ok(cache.read.harness.notes[0].startsWith("This is a DeepEval metric cache"));
  assert.equal(cache.read.declared.length, 0);

  const link = await audited(new URL("deepeval_link.json", DATA));
  assert.deepEqual([link.read.rows.length, link.report.groups.length], [0, 0]);
  assert.match(link.read.harness.notes[0], /only a link to results uploaded to Confident AI/);
  // The command line says so, and exits 2: there was nothing to audit.
  const out = await capture(() =>
    auditMain([new URL("deepeval_link.json", DATA).pathname, "--verbose"])
  );
  assert.equal(out.code, 2, out.stderr);
  assert.match(out.stdout, /only a link to results uploaded to Confident AI/);
  assert.match(
    out.stderr,
    /no row of ".*deepeval_link\.json" could be used \(the file has no rows\); the notes on the deepeval/,
  );
});

Deno.test("DeepEval files take no thresholds: they carry their own verdicts", async () => {
  await assert.rejects(
    () => readHarnessFile(EXAMPLE, { thresholds: { "Answer Relevancy": 0.9 } }),
    TypeError,
    "which records its own verdicts; thresholds apply to Ragas files only",
  );
  const out = await capture(() =>
    auditMain([EXAMPLE.pathname, "--threshold", "Answer Relevancy=0.9"])
  );
  assert.equal(out.code, 2);
});
