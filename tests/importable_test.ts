/**
 * verdict imported from a folder outside the repository, with no config beside the importer: by
 * path, by file URL, by http URL (a server on 127.0.0.1), each subpath export, and the bundle —
 * each from a script run under `--allow-read` alone (plus `--allow-import` for the served URL,
 * which Deno asks for any host it does not know), and from a notebook on the real Deno kernel.
 *
 * The script's figures are compared with the same figures computed here, inside the repository.
 * npm packages come from Deno's cache (`--cached-only` where the run can use it), so no test
 * reaches the network; the bundle runs with an empty DENO_DIR, so it needs no package at all.
 *
 * @module
 */
import assert from "node:assert/strict";
import { dirname, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { auditFile, clopperPearsonInterval, corpusBleu, score } from "../mod.ts";
import { ROOT_DIR } from "./_capture.ts";

const ROOT = ROOT_DIR;
const EXAMPLE = `${ROOT}examples/returns-desk.jsonl`;
const RUNS = `${ROOT}examples/returns-desk-runs.jsonl`;
const PYTHON = "/usr/bin/python3";
const EXECUTOR = `${ROOT}cli/notebook_executor.py`;

/** What every importer prints: figures that must match the ones computed in the repository. */
const PROBE = (from: string, stats: string) => `
import { auditFile, offlineHtmlPage, score, scoreNearMissChart } from ${JSON.stringify(from)};
import { clopperPearsonInterval } from ${JSON.stringify(stats)};
const report = await score(${JSON.stringify(EXAMPLE)}, { graders: ["all"] });
const audit = await auditFile(${JSON.stringify(RUNS)});
const page = await offlineHtmlPage({
  title: "t",
  sections: [{ figure: scoreNearMissChart(report).figure, text: "near misses" }],
});
console.log(JSON.stringify({
  graders: report.graders.map((g) => [g.grader, g.version, g.passed, g.failed, g.nearMisses]),
  audit: audit.totals,
  cp: clopperPearsonInterval(3, 10, 0.95),
  plotly: /plotly\\.js (\\(cartesian - minified\\) )?v\\d/.test(page),
}));
`;

async function expected() {
  const report = await score(EXAMPLE, { graders: ["all"] });
  const audit = await auditFile(RUNS);
  return {
    graders: report.graders.map((g) => [g.grader, g.version, g.passed, g.failed, g.nearMisses]),
    audit: JSON.parse(JSON.stringify(audit.totals)),
    cp: clopperPearsonInterval(3, 10, 0.95),
    plotly: true,
  };
}

/** A temporary folder with no deno.json, deno.jsonc or package.json in it or above it. */
async function outsideFolder(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "verdict-outside-" });
  for (let d = dir; d !== dirname(d); d = dirname(d)) {
    for (const name of ["deno.json", "deno.jsonc", "package.json"]) {
      const found = await Deno.stat(`${d}/${name}`).then(() => true, () => false);
      assert.ok(!found, `${d}/${name} would configure the importer; the test needs a bare folder`);
    }
  }
  assert.ok(!`${dir}/`.startsWith(ROOT), "the folder must be outside the repository");
  return dir;
}

