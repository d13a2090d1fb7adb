/**
 * The ROUGE-L grader (Google rouge-score).
 *
 * @module
 */

import { graded, noReference } from "./_result.ts";
import { rougeL } from "./rouge_l_metric.ts";
import type { Grader } from "./types.ts";

/** Options of the ROUGE-L grader. */
export interface RougeLGraderOptions {
  /** Porter-stem tokens longer than three characters (default false). */
  stemmer: boolean;
}

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
export const rougeLGrader: Grader<RougeLGraderOptions> = {
  name: "rouge-l",
  kind: "graded",
  needsReference: true,
  defaults: { stemmer: false },
  grade(input, options) {
    if (input.references.length === 0) return noReference();
    const r = rougeL(input.output, input.references, { stemmer: options?.stemmer ?? false });
    return graded(r.f, input.threshold, { referenceIndex: r.referenceIndex });
  },
  describe(options) {
    const stem = options?.stemmer ? "Porter stemmer" : "no stemmer";
    return `rouge-l: LCS F-measure, rouge-score tokenizer, ${stem}, best reference`;
  },
};
