/**
 * Private: keep @stdlib's inverse incomplete gamma from asking for `--allow-env`.
 *
 * `@stdlib/math-base-special-gammaincinv` (reached through the beta quantile) calls
 * `require("debug")` when it loads, and the real `debug` package lists every environment variable
 * at that moment, which Deno allows only with `--allow-env`. Scoring and auditing promise to need
 * `--allow-read` alone, for every importer: inside this repository, from a script or notebook in
 * any folder (no config of ours applies there), from the bundle and from the registry package.
 * A package-manager override (`links`, `overrides`) applies only inside this repository, so the
 * substitution is made where every importer passes: Node's module loader, which Deno's npm
 * support uses for `require`.
 *
 * Only `require("debug")` calls made by that package (or by verdict's bundle, where the package
 * is inlined and `debug` is left out) get a logger that never logs; every other `require` goes to
 * the loader as before. No number changes: `debug` only prints diagnostics when `DEBUG` asks.
 *
 * This module must be evaluated before the quantile package: import it first.
 *
 * @module
 */
import Module from "node:module";
import { fileURLToPath } from "node:url";

type Load = (request: string, parent: { filename?: string } | null, isMain: boolean) => unknown;
const loader = Module as unknown as { _load: Load };

/** A `debug` logger factory whose loggers do nothing. */
function silentDebug(): () => void {
  const log = () => {};
  return Object.assign(log, { enabled: false });
}
Object.assign(silentDebug, { enabled: () => false });

const GAMMAINCINV = /[\\/]@stdlib[\\/]math-base-special-gammaincinv[\\/]/;

// One hook per process, shared by every copy of verdict in it (say, mod.ts by path and the bundle
// in one notebook): each copy adds its own file to the set of modules allowed the silent logger.
const KEY = Symbol.for("verdict.silentDebug");
const shared = globalThis as { [KEY]?: Set<string> };
let quietFiles = shared[KEY];
if (quietFiles === undefined) {
  const files = new Set<string>();
  quietFiles = shared[KEY] = files;
  const original = loader._load;
  loader._load = function (this: unknown, request, parent, isMain) {
    const file = parent?.filename ?? "";
    if (request === "debug" && (GAMMAINCINV.test(file) || files.has(file))) return silentDebug;
    return original.call(this, request, parent, isMain);
  };
}
// In the bundle, the package's code is inlined and its `require("debug")` comes from this file.
if (import.meta.url.startsWith("file:")) quietFiles.add(fileURLToPath(import.meta.url));
// The bundle's own `require` (tools/bundle.ts) hands this logger to `require("debug")` directly:
// loaded by URL from a web server, the bundle has no file for Node's loader to know it by.
(globalThis as Record<symbol, unknown>)[Symbol.for("verdict.silentDebug.logger")] ??= silentDebug;
