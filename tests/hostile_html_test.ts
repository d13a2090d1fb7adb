/**
 * Pages made from rows full of every kind of injection — `<script>` elements, `javascript:`
 * links, `onerror=`/`onmouseover=` attributes, `</style>` and `</script>` breaks (the latter
 * inside strings that go into the charts' embedded JSON) — and from a file whose very name is a
 * payload (it shows in the page title), opened in headless Chromium: no script runs, no element
 * carries an event-handler attribute or a `javascript:` link, and the title shows the name as
 * text.
 *
 * @module
 */
import assert from "node:assert/strict";
import { runProcess } from "./_capture.ts";
import { browserMissing, checkHtmlInBrowser } from "./_browser.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const ARTIFACTS = `${ROOT}tests/artifacts`;

const PAYLOADS = [
  "<script>window.__verdict_xss=1</script>",
  '<img src=x onerror="window.__verdict_xss=2">',
  '<a href="javascript:window.__verdict_xss=3">click</a>',
  "</style><script>window.__verdict_xss=5</script>",
  "</script><script>window.__verdict_xss=6</script>",
  '" onmouseover="window.__verdict_xss=7" x="',
  "javascript:window.__verdict_xss=8",
  "<svg onload=window.__verdict_xss=10>",
  '<a href="https://example.com">https link</a>',
];
const NAME_PAYLOAD = "runs <img src=x onerror=window.__verdict_xss=9>";

const noBrowser = browserMissing();
if (noBrowser) console.log(`hostile_html_test: browser checks skipped: ${noBrowser}`);

/** Page-side: event-handler attributes, `javascript:` links and the title, after drawing. */
const PROBE = `(() => {
  const all = [...document.querySelectorAll("*")];
  const handlers = all.flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name))
    .map((a) => el.tagName + " " + a.name));
  const links = all.flatMap((el) => [...el.attributes]
    .filter((a) => /href$/i.test(a.name) && /^\\s*javascript:/i.test(a.value))
    .map((a) => el.tagName + " " + a.value));
  // A payload that became a script element of its own (chart data mentions them as strings).
  const scripts = [...document.scripts].filter((s) => /^\\s*window\\.__verdict_xss/.test(s.textContent))
    .length;
  return { handlers, links, scripts, title: document.title };
})()`;

interface Probe {
  handlers: string[];
  links: string[];
  scripts: number;
  title: string;
}

Deno.test({
  name: "hostile rows and a hostile file name: score --html and audit --html run no script" +
    (noBrowser ? ` (browser skipped: ${noBrowser})` : ""),
  async fn() {
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    const dir = await Deno.makeTempDir({ prefix: "verdict-html-" });
    try {
      const results = `${dir}/${NAME_PAYLOAD}.jsonl`;
      const rows = PAYLOADS.flatMap((p, i) => [
        { id: `c${i}${p}`, version: `v1${p}`, output: `Paris ${p}`, expected: "Paris" },
        { id: `c${i}${p}`, version: "v2", output: p, expected: `Paris${p}` },
      ]);
      await Deno.writeTextFile(results, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
      const runs = `${dir}/${NAME_PAYLOAD}-runs.jsonl`;
      const six = PAYLOADS.map((p, i) => ({
        item: `q${i}${p}`,
        system: i % 2 ? `model${p}` : "model-b",
        repeat: 0,
        scorer: `judge${p}`,
        score: i % 3 === 2 ? null : i % 2,
        pass: i % 3 === 2 ? null : i % 2 === 1,
        error: i % 3 === 2 ? `timeout ${p}` : "",
      }));
      await Deno.writeTextFile(runs, six.map((r) => JSON.stringify(r)).join("\n") + "\n");

      const pages: [string, string[]][] = [
        ["score-injection", [
          "score",
          results,
          "--graders",
          "exact,contains,bleu",
          "--include-output",
        ]],
        ["audit-injection", ["audit", runs]],
      ];
      for (const [name, args] of pages) {
        const page = `${ARTIFACTS}/${name}.html`;
        const ran = await runProcess([
          "run",
          "--allow-read",
          "--allow-write",
          "cli.ts",
          ...args,
          "--html",
          page,
        ]);
        assert.equal(ran.code, 0, ran.stderr);
        const html = await Deno.readTextFile(page);
        for (const raw of ["<img src=x", "<svg onload", "<script>window", '<a href="javascript']) {
          assert.ok(!html.includes(raw), `${name}: raw ${raw} from the file`);
        }
        if (noBrowser) continue;
        // Every chart slot must draw (the default wait), labels full of payloads or not.
        const seen = await checkHtmlInBrowser(page, {
          screenshot: `${ARTIFACTS}/${name}.png`,
          probe: PROBE,
        });
        assert.equal(seen.xss, false, `${name}: an injected script ran`);
        assert.ok(seen.chartSlots > 0, `${name}: the page has charts`);
        assert.equal(seen.plots, seen.chartSlots, `${name}: charts drawn`);
        assert.deepEqual(seen.blockedRequests, [], `${name}: nothing was fetched`);
        assert.deepEqual(seen.failedRequests, [], `${name}: nothing was loaded`);
        const probe = seen.probe as Probe;
        assert.deepEqual(probe.handlers, [], `${name}: event-handler attributes`);
        assert.deepEqual(probe.links, [], `${name}: javascript: links`);
        assert.equal(probe.scripts, 0, `${name}: script elements with a payload`);
        if (name === "score-injection") {
          // The file name is in the title, shown as text.
          assert.ok(probe.title.includes(NAME_PAYLOAD), probe.title);
        }
      }
      if (noBrowser) return;
      // The control: the same payloads written raw are caught by every check above.
      const control = `${ARTIFACTS}/injection-control.html`;
      await Deno.writeTextFile(
        control,
        `<!doctype html><title>control</title><body>${PAYLOADS.join("\n")}</body>`,
      );
      const caught = await checkHtmlInBrowser(control, {
        screenshot: `${ARTIFACTS}/injection-control.png`,
        probe: PROBE,
      });
      const probe = caught.probe as Probe;
      assert.equal(caught.xss, true);
      assert.ok(probe.handlers.length >= 2 && probe.links.length >= 1 && probe.scripts >= 1);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
