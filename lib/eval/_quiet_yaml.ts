/**
 * Private: keep the `yaml` package from asking for `--allow-env`.
 *
 * `yaml` checks the environment variables `LOG_TOKENS` and `LOG_STREAM` (debug printing) on every
 * parse, through `process.env`, which Deno allows only with `--allow-env`: reading a suite file
 * under `--allow-read` alone failed with "Requires env access to LOG_TOKENS". The package takes
 * `process` with `require("process")` as it loads, so, as lib/stats/_silent_debug.ts does for
 * `debug`, Node's module loader (which Deno's npm support uses for `require`) hands that package
 * alone a view of `process` whose `env` reads a variable when Deno allows it and finds any other
 * unset. In verdict's bundle the package's code is inlined and its `require("node:process")` is
 * served by the bundle's own `require` (tools/bundle.ts), which takes the same view from here.
 * Nothing else changes: those variables only turn on the package's debug printing.
 *
 * This module must be evaluated before `yaml` loads: import it first.
 *
 * @module
 */
import Module from "node:module";
import process from "node:process";

type Load = (request: string, parent: { filename?: string } | null, isMain: boolean) => unknown;
const loader = Module as unknown as { _load: Load };

/** Environment variables as `process.env` shows them, unset where Deno does not allow reading. */
const allowedEnv = new Proxy({}, {
  get(_target, name) {
    if (typeof name !== "string") return undefined;
    try {
      return Deno.env.get(name);
    } catch {
      return undefined;
    }
  },
});

const KEY = Symbol.for("verdict.quietYaml.process");
const shared = globalThis as { [KEY]?: unknown };
if (shared[KEY] === undefined) {
  // One hook per process, shared by every copy of verdict in it.
  shared[KEY] = new Proxy(process, {
    get: (target, name) => name === "env" ? allowedEnv : Reflect.get(target, name),
  });
  const YAML = /[\\/]yaml[\\/]\d+\.\d+\.\d+[\\/]/;
  const original = loader._load;
  loader._load = function (this: unknown, request, parent, isMain) {
    if (
      (request === "process" || request === "node:process") && YAML.test(parent?.filename ?? "")
    ) {
      return shared[KEY];
    }
    return original.call(this, request, parent, isMain);
  };
}
