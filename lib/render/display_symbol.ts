/**
 * The symbol that Deno's Jupyter kernel looks up to display an object. Declared once here and
 * imported everywhere, so every displayable class shares one type.
 *
 * @example Display an object by hand, as the kernel would
 * ```ts
 * import { $display } from "./display_symbol.ts";
 * import assert from "node:assert/strict";
 *
 * const shown = { [$display]: () => ({ "text/plain": "hello" }) };
 * assert.deepEqual(shown[$display](), { "text/plain": "hello" });
 * ```
 *
 * @module
 */

/** `Symbol.for("Jupyter.display")`, typed as Deno's own `Deno.jupyter.$display`. */
export const $display: typeof Deno.jupyter.$display = Symbol.for(
  "Jupyter.display",
) as typeof Deno.jupyter.$display;

/** A MIME bundle: MIME type → content. */
export type MimeBundle = Record<string, unknown>;
