/**
 * The HTML report files (`audit --html`, `score --html`) and the HTML of every displayable
 * result object, opened in headless Chromium with the network cut off: the Plotly charts draw,
 * the tables are there, and no script carried by the data runs. Pages and screenshots are kept in
 * `tests/artifacts/` for people to look at.
 *
 * @module
 */
import assert from "node:assert/strict";
import { runProcess } from "./_capture.ts";

/** Run the CLI as a user would, with only the permissions it documents. */
const cli = (args: string[], allow = ["--allow-read", "--allow-write"]) =>
  runProcess(["run", ...allow, "--quiet", "cli.ts", ...args]);
import { type BrowserCheck, browserMissing, checkHtmlInBrowser } from "./_browser.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const ARTIFACTS = `${ROOT}tests/artifacts`;
const SCRIPT = "<script>window.__verdict_xss=1</script>";
const IMG = `<img src=x onerror="window.__verdict_xss=2">`;

const noBrowser = browserMissing();
if (noBrowser) console.log(`html_reports_test: browser checks skipped: ${noBrowser}`);

/** Everything the browser saw must be clean: charts drawn, no script run, nothing loaded. */
function assertClean(seen: BrowserCheck, plots: number, where: string) {
  assert.equal(seen.xss, false, `${where}: an injected script ran`);
  assert.equal(seen.plots, plots, `${where}: ${seen.plots} of ${plots} charts drew`);
  assert.equal(seen.chartSlots, plots, `${where}: chart slots`);
  assert.deepEqual(seen.consoleErrors, [], `${where}: console errors`);
  assert.deepEqual(seen.blockedRequests, [], `${where}: network requests`);
  // `src=x` in the data is text, so not even that relative load is tried.
  assert.deepEqual(seen.failedRequests, [], `${where}: failed loads`);
}

/** Six-field audit rows whose ids, versions, graders, errors and raw grades carry payloads. */
function hostileRuns(): string {
  const rows = [];
  for (let i = 0; i < 12; i++) {
    rows.push({
      item: i === 0 ? `q0${IMG}` : `q${i}`,
      system: i % 2 ? `model-a${SCRIPT}` : "model-b",
      repeat: 0,
      scorer: `judge${IMG}`,
      score: i % 4 === 3 ? null : i % 3 ? 1 : 0,
      pass: i % 4 === 3 ? null : i % 3 !== 0,
      error: i === 3 ? `timeout ${SCRIPT}` : "",
      raw_grade: i === 7 ? `unsure ${IMG}` : undefined,
    });
  }
  return rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
}

Deno.test({
  name: "audit --html: one offline page with the report and a drawn envelope chart" +
    (noBrowser ? ` (browser skipped: ${noBrowser})` : ""),
  async fn() {
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    const page = `${ARTIFACTS}/audit-report.html`;
    const ran = await cli(["audit", "examples/returns-desk-runs.jsonl", "--html", page]);
    assert.equal(ran.code, 0, ran.stderr);
    const html = await Deno.readTextFile(page);
    assert.equal(html.split("window.Plotly = Plotly").length, 2, "plotly.js is inlined once");
    assert.ok(html.includes("95% Wilson [48.2%, 87.2%]"), "the v2 envelope is in the tables");
    assert.ok(html.includes("Pass rates with 95% Wilson intervals"), "the chart's text is there");
    if (noBrowser) return;
    const seen = await checkHtmlInBrowser(page, {
      expectPlots: 1,
      screenshot: `${ARTIFACTS}/audit-report.png`,
    });
    assertClean(seen, 1, "audit --html");
    // The summary, each version's rates, each version's unscored attempts (folded), the totals.
    assert.equal(seen.tables, 6);
    // The summary and the chart come before the groups.
    assert.ok(html.indexOf("Summary: one line per") < html.indexOf('class="verdict-chart"'));
    assert.ok(html.indexOf('class="verdict-chart"') < html.indexOf("Which number to report"));
    assert.equal(seen.tables, html.match(/<table[\s>]/g)?.length);
  },
});

Deno.test({
  name: "audit --html on a file full of script payloads: nothing runs" +
    (noBrowser ? ` (browser skipped: ${noBrowser})` : ""),
  async fn() {
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    const input = `${ARTIFACTS}/hostile-runs.jsonl`;
    await Deno.writeTextFile(input, hostileRuns());
    const page = `${ARTIFACTS}/audit-hostile.html`;
    const ran = await cli(["audit", input, "--html", page]);
    assert.equal(ran.code, 0, ran.stderr);
    const html = await Deno.readTextFile(page);
    assert.ok(!html.includes("<img"), "no raw <img> from the file");
    assert.ok(!html.includes("<script>window"), "no raw <script> from the file");
    assert.ok(html.includes("timeout &lt;script&gt;window.__verdict_xss=1&lt;/script&gt;"));
    if (noBrowser) return;
    const seen = await checkHtmlInBrowser(page, {
      expectPlots: 1,
      screenshot: `${ARTIFACTS}/audit-hostile.png`,
    });
    assertClean(seen, 1, "audit --html (hostile)");
  },
});

