/**
 * The harness registry: one adapter per harness whose native files verdict reads. Detection,
 * the names `--harness` accepts, the list in help texts and the standing notes all derive from
 * it; adding a harness is one adapter and one line here (a missing line is a compile error).
 *
 * @module
 */
import type { HarnessAdapter } from "./adapter.ts";
import { DEEPEVAL } from "./_deepeval_adapter.ts";
import { INSPECT } from "./_inspect_adapter.ts";
import { LM_EVAL } from "./_lm_eval_adapter.ts";
import { OPENAI_EVALS } from "./_openai_evals_adapter.ts";
import { PROMPTFOO } from "./_promptfoo_adapter.ts";
import { RAGAS } from "./_ragas_adapter.ts";
import { HARNESS_NAMES, type HarnessName } from "./types.ts";

/**
 * Every harness adapter, by name.
 *
 * @example Titles of the registered harnesses
 * ```ts
 * import { HARNESS_NAMES, HARNESSES } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(HARNESSES.inspect.title, "Inspect AI");
 * assert.ok(HARNESS_NAMES.every((name) => HARNESSES[name].notes.notes.length > 0));
 * ```
 */
export const HARNESSES: Readonly<Record<HarnessName, HarnessAdapter>> = {
  promptfoo: PROMPTFOO,
  inspect: INSPECT,
  "lm-eval": LM_EVAL,
  "openai-evals": OPENAI_EVALS,
  deepeval: DEEPEVAL,
  ragas: RAGAS,
};

/**
 * Names accepted for `--harness` (each harness's own name and its aliases), mapped to harness
 * names. Derived from {@link HARNESSES}.
 *
 * @example
 * ```ts
 * import { HARNESS_ALIASES } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(HARNESS_ALIASES["inspect_ai"], "inspect");
 * assert.equal(HARNESS_ALIASES["lm-eval"], "lm-eval");
 * assert.equal(HARNESS_ALIASES["helm"], undefined);
 * assert.equal(HARNESS_ALIASES["constructor"], undefined);
 * ```
 */
export const HARNESS_ALIASES: Readonly<Record<string, HarnessName>> = Object.freeze(
  // No prototype, so "constructor" or "toString" name no harness.
  Object.assign(
    Object.create(null),
    Object.fromEntries(
      HARNESS_NAMES.flatMap((name) => [name, ...HARNESSES[name].aliases].map((a) => [a, name])),
    ),
  ),
);
