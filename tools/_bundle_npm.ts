// What tools/bundle_quantiles.ts and tools/bundle_cjs.ts share: the pinned specifier of a
// package, `deno bundle` of an entry module into text that does not depend on where the npm
// cache is, and edits that must apply an exact number of times.
const ROOT = new URL("../", import.meta.url);

/** The pinned `npm:` specifier of a package, read from the import map (the one place pins live). */
export async function pinned(name: string): Promise<string> {
  const map = JSON.parse(await Deno.readTextFile(new URL("import_map.json", ROOT))) as {
    imports: Record<string, string>;
  };
  const spec = map.imports[name];
  if (spec?.startsWith(`npm:${name}@`)) return spec;
  // A package mapped by its folder (`"pure-rand/": "npm:/pure-rand@8.4.2/"`), for its subpaths.
  const folder = map.imports[`${name}/`];
  if (folder?.startsWith(`npm:/${name}@`) && folder.endsWith("/")) {
    return `npm:${folder.slice(5, -1)}`;
  }
  throw new Error(`import_map.json pins no npm version of ${name}`);
}

/** `text` with every `find` replaced by `by`, which must occur exactly `times` times. */
export function replaceExactly(text: string, find: string, by: string, times: number): string {
  const count = text.split(find).length - 1;
  if (count !== times) {
    throw new Error(`expected ${times} of ${find} in the bundle, found ${count}: check the edit`);
  }
  return text.replaceAll(find, by);
}

/**
 * `deno bundle` of the module `entry` (its source text) as one ES module's text, with two
 * mechanical edits, each checked: the paths esbuild writes into comments and module keys
 * (`…/.cache/deno/npm/registry.npmjs.org/…`) become `npm:<package>@<version>/<file>`, and the
 * comment naming the entry's temporary path becomes `// entry: <entryLabel>`.
 */
export async function bundleNpm(
  entry: string,
  options: { entryLabel: string; external?: string[] },
): Promise<string> {
  const tmp = await Deno.makeTempDir({ prefix: "verdict-bundle-" });
  try {
    const entryPath = `${tmp}/entry.js`;
    await Deno.writeTextFile(entryPath, entry);
    const out = `${tmp}/out.js`;
    const external = (options.external ?? []).map((name) => `--external=${name}`);
    const built = await new Deno.Command(Deno.execPath(), {
      args: [
        "bundle",
        "--quiet",
        "--no-config",
        "--platform=deno",
        ...external,
        "-o",
        out,
        entryPath,
      ],
      stdout: "inherit",
      stderr: "inherit",
    }).output();
    if (!built.success) throw new Error(`deno bundle failed (exit ${built.code})`);
    let text = await Deno.readTextFile(out);
    text = text.replaceAll(
      /[^\s"]*?registry\.npmjs\.org\/((?:@[^/\s"]+\/)?[^/\s"]+)\/([^/\s"]+)\/([^\s"]+)/g,
      "npm:$1@$2/$3",
    );
    const entryLine = /^\/\/ \S*verdict-bundle-\w+\/entry\.js$/gm;
    if ([...text.matchAll(entryLine)].length !== 1) {
      throw new Error("no entry comment in the bundle");
    }
    text = text.replace(entryLine, `// entry: ${options.entryLabel}`);
    if (/registry\.npmjs\.org|\.cache\/deno/.test(text)) {
      throw new Error("a cache path is left in the bundle: check the comment edit");
    }
    return text;
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
}
