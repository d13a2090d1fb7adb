// The bundle's own require: built-ins as static imports, debug as the silent logger, anything else
// stops the build with its name.
import assert from "node:assert/strict";
import { requireShim } from "./_bundle_require.ts";

const HEAD = 'import { createRequire as __deno_internal_createRequire } from "node:module";\n' +
  "var __require = __deno_internal_createRequire(import.meta.url);\n";

Deno.test("requireShim: each built-in the bundle names becomes a static import; debug the silent logger", async () => {
  const bundle = `${HEAD}var p = __require("node:process");\nvar d = __require("debug");\n` +
    `var b = __require("node:buffer").Buffer;\nexport { p, d, b };\n`;
  const shimmed = requireShim(bundle);
  assert.doesNotMatch(shimmed, /createRequire/);
  assert.match(shimmed, /^import __verdict_builtin0 from "node:buffer";$/m);
  assert.match(shimmed, /^import __verdict_builtin1 from "node:process";$/m);
  const logger = () => {};
  (globalThis as Record<symbol, unknown>)[Symbol.for("verdict.silentDebug.logger")] ??= logger;
  const url = `data:text/javascript;base64,${btoa(shimmed)}`;
  const m = await import(url);
  const process = (await import("node:process")).default;
  const { Buffer } = await import("node:buffer");
  assert.equal(m.p, process);
  assert.equal(m.b, Buffer);
  assert.equal(
    m.d,
    (globalThis as Record<symbol, unknown>)[Symbol.for("verdict.silentDebug.logger")],
  );
  // Once lib/eval/_quiet_yaml.ts made its view of process, `yaml` (the one package in the bundle
  // that requires node:process) gets that view.
  const view = { env: {} };
  const quiet = Symbol.for("verdict.quietYaml.process");
  const before = (globalThis as Record<symbol, unknown>)[quiet];
  (globalThis as Record<symbol, unknown>)[quiet] = view;
  try {
    const again = await import(`data:text/javascript;base64,${btoa(shimmed + "// again\n")}`);
    assert.equal(again.p, view);
  } finally {
    (globalThis as Record<symbol, unknown>)[quiet] = before;
  }
});

Deno.test("requireShim: a package the bundle lacks, or a require of a computed name, stops the build", () => {
  assert.throws(
    () => requireShim(`${HEAD}var x = __require("left-pad");\n`),
    /does not contain: left-pad/,
  );
  assert.throws(() => requireShim(`${HEAD}var x = __require(name);\n`), /other than as __require/);
  assert.equal(requireShim("var plain = 1;\n"), "var plain = 1;\n");
});
