/**
 * The token F1 grader (SQuAD v1.1, or v2.0).
 *
 * @module
 */

import { SQUAD_STEPS, type SquadStep } from "../text/mod.ts";
import { graded, noReference } from "./_result.ts";
import { tokenF1Best } from "./squad_metric.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { OptionsOf } from "./options.ts";
import { SQUAD_OPTIONS } from "./squad_settings.ts";
import { asciiTokenF1, knownSame } from "./_squad_normalized.ts";

/** Options of the token F1 grader: `version` (SQuAD 1 or 2) and `steps`. */
export type TokenF1Options = OptionsOf<typeof SQUAD_OPTIONS>;

/** The chosen normalization steps in the script's order. */
export function squadSteps(options: { steps: readonly SquadStep[] }): readonly SquadStep[] {
  return SQUAD_STEPS.filter((s) => options.steps.includes(s));
}

// The options graded with last, when frozen, and whether they are SQuAD v1.1 with all four steps:
// the grader is given the same resolved options object row after row.
let plainOptions: TokenF1Options | undefined;
let plainChosen = false;

/** True when `options` are SQuAD v1.1 with all four steps (the script's own settings). */
function plainV1(options: TokenF1Options): boolean {
  if (options === plainOptions) return plainChosen;
  const plain = options.version === 1 && squadSteps(options).length === SQUAD_STEPS.length;
  if (Object.isFrozen(options) && Object.isFrozen(options.steps)) {
    plainOptions = options;
    plainChosen = plain;
  }
  return plain;
}

/**
 * The usual row's token F1, when it can be told without normalized forms: SQuAD v1.1, all four
 * steps, one reference, plain ASCII texts that are not the same text and not known to normalize
 * alike (`tokenF1Best` answers those without counting).
 */
function quickF1(
  input: { output: string; references: readonly string[] },
  options: TokenF1Options,
) {
  if (input.references.length !== 1 || !plainV1(options)) return undefined;
  const reference = input.references[0];
  const output = input.output;
  if (output === reference || knownSame(output, reference) === true) return undefined;
  return asciiTokenF1(output, reference);
}

/**
 * Token F1: SQuAD token overlap after SQuAD normalization, best reference. A score in [0, 1];
 * pass/fail only when the row has a threshold (pass ⇔ score ≥ threshold). With `version: 2`
 * (the v2.0 script) a row without a reference is an unanswerable question: an empty output
 * scores 1, any other 0.
 *
 * @example Graded, then with a threshold
 * ```ts
 * import { tokenF1Grader } from "./token_f1.ts";
 * import assert from "node:assert/strict";
 *
 * const row = { output: "Denver Broncos", references: ["Broncos"] };
 * assert.deepEqual(tokenF1Grader.grade(row), { score: 2 / 3, pass: null, referenceIndex: 0 });
 * assert.equal(tokenF1Grader.grade({ ...row, threshold: 0.5 }).pass, true);
 * assert.equal(tokenF1Grader.grade({ ...row, threshold: 0.8 }).pass, false);
 * assert.equal(tokenF1Grader.grade({ output: "", references: [] }, { version: 2 }).score, 1);
 * ```
 */
export const tokenF1Grader: DefinedGrader<"token-f1", "graded", typeof SQUAD_OPTIONS, undefined> =
  defineGrader({
    name: "token-f1",
    kind: "graded",
    summary: "SQuAD token overlap F1 with the best reference (v1.1, or v2.0 with unanswerable " +
      "questions)",
    needsReference: (options) => options.version === 1,
    reads: "references",
    options: SQUAD_OPTIONS,
    probe: { stepsOnReferences: true, extras: ["within-0.1"] },
    grade(input, options) {
      if (input.references.length === 0 && options.version === 1) return noReference();
      const quick = quickF1(input, options);
      // The one reference (index 0) scores as `tokenF1Best` would score it.
      const best = quick === undefined
        ? tokenF1Best(input.output, input.references, options)
        : { value: quick, referenceIndex: 0 };
      // Without a threshold (the usual row) the result `graded` would build, made directly.
      if (input.threshold === undefined) {
        return best.referenceIndex < 0
          ? { score: best.value, pass: null }
          : { score: best.value, pass: null, referenceIndex: best.referenceIndex };
      }
      const extra = best.referenceIndex < 0 ? {} : { referenceIndex: best.referenceIndex };
      return graded(best.value, input.threshold, extra);
    },
    describe(options) {
      const version = options.version === 2 ? "v2.0" : "v1.1";
      const steps = squadSteps(options);
      return `token-f1: SQuAD ${version} (${
        steps.length === 0 ? "no steps" : steps.join("+")
      }), best reference`;
    },
  });
