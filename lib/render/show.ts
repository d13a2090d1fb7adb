/**
 * Show a MIME bundle in a notebook, safely from any process.
 *
 * @module
 */
import { jupyterApi } from "./_jupyter.ts";
import type { MimeBundle } from "./display_symbol.ts";

/**
 * True when this process is Deno's Jupyter kernel (`deno jupyter`). Reading `Deno.jupyter`
 * elsewhere throws; this never does.
 *
 * @example Outside a notebook
 * ```ts
 * import { inJupyter } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(inJupyter(), false); // `deno test` is not a kernel
 * ```
 */
export function inJupyter(): boolean {
  return jupyterApi() !== undefined;
}

/** Options for {@linkcode showBundle}. */
export interface ShowOptions {
  /** Give the output a display id, so a later `showBundle(…, { displayId, update: true })` replaces it. */
  displayId?: string;
  /** Replace the output shown earlier under `displayId` instead of adding one. */
  update?: boolean;
}

/**
 * Show a MIME bundle as a cell output (`Deno.jupyter.display(bundle, { raw: true })`: without
 * `raw`, Deno would show the bundle object as text). Outside a notebook it does nothing, so scripts
 * can call it unconditionally; use {@linkcode inJupyter} to print a text form instead. It resolves
 * to nothing, so `await showBundle(…)` at the end of a cell adds no stray output.
 *
 * @example In a script nothing is shown and nothing is thrown
 * ```ts
 * import { inJupyter, showBundle } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const bundle = { "text/html": "<b>3</b> passed", "text/plain": "3 passed" };
 * await showBundle(bundle);
 * if (!inJupyter()) assert.equal(bundle["text/plain"], "3 passed"); // print this instead
 * ```
 */
export async function showBundle(bundle: MimeBundle, options: ShowOptions = {}): Promise<void> {
  const api = jupyterApi();
  if (!api) return;
  if (options.update && options.displayId === undefined) {
    throw new TypeError("Cannot update a notebook output without a displayId");
  }
  await api.display(bundle, {
    raw: true,
    ...(options.displayId === undefined ? {} : { display_id: options.displayId }),
    ...(options.update ? { update: true } : {}),
  });
}
