/**
 * `verdict notebook` (`deno task notebook`): runs a notebook on the real Deno kernel, keeps the
 * outputs that arrive after a cell's idle, stops and names the cell that fails, and writes an HTML
 * export that loads nothing and carries plotly.js once. The template notebook users copy
 * (examples/my_first_notebook.ipynb) runs the same way from a folder outside the repository.
 *
 * @module
 */
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import { browserMissing, checkHtmlInBrowser } from "./_browser.ts";
import { ROOT_DIR } from "./_capture.ts";

const ROOT = ROOT_DIR;
const ARTIFACTS = `${ROOT}tests/artifacts`;
const PLOTLY_BANNER = /plotly\.js (\(cartesian - minified\) )?v\d+\.\d+\.\d+/g;

interface Output {
  output_type: string;
  text?: string | string[];
  data?: Record<string, unknown>;
  ename?: string;
}
const text = (v: unknown) => Array.isArray(v) ? v.join("") : typeof v === "string" ? v : "";

async function missing(): Promise<string | undefined> {
  const ran = await new Deno.Command("/usr/bin/python3", {
    args: [`${ROOT}cli/notebook_executor.py`, "--check", "--kernel", "deno"],
    stdout: "piped",
    stderr: "piped",
  }).output().catch(() => undefined);
  if (!ran) return "/usr/bin/python3 is not installed";
  return ran.success ? undefined : new TextDecoder().decode(ran.stdout).trim();
}

let cellId = 0;
const cell = (source: string) => ({
  id: `c${++cellId}`,
  cell_type: "code",
  execution_count: null,
  metadata: {},
  outputs: [],
  source,
});
const notebook = (cells: ReturnType<typeof cell>[]) => ({
  nbformat: 4,
  nbformat_minor: 5,
  metadata: {
    kernelspec: { name: "deno", display_name: "Deno", language: "typescript" },
    language_info: { name: "typescript", file_extension: ".ts" },
  },
  cells,
});

/** `deno run … cli.ts notebook ARGS` from `cwd`, as `deno task notebook` runs it. */
async function notebookCommand(cwd: string, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-write",
      "--allow-run",
      `${ROOT}cli.ts`,
      "notebook",
      ...args,
    ],
    cwd,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}

async function outputsOf(path: string): Promise<Output[]> {
  const nb = JSON.parse(await Deno.readTextFile(path));
  return nb.cells.flatMap((c: { outputs?: Output[] }) => c.outputs ?? []);
}

const why = await missing();
const noBrowser = browserMissing();
const skip = why ? ` (skipped: ${why})` : "";