/** Run `deno run FLAGS script.ts` in `dir` (NO_COLOR, nothing else from our environment). */
async function runScript(
  dir: string,
  code: string,
  flags: string[],
  env: Record<string, string> = {},
) {
  await Deno.writeTextFile(`${dir}/script.ts`, code);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", ...flags, "script.ts"],
    cwd: dir,
    env: { NO_COLOR: "1", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

async function assertProbe(dir: string, code: string, flags: string[], env = {}) {
  const ran = await runScript(dir, code, flags, env);
  assert.equal(ran.code, 0, `the script failed:\n${ran.stderr}`);
  assert.deepEqual(JSON.parse(ran.stdout), await expected());
}

/** Build the bundle at `path` with tools/bundle.ts; its text, and what the build printed. */
async function buildBundle(path: string): Promise<{ text: string; printed: string }> {
  const built = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}tools/bundle.ts`, path],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(built.success, new TextDecoder().decode(built.stderr));
  return { text: await Deno.readTextFile(path), printed: new TextDecoder().decode(built.stdout) };
}

const READ_ONLY = ["--allow-read", "--cached-only"];

Deno.test("every package lib/ imports is named in full, at the one version import_map.json maps", async () => {
  const files = ["mod.ts", "cli.ts"];
  for (const top of ["lib", "cli"]) {
    const walk = async (dir: string) => {
      for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
        const path = `${dir}/${e.name}`;
        if (e.isDirectory) await walk(path);
        else if (e.name.endsWith(".ts") && !e.name.endsWith("_test.ts")) files.push(path);
      }
    };
    await walk(top);
  }
  const map: Record<string, string> = JSON.parse(
    await Deno.readTextFile(`${ROOT}import_map.json`),
  ).imports;
  const mapped = new Map<string, string>();
  for (const target of Object.values(map)) {
    const m = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)/.exec(target);
    if (m) mapped.set(m[1], m[2]);
  }
  const problems: string[] = [];
  const pinned = new Map<string, Set<string>>();
  const specifier = /(?:\bfrom\s*|\bimport\s*\(?\s*|@ts-types=)"([^"]+)"/g;
  for (const file of files) {
    const lines = (await Deno.readTextFile(`${ROOT}${file}`)).split("\n");
    lines.forEach((line, i) => {
      if (/^\s*\*/.test(line)) return; // JSDoc examples import "@verdict/verdict" as users do
      // Import statements, dynamic imports and type comments; not prose in help strings.
      if (!/^\s*(import|export|\}\s*from|\/\/ @ts-types)|\bimport\(/.test(line)) return;
      for (const [, spec] of line.matchAll(specifier)) {
        if (/^(\.\.?\/|node:)/.test(spec)) continue;
        const npm = /^npm:((?:@[^/@]+\/)?[^/@]+)@(\d+\.\d+\.\d+[^/]*)(\/.*)?$/.exec(spec);
        if (!npm) {
          const want = map[spec] ?? "npm:NAME@VERSION";
          problems.push(`${file}:${i + 1} imports "${spec}": write "${want}" (the full name)`);
          continue;
        }
        const [, name, version] = npm;
        if (!pinned.has(name)) pinned.set(name, new Set());
        pinned.get(name)!.add(version);
        const want = mapped.get(name);
        if (want !== undefined && want !== version) {
          problems.push(`${file}:${i + 1} pins ${name}@${version}; import_map.json maps ${want}`);
        }
      }
    });
  }
  for (const [name, versions] of pinned) {
    if (versions.size > 1) problems.push(`${name} is pinned at ${[...versions].join(" and ")}`);
  }
  assert.deepEqual(problems, []);
  assert.ok(pinned.has("papaparse") && pinned.has("ajv"));
});

Deno.test("a script in another folder imports mod.ts by relative path under --allow-read", async () => {
  const dir = await outsideFolder();
  try {
    const path = relative(dir, `${ROOT}mod.ts`);
    assert.ok(path.startsWith("../"));
    const stats = relative(dir, `${ROOT}lib/stats/mod.ts`);
    await assertProbe(dir, PROBE(path, stats), READ_ONLY);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a script imports mod.ts and subpath exports by file URL under --allow-read", async () => {
  const dir = await outsideFolder();
  try {
    const url = (p: string) => pathToFileURL(`${ROOT}${p}`).href;
    await assertProbe(dir, PROBE(url("mod.ts"), url("lib/stats/mod.ts")), READ_ONLY);
    // Each subpath export stands alone: the metrics without the reader, charts or Plotly.
    const exports: Record<string, string> = JSON.parse(
      await Deno.readTextFile(`${ROOT}deno.json`),
    ).exports;
    const lines = Object.entries(exports).filter(([k]) => k !== "./cli").map(([k, p], i) =>
      `import * as m${i} from ${JSON.stringify(url(p.slice(2)))};\n` +
      `console.log(${JSON.stringify(k)}, Object.keys(m${i}).length);`
    );
    const ran = await runScript(dir, lines.join("\n"), READ_ONLY);
    assert.equal(ran.code, 0, ran.stderr);
    const counts = Object.fromEntries(ran.stdout.trim().split("\n").map((l) => l.split(" ")));
    for (const key of Object.keys(exports).filter((k) => k !== "./cli")) {
      // At least three names (compare has three: compare, CompareResult, COMPARE_CONVENTIONS).
      assert.ok(Number(counts[key]) >= 3, `${key} exports ${counts[key]} names`);
    }
    const metrics = await runScript(
      dir,
      `import { corpusBleu } from ${JSON.stringify(url("lib/graders/mod.ts"))};
       console.log(corpusBleu(["the cat sat on the mat"], [["the cat sat on the mat"]]).score);`,
      READ_ONLY,
    );
    const bleu = corpusBleu(["the cat sat on the mat"], [["the cat sat on the mat"]]).score;
    assert.equal(metrics.stdout.trim(), String(bleu), metrics.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a script imports mod.ts by http URL from a server on 127.0.0.1", async () => {
  const dir = await outsideFolder();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const path = decodeURIComponent(new URL(req.url).pathname).replace(/^\/+/, "");
    if (path.split("/").includes("..")) return new Response("no", { status: 403 });
    try {
      const type = path.endsWith(".json") ? "application/json" : "application/typescript";
      return new Response(await Deno.readFile(`${ROOT}${path}`), {
        headers: { "content-type": type },
      });
    } catch {
      return new Response("not found", { status: 404 });
    }
  });
  try {
    const host = `127.0.0.1:${server.addr.port}`;
    const code = PROBE(`http://${host}/mod.ts`, `http://${host}/lib/stats/mod.ts`);
    // Remote modules cannot come from the cache alone; npm packages still do.
    await assertProbe(dir, code, ["--allow-read", `--allow-import=${host}`]);
  } finally {
    await server.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the bundle runs from another folder with no packages, no network, --allow-read", async () => {
  const dir = await outsideFolder();
  try {
    const { text: bundle, printed } = await buildBundle(`${dir}/verdict.js`);
    assert.match(printed, /bundle: .*verdict\.js \d+\.\d+ MiB/);
    assert.doesNotMatch(bundle, /from "npm:|import\("npm:/, "the bundle must not fetch packages");
    // An empty DENO_DIR: nothing can come from Deno's package cache.
    const env = { DENO_DIR: `${dir}/empty-deno-dir` };
    await assertProbe(dir, PROBE("./verdict.js", "./verdict.js"), READ_ONLY, env);
    const url = pathToFileURL(`${dir}/verdict.js`).href;
    await assertProbe(dir, PROBE(url, url), READ_ONLY, env);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the bundle imported by http URL from a server on 127.0.0.1 runs in an empty folder", async () => {
  const served = await outsideFolder();
  const dir = await outsideFolder();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    if (new URL(req.url).pathname !== "/verdict.js") return new Response("no", { status: 404 });
    return new Response(await Deno.readFile(`${served}/verdict.js`), {
      headers: { "content-type": "text/javascript" },
    });
  });
  try {
    // Node's createRequire takes file URLs only; the bundle must not call it.
    const { text: bundle } = await buildBundle(`${served}/verdict.js`);
    assert.doesNotMatch(bundle, /createRequire\(import\.meta\.url\)/);
    const host = `127.0.0.1:${server.addr.port}`;
    const url = `http://${host}/verdict.js`;
    // The Clopper-Pearson interval loads the CommonJS quantile package (and its `debug`), the page
    // loads plotly.js: both from inside the bundle, with an empty package cache.
    const env = { DENO_DIR: `${dir}/empty-deno-dir` };
    await assertProbe(dir, PROBE(url, url), ["--allow-read", `--allow-import=${host}`], env);
  } finally {
    await server.shutdown();
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(served, { recursive: true });
  }
});

