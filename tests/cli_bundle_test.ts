// The command-line bundles (`deno task bundle:cli`, tools/bundle_cli.ts), built in a copy of this
// checkout: `cli.ts` runs them, they print what the commands' sources print, they are passed over
// as soon as any file they were made from changes, and score's worker bundle grades a chunk as
// the sources do.
import assert from "node:assert/strict";
import { bundleFiles, type BundleManifest, freshBundle } from "../cli/_bundled.ts";
import { BUNDLED_WORKER } from "../lib/score/_score_workers.ts";
import type { FromWorker, ToWorker } from "../lib/score/_score_worker.ts";
import { packRows } from "../lib/score/_rows_codec.ts";
import { unpackGrades } from "../lib/score/_grades_codec.ts";
import { RowGrader } from "../lib/score/_row_grader.ts";
import { resolveScoreConfig } from "../lib/score/score_config.ts";
import { copyCheckout } from "../tools/_copy_checkout.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const EXAMPLE = `${ROOT}examples/returns-desk.jsonl`;
/** A scored file of the example's runs, for audit. */
const RUNS = `${ROOT}examples/returns-desk-runs.jsonl`;

let built: Promise<string> | undefined;
/** A copy of the checkout with its command-line bundles built (once for this file's tests). */
function bundledCopy(): Promise<string> {
  built ??= (async () => {
    const copy = `${await Deno.makeTempDir({ prefix: "verdict-bundle-" })}/`;
    await copyCheckout(ROOT, copy);
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", `${copy}tools/bundle_cli.ts`, copy],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.ok(out.success, new TextDecoder().decode(out.stderr));
    globalThis.addEventListener("unload", () => Deno.removeSync(copy, { recursive: true }));
    return copy;
  })();
  return built;
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(script: string, args: string[], cwd = ROOT, allow: string[] = []): Promise<Ran> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", ...allow, script, ...args],
    cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

/** A varied results file of `n` rows (seeded): misses, near misses, schemas, assertions. */
function variedRows(n: number): string {
  const words = ["Paris", "paris", "the", "cat", "sat", "42", "4,2", "3.14", "mat", "é", "."];
  let state = 99;
  const next = (k: number) => (state = (state * 1103515245 + 12345) % 2147483648) % k;
  const text = () => Array.from({ length: 1 + next(8) }, () => words[next(words.length)]).join(" ");
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const expected = text();
    const output = next(3) === 0 ? expected : next(2) === 0 ? `${expected}.` : text();
    const row: Record<string, unknown> = { id: `c${i}`, output, expected };
    if (next(10) === 0) row.schema = { type: "object", required: ["answer"] };
    if (next(12) === 0) row.assert = [{ type: "regex", value: "^[A-Z]" }];
    lines.push(JSON.stringify(row));
  }
  return lines.join("\n") + "\n";
}

/** Rewrite the list's entry for `path` to the file's present size and time. */
async function relist(copy: string, name: string, path: string): Promise<void> {
  const listPath = `${copy}${bundleFiles(name).manifest}`;
  const list = JSON.parse(await Deno.readTextFile(listPath)) as BundleManifest;
  const { size, mtime } = await Deno.stat(`${copy}${path}`);
  const entry = list.files.find(([p]) => p === path)!;
  entry[1] = size;
  entry[2] = mtime!.getTime();
  await Deno.writeTextFile(listPath, JSON.stringify(list));
}

