/**
 * The normalized exact-match grader: SQuAD v1.1 normalization on both sides, then equality.
 *
 * @module
 */

import { normalizeAnswer, SQUAD_STEPS, type SquadStep } from "../text/mod.ts";
import { binary, noReference, quote } from "./_result.ts";
import { normalizedExactMatchBest } from "./squad_metric.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { OptionsOf, OptionsSchema } from "./options.ts";

const NORMALIZED_OPTIONS = {
  steps: {
    type: "list",
    values: SQUAD_STEPS,
    default: SQUAD_STEPS,
    help: "which SQuAD normalization steps run (always in the script's order)",
  },
} as const satisfies OptionsSchema;

/** Options of the normalized grader: `steps`, which SQuAD steps run. */
export type NormalizedOptions = OptionsOf<typeof NORMALIZED_OPTIONS>;

/** The chosen steps in the script's order. */
function ordered(steps: readonly SquadStep[]): readonly SquadStep[] {
  return SQUAD_STEPS.filter((s) => steps.includes(s));
}

/**
 * Normalized exact match: passes when the normalized output equals a normalized reference.
 * Default normalization is SQuAD v1.1's (lowercase, delete ASCII punctuation, drop a/an/the,
 * collapse whitespace); option `steps` picks a subset.
 *
 * @example Case, punctuation and articles do not count
 * ```ts
 * import { normalizedGrader } from "./normalized.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(normalizedGrader.grade({ output: "The Eiffel Tower!", references: ["eiffel tower"] }).pass, true);
 * assert.equal(normalizedGrader.grade({ output: "Eiffel Tower", references: ["eiffel tower"] }, { steps: ["punct"] }).pass, false);
 * assert.equal(normalizedGrader.describe(), "normalized: lowercase+punct+articles+whitespace");
 * ```
 */
export const normalizedGrader: DefinedGrader<
  "normalized",
  "binary",
  typeof NORMALIZED_OPTIONS,
  undefined
> = defineGrader({
  name: "normalized",
  kind: "binary",
  summary: "equal after SQuAD v1.1 normalization",
  needsReference: true,
  reads: "references",
  options: NORMALIZED_OPTIONS,
  probe: { stepsOnReferences: true, extras: ["number-reading"] },
  grade(input, options) {
    const steps = ordered(options.steps);
    if (input.references.length === 0) return noReference();
    const best = normalizedExactMatchBest(input.output, input.references, steps);
    if (best.value === 1) return binary(true, undefined, best.referenceIndex);
    const out = quote(normalizeAnswer(input.output, steps));
    const reason = input.references.length === 1
      ? `normalized output ${out} differs from normalized reference ${
        quote(normalizeAnswer(input.references[0], steps))
      }`
      : `normalized output ${out} differs from all ${input.references.length} normalized references`;
    return binary(false, reason);
  },
  describe(options) {
    const steps = ordered(options.steps);
    return `normalized: ${steps.length === 0 ? "no steps" : steps.join("+")}`;
  },
});