async function notebooksMissing(): Promise<string | undefined> {
  const ran = await new Deno.Command(PYTHON, {
    args: [EXECUTOR, "--check", "--kernel", "deno"],
    stdout: "piped",
    stderr: "piped",
  }).output().catch(() => undefined);
  if (!ran) return `${PYTHON} is not installed`;
  const text = new TextDecoder().decode(ran.stdout) + new TextDecoder().decode(ran.stderr);
  return ran.success ? undefined : text.trim();
}

const missing = await notebooksMissing();

Deno.test({
  name: "a notebook in another folder imports mod.ts and the bundle on the Deno kernel" +
    (missing ? ` (skipped: ${missing})` : ""),
  ignore: missing !== undefined,
  async fn() {
    const dir = await outsideFolder();
    try {
      await buildBundle(`${dir}/verdict.js`);
      await Deno.copyFile(EXAMPLE, `${dir}/results.jsonl`);
      const cell = (source: string, i: number) => ({
        id: `c${i}`,
        cell_type: "code",
        execution_count: null,
        metadata: {},
        outputs: [],
        source,
      });
      const nb = {
        nbformat: 4,
        nbformat_minor: 5,
        metadata: { kernelspec: { name: "deno", display_name: "Deno", language: "typescript" } },
        cells: [
          cell(
            `import * as byPath from ${JSON.stringify(relative(dir, `${ROOT}mod.ts`))};
import * as byUrl from ${JSON.stringify(pathToFileURL(`${ROOT}mod.ts`).href)};
import * as bundled from "./verdict.js";`,
            1,
          ),
          cell(
            `const a = await byPath.score("results.jsonl", { graders: ["exact", "bleu"] });
const b = await bundled.score("results.jsonl", { graders: ["exact", "bleu"] });
console.log("same", JSON.stringify(a.toJSON()) === JSON.stringify(b.toJSON()), byUrl.score === byPath.score);
a`,
            2,
          ),
          cell(`bundled.scoreNearMissChart(b)`, 3),
        ],
      };
      await Deno.writeTextFile(`${dir}/outside.ipynb`, JSON.stringify(nb));
      const ran = await new Deno.Command(PYTHON, {
        args: [EXECUTOR, `${dir}/outside.ipynb`, `${dir}/outside.executed.ipynb`],
        env: { NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.ok(ran.success, new TextDecoder().decode(ran.stderr));
      const done = JSON.parse(await Deno.readTextFile(`${dir}/outside.executed.ipynb`));
      const outputs = done.cells.flatMap((c: { outputs: Record<string, unknown>[] }) => c.outputs);
      const text = (v: unknown) => Array.isArray(v) ? v.join("") : String(v ?? "");
      assert.deepEqual(
        outputs.filter((o: { output_type: string }) => o.output_type === "error"),
        [],
      );
      assert.ok(outputs.some((o: { text?: unknown }) => text(o.text).includes("same true true")));
      const data = outputs.map((o: { data?: Record<string, unknown> }) => o.data ?? {});
      assert.ok(data.some((d: Record<string, unknown>) => "application/json" in d), "the report");
      assert.ok(
        data.some((d: Record<string, unknown>) =>
          "application/vnd.plotly.v1+json" in d &&
          /plotly\.js (\(cartesian - minified\) )?v\d/.test(text(d["text/html"]))
        ),
        "the chart, carrying plotly.js",
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("deno task installs nothing up front: no inline imports, no default lock, locked tasks say so", async () => {
  // `deno task` installs every npm package of an inline `imports` map and of the default lock file
  // before it runs any task, so the demo would fetch the test tools too. The import map is a file
  // and the lock is passed to the tasks that should use it.
  const config = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  assert.equal(config.imports, undefined);
  assert.equal(config.importMap, "./import_map.json");
  assert.equal(config.lock, false);
  for (const [name, command] of Object.entries(config.tasks as Record<string, string>)) {
    if (name === "demo") {
      // A user's first command: no config, no lock, only what the demo imports.
      assert.match(command, /^deno run --no-config /);
      continue;
    }
    for (
      const call of command.split("&&").filter((c) => /\bdeno (test|bench|check|run)\b/.test(c))
    ) {
      assert.match(call, /--lock=deno\.lock/, `task ${name}: ${call.trim()}`);
    }
  }
  const map = JSON.parse(await Deno.readTextFile(`${ROOT}import_map.json`)).imports;
  for (const tool of ["fast-check", "playwright-core"]) assert.ok(tool in map, tool);
});
