// Build the self-contained bundle: one ES module with verdict and every npm package it uses, for
// notebooks and scripts that import it by path, file URL or http(s) URL with no network for
// packages and no config.
//
//   deno task bundle            writes dist/verdict.js and prints its size
//   deno run -A tools/bundle.ts OUT.js
//
// `debug` is left out on purpose: the one package that asked for it (@stdlib's inverse incomplete
// gamma) now comes from lib/stats/_quantiles.js, generated with a logger that never logs
// (tools/bundle_quantiles.ts), so the bundle needs no --allow-env either.
//
// `deno bundle` keeps the `require` calls of CommonJS packages that name a module it does not
// inline (Node built-ins such as `node:process`, and `debug`) and serves them with Node's
// `createRequire(import.meta.url)`, which accepts only a file: URL: a bundle imported from a web
// server then stops at its first line. The bundle made here replaces that with a `require` of
// its own that knows exactly those names: each built-in as a static import, `debug` as the silent
// logger. Any other name, or a `require` whose argument is not a plain string, stops the build.
import { requireShim } from "./_bundle_require.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const out = Deno.args[0] ?? `${ROOT}dist/verdict.js`;

const built = await new Deno.Command(Deno.execPath(), {
  args: ["bundle", "--quiet", "--platform=deno", "--external=debug", "-o", out, "mod.ts"],
  cwd: ROOT,
  stdout: "inherit",
  stderr: "inherit",
}).output();
if (!built.success) Deno.exit(built.code || 1);
try {
  await Deno.writeTextFile(out, requireShim(await Deno.readTextFile(out)));
} catch (error) {
  console.error(`bundle: ${error instanceof Error ? error.message : error}`);
  Deno.exit(1);
}
const { size } = await Deno.stat(out);
console.log(
  `bundle: ${out.startsWith(ROOT) ? out.slice(ROOT.length) : out} ${
    (size / 2 ** 20).toFixed(2)
  } MiB (${size} bytes)`,
);
