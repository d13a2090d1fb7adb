/**
 * Every notebook in `notebooks/` runs headlessly on the real Deno kernel, shows the MIME types it
 * declares, exports to HTML, and (when Chromium is installed) renders offline in a browser with
 * every chart drawn and no injected script run.
 *
 * A notebook declares what it must show in its metadata:
 * `"verdict": { "expect": ["text/html", "application/vnd.plotly.v1+json"], "expectText": ["…"] }`
 * (`expectText`: strings that some `text/plain` output or stream must contain).
 *
 * Artifacts (executed notebooks, HTML exports, screenshots) go to `tests/artifacts/`.
 *
 * @module
 */
import assert from "node:assert/strict";
import { runProcess } from "./_capture.ts";

const run = (command: string, args: string[]) => runProcess(args, { command });
import { browserMissing, checkHtmlInBrowser } from "./_browser.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const PYTHON = "/usr/bin/python3";
const EXECUTOR = `${ROOT}cli/notebook_executor.py`;
const NOTEBOOKS = `${ROOT}notebooks`;
const ARTIFACTS = `${ROOT}tests/artifacts`;
/** Assets that nbconvert's own template links to; absent offline or on a slim install. */
const TEMPLATE_ASSET =
  /^(file:\/\/\/usr\/share\/javascript\/|https:\/\/(cdnjs\.cloudflare\.com|cdn\.jsdelivr\.net|unpkg\.com)\/)/;

interface Output {
  output_type: string;
  name?: string;
  text?: string | string[];
  data?: Record<string, unknown>;
  ename?: string;
  evalue?: string;
}
interface Cell {
  cell_type: string;
  source: string | string[];
  outputs?: Output[];
}
interface Notebook {
  cells: Cell[];
  metadata: { verdict?: { expect?: string[]; expectText?: string[] } };
}

async function notebooksMissing(): Promise<string | undefined> {
  try {
    await Deno.stat(PYTHON);
  } catch {
    return `${PYTHON} is not installed`;
  }
  const check = await run(PYTHON, [EXECUTOR, "--check", "--kernel", "deno"]);
  return check.code === 0 ? undefined : (check.stdout + check.stderr).trim();
}

function listNotebooks(): string[] {
  try {
    return [...Deno.readDirSync(NOTEBOOKS)]
      .filter((e) => e.isFile && e.name.endsWith(".ipynb"))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

const text = (v: unknown) => Array.isArray(v) ? v.join("") : typeof v === "string" ? v : "";
const firstLine = (cell: Cell) => text(cell.source).trim().split("\n")[0].slice(0, 60);

const missing = await notebooksMissing();
if (missing) console.log(`notebooks_test: notebooks not executed: ${missing}`);
const noBrowser = browserMissing();
if (!missing && noBrowser) console.log(`notebooks_test: browser checks skipped: ${noBrowser}`);

for (const name of listNotebooks()) {
  const stem = name.replace(/\.ipynb$/, "");
  Deno.test({
    name: `notebook ${name} runs on the Deno kernel and renders offline` +
      (missing ? ` (skipped: ${missing})` : ""),
    ignore: missing !== undefined,
    async fn() {
      await Deno.mkdir(ARTIFACTS, { recursive: true });
      const executed = `${ARTIFACTS}/${stem}.executed.ipynb`;
      const ran = await run(PYTHON, [EXECUTOR, `${NOTEBOOKS}/${name}`, executed]);
      assert.equal(ran.code, 0, `executing ${name} failed:\n${ran.stderr}`);

      const nb: Notebook = JSON.parse(await Deno.readTextFile(executed));
      const outputs = nb.cells.flatMap((cell, i) =>
        (cell.outputs ?? []).map((o) => ({ cell: i + 1, where: firstLine(cell), o }))
      );
      const problems: string[] = [];
      for (const { cell, where, o } of outputs) {
        const at = `cell ${cell} (${where})`;
        if (o.output_type === "error") problems.push(`${at}: ${o.ename}: ${o.evalue}`);
        if (o.output_type === "stream" && o.name === "stderr" && /error/i.test(text(o.text))) {
          problems.push(`${at}: stderr: ${text(o.text).trim().slice(0, 300)}`);
        }
        const plain = o.output_type === "stream" ? text(o.text) : text(o.data?.["text/plain"]);
        if (plain.includes("\x1b[")) problems.push(`${at}: ANSI colour codes despite NO_COLOR`);
      }
      assert.deepEqual(problems, [], `${name} has error outputs`);

      const shown = new Set(outputs.flatMap(({ o }) => Object.keys(o.data ?? {})));
      for (const mime of nb.metadata.verdict?.expect ?? []) {
        assert.ok(shown.has(mime), `${name}: no output of type ${mime} (got ${[...shown]})`);
      }
      const plainTexts = outputs.map(({ o }) => text(o.data?.["text/plain"]) || text(o.text));
      for (const wanted of nb.metadata.verdict?.expectText ?? []) {
        assert.ok(
          plainTexts.some((t) => t.includes(wanted)),
          `${name}: no text output contains ${JSON.stringify(wanted)}`,
        );
      }

      const exported = await run(PYTHON, [
        "-m",
        "nbconvert",
        "--to",
        "html",
        "--output-dir",
        ARTIFACTS,
        "--output",
        stem,
        executed,
      ]);
      assert.equal(exported.code, 0, `nbconvert failed on ${name}:\n${exported.stderr}`);
      if (noBrowser) return;

      // Charts: every chart slot in an HTML output (a chart's own bundle, or a report that shows
      // its chart beside its tables).
      const charts = outputs.reduce(
        (n, { o }) =>
          n + (text(o.data?.["text/html"]).match(/class="verdict-chart"/g)?.length ?? 0),
        0,
      );
      const tables = outputs.reduce(
        (n, { o }) => n + (text(o.data?.["text/html"]).match(/<table[\s>]/g)?.length ?? 0),
        0,
      );
      const seen = await checkHtmlInBrowser(`${ARTIFACTS}/${stem}.html`, {
        expectPlots: charts,
        screenshot: `${ARTIFACTS}/${stem}.png`,
      });
      assert.equal(seen.xss, false, `${name}: an injected script ran in the HTML export`);
      assert.equal(seen.plots, charts, `${name}: ${seen.plots} of ${charts} charts rendered`);
      assert.ok(seen.tables >= tables, `${name}: ${seen.tables} tables shown, ${tables} expected`);
      assert.deepEqual(seen.consoleErrors, [], `${name}: browser console errors`);
      const stray = [...seen.failedRequests, ...seen.blockedRequests]
        .filter((url) => !TEMPLATE_ASSET.test(url));
      assert.deepEqual(stray, [], `${name}: the export tried to load resources`);
    },
  });
}
