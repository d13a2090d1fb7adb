// The module graph of an entry point as `deno info --json` gives it, run from the repository root.
import assert from "node:assert/strict";

/** One dependency of a module: where it resolved, and whether it is a dynamic `import()`. */
export interface InfoDependency {
  code?: { specifier?: string };
  type?: { specifier?: string };
  isDynamic?: boolean;
}

/** One module of the graph and its dependencies. */
export interface InfoModule {
  specifier: string;
  dependencies?: InfoDependency[];
}

/** What `deno info --json` reports: the roots, every module, and the redirects between them. */
export interface ModuleGraph {
  roots: string[];
  modules: InfoModule[];
  redirects?: Record<string, string>;
}

/** `deno info --json ENTRY` from the repository root. */
export async function moduleGraph(entry: string): Promise<ModuleGraph> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: new URL("../", import.meta.url),
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}
