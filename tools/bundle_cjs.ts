// Generate lib/graders/_ajv.js, lib/io/_papaparse.js and cli/_parse_args.js: ajv with ajv-formats,
// papaparse, and @pkgjs/parseargs, as one ES module each, made by `deno bundle` from the versions
// pinned in import_map.json (and lib/graders/_re2js.js, re2js, an ES module package, so that
// grading loads no npm package; and lib/stats/_pure_rand.js, pure-rand's generator and
// distribution, likewise for the bootstraps). The CommonJS packages: loading one starts Deno's Node module
// loader and its process, stream and zlib layers, and resolves each of ajv's ~60 files on its own
// (~110 ms of CPU before the first schema; a bundled module loads in ~15 ms). @pkgjs/parseargs is
// the package Node's own `util.parseArgs` came from: bundled, the command line parses its flags
// without importing `node:util`, whose first import starts Deno's Node layer (~6–10 ms of every
// command's start-up). Nothing in the bundles is written by hand.
//
//   deno task cjs-bundles                 rewrite the modules and their .d.ts
//   deno run -A tools/bundle_cjs.ts DIR   write them into DIR instead (the tests compare)
//
// After bundling, mechanical edits, each checked to apply exactly as expected:
// - the paths esbuild writes into comments and module keys (`../../root/.cache/deno/npm/
//   registry.npmjs.org/…`) become `npm:<package>@<version>/<file>`, so the file does not depend
//   on where the cache is;
// - papaparse's Node stream input (`Papa.parse(Papa.NODE_STREAM_INPUT)`, which verdict never
//   uses) requires node:stream when it is asked for; that require throws instead, and the
//   `createRequire` prelude it needed goes, so neither module imports anything;
// - @pkgjs/parseargs copies only the built-ins it uses into its primordials
//   (tools/_trim_primordials.ts says how it decides);
// - ajv's bundle runs its packages on the first call of its one export, `ajvModules()`, not when
//   it loads: the statements esbuild writes for the entry's exports move into that function, so
//   a run with no schema to check never evaluates ajv (~20 ms of CPU, on every worker too).
import { bundleNpm, pinned, replaceExactly } from "./_bundle_npm.ts";
import { trimPrimordials } from "./_trim_primordials.ts";

const ROOT = new URL("../", import.meta.url);

interface Bundle {
  /** The generated module's file name, in `folder`. */
  file: string;
  /** The folder it goes in, from the repository's root (`lib/io`, `cli`). */
  folder: string;
  /** Packages bundled (import-map names). */
  packages: string[];
  /** The entry module, given each package's pinned specifier. */
  entry: (specs: string[]) => string;
  /** Edits after bundling: [find, replace by, times expected]. */
  edits: [string, string, number][];
  /** What the edits do, for the header (after "cache paths → npm: names"). */
  editNote?: string;
  /** Lines the edited text needs, put after the header. */
  prelude?: string[];
  /** Run the packages on the first call of `<lazy>()`, not on load (see the header). */
  lazy?: string;
  /** A checked edit of the whole text, after `edits` (its note goes in `editNote`). */
  transform?: (text: string) => string;
  /** The license line of the header. */
  license: string;
  /** Packages only the declarations read (import-map names). */
  types?: string[];
  /** The declarations (after the GENERATED line), given the pinned bundled and types specifiers. */
  dts: (specs: string[], types: string[]) => string;
}

