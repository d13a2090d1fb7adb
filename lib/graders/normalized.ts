/**
 * The normalized exact-match grader: SQuAD v1.1 normalization on both sides, then equality.
 *
 * @module
 */

import { normalizeAnswer, SQUAD_STEPS, type SquadStep } from "../text/mod.ts";
import { binary, noReference, quote } from "./_result.ts";
import { normalizedExactMatchBest } from "./squad_metric.ts";
import type { Grader } from "./types.ts";

/** Options of the normalized grader. */
export interface NormalizedOptions {
  /** Which SQuAD steps run (always in the script's order). Default: all four. */
  steps: readonly SquadStep[];
}

function resolveSteps(options?: Partial<NormalizedOptions>): readonly SquadStep[] {
  const steps = options?.steps ?? SQUAD_STEPS;
  if (!Array.isArray(steps)) throw new TypeError("normalized: option steps must be a list");
  for (const step of steps) {
    if (!SQUAD_STEPS.includes(step)) {
      throw new TypeError(
        `normalized: unknown step ${JSON.stringify(step)}; known steps: ${SQUAD_STEPS.join(", ")}`,
      );
    }
  }
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
export const normalizedGrader: Grader<NormalizedOptions> = {
  name: "normalized",
  kind: "binary",
  needsReference: true,
  defaults: { steps: SQUAD_STEPS },
  grade(input, options) {
    const steps = resolveSteps(options);
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
    const steps = resolveSteps(options);
    return `normalized: ${steps.length === 0 ? "no steps" : steps.join("+")}`;
  },
};
