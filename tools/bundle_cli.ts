// Build the command-line bundles: `score` and `audit` as one ES module each (and score's worker
// as a third), so that `cli.ts` starts them without loading their modules one by one (score: ~160).
//
//   deno task bundle:cli        writes dist/cli_score.js, dist/cli_score_worker.js,
//                               dist/cli_audit.js and a list of their sources beside each
//   deno run -A tools/bundle_cli.ts ROOT
//                               the same for the checkout at ROOT (a test builds a copy's)
//
// Each bundle comes with `dist/cli_NAME.json`: every source file the bundle was made from (the
// command's module graph, the worker's for score, deno.json, the import map and the lock file)
// and the bundle files themselves, each with its size and modification time at build time.
// `cli.ts` runs a bundle only while every one of those files still has the size and time written
// there, the way Python trusts a cached `.pyc` only while its source's size and time match: edit
// or check out any source file and the command runs from its sources again, until the bundles are
// rebuilt. A missing, unreadable or malformed list also means the sources.
//
// plotly.js stays outside the bundles (1.5 MB of text that neither command reads unless it writes
// a chart page); it is imported from the npm cache, as from the sources, when it is needed.
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BUNDLED_COMMANDS, bundleFiles, type BundleManifest } from "../cli/_bundled.ts";
import { BUNDLED_WORKER } from "../lib/score/_score_workers.ts";

const ROOT = Deno.args[0]
  ? pathToFileURL(`${resolve(Deno.args[0])}/`)
  : new URL("../", import.meta.url);
const root = fileURLToPath(ROOT);

async function deno(args: string[]): Promise<Uint8Array> {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: root,
    stdout: "piped",
    stderr: "inherit",
    env: { NO_COLOR: "1" },
  }).output();
  if (!out.success) {
    console.error(`bundle:cli: deno ${args.join(" ")} failed (exit ${out.code})`);
    Deno.exit(out.code || 1);
  }
  return out.stdout;
}

interface Info {
  roots: string[];
  modules: { specifier: string; dependencies?: { code?: { specifier?: string } }[] }[];
  redirects?: Record<string, string>;
}

/**
 * The local files (paths from the root) whose code goes into the bundle of `entry` (a path from
 * the root): its module graph from `deno info`, followed through code imports, static and
 * dynamic, not through imports of types alone.
 */
async function localSources(entry: string): Promise<string[]> {
  const info: Info = JSON.parse(new TextDecoder().decode(await deno(["info", "--json", entry])));
  const deps = new Map(info.modules.map((m) => [m.specifier, m.dependencies ?? []]));
  const seen = new Set<string>();
  const stack = [...info.roots];
  while (stack.length > 0) {
    const popped = stack.pop()!;
    const specifier = info.redirects?.[popped] ?? popped;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dep of deps.get(specifier) ?? []) {
      if (dep.code?.specifier) stack.push(dep.code.specifier);
    }
  }
  return [...seen]
    .filter((s) => s.startsWith(ROOT.href))
    .map((s) => decodeURIComponent(s.slice(ROOT.href.length)));
}

/** Each file's [path, size, modification time ms]; a file system without times cannot be used. */
async function listed(paths: string[]): Promise<[string, number, number][]> {
  const out: [string, number, number][] = [];
  for (const path of paths) {
    const { size, mtime } = await Deno.stat(`${root}${path}`);
    if (mtime === null) {
      console.error(`bundle:cli: ${path} has no modification time here; no bundle can be checked`);
      Deno.exit(1);
    }
    out.push([path, size, mtime.getTime()]);
  }
  return out;
}

async function bundle(entry: string, out: string): Promise<void> {
  await deno([
    "bundle",
    "--quiet",
    "--platform=deno",
    "--external=npm:plotly.js-cartesian-dist-min*",
    "-o",
    out,
    entry,
  ]);
}

await Deno.mkdir(`${root}dist`, { recursive: true });
for (const name of BUNDLED_COMMANDS) {
  const files = bundleFiles(name);
  // An older list is removed first: while the bundles are rewritten, the command uses its sources.
  await Deno.remove(`${root}${files.manifest}`).catch(() => {});
  const entries: [string, string][] = [[`cli/${name}.ts`, files.bundle]];
  if (name === "score") entries.push(["lib/score/_score_worker.ts", `dist/${BUNDLED_WORKER}`]);
  const sources = new Set<string>(["deno.json", "import_map.json", "deno.lock"]);
  for (const [entry] of entries) for (const s of await localSources(entry)) sources.add(s);
  const paths = [...sources].sort();
  // The sources' sizes and times are taken before bundling and must be the same after: a file
  // saved meanwhile might be in the bundle as it was, and listed as it is.
  const before = await listed(paths);
  for (const [entry, out] of entries) await bundle(entry, out);
  if (JSON.stringify(await listed(paths)) !== JSON.stringify(before)) {
    console.error("bundle:cli: a source file changed while the bundles were built; run it again");
    Deno.exit(1);
  }
  const manifest: BundleManifest = {
    files: [...before, ...await listed(entries.map(([, out]) => out))],
  };
  await Deno.writeTextFile(`${root}${files.manifest}`, JSON.stringify(manifest));
  const size = (await Deno.stat(`${root}${files.bundle}`)).size;
  console.log(
    `bundle:cli: ${files.bundle} ${(size / 2 ** 20).toFixed(2)} MiB, from ${sources.size} files`,
  );
}
