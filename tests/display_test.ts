/**
 * Every result object displays itself in a notebook: the MIME types of its bundle, capped tables,
 * and values from a file or a model made inert in HTML. Run under `deno test`, which is not a
 * Jupyter kernel, so these tests also show that nothing needs `Deno.jupyter`.
 *
 * @module
 */
import assert from "node:assert/strict";
import { runProcess } from "./_capture.ts";
import {
  $display,
  audit,
  auditCounts,
  evaluate,
  graderTable,
  inJupyter,
  type MimeBundle,
  nearMissList,
  readResults,
  resetPlotlyInlining,
  score,
  scoreBleuChart,
  scoreNearMissChart,
} from "../mod.ts";

const SCRIPT = "<script>window.__verdict_xss=1</script>";
const IMG = `<img src=x onerror="window.__verdict_xss=2">`;
const TABLE_KEYS = ["text/html", "text/plain", "application/json"];
const CHART_KEYS = ["application/vnd.plotly.v1+json", "text/html", "text/plain"];

/** Results whose case ids, versions, references and outputs carry script payloads. */
const HOSTILE = [
  { id: `c1${IMG}`, version: `v${SCRIPT}`, output: `Paris ${SCRIPT}`, expected: "Paris" },
  { id: "c2", version: `v${SCRIPT}`, output: IMG, expected: `Paris${IMG}` },
  { id: "c3", version: `v${SCRIPT}`, output: " paris", expected: "paris" },
  { id: "c4", version: `v${SCRIPT}`, output: "Lyon", expected: `^(Paris|${SCRIPT})$` },
];

const html = (b: MimeBundle) => b["text/html"] as string;

