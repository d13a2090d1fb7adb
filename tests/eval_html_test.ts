// The eval's HTML report in Chromium: a streamed run against a local server whose answers, ids and
// references carry markup — the page draws its latency and time-to-first-token charts offline,
// shows the metric table with intervals, the misses with answer beside reference and the settings,
// and nothing injected runs. And `eval --html` from the command line.
import assert from "node:assert/strict";
import { evaluate } from "../mod.ts";
import { browserMissing, checkHtmlInBrowser } from "./_browser.ts";
import { ROOT_DIR } from "./_capture.ts";
import { startServer } from "./_openai_server.ts";

const ARTIFACTS = new URL("../tests/artifacts/", import.meta.url);
const HOSTILE =
  '<img src=x onerror="window.__verdict_xss=1"><script>window.__verdict_xss=1</script>';

Deno.test("eval HTML: tables, latency and ttft charts and settings on an offline page; markup from data never runs", async (t) => {
  const missing = browserMissing();
  if (missing) {
    console.log(`skipped: ${missing}`);
    return;
  }
  // Every third question is answered wrongly, with markup; answers come in pieces 15 ms apart.
  const server = startServer({
    chunkDelayMs: 15,
    answer: (q) => {
      const n = Number(/(\d+)/.exec(q)?.[1]);
      return n % 3 === 0 ? `${HOSTILE} no idea` : String(2 * n);
    },
  });
  let result;
  try {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      id: i === 2 ? `<b>q3</b>${HOSTILE}` : `q${i + 1}`,
      question: `What is ${i + 1} + ${i + 1}?`,
      answer: i === 5 ? `12 ${HOSTILE}` : String(2 * (i + 1)),
    }));
    result = await evaluate(rows, {
      model: `m1@${server.url}`,
      env: () => undefined,
      metrics: ["exact_match", "latency:150", "ttft:200"],
      stream: true,
      progress: false,
    });
  } finally {
    await server.close();
  }
  assert.equal(result.missed.length > 0, true);
  await Deno.mkdir(ARTIFACTS, { recursive: true });
  const path = new URL("eval_report.html", ARTIFACTS).pathname;
  const page = await result.htmlPage({ footer: ["verdict eval (a test)"] });
  await Deno.writeTextFile(path, page);
  assert.equal(page.split("window.Plotly = Plotly").length, 2, "plotly.js inlined once");
  assert.ok(!page.includes(HOSTILE), "a value from the data went into the page unescaped");

  await t.step("renders in Chromium with both charts, nothing injected runs", async () => {
    const seen = await checkHtmlInBrowser(path, {
      expectPlots: 2,
      screenshot: new URL("eval_report.png", ARTIFACTS).pathname,
      // The details (misses, the search item by item) are folded: open them, then read the page.
      probe: 'document.querySelectorAll("details").forEach((d) => d.open = true), ' +
        "document.body.innerText",
    });
    assert.equal(seen.plots, 2);
    assert.equal(seen.xss, false);
    assert.deepEqual(seen.consoleErrors, []);
    assert.deepEqual(seen.blockedRequests, []);
    const text = String(seen.probe);
    for (
      const wanted of [
        "Metrics (95% CI: percentile bootstrap of the mean, 1,000 resamples, seed 0",
        "Latency of the answers (ms)",
        "Time to the first token (ms)",
        "dashed line: the threshold, 150 ms",
        "Settings of the run",
        "verdict eval (a test)",
        "no idea", // a wrong answer in the misses, beside its reference
        "window.__verdict_xss=1", // the markup shows as text
      ]
    ) assert.ok(text.includes(wanted), wanted);
    // metric table, misses by cause, misses, settings
    assert.ok(seen.tables >= 3, `${seen.tables} tables`);
  });
});

Deno.test("eval --html writes the page beside the text output, with the command and the gates", async () => {
  const dir = await Deno.makeTempDir();
  const html = `${dir}/report.html`;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-prompt",
      "--allow-read",
      `--allow-write=${dir}`,
      "cli.ts",
      "eval",
      "examples/capitals.jsonl",
      "--metric",
      "exact_match",
      "--metric",
      "latency:1000",
      "--fail-under",
      "exact_match=0.5",
      "--html",
      html,
    ],
    cwd: ROOT_DIR,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const page = await Deno.readTextFile(html);
  assert.match(page, /<title>Eval of examples\/capitals\.jsonl · recorded answers<\/title>/);
  assert.ok(page.includes("verdict eval examples/capitals.jsonl --metric exact_match"));
  assert.match(page, /gate exact_match ≥ 0\.5: mean 0\.600 \(seed 0\) — passed/);
  assert.equal(page.match(/class="verdict-chart"/g)?.length, 1); // latency only: nothing streamed
  await Deno.remove(dir, { recursive: true });
});
