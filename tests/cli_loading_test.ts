// What each command loads before it runs, from its module graph (`deno info --json`): cli.ts loads
// no command, and each command loads its own job's modules, never mod.ts, so `score` does not load
// the interval libraries and `interval` does not load the graders. A dynamic import written with a
// string literal counts: Deno reads and analyses its whole graph before the program starts, as if
// it were static (only an import of a URL computed at run time waits until it is reached).
import assert from "node:assert/strict";
import { type InfoModule, moduleGraph } from "./_module_graph.ts";

const ROOT = new URL("../", import.meta.url);

/**
 * The specifiers Deno loads for a module before it runs: its own and those of everything it
 * imports, statically or by a dynamic import of a string literal (or, with `dynamic: false`, only
 * statically: the modules that are evaluated before it runs).
 */
async function staticClosure(
  entry: string,
  { dynamic = true }: { dynamic?: boolean } = {},
): Promise<Set<string>> {
  const info = await moduleGraph(entry);
  const modules = new Map<string, InfoModule>(
    info.modules.map((m) => [m.specifier, m]),
  );
  const redirects = info.redirects ?? {};
  const seen = new Set<string>();
  const stack: string[] = [...info.roots];
  while (stack.length > 0) {
    const specifier = redirects[stack.at(-1)!] ?? stack.at(-1)!;
    stack.pop();
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dep of modules.get(specifier)?.dependencies ?? []) {
      if (dep.code?.specifier && (dynamic || !dep.isDynamic)) stack.push(dep.code.specifier);
    }
  }
  return seen;
}

/** What a closure holds: our folders (`lib/io`, `cli`, `mod.ts`…) and npm package names. */
async function loads(entry: string): Promise<{ ours: Set<string>; npm: Set<string> }> {
  const ours = new Set<string>();
  const npm = new Set<string>();
  for (const s of await staticClosure(entry)) {
    if (s.startsWith(ROOT.href)) {
      const path = s.slice(ROOT.href.length);
      // The threshold rule is a leaf of stats that graders share; it is not the interval code.
      ours.add(path === THRESHOLD_RULE ? path : /^lib\/[^/]+/.exec(path)?.[0] ?? path);
    } else if (s.startsWith("npm:")) {
      npm.add(/^npm:\/?(@[^/@]+\/[^/@]+|[^/@]+)/.exec(s)![1]);
    }
  }
  return { ours, npm };
}

const THRESHOLD_RULE = "lib/stats/meets_threshold.ts";

const QUANTILES = [
  "@stdlib/stats-base-dists-beta-quantile",
  "@stdlib/stats-base-dists-normal-quantile",
];

function without(
  what: { ours: Set<string>; npm: Set<string> },
  entry: string,
  forbidden: string[],
): void {
  const found = forbidden.filter((f) => what.ours.has(f) || what.npm.has(f));
  assert.deepEqual(found, [], `${entry} loads ${found.join(", ")}`);
}

Deno.test("cli.ts loads no command until one runs", async () => {
  const { ours, npm } = await loads("cli.ts");
  // cli/_bundled.ts only decides whether a command starts from its bundle (dist/).
  assert.deepEqual([...ours].sort(), [
    "cli.ts",
    "cli/_bundled.ts",
    "cli/_exit_codes.ts",
    "deno.json",
  ]);
  assert.deepEqual([...npm], []);
});

Deno.test("each command loads its own job's modules, never mod.ts", async () => {
  const score = await loads("cli/score.ts");
  assert.ok(score.ours.has("lib/score") && score.ours.has("lib/graders"));
  without(score, "score", ["mod.ts", "lib/stats", "lib/audit", "lib/harness", "lib/eval"]);
  without(score, "score", QUANTILES);

  const interval = await loads("cli/interval.ts");
  // The quantiles come from lib/stats/_quantiles.js (the pinned packages bundled into one module).
  assert.ok(interval.ours.has("lib/stats"));
  without(interval, "interval", QUANTILES);
  without(interval, "interval", ["mod.ts", "lib/graders", "lib/score", "lib/harness", "lib/eval"]);
  without(interval, "interval", ["ajv", "re2js", "fflate", "fzstd"]);

  const audit = await loads("cli/audit.ts");
  assert.ok(audit.ours.has("lib/audit") && audit.ours.has("lib/harness"));
  without(audit, "audit", ["mod.ts", "lib/graders", "lib/score", "lib/eval", "ajv", "re2js"]);

  const evaluate = await loads("cli/eval.ts");
  assert.ok(evaluate.ours.has("lib/eval"));
  without(evaluate, "eval", ["mod.ts", "lib/score", "lib/audit", "lib/harness"]);

  // compare reads every kind of file the other jobs write, so it loads them all, but not mod.ts.
  without(await loads("cli/compare.ts"), "compare", ["mod.ts"]);

  const notebook = await loads("cli/notebook.ts");
  without(notebook, "notebook", ["mod.ts", "lib/graders", "lib/stats", "lib/render", "lib/score"]);
});

Deno.test("score, interval, audit and compare evaluate no node: module or npm package before they run", async () => {
  // The first node: module evaluated starts Deno's Node layer (~6–10 ms of start-up), and the
  // first npm package its npm resolver (a CommonJS one, Node's module loader too): flags are
  // parsed by the bundled @pkgjs/parseargs, packages come bundled (tools/bundle_cjs.ts), and
  // node:path, node:zlib and fzstd are imported where a path is resolved or a member inflated;
  // compare loads the eval job (and the AI SDK) only to score an answers file.
  for (const command of ["score", "interval", "audit", "compare"]) {
    const evaluated = await staticClosure(`cli/${command}.ts`, { dynamic: false });
    const outside = [...evaluated].filter((s) => /^(node|npm):/.test(s));
    assert.deepEqual(outside, [], `${command} evaluates ${outside.join(", ")} at start-up`);
  }
});
