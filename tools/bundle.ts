// Build the self-contained bundle: one ES module with verdict and every npm package it uses, for
// notebooks and scripts that import it by path or file URL with no network and no config.
//
//   deno task bundle            writes dist/verdict.js and prints its size
//   deno run -A tools/bundle.ts OUT.js
//
// `debug` is left out on purpose: the one package that asks for it (@stdlib's inverse incomplete
// gamma) gets a silent logger at run time (lib/stats/_silent_debug.ts), so the bundle needs no
// --allow-env either.
const ROOT = new URL("../", import.meta.url).pathname;
const out = Deno.args[0] ?? `${ROOT}dist/verdict.js`;

const built = await new Deno.Command(Deno.execPath(), {
  args: ["bundle", "--quiet", "--platform=deno", "--external=debug", "-o", out, "mod.ts"],
  cwd: ROOT,
  stdout: "inherit",
  stderr: "inherit",
}).output();
if (!built.success) Deno.exit(built.code || 1);
const { size } = await Deno.stat(out);
console.log(
  `bundle: ${out.startsWith(ROOT) ? out.slice(ROOT.length) : out} ${
    (size / 2 ** 20).toFixed(2)
  } MiB (${size} bytes)`,
);
