// What `deno publish` would ship: the library's code is exactly what its exports import (no test
// helper, no test, no benchmark), beside the docs, examples and metadata.
import assert from "node:assert/strict";
import { ROOT_DIR } from "./_capture.ts";

const decode = (b: Uint8Array) => new TextDecoder().decode(b);

async function run(args: string[]): Promise<string> {
  const r = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT_DIR,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = decode(r.stdout) + decode(r.stderr);
  assert.ok(r.success, `deno ${args.join(" ")} failed:\n${text}`);
  return text;
}

/** Repository-relative paths of the local modules a file imports, itself included. */
async function graph(entry: string): Promise<string[]> {
  const info = JSON.parse(await run(["info", "--json", entry])) as {
    modules: { specifier: string }[];
  };
  const root = new URL(`file://${ROOT_DIR}`).href;
  return info.modules.map((m) => m.specifier).filter((s) => s.startsWith(root))
    .map((s) => decodeURIComponent(s.slice(root.length)));
}

Deno.test("publish: the package's code is what its exports import, and no test helper ships", async () => {
  const listing = await run(["publish", "--dry-run", "--allow-dirty"]);
  const root = new URL(`file://${ROOT_DIR}`).href;
  const published = [...listing.matchAll(/file:\/\/\S+/g)].map((m) => m[0])
    .filter((s) => s.startsWith(root)).map((s) => decodeURIComponent(s.slice(root.length)));
  assert.ok(published.includes("mod.ts") && published.includes("LICENSE"), listing);

  const config = JSON.parse(await Deno.readTextFile(`${ROOT_DIR}deno.json`)) as {
    exports: Record<string, string>;
  };
  // cli.ts loads each command's module by a computed URL (so that Deno does not build every
  // command's graph at start-up): those modules are entries too.
  const cli = await Deno.readTextFile(`${ROOT_DIR}cli.ts`);
  const commands = [...cli.matchAll(/\bload\("([a-z]+)"\)/g)].map((m) => `./cli/${m[1]}.ts`);
  assert.ok(commands.length >= 6, "cli.ts names its command modules");
  const imported = new Set(
    (await Promise.all([...Object.values(config.exports), ...commands].map(graph))).flat(),
  );
  // Library code (everything but the examples) that no export imports is shipped for nothing:
  // a test helper such as lib/eval/_test_item.ts, or a file left behind.
  const code = published.filter((f) => /\.(ts|js|py)$/.test(f) && !f.startsWith("examples/"));
  assert.deepEqual(code.filter((f) => !imported.has(f)), [], "published code no export imports");
  assert.deepEqual(
    published.filter((f) => /(^|\/)(tests|bench|notebooks)\/|_test\.ts$|(^|\/)_test_/.test(f)),
    [],
    "tests, test helpers, benchmarks or notebooks in the package",
  );
  // Everything the exports import ships (else the published package could not load).
  assert.deepEqual(
    [...imported].filter((f) => !published.includes(f) && f !== "deno.json").sort(),
    [],
    "imported by an export but not published",
  );
});
