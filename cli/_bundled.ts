// Private: which commands run from a bundle (`deno task bundle:cli`, tools/bundle_cli.ts), and
// whether a command's bundle may be used now: only while every file it was built from still has
// the size and modification time its list records. Anything else (no bundle, no read access, a
// changed or missing file, a list that does not parse) means the command's own sources.

/** The commands `deno task bundle:cli` bundles: the two jobs whose module graphs are large. */
export const BUNDLED_COMMANDS = ["score", "audit"] as const;

/** What a bundle's list holds: each file as [path from the root, size, modification time ms]. */
export interface BundleManifest {
  files: [string, number, number][];
}

/** A command's bundle and its list, as paths from the repository root. */
export function bundleFiles(name: string): { bundle: string; manifest: string } {
  return { bundle: `dist/cli_${name}.js`, manifest: `dist/cli_${name}.json` };
}

/**
 * The URL of `name`'s bundle under `root` (the folder of cli.ts, a file: URL ending in "/") when
 * it is there and up to date; undefined otherwise. Never asks for a permission: without read
 * access already granted to the root, the answer is undefined.
 */
export function freshBundle(root: URL, name: string): URL | undefined {
  if (root.protocol !== "file:" || !(BUNDLED_COMMANDS as readonly string[]).includes(name)) {
    return undefined;
  }
  try {
    if (Deno.permissions.querySync({ name: "read", path: root }).state !== "granted") {
      return undefined;
    }
    const { bundle, manifest } = bundleFiles(name);
    const dir = decodeURIComponent(root.pathname);
    const list = JSON.parse(Deno.readTextFileSync(dir + manifest)) as BundleManifest;
    if (!Array.isArray(list.files) || list.files.length === 0) return undefined;
    for (const [path, size, mtime] of list.files) {
      const info = Deno.statSync(dir + path);
      if (info.size !== size || info.mtime === null || info.mtime.getTime() !== mtime) {
        return undefined;
      }
    }
    return new URL(bundle, root);
  } catch {
    return undefined;
  }
}
