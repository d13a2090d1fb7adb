/**
 * The ROUGE-L grader (Google rouge-score).
 *
 * @module
 */

import { graded, noReference } from "./_result.ts";
import { rougeL } from "./rouge_l_metric.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { OptionsOf } from "./options.ts";
import { ROUGE_OPTIONS } from "./rouge_settings.ts";

const ROUGE_L_OPTIONS = ROUGE_OPTIONS;
// The metric's options, made once rather than for every row.
const PLAIN = { stemmer: false };
const STEMMED = { stemmer: true };

/** Options of the ROUGE-L grader: `stemmer`. */
export type RougeLGraderOptions = OptionsOf<typeof ROUGE_L_OPTIONS>;

/**
 * ROUGE-L: the LCS F-measure of rouge-score's tokens against the best reference (highest F; the
 * first wins ties), a fraction in [0, 1]; pass/fail only with a threshold.
 *
 * @example With and without the stemmer
 * ```ts
 * import { rougeLGrader } from "./rouge_l.ts";
 * import assert from "node:assert/strict";
 *
 * const row = { output: "cats running", references: ["cat runs"] };
 * assert.equal(rougeLGrader.grade(row).score, 0);
 * assert.equal(rougeLGrader.grade(row, { stemmer: true }).score, 1);
 * assert.equal(rougeLGrader.describe({ stemmer: true }), "rouge-l: LCS F-measure, rouge-score tokenizer, Porter stemmer, best reference");
 * ```
 */
export const rougeLGrader: DefinedGrader<"rouge-l", "graded", typeof ROUGE_L_OPTIONS, undefined> =
  defineGrader({
    name: "rouge-l",
    kind: "graded",
    summary: "ROUGE-L (LCS) F-measure with the best reference, as rouge-score",
    needsReference: true,
    reads: "references",
    options: ROUGE_L_OPTIONS,
    probe: { stepsOnReferences: true, extras: ["within-0.1"] },
    grade(input, options) {
      if (input.references.length === 0) return noReference();
      const r = rougeL(input.output, input.references, options.stemmer ? STEMMED : PLAIN);
      return graded(r.f, input.threshold, { referenceIndex: r.referenceIndex });
    },
    describe(options) {
      const stem = options.stemmer ? "Porter stemmer" : "no stemmer";
      return `rouge-l: LCS F-measure, rouge-score tokenizer, ${stem}, best reference`;
    },
  });
