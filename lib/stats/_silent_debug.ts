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

const marker = Symbol.for("verdict.silentDebug");
const bundle = import.meta.url.startsWith("file:") ? fileURLToPath(import.meta.url) : undefined;
const quiet = (parent: { filename?: string } | null) => {
  const file = parent?.filename ?? "";
  return /[\\/]@stdlib[\\/]math-base-special-gammaincinv[\\/]/.test(file) ||
    (bundle !== undefined && file === bundle);
};

const original = loader._load;
if (typeof original === "function" && !(original as unknown as Record<symbol, unknown>)[marker]) {
  const load: Load = function (this: unknown, request, parent, isMain) {
    if (request === "debug" && quiet(parent)) return silentDebug;
    return original.call(this, request, parent, isMain);
  };
  Object.defineProperty(load, marker, { value: true });
  loader._load = load;
}
