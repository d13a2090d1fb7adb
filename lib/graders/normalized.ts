/**
 * The normalized exact-match grader: SQuAD normalization on both sides, then equality.
 *
 * @module
 */

import { binary, noReference } from "./_result.ts";
import { normalizedExactMatchBest } from "./squad_metric.ts";
import { normalizedText, passesUnderscored, quotedNormalized } from "./_squad_normalized.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { OptionsOf } from "./options.ts";
import type { GradeInput } from "./types.ts";
import { SQUAD_OPTIONS } from "./squad_settings.ts";
import { squadSteps } from "./token_f1.ts";
import { squadUnchangedSteps } from "./_probe.ts";
import { SQUAD_STEPS, type SquadStep } from "../text/mod.ts";

/** Options of the normalized grader: `version` (SQuAD 1 or 2) and `steps`. */
export type NormalizedOptions = OptionsOf<typeof SQUAD_OPTIONS>;

/**
 * True when the output is the first reference itself under SQuAD v1.1: the same text
 * normalizes alike, so the row passes with reference 0 (the first best one) whatever the steps,
 * without normalizing either. Under v2.0 a reference that normalizes to nothing is passed over.
 */
function sameAsFirst(input: GradeInput, options: NormalizedOptions): boolean {
  return options.version === 1 && input.references.length > 0 &&
    input.references[0] === input.output;
}

// The options graded with last and their steps in the script's order: the grader is given the
// same resolved options object row after row. Only a frozen object is remembered (resolved
// options are frozen deeply, so their steps cannot change).
let stepsOptions: NormalizedOptions | undefined;
let stepsChosen: readonly SquadStep[] = SQUAD_STEPS;

/** `squadSteps(options)`, remembered for the frozen options object seen last. */
function chosenSteps(options: NormalizedOptions): readonly SquadStep[] {
  if (options !== stepsOptions) {
    stepsChosen = squadSteps(options);
    stepsOptions = Object.isFrozen(options) && Object.isFrozen(options.steps) ? options : undefined;
  }
  return stepsChosen;
}

/**
 * Normalized exact match: passes when the normalized output equals a normalized reference.
 * Default normalization is SQuAD v1.1's (lowercase, delete ASCII punctuation, drop a/an/the,
 * collapse whitespace); option `steps` picks a subset. With `version: 2` (SQuAD v2.0) a row
 * without a reference is an unanswerable question, which an output that normalizes to nothing
 * passes.
 *
 * @example Case, punctuation and articles do not count
 * ```ts
 * import { normalizedGrader } from "./normalized.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(normalizedGrader.grade({ output: "The Eiffel Tower!", references: ["eiffel tower"] }).pass, true);
 * assert.equal(normalizedGrader.grade({ output: "Eiffel Tower", references: ["eiffel tower"] }, { steps: ["punct"] }).pass, false);
 * assert.equal(normalizedGrader.describe(), "normalized: lowercase+punct+articles+whitespace");
 * assert.equal(normalizedGrader.grade({ output: "", references: [] }, { version: 2 }).pass, true);
 * ```
 */
export const normalizedGrader: DefinedGrader<
  "normalized",
  "binary",
  typeof SQUAD_OPTIONS,
  undefined
> = defineGrader({
  name: "normalized",
  kind: "binary",
  summary: "equal after SQuAD normalization (v1.1, or v2.0 with unanswerable questions)",
  needsReference: (options) => options.version === 1,
  reads: "references",
  options: SQUAD_OPTIONS,
  probe: {
    stepsOnReferences: true,
    extras: ["number-reading"],
    // SQuAD normalization keeps digits: a row where one side alone has a digit stays.
    numberReadingSkip: "digits",
    // The verdict depends on the texts only through their SQuAD normalization.
    unchangedOnAscii: (options) => squadUnchangedSteps(squadSteps(options as NormalizedOptions)),
    passesAfter: (options) => {
      const o = options as NormalizedOptions;
      if (squadSteps(o).length !== SQUAD_STEPS.length) return undefined;
      return (step, input) =>
        step === "underscores" ? passesUnderscored(input, o.version) : undefined;
    },
  },
  verdict(input, options) {
    if (input.references.length === 0 && options.version === 1) return null;
    if (sameAsFirst(input, options)) return true;
    return normalizedExactMatchBest(input.output, input.references, options).value === 1;
  },
  grade(input, options) {
    if (input.references.length === 0 && options.version === 1) return noReference();
    if (sameAsFirst(input, options)) return binary(true, undefined, 0);
    const best = normalizedExactMatchBest(input.output, input.references, options);
    if (best.value === 1) {
      return binary(true, undefined, best.referenceIndex < 0 ? undefined : best.referenceIndex);
    }
    // Reasons show the start of a normalized text: only that much of it is made.
    const steps = chosenSteps(options);
    const all = steps.length === SQUAD_STEPS.length;
    const shown = (s: string) => all ? quotedNormalized(s) : normalizedText(s, steps).quoted();
    const out = shown(input.output);
    const reason = options.version === 2 &&
        input.references.every((r) => normalizedText(r, steps).empty)
      ? `normalized output ${out} answers a question that has no answer (SQuAD v2.0)`
      : input.references.length === 1
      ? `normalized output ${out} differs from normalized reference ${shown(input.references[0])}`
      : `normalized output ${out} differs from all ${input.references.length} normalized references`;
    return binary(false, reason);
  },
  describe(options) {
    const steps = squadSteps(options);
    return `normalized: ${steps.length === 0 ? "no steps" : steps.join("+")}${
      options.version === 2 ? " (SQuAD v2.0: no reference means no answer)" : ""
    }`;
  },
});