Deno.test({
  name: "score --html: one offline page with the tables, near-miss chart and BLEU/chrF/TER charts" +
    (noBrowser ? ` (browser skipped: ${noBrowser})` : ""),
  async fn() {
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    const page = `${ARTIFACTS}/score-report.html`;
    const ran = await cli(["score", "examples/returns-desk.jsonl", "--html", page]);
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(
      ran.stdout,
      /^Score of "examples\/returns-desk\.jsonl"/,
      "the text report on stdout",
    );
    const html = await Deno.readTextFile(page);
    // The summary and the main chart come first, the details after them.
    const chartAt = html.indexOf('class="verdict-chart"');
    assert.ok(html.indexOf("<caption>Summary</caption>") < chartAt);
    assert.ok(chartAt < html.indexOf('<details class="verdict-details">'));
    assert.equal(html.split("window.Plotly = Plotly").length, 2, "plotly.js is inlined once");
    for (
      const text of [
        "Fails by grader: near misses by formatting step, and real misses",
        "BLEU · returns-assistant-v2: corpus 78.11 vs mean of sentence scores 56.75",
        "BLEU · returns-assistant-v3: corpus 92.15 vs mean of sentence scores 95.35",
        "chrF · returns-assistant-v2: corpus 82.43 vs mean of sentence scores 72.03",
        "TER · returns-assistant-v2: corpus 77.23 vs mean of sentence scores 140.08",
        "lower TER is better",
        "brevity penalty 1.0000; n-gram precisions 82.33 / 77.43 / 77.55 / 75.28",
        "corpus BLEU: BLEU|nrefs:var|case:mixed|eff:no|tok:13a|smooth:exp|version:",
        "Near misses: failing rows that a formatting step or probe would pass",
        "verdict score examples/returns-desk.jsonl --html",
      ]
    ) assert.ok(html.includes(text), `the page shows ${JSON.stringify(text)}`);
    if (noBrowser) return;
    const seen = await checkHtmlInBrowser(page, {
      expectPlots: 7,
      screenshot: `${ARTIFACTS}/score-report.png`,
    });
    assertClean(seen, 7, "score --html");
    assert.equal(seen.tables, html.match(/<table[\s>]/g)?.length);
    assert.ok(seen.tables >= 6, `${seen.tables} tables`);
  },
});

