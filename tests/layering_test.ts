// The layering of ../ARCHITECTURE.md, checked on the real module graph (`deno info --json`): each
// folder under lib/ imports only the folders below it, and nothing under lib/ imports mod.ts or
// cli.ts.
import assert from "node:assert/strict";
import { moduleGraph } from "./_module_graph.ts";

const ROOT = new URL("../", import.meta.url);

/** For each folder of lib/, the folders of ours it may import. */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  // errors: the user-error classes, below everything (render, which imports nothing of ours,
  // throws plain built-in errors).
  errors: [],
  io: ["errors"],
  text: ["errors"],
  stats: ["errors"],
  render: [],
  graders: ["errors", "text", "stats"],
  score: ["errors", "io", "graders", "stats", "render"],
  audit: ["errors", "io", "stats", "render"],
  harness: ["errors", "io", "audit"],
  eval: ["errors", "io", "text", "graders", "stats", "render"],
  // compare reads harness files too (as audit rows), so it sits above harness.
  compare: ["errors", "io", "graders", "stats", "render", "score", "audit", "harness", "eval"],
};

/** `lib/<folder>/…` of a file URL inside the repo, or the repo-relative path, or null. */
function place(specifier: string): { folder: string | null; path: string } | null {
  if (!specifier.startsWith(ROOT.href)) return null;
  const path = specifier.slice(ROOT.href.length);
  const m = /^lib\/([^/]+)\//.exec(path);
  return { folder: m ? m[1] : null, path };
}

async function libEdges(): Promise<{ from: string; to: string; folderFrom: string }[]> {
  const edges: { from: string; to: string; folderFrom: string }[] = [];
  const seen = new Set<string>();
  for (const entry of ["mod.ts", "cli.ts"]) {
    for (const m of (await moduleGraph(entry)).modules) {
      const from = place(m.specifier);
      if (!from?.folder || seen.has(m.specifier)) continue;
      seen.add(m.specifier);
      for (const dep of m.dependencies ?? []) {
        for (const s of [dep.code?.specifier, dep.type?.specifier]) {
          const to = s ? place(s) : null;
          if (to) edges.push({ from: from.path, to: to.path, folderFrom: from.folder });
        }
      }
    }
  }
  return edges;
}

Deno.test("layering: each lib folder imports only the folders below it", async () => {
  const edges = await libEdges();
  assert.ok(edges.length > 100, `expected a real module graph, got ${edges.length} edges`);
  const wrong: string[] = [];
  for (const e of edges) {
    const allowed = MAY_IMPORT[e.folderFrom];
    assert.ok(allowed, `lib/${e.folderFrom}/ is not in the layering table of this test`);
    const toFolder = /^lib\/([^/]+)\//.exec(e.to)?.[1];
    if (toFolder === undefined) {
      // Outside lib/: only data files (deno.json) may be read; never mod.ts or cli.ts.
      if (!e.to.endsWith(".json")) wrong.push(`${e.from} → ${e.to}`);
    } else if (toFolder !== e.folderFrom && !allowed.includes(toFolder)) {
      wrong.push(`${e.from} → ${e.to}`);
    }
  }
  assert.deepEqual(wrong, [], `imports that break the layering:\n${wrong.join("\n")}`);
});

Deno.test("layering: the graders never reach render, io or a job, even indirectly", async () => {
  const graph = (await moduleGraph("lib/graders/mod.ts")).modules;
  const folders = new Set(graph.map((m) => place(m.specifier)?.folder ?? "(outside lib)"));
  const beyond = [...folders].filter((f) => !["graders", "text", "stats", "errors"].includes(f));
  // deno.json is read for the version that signatures carry.
  assert.deepEqual(beyond, ["(outside lib)"]);
  assert.ok(graph.some((m) => m.specifier.endsWith("/deno.json")));
});

Deno.test("layering: the test's table covers every folder of lib/", async () => {
  const folders: string[] = [];
  for await (const e of Deno.readDir(new URL("lib/", ROOT))) {
    if (e.isDirectory) folders.push(e.name);
  }
  assert.deepEqual(
    folders.sort(),
    Object.keys(MAY_IMPORT).filter((f) => folders.includes(f)).sort(),
  );
  for (const f of folders) assert.ok(f in MAY_IMPORT, `lib/${f}/ has no row in the table`);
});
