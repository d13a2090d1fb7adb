// What users read never points at the project's internal planning: no help text, doc page,
// notebook or API documentation names the spec, the architecture notes, the brief or an issue.
import assert from "node:assert/strict";
import { capture } from "./_capture.ts";
import { main } from "../cli.ts";

const ROOT = new URL("../", import.meta.url);
const INTERNAL =
  /\b(SPEC|ARCHITECTURE|BRIEF)(\.md)?\b|\bNOTES\.md\b|\bissues? #?\d+|\b[Ii]ssue \d+/;

/** The lines of `text` that name an internal document, with where they are. */
function internal(text: string, where: string): string[] {
  return text.split("\n").flatMap((line, i) =>
    INTERNAL.test(line) ? [`${where}:${i + 1}: ${line.trim()}`] : []
  );
}

async function files(dir: string, ext: RegExp): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(new URL(dir, ROOT))) {
    const path = `${dir}${e.name}`;
    if (e.isDirectory) out.push(...await files(`${path}/`, ext));
    else if (ext.test(e.name) && !e.name.endsWith("_test.ts")) out.push(path);
  }
  return out;
}

Deno.test("help texts name no internal document", async () => {
  const top = await capture(() => main(["--help"]));
  const commands = [...top.stdout.matchAll(/^ {2}(\w+) /gm)].map((m) => m[1]);
  assert.ok(commands.includes("score") && commands.includes("audit"), top.stdout);
  const found = internal(top.stdout, "cli.ts --help");
  for (const command of commands) {
    const help = await capture(() => main([command, "--help"]));
    assert.equal(help.code, 0, command);
    found.push(...internal(help.stdout, `cli.ts ${command} --help`));
  }
  assert.deepEqual(found, []);
});

Deno.test("README, docs, notebooks and the API documentation name no internal document", async () => {
  const paths = [
    "README.md",
    ...await files("docs/", /\.md$/),
    ...await files("notebooks/", /\.ipynb$/),
    ...await files("examples/", /\.ipynb$/),
    "mod.ts",
    "cli.ts",
    ...await files("lib/", /\.ts$/),
    ...await files("cli/", /\.ts$/),
  ];
  assert.ok(paths.length > 100, `expected the sources and docs, found ${paths.length} files`);
  const found: string[] = [];
  for (const path of paths) {
    found.push(...internal(await Deno.readTextFile(new URL(path, ROOT)), path));
  }
  assert.deepEqual(found, []);
});
