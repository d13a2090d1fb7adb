// Generate lib/graders/_ajv.js and lib/io/_papaparse.js: ajv with ajv-formats, and papaparse, as
// one ES module each, made by `deno bundle` from the versions pinned in import_map.json. The
// packages are CommonJS: loading one starts Deno's Node module loader and its process, stream and
// zlib layers, and resolves each of ajv's ~60 files on its own (~110 ms of CPU before the first
// schema; a bundled module loads in ~15 ms). Nothing in the bundles is written by hand.
//
//   deno task cjs-bundles                 rewrite the two modules and their .d.ts
//   deno run -A tools/bundle_cjs.ts DIR   write them into DIR instead (the tests compare)
//
// After bundling, mechanical edits, each checked to apply exactly as expected:
// - the paths esbuild writes into comments and module keys (`../../root/.cache/deno/npm/
//   registry.npmjs.org/…`) become `npm:<package>@<version>/<file>`, so the file does not depend
//   on where the cache is;
// - papaparse's Node stream input (`Papa.parse(Papa.NODE_STREAM_INPUT)`, which verdict never
//   uses) requires node:stream when it is asked for; that require throws instead, and the
//   `createRequire` prelude it needed goes, so neither module imports anything.
import { pinned } from "./bundle_quantiles.ts";

const ROOT = new URL("../", import.meta.url);

interface Bundle {
  /** The generated module's file name, in `folder`. */
  file: string;
  /** The folder under lib/ it goes in. */
  folder: string;
  /** Packages bundled (import-map names). */
  packages: string[];
  /** The entry module, given each package's pinned specifier. */
  entry: (specs: string[]) => string;
  /** Edits after bundling: [find, replace by, times expected]. */
  edits: [string, string, number][];
  /** The license line of the header. */
  license: string;
  /** Packages only the declarations read (import-map names). */
  types?: string[];
  /** The declarations (after the GENERATED line), given the pinned bundled and types specifiers. */
  dts: (specs: string[], types: string[]) => string;
}

const BUNDLES: Bundle[] = [
  {
    file: "_ajv.js",
    folder: "graders",
    packages: ["ajv", "ajv-formats"],
    entry: ([ajv, formats]) =>
      `import { Ajv } from "${ajv}";\n` +
      `import formatsModule from "${formats}";\n` +
      "const addFormats = formatsModule.default;\n" +
      "export { addFormats, Ajv };\n",
    edits: [],
    license:
      "// (Evgeny Poberezkin and the ajv authors, MIT License; their license comments are kept below).",
    dts: ([ajv, formats]) =>
      `export { Ajv } from "${ajv}";\n` +
      `import type { FormatsPlugin } from "${formats}";\n` +
      "/** ajv-formats' plugin: adds the string formats (email, date-time, uri…) to an Ajv. */\n" +
      "export declare const addFormats: FormatsPlugin;\n",
  },
  {
    file: "_papaparse.js",
    folder: "io",
    packages: ["papaparse"],
    entry: ([papa]) => `import Papa from "${papa}";\nexport default Papa;\n`,
    edits: [
      [
        'import { createRequire as __deno_internal_createRequire } from "node:module";\n' +
        "var __require = __deno_internal_createRequire(import.meta.url);\n",
        "",
        1,
      ],
      [
        '__require("node:stream")',
        '__noNodeStreams("node:stream")',
        1,
      ],
    ],
    license: "// (Matthew Holt and the papaparse authors, MIT License).",
    types: ["@types/papaparse"],
    dts: ([papa], [types]) =>
      `// @ts-types="${types}"\n` +
      `import Papa from "${papa}";\n` +
      "export default Papa;\n",
  },
];

function replaceExactly(text: string, find: string, by: string, times: number): string {
  const count = text.split(find).length - 1;
  if (count !== times) {
    throw new Error(`expected ${times} of ${find} in the bundle, found ${count}: check the edit`);
  }
  return text.replaceAll(find, by);
}