Deno.test("bundled score and audit print what their sources print, byte for byte", async () => {
  const copy = await bundledCopy();
  for (const name of ["score", "audit"]) {
    assert.ok(freshBundle(new URL(`file://${copy}`), name), `${name}'s bundle is not in use`);
  }
  const dir = await Deno.makeTempDir();
  try {
    // Past the size graded on one thread, so that score's worker bundle is started.
    const varied = `${dir}/varied.jsonl`;
    await Deno.writeTextFile(varied, variedRows(3_000));
    const cases: string[][] = [
      ["score", EXAMPLE, "--json"],
      ["score", EXAMPLE],
      ["score", varied, "--json", "--workers", "2"],
      ["score", varied, "--graders", "exact,bleu,regex,json-schema", "--workers", "2"],
      ["score", "--help"],
      ["score", `${dir}/missing.jsonl`],
      ["score", EXAMPLE, "--graders", "exactt"],
      ["audit", RUNS, "--json"],
      ["audit", RUNS],
      ["audit", EXAMPLE], // not a scored file: the same error
      ["audit", "--help"],
    ];
    for (const [name, ...args] of cases) {
      const bundled = await run(`${copy}cli.ts`, [name, ...args]);
      const sources = await run(`${ROOT}cli/${name}.ts`, args);
      assert.deepEqual(bundled, sources, `${name} ${args.join(" ")}`);
    }
    // Pages: the bundles import plotly.js from the package cache, as the sources do. A page names
    // the file it was written to and draws its charts into elements of random ids.
    for (const name of ["score", "audit"]) {
      const pages: string[] = [];
      for (const [script, out] of [[`${copy}cli.ts`, "a"], [`${ROOT}cli/${name}.ts`, "b"]]) {
        const page = `${dir}/${name}-${out}.html`;
        const file = name === "score" ? EXAMPLE : RUNS;
        const args = [...(script.endsWith("cli.ts") ? [name] : []), file, "--html", page];
        const ran = await run(script, args, ROOT, ["--allow-write"]);
        assert.equal(ran.code, 0, ran.stderr);
        pages.push(
          (await Deno.readTextFile(page))
            .replaceAll(page, "PAGE")
            .replace(/verdict-plot-[0-9a-f]{8}/g, "verdict-plot-ID"),
        );
      }
      assert.ok(pages[0].includes("plotly.js (cartesian"), `${name}'s page has no plotly.js`);
      assert.equal(pages[0], pages[1], `${name}'s page`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a bundle runs only while every file it was made from is unchanged", async () => {
  const copy = await bundledCopy();
  const { bundle, manifest } = bundleFiles("audit");
  // Mark the bundle's help text, and list the marked bundle as built, so it is seen when it runs.
  const text = await Deno.readTextFile(`${copy}${bundle}`);
  assert.ok(text.includes("verdict audit: "));
  await Deno.writeTextFile(
    `${copy}${bundle}`,
    text.replaceAll("verdict audit: ", "verdict audit (bundled): "),
  );
  await relist(copy, "audit", bundle);
  const fromBundle = async () =>
    (await run(`${copy}cli.ts`, ["audit", "--help"])).stdout.includes("(bundled)");
  assert.equal(await fromBundle(), true);

  // A source file's time moves (an edit, a checkout): the sources run, until it is back.
  const source = `${copy}lib/audit/audit.ts`;
  const { mtime } = await Deno.stat(source);
  await Deno.utime(source, new Date(), new Date(mtime!.getTime() + 1_000));
  assert.equal(await fromBundle(), false);
  await Deno.utime(source, new Date(), mtime!);
  assert.equal(await fromBundle(), true);

  // A changed size is seen even at the same time. (A change that keeps both the size and the
  // time is not: the rule is Python's for its cached .pyc files.)
  const original = await Deno.readFile(source);
  await Deno.writeFile(source, new Uint8Array([...original, 10]));
  assert.equal(await fromBundle(), false);
  await Deno.writeFile(source, original);
  await Deno.utime(source, new Date(), mtime!);
  assert.equal(await fromBundle(), true);

  // A list that does not parse, or none: the sources.
  const list = await Deno.readTextFile(`${copy}${manifest}`);
  await Deno.writeTextFile(`${copy}${manifest}`, list.slice(0, -5));
  assert.equal(await fromBundle(), false);
  await Deno.remove(`${copy}${manifest}`);
  assert.equal(await fromBundle(), false);
  await Deno.writeTextFile(`${copy}${manifest}`, list);
  assert.equal(await fromBundle(), true);

  // Without read access to verdict's own files, nothing is asked and the usual message stands.
  const denied = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", `${copy}cli.ts`, "audit", "--help"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(denied.code, 2);
  assert.match(new TextDecoder().decode(denied.stderr), /needs read access/);
});

Deno.test("score's worker bundle grades a chunk as the sources grade its rows", async () => {
  const copy = await bundledCopy();
  const worker = new Worker(new URL(`file://${copy}dist/${BUNDLED_WORKER}`), { type: "module" });
  try {
    const config = resolveScoreConfig({ graders: ["all"] });
    const state = new Int32Array(new SharedArrayBuffer(12));
    const claims = new Int32Array(new SharedArrayBuffer(16));
    const rows = ["Paris", "paris.", "42 cats", "4,2"].map((output, i) => ({
      output,
      reference: { kind: "exact" as const, values: [["Paris", "Paris", "42", "4.2"][i]] },
      schema: undefined,
      threshold: undefined,
      assertions: null,
    }));
    const answer = new Promise<FromWorker>((resolve) => {
      worker.onmessage = (event: MessageEvent<FromWorker>) => resolve(event.data);
    });
    const send = (message: ToWorker) => worker.postMessage(message);
    send({ config, state, claims, slot: 0 });
    send({ chunk: 0, rows: packRows(rows), unread: null });
    const message = await answer;
    assert.ok("grades" in message, JSON.stringify(message));
    const grader = new RowGrader(config);
    assert.deepEqual(unpackGrades(message.grades), rows.map((r) => grader.grade(r)));
  } finally {
    worker.terminate();
  }
});
