/**
 * `compare --html` and the comparison's notebook display, opened in headless Chromium with the
 * network cut off: the forest chart draws, the tables are there, and no script carried by the
 * data runs. Pages and screenshots are kept in `tests/artifacts/`.
 *
 * @module
 */
import assert from "node:assert/strict";
import { runProcess } from "./_capture.ts";
import { type BrowserCheck, browserMissing, checkHtmlInBrowser } from "./_browser.ts";
import { $display, compare } from "../mod.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const ARTIFACTS = `${ROOT}tests/artifacts`;
const SCRIPT = "<script>window.__verdict_xss=1</script>";
const IMG = `<img src=x onerror="window.__verdict_xss=2">`;
const noBrowser = browserMissing();
if (noBrowser) console.log(`compare_html_test: browser checks skipped: ${noBrowser}`);

function assertClean(seen: BrowserCheck, plots: number, where: string) {
  assert.equal(seen.xss, false, `${where}: an injected script ran`);
  assert.equal(seen.plots, plots, `${where}: ${seen.plots} of ${plots} charts drew`);
  assert.deepEqual(seen.consoleErrors, [], `${where}: console errors`);
  assert.deepEqual(seen.blockedRequests, [], `${where}: network requests`);
  assert.deepEqual(seen.failedRequests, [], `${where}: failed loads`);
}

/** Scored rows of two versions whose names, graders, cases and errors carry payloads. */
function hostileScored(): string {
  const rows = [];
  for (let i = 0; i < 16; i++) {
    for (const [version, shift] of [[`old${SCRIPT}`, 0], [`new${IMG}`, 1]] as const) {
      const unscored = (i + shift) % 7 === 0;
      rows.push({
        item: i === 0 ? `q0${IMG}` : `q${i}`,
        system: version,
        scorer: `judge${IMG}`,
        score: unscored ? null : (i + shift) % 3 ? 1 : 0,
        pass: unscored ? null : (i + shift) % 3 !== 0,
        error: unscored ? `timeout ${SCRIPT}` : "",
      });
      rows.push({
        item: `q${i}`,
        system: version,
        scorer: "rating",
        score: ((i * 7 + shift * 3) % 10) / 10,
      });
    }
  }
  return rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
}

Deno.test({
  name: "compare --html: the forest chart and the tables on one offline page" +
    (noBrowser ? ` (browser skipped: ${noBrowser})` : ""),
  async fn() {
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    const page = `${ARTIFACTS}/compare-report.html`;
    const ran = await runProcess([
      "run",
      "--allow-read",
      "--allow-write",
      "--quiet",
      "cli.ts",
      "compare",
      "examples/returns-desk.jsonl",
      "--versions",
      "returns-assistant-v2,returns-assistant-v3",
      "--graders",
      "exact,normalized,token-f1,bleu,chrf",
      "--html",
      page,
    ]);
    assert.equal(ran.code, 0, ran.stderr);
    const html = await Deno.readTextFile(page);
    assert.equal(html.split("window.Plotly = Plotly").length, 2, "plotly.js is inlined once");
    for (
      const text of [
        "returns-assistant-v3 − returns-assistant-v2 by grader, 95% intervals",
        "Newcombe hybrid score (method 10)",
        "bootstrap: 1,000 resamples, seed 0",
        "verdict compare examples/returns-desk.jsonl",
      ]
    ) assert.ok(html.includes(text), `the page shows ${JSON.stringify(text)}`);
    // Summary table first, then the chart, then each grader's folded details.
    const at = (s: string) => html.indexOf(s);
    assert.ok(at("<table") > 0 && at("<table") < at('class="verdict-chart"'));
    assert.ok(at('class="verdict-chart"') < at("<details"));
    if (noBrowser) return;
    const seen = await checkHtmlInBrowser(page, {
      expectPlots: 1,
      screenshot: `${ARTIFACTS}/compare-report.png`,
    });
    assertClean(seen, 1, "compare --html");
    assert.equal(seen.tables, html.match(/<table[\s>]/g)?.length);
  },
});

Deno.test({
  name: "compare --html on a file full of script payloads: nothing runs, the envelope shows" +
    (noBrowser ? ` (browser skipped: ${noBrowser})` : ""),
  async fn() {
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    const input = `${ARTIFACTS}/hostile-compare.jsonl`;
    await Deno.writeTextFile(input, hostileScored());
    const result = await compare(`old${SCRIPT}`, `new${IMG}`, { source: input });
    const judge = result.grader(`judge${IMG}`)!;
    assert.ok(judge.conventions.envelope, "unscored attempts give an envelope");
    const page = `${ARTIFACTS}/compare-hostile.html`;
    await Deno.writeTextFile(page, await result.htmlPage());
    const html = await Deno.readTextFile(page);
    assert.ok(!html.includes("<img src=x"), "no raw <img> from the file");
    assert.ok(!html.includes("<script>window"), "no raw <script> from the file");
    // The notebook bundle carries the same chart and escaped tables.
    const bundle = await result[$display]();
    const shown = String(bundle["text/html"]);
    assert.ok(!shown.includes("<img src=x"));
    assert.ok(
      shown.indexOf("<table") < shown.indexOf(`class="verdict-chart"`),
      "summary above the chart",
    );
    assert.ok(
      shown.indexOf(`class="verdict-chart"`) < shown.indexOf("<details"),
      "details below it",
    );
    assert.match(String(bundle["text/plain"]), /Comparison of "new<img/);
    if (noBrowser) return;
    const seen = await checkHtmlInBrowser(page, {
      expectPlots: 1,
      screenshot: `${ARTIFACTS}/compare-hostile.png`,
    });
    assertClean(seen, 1, "compare --html (hostile)");
  },
});