const BUNDLES: Bundle[] = [
  {
    // re2js is an ES module already: bundled only so that no run that grades loads a package
    // through Deno's npm resolver (~7–10 ms of CPU at start-up, and again in every worker).
    file: "_re2js.js",
    folder: "lib/graders",
    packages: ["re2js"],
    entry: ([re2js]) => `import * as re2js from "${re2js}";\nexport const RE2JS = re2js.RE2JS;\n`,
    // Two doc comments name the class through the package's own file, which Deno would resolve.
    edits: [["{import('./index.js').RE2JS}", "{RE2JS}", 2]],
    editNote: "; doc comments name RE2JS, not the package's file",
    license:
      "// (Oleksii Vasyliev and the re2js authors, MIT License; their license comment is kept below).",
    dts: ([re2js]) =>
      "/** The RE2 regular expression engine (linear-time matching) of the pinned re2js. */\n" +
      `export { RE2JS } from "${re2js}";\n`,
  },
  {
    // pure-rand is an ES module package too: bundled so that the bootstraps (which every audit
    // runs) load no package through Deno's npm resolver.
    file: "_pure_rand.js",
    folder: "lib/stats",
    packages: ["pure-rand"],
    entry: ([pureRand]) =>
      `import { xoroshiro128plus as generator } from "${pureRand}/generator/xoroshiro128plus";\n` +
      `import { uniformInt as distribution } from "${pureRand}/distribution/uniformInt";\n` +
      "export const xoroshiro128plus = generator;\n" +
      "export const uniformInt = distribution;\n",
    edits: [],
    license: "// (Nicolas Dubien and the pure-rand authors, MIT License).",
    dts: ([pureRand]) =>
      "/** pure-rand's xoroshiro128+ generator and its uniform integer distribution. */\n" +
      `export { xoroshiro128plus } from "${pureRand}/generator/xoroshiro128plus";\n` +
      `export { uniformInt } from "${pureRand}/distribution/uniformInt";\n`,
  },
  {
    file: "_ajv.js",
    folder: "lib/graders",
    packages: ["ajv", "ajv-formats"],
    entry: ([ajv, formats]) =>
      `import { Ajv } from "${ajv}";\n` +
      `import formatsModule from "${formats}";\n` +
      `import equalModule from "${ajv}/dist/runtime/equal.js";\n` +
      "const addFormats = formatsModule.default;\n" +
      "const equal = equalModule.default;\n" +
      "export { addFormats, Ajv, equal };\n",
    edits: [],
    lazy: "ajvModules",
    license:
      "// (Evgeny Poberezkin and the ajv authors, MIT License; their license comments are kept below).",
    dts: ([ajv, formats]) =>
      `import type { Ajv } from "${ajv}";\n` +
      `import type { FormatsPlugin } from "${formats}";\n` +
      "/**\n" +
      " * ajv's class; ajv-formats' plugin, which adds the string formats (email, date-time, uri…)\n" +
      " * to an Ajv; and ajv's deep equality, which generated validators call. The packages run on\n" +
      " * the first call.\n" +
      " */\n" +
      "export declare function ajvModules(): {\n" +
      "  Ajv: typeof Ajv;\n" +
      "  addFormats: FormatsPlugin;\n" +
      "  equal: (a: unknown, b: unknown) => boolean;\n" +
      "};\n",
  },
  {
    file: "_papaparse.js",
    folder: "lib/io",
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
    editNote: "; no createRequire prelude; Node stream input throws",
    prelude: [
      "const __noNodeStreams = (name) => {",
      "  throw new Error(`${name} is not bundled: papaparse's Node stream input is not used here`);",
      "};",
    ],
    license: "// (Matthew Holt and the papaparse authors, MIT License).",
    types: ["@types/papaparse"],
    dts: ([papa], [types]) =>
      `// @ts-types="${types}"\n` +
      `import Papa from "${papa}";\n` +
      "export default Papa;\n",
  },
  {
    file: "_parse_args.js",
    folder: "cli",
    packages: ["@pkgjs/parseargs"],
    entry: ([parseargs]) =>
      `import parseargs from "${parseargs}";\nexport const parseArgs = parseargs.parseArgs;\n`,
    edits: [],
    transform: trimPrimordials,
    editNote:
      "; the primordials copy only the built-ins the package uses (tools/_trim_primordials.ts)",
    license: "// (the Node.js contributors and the pkgjs authors, MIT License).",
    // The package ships no types; Node's are its own (the same function, the same options).
    dts: ([parseargs]) =>
      "/**\n" +
      ` * \`parseArgs\` of ${parseargs}: the function Node ships as \`util.parseArgs\`, typed by\n` +
      " * Node's declarations.\n" +
      " */\n" +
      'export declare const parseArgs: typeof import("node:util").parseArgs;\n',
  },
];

/**
 * Move the statements esbuild writes after the entry comment (the packages' `require_…()` calls
 * and the export bindings) into a function `name` that runs them once and returns the exports.
 */
function lazyExports(text: string, name: string): string {
  const tail =
    /\/\/ entry: the packages' exports\n((?:var \w+ = [^\n]+;\n)+)export \{\n([^}]+)\};\n$/
      .exec(text);
  if (!tail) throw new Error("the bundle's entry statements are not as expected: check the edit");
  const fields = tail[2].split(",").map((e) => e.trim()).filter(Boolean).map((e) => {
    const [local, , exported = local] = e.split(/\s+/);
    return `${exported}: ${local}`;
  });
  const body = tail[1].trimEnd().split("\n").map((line) => `    ${line}`).join("\n");
  return text.slice(0, tail.index) +
    "// entry: the packages' exports, made on the first call\n" +
    "let __modules;\n" +
    `function ${name}() {\n` +
    "  if (__modules === undefined) {\n" +
    `${body}\n` +
    `    __modules = { ${fields.join(", ")} };\n` +
    "  }\n" +
    "  return __modules;\n" +
    "}\n" +
    `export { ${name} };\n`;
}

