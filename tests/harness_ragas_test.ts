// Ragas result tables: our own example (examples/), made-up files in tests/testdata/harness/, and
// the layouts pandas writes, given as text.
import assert from "node:assert/strict";
import { audit } from "../lib/audit/audit.ts";
import { harnessAuditInput } from "../lib/harness/audit_harness_file.ts";
import { readHarnessFile } from "../lib/harness/read_harness_file.ts";
import type { ReadHarnessOptions } from "../lib/harness/types.ts";
import { wilsonInterval } from "../lib/stats/wilson_interval.ts";
import { main as auditMain } from "../cli/audit.ts";
import { capture } from "./_capture.ts";

const DATA = new URL("./testdata/harness/", import.meta.url);
const EXAMPLE = new URL("../examples/returns-desk.ragas.csv", import.meta.url);

async function audited(
  source: Parameters<typeof readHarnessFile>[0],
  options?: ReadHarnessOptions,
) {
  const read = await readHarnessFile(source, options);
  return { read, report: (await audit(harnessAuditInput(read))).toJSON() };
}

function means(report: Awaited<ReturnType<typeof audited>>["report"]) {
  return Object.fromEntries(report.groups.map((g) => [
    g.grader,
    g.scoreMean && [Number(g.scoreMean.mean.toFixed(12)), g.scoreMean.scored, g.scoreMean.unscored],
  ]));
}

