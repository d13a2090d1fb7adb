/**
 * The HTML report files (`audit --html`, `score --html`) and the HTML of every displayable
 * result object, opened in headless Chromium with the network cut off: the Plotly charts draw,
 * the tables are there, and no script carried by the data runs. Pages and screenshots are kept in
 * `tests/artifacts/` for people to look at.
 *
 * @module
 */
import assert from "node:assert/strict";
import { type BrowserCheck, browserMissing, checkHtmlInBrowser } from "./_browser.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const ARTIFACTS = `${ROOT}tests/artifacts`;
const SCRIPT = "<script>window.__verdict_xss=1</script>";
const IMG = `<img src=x onerror="window.__verdict_xss=2">`;

const noBrowser = browserMissing();
if (noBrowser) console.log(`html_reports_test: browser checks skipped: ${noBrowser}`);

/** Run the CLI as a user would, with only the permissions it documents. */
async function cli(args: string[], allow = ["--allow-read", "--allow-write"]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...allow, "--quiet", `${ROOT}cli.ts`, ...args],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}

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
    // Totals, then each version's rates and unscored attempts.
    assert.equal(seen.tables, 5);
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
