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
 * `raw`, Deno would show the bundle object as text). Outside a notebook it does nothing and
 * resolves to `false`, so scripts can call it unconditionally.
 *
 * @example In a script nothing is shown
 * ```ts
 * import { showBundle } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(await showBundle({ "text/plain": "hello" }), false);
 * ```
 */
export async function showBundle(bundle: MimeBundle, options: ShowOptions = {}): Promise<boolean> {
  const api = jupyterApi();
  if (!api) return false;
  if (options.update && options.displayId === undefined) {
    throw new TypeError("Cannot update a notebook output without a displayId");
  }
  await api.display(bundle, {
    raw: true,
    ...(options.displayId === undefined ? {} : { display_id: options.displayId }),
    ...(options.update ? { update: true } : {}),
  });
  return true;
}