/** No element from the data survived into the HTML: only escaped forms are there. */
function assertInert(markup: string, where: string) {
  assert.ok(!markup.includes("<img"), `${where}: a raw <img> from the data`);
  assert.ok(!/<script>window/.test(markup), `${where}: a raw <script> from the data`);
  assert.ok(!/onerror="window/.test(markup), `${where}: a raw onerror attribute`);
}

/** Verdict's own scripts are the only ones: `count` chart scripts, no others. */
function assertScripts(markup: string, count: number, where: string) {
  assert.equal(markup.match(/<script\b/g)?.length ?? 0, count, `${where}: <script> elements`);
}

Deno.test("display works outside a kernel: deno test is not Jupyter", () => {
  assert.equal(inJupyter(), false);
});

Deno.test("score report, grader table and near-miss list: bundle keys and escaped values", async () => {
  const report = await score(HOSTILE, {
    graders: ["exact", "contains", "regex", "bleu"],
    includeOutput: true,
  });
  const shown = [
    ["score report", report[$display]()],
    ["grader table", graderTable(report, "exact")[$display]()],
    ["regex table", graderTable(report, "regex")[$display]()],
    ["near-miss list", nearMissList(report)[$display]()],
  ] as const;
  for (const [where, bundle] of shown) {
    assert.deepEqual(Object.keys(bundle), TABLE_KEYS, where);
    assertInert(html(bundle), where);
    assertScripts(html(bundle), 0, where);
  }
  for (const [where, bundle] of shown.slice(0, 3)) {
    assert.ok(html(bundle).includes("v&lt;script&gt;window.__verdict_xss=1&lt;/script&gt;"), where);
  }
  const exact = html(shown[1][1]);
  // The output column holds the model's text, escaped, next to the case id.
  assert.ok(exact.includes("c1&lt;img src=x onerror=&quot;window.__verdict_xss=2&quot;&gt;"));
  assert.ok(exact.includes("Paris &lt;script&gt;window.__verdict_xss=1&lt;/script&gt;"));
  // The regex reason quotes the pattern from the file.
  assert.ok(html(shown[2][1]).includes("^(Paris|&lt;script&gt;"));
  // Plain text and JSON keep the values as they are.
  assert.ok((shown[1][1]["text/plain"] as string).includes(`Paris ${SCRIPT}`));
  const json = shown[1][1]["application/json"] as { rows: unknown[][] };
  assert.equal(json.rows[0][0], `c1${IMG}`);
});

Deno.test("score charts: Plotly JSON, offline HTML and text; labels cannot escape", async () => {
  resetPlotlyInlining();
  const report = await score(HOSTILE, { graders: ["exact", "contains", "bleu", "chrf"] });
  const first = await scoreBleuChart(report)[$display]();
  assert.deepEqual(Object.keys(first).sort(), CHART_KEYS);
  assert.ok(html(first).length > 1_000_000, "the first chart of the session carries plotly.js");
  const later = [
    ["chrF chart", await scoreBleuChart(report, { metric: "chrf" })[$display]()],
    ["near-miss chart", await scoreNearMissChart(report)[$display]()],
  ] as const;
  for (const [where, bundle] of later) {
    assert.deepEqual(Object.keys(bundle).sort(), CHART_KEYS, where);
    assert.ok(html(bundle).length < 100_000, `${where}: plotly.js is not sent twice`);
    assertInert(html(bundle), where);
    assertScripts(html(bundle), 1, where);
  }
  // Row ids, outputs and references reach the figure as data, escaped for Plotly's label markup.
  const figure = first["application/vnd.plotly.v1+json"] as {
    data: { x: string[]; customdata: string[][] }[];
  };
  assert.ok(figure.data[0].x[0].startsWith("c1&lt;img src=x"));
  assert.ok(figure.data[0].customdata.flat().some((t) => t.includes("&lt;script&gt;")));
  assert.ok(figure.data[0].customdata.flat().every((t) => !/[<>]/.test(t)));
  // In the chart's script the label is escaped twice: for Plotly, then for <script>.
  assert.ok(html(later[0][1]).includes("c1\\u0026lt;img src=x onerror=\\u0026#34;window"));
});

Deno.test("audit report, envelope chart and counts: bundle keys and escaped values", async () => {
  const base = { version: `m${IMG}`, repeat: 0, grader: `judge${SCRIPT}` };
  const report = await audit([
    { ...base, row: 1, case: `q1${SCRIPT}`, score: 1, pass: true },
    { ...base, row: 2, case: "q2", score: 0, pass: false },
    { ...base, row: 3, case: "q3", score: null, pass: null, error: `timeout ${IMG}` },
    { ...base, row: 4, case: "q4", score: null, pass: null, rawGrade: `maybe ${SCRIPT}` },
  ]);
  const bundle = report[$display]();
  assert.deepEqual(Object.keys(bundle), TABLE_KEYS);
  assertInert(html(bundle), "audit report");
  assertScripts(html(bundle), 0, "audit report");
  assert.ok(html(bundle).includes("timeout &lt;img src=x onerror=&quot;window"));

  resetPlotlyInlining();
  await report.chart()[$display](); // the first chart carries the library
  const chart = await report.chart()[$display]();
  assert.deepEqual(Object.keys(chart).sort(), CHART_KEYS);
  assertInert(html(chart), "envelope chart");
  assertScripts(html(chart), 1, "envelope chart");
  assert.ok((chart["text/plain"] as string).startsWith("Pass rates with 95% Wilson intervals"));

  const counts = auditCounts({ passes: 31, fails: 11, errored: 6, nan: 1, unparsed: 1 })
    [$display]();
  assert.deepEqual(Object.keys(counts), TABLE_KEYS);
  assert.match(counts["text/plain"] as string, /all attempted\s+counted as failures\s+31\s+50/);
});

Deno.test("read report: bundle keys and escaped problems", async () => {
  const text = [
    JSON.stringify({ id: "a", output: SCRIPT, expected: "x" }),
    JSON.stringify({ id: "", output: IMG, expected: "x" }),
    `{"id": "${IMG.replaceAll('"', '\\"')}", "outp`,
  ].join("\n");
  const { report } = await readResults({ text, name: `runs${IMG}.jsonl` });
  const bundle = report[$display]();
  assert.deepEqual(Object.keys(bundle), TABLE_KEYS);
  assertInert(html(bundle), "read report");
  assert.ok(html(bundle).includes("runs&lt;img"));
});

Deno.test("long tables are capped with a 'showing N of M' line and a way to show more", async () => {
  const rows = Array.from({ length: 60 }, (_, i) => ({
    id: `q${i}`,
    output: i % 3 ? "yes" : "no",
    expected: "yes",
  }));
  const report = await score(rows, { graders: ["exact"] });
  const capped = graderTable(report, "exact")[$display]();
  assert.match(html(capped), /showing 25 of 60 rows; pass \{ maxRows: 60 \} to show all/);
  assert.equal((html(capped).match(/<tr>/g) ?? []).length, 26); // header + 25 rows
  const more = graderTable(report, "exact", { maxRows: 60 })[$display]();
  assert.doesNotMatch(html(more), /showing/);
  assert.equal((html(more).match(/<tr>/g) ?? []).length, 61);

  const errored = Array.from({ length: 30 }, (_, i) => ({
    row: i + 1,
    case: `q${i}`,
    version: "v1",
    repeat: 0,
    grader: "judge",
    score: null,
    pass: null,
    error: i < 18 ? "Request timed out" : "",
  }));
  const auditReport = await audit(errored);
  assert.match(html(auditReport[$display]()), /showing 20 of 30 rows; \.show\(\{ maxRows: 30 \}\)/);
  assert.doesNotMatch(html(auditReport.show({ maxRows: 30 })[$display]()), /showing/);
});

Deno.test("importing the module under deno run --allow-read touches no Jupyter API", async () => {
  const script = `
    import { $display, score, auditCounts, inJupyter } from "${new URL(
    "../mod.ts",
    import.meta.url,
  )}";
    const report = await score([{ id: "a", output: "x", expected: "x" }], { graders: ["exact"] });
    const keys = Object.keys(report[$display]());
    console.log(JSON.stringify({ inJupyter: inJupyter(), keys, counts: Object.keys(auditCounts({ passes: 1, fails: 0 })[$display]()) }));
  `;
  const done = await runProcess(["run", "--allow-read", "--quiet", "-"], { stdin: script });
  assert.equal(done.code, 0, done.stderr);
  assert.deepEqual(JSON.parse(done.stdout), {
    inJupyter: false,
    keys: TABLE_KEYS,
    counts: TABLE_KEYS,
  });
});

Deno.test("eval result: bundle keys, metric table and misses with escaped ids, answers and references", async () => {
  const result = await evaluate(HOSTILE.map((r) => ({ ...r, question: `Capital? ${SCRIPT}` })), {
    metrics: ["exact_match", "f1"],
  });
  const bundle = result[$display]();
  assert.deepEqual(Object.keys(bundle), TABLE_KEYS);
  assertInert(html(bundle), "eval result");
  assertScripts(html(bundle), 0, "eval result");
  // The misses hold the answer beside the reference, both escaped, with the hostile id.
  assert.ok(
    html(bundle).includes("c1&lt;img src=x onerror=&quot;window.__verdict_xss=2&quot;&gt;"),
  );
  assert.ok(html(bundle).includes("Paris&lt;img src=x"));
  assert.ok(result.toText({ verbose: true }).includes(`c1${IMG}`));
  assert.match(bundle["text/plain"] as string, /Details not shown: Misses/);
});