Deno.test({
  name: "verdict notebook keeps outputs that arrive after idle, exports offline, Plotly once" +
    skip,
  ignore: why !== undefined,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "verdict-nbtool-" });
    try {
      const mod = JSON.stringify(pathToFileURL(`${ROOT}mod.ts`).href);
      const nb = notebook([
        // Outputs sent from timers reach the frontend after the cell's status went idle.
        cell(`setTimeout(() => console.log("late stream output"), 40);
setTimeout(() => Deno.jupyter.broadcast("display_data", {
  data: { "text/plain": "late display output" }, metadata: {}, transient: {},
}), 80);
"on time"`),
        cell(`import { PlotlyChart } from ${mod};
new PlotlyChart({ data: [{ type: "bar", x: ["a", "b"], y: [1, 2] }] }, "first chart")`),
        cell(
          `new PlotlyChart({ data: [{ type: "scatter", x: [1, 2], y: [3, 1] }] }, "second chart")`,
        ),
      ]);
      await Deno.writeTextFile(`${dir}/late.ipynb`, JSON.stringify(nb));
      const ran = await notebookCommand(dir, ["late.ipynb", "--html", "late.html"]);
      assert.equal(ran.code, 0, ran.stderr);
      assert.match(ran.stdout, /executed: late\.executed\.ipynb/);
      const outputs = await outputsOf(`${dir}/late.executed.ipynb`);
      const shown = outputs.map((o) => text(o.text) + text(o.data?.["text/plain"]));
      for (const want of ["on time", "late stream output", "late display output"]) {
        assert.ok(shown.some((s) => s.includes(want)), `"${want}" is missing: ${shown}`);
      }
      const html = await Deno.readTextFile(`${dir}/late.html`);
      assert.ok(html.includes("late stream output") && html.includes("late display output"));
      const head = html.slice(0, html.indexOf("</head>"));
      assert.doesNotMatch(head, /<script[^>]*\ssrc=/, "the export links no script");
      assert.equal(html.match(PLOTLY_BANNER)?.length, 1, "plotly.js is in the page once");
      if (noBrowser) return;
      await Deno.mkdir(ARTIFACTS, { recursive: true });
      await Deno.copyFile(`${dir}/late.html`, `${ARTIFACTS}/notebook-tool.html`);
      const seen = await checkHtmlInBrowser(`${ARTIFACTS}/notebook-tool.html`, {
        expectPlots: 2,
        screenshot: `${ARTIFACTS}/notebook-tool.png`,
      });
      assert.equal(seen.plots, 2);
      assert.deepEqual([...seen.blockedRequests, ...seen.failedRequests], [], "loads nothing");
      assert.deepEqual(seen.consoleErrors, []);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "verdict notebook stops at the failing cell, names it and exits 1" + skip,
  ignore: why !== undefined,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "verdict-nbtool-" });
    try {
      const nb = notebook([
        cell(`1 + 1`),
        cell(`throw new RangeError("no such grader")`),
        cell(`console.log("never runs")`),
      ]);
      await Deno.writeTextFile(`${dir}/fails.ipynb`, JSON.stringify(nb));
      const ran = await notebookCommand(dir, ["fails.ipynb", "--out", "out.ipynb"]);
      assert.equal(ran.code, 1);
      assert.match(ran.stderr, /cell 2 \('throw new RangeError.*RangeError: no such grader/);
      const outputs = await outputsOf(`${dir}/out.ipynb`);
      assert.ok(outputs.some((o) => o.output_type === "error" && o.ename === "RangeError"));
      assert.ok(!outputs.some((o) => text(o.text).includes("never runs")));
      const usage = await notebookCommand(dir, ["missing.ipynb"]);
      assert.equal(usage.code, 2);
      assert.match(usage.stderr, /^verdict notebook: .*missing\.ipynb/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "the template notebook runs from a folder outside the repository" + skip,
  ignore: why !== undefined,
  async fn() {
    // The layout the template expects: verdict cloned beside the user's own folder.
    const dir = await Deno.makeTempDir({ prefix: "verdict-template-" });
    try {
      await Deno.symlink(ROOT.replace(/\/$/, ""), `${dir}/verdict`);
      await Deno.mkdir(`${dir}/work`);
      await Deno.copyFile(`${ROOT}examples/my_first_notebook.ipynb`, `${dir}/work/mine.ipynb`);
      await Deno.copyFile(`${ROOT}examples/returns-desk.jsonl`, `${dir}/work/results.jsonl`);
      const ran = await notebookCommand(`${dir}/work`, ["mine.ipynb", "--html", "mine.html"]);
      assert.equal(ran.code, 0, ran.stderr);
      const outputs = await outputsOf(`${dir}/work/mine.executed.ipynb`);
      const data = outputs.map((o) => o.data ?? {});
      assert.equal(outputs.filter((o) => o.output_type === "error").length, 0);
      const plain = data.map((d) => text(d["text/plain"]));
      assert.ok(plain.some((t) => /exact/.test(t) && /bleu/i.test(t)), "the score report");
      assert.ok(plain.some((t) => /all attempted/i.test(t)), "the audit report");
      assert.ok(data.some((d) => "application/vnd.plotly.v1+json" in d), "the chart");
      assert.ok((await Deno.stat(`${dir}/work/scored.csv`)).size > 0, "scored rows written");
      if (noBrowser) return;
      await Deno.mkdir(ARTIFACTS, { recursive: true });
      await Deno.copyFile(`${dir}/work/mine.html`, `${ARTIFACTS}/template-notebook.html`);
      const seen = await checkHtmlInBrowser(`${ARTIFACTS}/template-notebook.html`, {
        expectPlots: 1,
        screenshot: `${ARTIFACTS}/template-notebook.png`,
      });
      assert.equal(seen.plots, 1);
      assert.ok(seen.tables >= 2, `${seen.tables} tables`);
      assert.deepEqual([...seen.blockedRequests, ...seen.failedRequests], []);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