/** Bundle one module and write it and its `.d.ts` into `dir`. */
async function bundleOne(b: Bundle, dir: URL): Promise<{ js: URL; dts: URL }> {
  const specs = await Promise.all(b.packages.map(pinned));
  const types = await Promise.all((b.types ?? []).map(pinned));
  let text = await bundleNpm(b.entry(specs), { entryLabel: "the packages' exports" });
  for (const [find, by, times] of b.edits) text = replaceExactly(text, find, by, times);
  if (b.transform) text = b.transform(text);
  if (b.lazy) text = lazyExports(text, b.lazy);
  if (/^import\b/m.test(text) || text.includes('__require("')) {
    throw new Error(`${b.file} still imports or requires something: check the edits`);
  }
  const stem = b.file.replace(/\.js$/, "");
  const header = [
    "// GENERATED by tools/bundle_cjs.ts (deno task cjs-bundles): do not edit.",
    `// Bundled with deno ${Deno.version.deno} from ${specs.join(" and ")}`,
    b.license,
    "// Edits after bundling: cache paths → npm: names" + (b.editNote ?? "") +
    (b.lazy ? `; the packages run on the first call of ${b.lazy}()` : "") + ".",
    `// @ts-self-types="./${stem}.d.ts"`,
    ...(b.prelude ?? []),
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
}

/** The draft-07 meta-schema's id in ajv. */
const DRAFT_07 = "http://json-schema.org/draft-07/schema";

/**
 * Write `_ajv_meta.js` into `dir`: the validator ajv compiles for the draft-07 meta-schema (which
 * checks every schema before its own compile; ~40 ms of CPU on a fresh instance), as ajv's own
 * standalone code, made by the pinned ajv with the options lib/graders/json_schema.ts gives it.
 * Its one import, ajv's deep equality, comes from the bundle.
 */
async function metaValidator(dir: URL): Promise<{ js: URL; dts: URL }> {
  const [ajvSpec, formatsSpec] = await Promise.all(["ajv", "ajv-formats"].map(pinned));
  const { Ajv } = await import(ajvSpec);
  const { default: standaloneCode } = await import(`${ajvSpec}/dist/standalone/index.js`);
  const { default: formats } = await import(formatsSpec);
  const { re2Engine } = await import("../lib/graders/_re2.ts");
  // The options of newAjv() in lib/graders/json_schema.ts, and the two that keep the source.
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    code: { regExp: re2Engine, source: true, esm: true },
  });
  formats.default(ajv);
  let code: string = standaloneCode.default(ajv, ajv.getSchema(DRAFT_07));
  code = replaceExactly(code, 'require("ajv/dist/runtime/equal").default', "equal", 1);
  // The first call of equal makes ajv's modules run (they have, by then: a schema is compiled).
  code = code.replace(/^"use strict";/, "const equal = (a, b) => ajvModules().equal(a, b);");
  if (code.includes("require(")) throw new Error("the meta-schema validator requires something");
  const js = new URL("_ajv_meta.js", dir);
  const dts = new URL("_ajv_meta.d.ts", dir);
  await Deno.writeTextFile(
    js,
    [
      "// GENERATED by tools/bundle_cjs.ts (deno task cjs-bundles): do not edit.",
      `// The draft-07 meta-schema's validator as ${ajvSpec} compiles it (standalone code), with`,
      `// ${formatsSpec} and the options of lib/graders/json_schema.ts.`,
      '// @ts-self-types="./_ajv_meta.d.ts"',
      'import { ajvModules } from "./_ajv.js";',
      code,
      "",
    ].join("\n"),
  );
  await Deno.writeTextFile(
    dts,
    "// GENERATED by tools/bundle_cjs.ts (deno task cjs-bundles): do not edit.\n" +
      `import type { ValidateFunction } from "${ajvSpec}";\n` +
      "/** The draft-07 meta-schema's validator, as ajv compiles it. */\n" +
      "export declare const validate: ValidateFunction;\n" +
      "export default validate;\n",
  );
  return { js, dts };
}

/** A generated module, its declarations, and the folder (from the root) they belong in. */
export interface Bundled {
  js: URL;
  dts: URL;
  folder: string;
}

/**
 * Bundle the pinned packages; each module goes into `dirFor(folder)` (by default its own folder
 * in the repository). Returns the written files by generated file name.
 */
export async function bundleCjs(
  dirFor: (folder: string) => URL = (folder) => new URL(`${folder}/`, ROOT),
): Promise<Record<string, Bundled>> {
  const out: Record<string, Bundled> = {};
  for (const b of BUNDLES) {
    out[b.file] = { ...await bundleOne(b, dirFor(b.folder)), folder: b.folder };
  }
  out["_ajv_meta.js"] = { ...await metaValidator(dirFor("lib/graders")), folder: "lib/graders" };
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