/** Bundle one module and write it and its `.d.ts` into `dir`. */
async function bundleOne(b: Bundle, dir: URL): Promise<{ js: URL; dts: URL }> {
  const specs = await Promise.all(b.packages.map(pinned));
  const types = await Promise.all((b.types ?? []).map(pinned));
  const tmp = await Deno.makeTempDir({ prefix: "verdict-cjs-" });
  try {
    const entry = `${tmp}/entry.js`;
    await Deno.writeTextFile(entry, b.entry(specs));
    const out = `${tmp}/out.js`;
    const built = await new Deno.Command(Deno.execPath(), {
      args: ["bundle", "--quiet", "--no-config", "--platform=deno", "-o", out, entry],
      stdout: "inherit",
      stderr: "inherit",
    }).output();
    if (!built.success) throw new Error(`deno bundle failed (exit ${built.code})`);
    let text = await Deno.readTextFile(out);
    text = text.replaceAll(
      /[^\s"]*?registry\.npmjs\.org\/((?:@[^/\s"]+\/)?[^/\s"]+)\/([^/\s"]+)\/([^\s"]+)/g,
      "npm:$1@$2/$3",
    );
    const entryLine = /^\/\/ \S*verdict-cjs-\w+\/entry\.js$/gm;
    if ([...text.matchAll(entryLine)].length !== 1) {
      throw new Error("no entry comment in the bundle");
    }
    text = text.replace(entryLine, "// entry: the packages' exports");
    if (/registry\.npmjs\.org|\.cache\/deno/.test(text)) {
      throw new Error("a cache path is left in the bundle: check the comment edit");
    }
    for (const [find, by, times] of b.edits) text = replaceExactly(text, find, by, times);
    if (/^import\b/m.test(text) || text.includes('__require("')) {
      throw new Error(`${b.file} still imports or requires something: check the edits`);
    }
    const stem = b.file.replace(/\.js$/, "");
    const header = [
      "// GENERATED by tools/bundle_cjs.ts (deno task cjs-bundles): do not edit.",
      `// Bundled with deno ${Deno.version.deno} from ${specs.join(" and ")}`,
      b.license,
      "// Edits after bundling: cache paths → npm: names" +
      (b.edits.length ? "; no createRequire prelude; Node stream input throws." : "."),
      `// @ts-self-types="./${stem}.d.ts"`,
      ...(b.edits.length
        ? [
          "const __noNodeStreams = (name) => {",
          "  throw new Error(`${name} is not bundled: papaparse's Node stream input is not used here`);",
          "};",
        ]
        : []),
      "",
    ].join("\n");
    await Deno.mkdir(dir, { recursive: true });
    const js = new URL(b.file, dir);
    const dts = new URL(`${stem}.d.ts`, dir);
    await Deno.writeTextFile(js, header + text);
    await Deno.writeTextFile(
      dts,
      "// GENERATED by tools/bundle_cjs.ts (deno task cjs-bundles): do not edit.\n" +
        b.dts(specs, types),
    );
    return { js, dts };
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
}

/**
 * Bundle the pinned packages; each module goes into `dirFor(folder)` (by default its lib/
 * folder). Returns the written files by generated file name.
 */
export async function bundleCjs(
  dirFor: (folder: string) => URL = (folder) => new URL(`lib/${folder}/`, ROOT),
): Promise<Record<string, { js: URL; dts: URL }>> {
  const out: Record<string, { js: URL; dts: URL }> = {};
  for (const b of BUNDLES) out[b.file] = await bundleOne(b, dirFor(b.folder));
  return out;
}

if (import.meta.main) {
  const dir = Deno.args[0]
    ? new URL(`${Deno.args[0].replace(/\/?$/, "/")}`, `file://${Deno.cwd()}/`)
    : undefined;
  const written = await bundleCjs(dir ? () => dir : undefined);
  for (const { js } of Object.values(written)) {
    console.log(`bundle: ${js.pathname} (${(await Deno.stat(js)).size} bytes)`);
  }
}