Deno.test({
  name: "score --html on outputs full of script payloads: nothing runs" +
    (noBrowser ? ` (browser skipped: ${noBrowser})` : ""),
  async fn() {
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    const input = `${ARTIFACTS}/hostile-results.jsonl`;
    const rows = [
      { id: `c1${IMG}`, version: `v${SCRIPT}`, output: ` Paris ${SCRIPT}`, expected: "Paris" },
      { id: "c2", version: `v${SCRIPT}`, output: IMG, expected: `Paris${IMG}` },
      { id: "c3", version: `v${SCRIPT}`, output: "PARIS", expected: "paris" },
      { id: "c4", version: "v2", output: "the prepaid label", expected: `the label ${SCRIPT}` },
    ];
    await Deno.writeTextFile(input, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const page = `${ARTIFACTS}/score-hostile.html`;
    const ran = await cli([
      "score",
      input,
      "--graders",
      "exact,contains,regex,bleu",
      "--include-output",
      "--html",
      page,
    ]);
    assert.equal(ran.code, 0, ran.stderr);
    const html = await Deno.readTextFile(page);
    assert.ok(!html.includes("<img"), "no raw <img> from the file");
    assert.ok(!html.includes("<script>window"), "no raw <script> from the file");
    if (noBrowser) return;
    // The near-miss chart and one BLEU chart per version.
    const seen = await checkHtmlInBrowser(page, {
      expectPlots: 3,
      screenshot: `${ARTIFACTS}/score-hostile.png`,
    });
    assertClean(seen, 3, "score --html (hostile)");
  },
});

Deno.test({
  name: "every result object's HTML, with script payloads in the data, on one page: nothing runs" +
    (noBrowser ? ` (browser skipped: ${noBrowser})` : ""),
  async fn() {
    const {
      audit,
      auditCounts,
      graderTable,
      nearMissList,
      offlineHtmlPage,
      readResults,
      score,
      scoreBleuChart,
      scoreNearMissChart,
    } = await import("../mod.ts");
    const results = [
      { id: `c1${IMG}`, version: `v${SCRIPT}`, output: ` Paris ${SCRIPT}`, expected: "Paris" },
      { id: "c2", version: `v${SCRIPT}`, output: IMG, expected: `Paris${IMG}` },
      { id: "c3", version: `v${SCRIPT}`, output: "PARIS", expected: "paris" },
      { id: "c4", version: `v${SCRIPT}`, output: "Lyon", expected: `^(Paris|${SCRIPT})$` },
    ];
    const report = await score(results, {
      graders: ["exact", "contains", "regex", "bleu"],
      includeOutput: true,
    });
    const { report: read } = await readResults({
      text: `{"id": "a", "output": "x", "expected": "x"}\n{"id": "${SCRIPT}", "outp`,
      name: `runs${IMG}.jsonl`,
    });
    const audited = await audit([
      {
        row: 1,
        case: `q${IMG}`,
        version: `m${SCRIPT}`,
        repeat: 0,
        grader: "j",
        score: 1,
        pass: true,
      },
      {
        row: 2,
        case: "q2",
        version: `m${SCRIPT}`,
        repeat: 0,
        grader: "j",
        score: null,
        pass: null,
        error: IMG,
      },
    ]);
    const charts = [scoreBleuChart(report), scoreNearMissChart(report), audited.chart()];
    const page = await offlineHtmlPage({
      title: `Display check ${IMG}`,
      sections: [
        { html: report.toHTML() },
        { html: graderTable(report, "exact").toHTML() },
        { html: graderTable(report, "regex").toHTML() },
        { html: nearMissList(report).toHTML() },
        { html: read.toHTML() },
        { html: audited.toHTML() },
        { html: auditCounts({ passes: 3, fails: 1, errored: 1 }).toHTML() },
        ...charts.map((c) => ({ figure: c.figure, text: c.text })),
      ],
      footer: [`made from ${SCRIPT}`],
    });
    assert.ok(!page.includes("<img"), "no raw <img> from the data");
    assert.ok(!page.includes("<script>window"), "no raw <script> from the data");
    if (noBrowser) return;
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    const path = `${ARTIFACTS}/display-objects.html`;
    await Deno.writeTextFile(path, page);
    const seen = await checkHtmlInBrowser(path, {
      expectPlots: charts.length,
      screenshot: `${ARTIFACTS}/display-objects.png`,
    });
    assertClean(seen, charts.length, "display objects page");
    assert.equal(seen.tables, page.match(/<table[\s>]/g)?.length);
  },
});

Deno.test({
  name:
    "a wide table scrolls in its own box inside a narrow notebook output; the text still wraps" +
    (noBrowser ? ` (browser skipped: ${noBrowser})` : ""),
  async fn() {
    if (noBrowser) return;
    const { $display, audit } = await import("../mod.ts");
    const show = (x: object) => (x as Record<symbol, () => Record<string, unknown>>)[$display]();
    const version = "openai/a-rather-long-model-name-that-never-wraps (returns_desk_task)";
    const rows = [0, 1, 2].map((i) => ({
      row: i + 1,
      case: `q${i}`,
      version,
      repeat: 0,
      grader: "model_graded_qa",
      score: i === 2 ? null : 1,
      pass: i === 2 ? null : true,
      error: i === 2 ? "timeout" : "",
    }));
    const bundle = show(await audit(rows));
    // JupyterLab's exported output: the output is a table cell, sized by its content, inside an
    // output area of the notebook's width.
    const page = `<!doctype html><html><head><meta charset="utf-8"></head><body>` +
      `<div id="area" style="width:560px;overflow-x:auto"><div style="display:table">` +
      `<div style="display:table-cell">${bundle["text/html"]}</div></div></div></body></html>`;
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    const path = `${ARTIFACTS}/narrow-output.html`;
    await Deno.writeTextFile(path, page);
    const seen = await checkHtmlInBrowser(path, {
      screenshot: `${ARTIFACTS}/narrow-output.png`,
      probe: `(() => {
        const area = document.getElementById("area");
        const scroll = document.querySelector(".verdict-scroll");
        return {
          area: area.getBoundingClientRect().width,
          output: document.querySelector(".verdict").getBoundingClientRect().width,
          scrolls: scroll.scrollWidth > scroll.clientWidth,
        };
      })()`,
    });
    const probe = seen.probe as { area: number; output: number; scrolls: boolean };
    assert.ok(probe.output <= probe.area, `the output is ${probe.output}px in ${probe.area}px`);
    assert.ok(probe.scrolls, "the summary table scrolls in its box");
  },
});