Deno.test("Ragas example CSV: every metric × row is an attempt; means over scored rows only", async () => {
  // Read by hand: 10 rows after the header, a pandas index column (blank header), 4 metric
  // columns. Empty cells: faithfulness in rows 3 and 6, answer_relevancy in row 4 → 3 NaN.
  // faithfulness 1, 1, 0, –, 1, 1, –, 1, 0.5, 1 → 6.5 / 8 = 0.8125;
  // answer_relevancy 0.97 0.93 0.88 0.71 – 0.95 0.42 0.96 0.9 0.98 → 7.7 / 9;
  // context_precision nine 0.9999999999 and one 0.49999999995 → 9.49999999905 / 10;
  // context_recall 1 1 1 0.5 1 1 0 1 0.5 1 → 8 / 10.
  const { read, report } = await audited(EXAMPLE);
  assert.deepEqual(read.detected, { harness: "ragas", format: "csv", kind: "table" });
  const t = report.totals;
  assert.deepEqual(
    [t.attempted, t.passed, t.failed, t.errored, t.nan, t.noVerdict],
    [40, 0, 0, 0, 3, 37],
  );
  assert.deepEqual(means(report), {
    faithfulness: [0.8125, 8, 2],
    answer_relevancy: [Number((7.7 / 9).toFixed(12)), 9, 1],
    context_precision: [0.949999999905, 10, 0],
    context_recall: [0.8, 10, 0],
  });
  // The pandas index is the case id; the version is the file's name.
  assert.deepEqual([...new Set(read.rows.map((r) => r.case))], [
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
  ]);
  assert.ok(read.rows.every((r) => r.version === "returns-desk.ragas.csv"));
  // No verdicts without thresholds: no pass rate, and the text says the mean with its count.
  assert.ok(report.groups.every((g) => !g.verdicts && g.scoredOnly === null));
  const text = (await audit(harnessAuditInput(read))).toText({ verbose: true });
  assert.match(text, /mean 0\.813 over 8 of 10 attempts \(2 unscored, left out of the mean\)/);
  assert.match(text, /Ragas' printed summary \(safe_nanmean\) skips NaN silently/);
  assert.match(text, /A NaN can therefore mean errored or undefined/);
});

Deno.test("Ragas with a threshold: the three conventions and the envelope for that metric", async () => {
  // faithfulness ≥ 0.7: 1 1 1 1 1 1 pass (6), 0 and 0.5 fail (2), 2 NaN → scored only 6/8,
  // all attempted 6/10, upper edge 8/10.
  const { read, report } = await audited(EXAMPLE, { thresholds: { faithfulness: 0.7 } });
  const g = report.groups.find((g) => g.grader === "faithfulness")!;
  assert.deepEqual([g.counts.passed, g.counts.failed, g.counts.nan], [6, 2, 2]);
  assert.deepEqual([g.scoredOnly?.rate, g.allAttempted?.rate, g.upperEdge?.rate], [0.75, 0.6, 0.8]);
  const low = wilsonInterval(6, 10, 0.95);
  const high = wilsonInterval(8, 10, 0.95);
  assert.deepEqual([g.envelope?.lower, g.envelope?.upper], [low.lower, high.upper]);
  assert.equal(g.scoreMean, null);
  // The other metrics keep their means, and the notes name the rule.
  assert.deepEqual(
    report.groups.filter((x) => x.scoreMean).map((x) => x.grader),
    ["answer_relevancy", "context_precision", "context_recall"],
  );
  assert.ok(read.harness.notes.some((n) => n.startsWith("Thresholds given: faithfulness ≥ 0.7")));
});

Deno.test("Ragas: a threshold for a metric the file lacks is an error naming the metrics", async () => {
  await assert.rejects(
    () => readHarnessFile(EXAMPLE, { thresholds: { faithfullness: 0.7 } }),
    TypeError,
    'a threshold for "faithfullness": it is not a metric column of this file (metric columns: ' +
      "faithfulness, answer_relevancy, context_precision, context_recall)",
  );
  await assert.rejects(
    () => readHarnessFile(EXAMPLE, { thresholds: { faithfulness: NaN } }),
    RangeError,
  );
});

Deno.test("Ragas to_json(): 0.1.x column names, null as NaN, a text column left aside", async () => {
  // 4 rows; faithfulness 1, 1, 0, null; answer_correctness 0.95, null, 0.12, null; category is
  // text (window, window, refunds, gift cards).
  const { read, report } = await audited(new URL("ragas_to_json.json", DATA));
  assert.deepEqual(read.detected.kind, "columns");
  assert.deepEqual(means(report), {
    faithfulness: [Number((2 / 3).toFixed(12)), 3, 1],
    answer_correctness: [0.535, 2, 2],
  });
  assert.equal(report.totals.nan, 3);
  assert.ok(
    read.harness.notes.some((n) =>
      n.includes("Text columns, not scores and not audited: category")
    ),
  );
});

Deno.test("Ragas JSON lines: a 0/1 metric, null as NaN, text in a metric column unparsed", async () => {
  // harmfulness 0, 0, "n/a"; answer_relevancy 0.91, null, 0.88.
  const { read, report } = await audited(new URL("ragas_records.jsonl", DATA));
  assert.deepEqual(read.detected, { harness: "ragas", format: "jsonl", kind: "records" });
  const t = report.totals;
  assert.deepEqual([t.attempted, t.nan, t.unparsed, t.noVerdict], [6, 1, 1, 4]);
  assert.deepEqual(means(report), { harmfulness: [0, 2, 1], answer_relevancy: [0.895, 2, 1] });
  const unparsed = read.rows.find((r) => r.unparsed)!;
  assert.deepEqual([unparsed.case, unparsed.unparsedReason], [
    "2",
    'harmfulness is "n/a", not a number',
  ]);
});

Deno.test("Ragas layouts pandas writes: records array, split, index, Unnamed: 0, bare NaN", async () => {
  const values = [0.5, NaN, 1];
  const expected = values.map((v, i) => [String(i), v]);
  const layouts: Record<string, string> = {
    records: JSON.stringify(values.map((v, i) => ({ question: `q${i}`, answer: "a", m: v })))
      .replace("null", "NaN"),
    split: JSON.stringify({
      columns: ["question", "answer", "m"],
      index: [0, 1, 2],
      data: values.map((v, i) => [`q${i}`, "a", Number.isNaN(v) ? null : v]),
    }),
    index: JSON.stringify(Object.fromEntries(
      values.map((v, i) => [String(i), { user_input: `q${i}`, response: "a", m: v }]),
    )),
    columns: `{"user_input": {"0": "q0", "1": "q1", "2": "q2"}, "response": {"0": "a", ` +
      `"1": "a", "2": "a"}, "m": {"0": 0.5, "1": NaN, "2": 1.0}}`,
    csv: "Unnamed: 0,user_input,response,m\n0,q0,a,0.5\n1,q1,a,nan\n2,q2,a,1.0\n",
  };
  for (const [kind, text] of Object.entries(layouts)) {
    const { read, report } = await audited({ text, name: `t.${kind}` });
    assert.equal(read.detected.harness, "ragas", kind);
    assert.deepEqual(read.rows.map((r) => [r.case, r.score]), expected, kind);
    assert.deepEqual(means(report), { m: [0.75, 2, 1] }, kind);
  }
});

Deno.test("audit --threshold on a Ragas file: three ways for that metric, means for the rest", async () => {
  const out = await capture(() =>
    auditMain([EXAMPLE.pathname, "--threshold", "faithfulness=0.7", "--seed", "7", "--verbose"])
  );
  assert.equal(out.code, 0, out.stderr);
  assert.match(out.stdout, /faithfulness · \S+: 10 attempts \(6 passed, 2 failed, 2 unscored\)/);
  assert.match(out.stdout, /scored only\s+left out\s+6\s+8\s+75\.0%/);
  assert.match(out.stdout, /context_recall · \S+: 10 attempts \(10 scored, 0 without a usable/);
  assert.match(out.stdout, /percentile bootstrap intervals \(1,000 resamples, seed 7\)/);
  const bad = await capture(() => auditMain([EXAMPLE.pathname, "--threshold", "faith=0.7"]));
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /not a metric column of this file/);
  const six = await capture(() =>
    auditMain([new URL("six_field.csv", DATA).pathname, "--threshold", "exact=0.5"])
  );
  assert.equal(six.code, 2);
  assert.match(six.stderr, /--threshold applies to Ragas files/);
});
