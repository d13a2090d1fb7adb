/**
 * The token F1 grader (SQuAD v1.1).
 *
 * @module
 */

import { graded, noReference } from "./_result.ts";
import { tokenF1Best } from "./squad_metric.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { NoOptions, OptionsOf } from "./options.ts";

/** The token F1 grader takes no options. */
export type TokenF1Options = OptionsOf<NoOptions>;

/**
 * Token F1: SQuAD v1.1 token overlap after SQuAD normalization, best reference. A score in
 * [0, 1]; pass/fail only when the row has a threshold (pass ⇔ score ≥ threshold).
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
 * ```
 */
export const tokenF1Grader: DefinedGrader<"token-f1", "graded", NoOptions, undefined> =
  defineGrader({
    name: "token-f1",
    kind: "graded",
    summary: "SQuAD v1.1 token overlap F1 with the best reference",
    needsReference: true,
    reads: "references",
    options: {},
    probe: { stepsOnReferences: true, extras: ["within-0.1"] },
    grade(input) {
      if (input.references.length === 0) return noReference();
      const best = tokenF1Best(input.output, input.references);
      return graded(best.value, input.threshold, { referenceIndex: best.referenceIndex });
    },
    describe() {
      return "token-f1: SQuAD v1.1 (lowercase+punct+articles+whitespace), best reference";
    },
  });
