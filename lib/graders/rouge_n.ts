/**
 * The ROUGE-1 and ROUGE-2 graders (Google rouge-score).
 *
 * @module
 */

import { graded, noReference } from "./_result.ts";
import { rougeN } from "./rouge_n_metric.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { OptionsOf } from "./options.ts";
import { ROUGE_OPTIONS } from "./rouge_settings.ts";

/** Options of the ROUGE-1 and ROUGE-2 graders: `stemmer`. */
export type RougeNGraderOptions = OptionsOf<typeof ROUGE_OPTIONS>;

type RougeNGrader<N extends string> = DefinedGrader<N, "graded", typeof ROUGE_OPTIONS, undefined>;

function rougeNGrader<const N extends string>(name: N, n: number): RougeNGrader<N> {
  // The metric's options, made once rather than for every row.
  const plain = { n, stemmer: false };
  const stemmed = { n, stemmer: true };
  return defineGrader({
    name,
    kind: "graded",
    summary: `ROUGE-${n} (${n === 1 ? "unigram" : `${n}-gram`} overlap) F-measure with the best ` +
      "reference, as rouge-score",
    needsReference: true,
    reads: "references",
    options: ROUGE_OPTIONS,
    probe: { stepsOnReferences: true, extras: ["within-0.1"] },
    grade(input, options) {
      if (input.references.length === 0) return noReference();
      const r = rougeN(input.output, input.references, options.stemmer ? stemmed : plain);
      return graded(r.f, input.threshold, { referenceIndex: r.referenceIndex });
    },
    describe(options) {
      const stem = options.stemmer ? "Porter stemmer" : "no stemmer";
      return `${name}: ${n}-gram F-measure, rouge-score tokenizer, ${stem}, best reference`;
    },
  });
}

/**
 * ROUGE-1: unigram overlap F-measure of rouge-score's tokens against the best reference (highest
 * F; the first wins ties), a fraction in [0, 1]; pass/fail only with a threshold.
 *
 * @example Word overlap, order ignored
 * ```ts
 * import { rouge1Grader } from "./rouge_n.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(rouge1Grader.grade({ output: "mat the on sat cat the", references: ["the cat sat on the mat"] }).score, 1);
 * assert.equal(rouge1Grader.grade({ output: "cats running", references: ["cat runs"] }, { stemmer: true }).score, 1);
 * ```
 */
export const rouge1Grader: RougeNGrader<"rouge-1"> = rougeNGrader("rouge-1", 1);

/**
 * ROUGE-2: bigram overlap F-measure of rouge-score's tokens against the best reference, a
 * fraction in [0, 1]; pass/fail only with a threshold. A one-token output scores 0.
 *
 * @example Word order counts
 * ```ts
 * import { rouge2Grader } from "./rouge_n.ts";
 * import assert from "node:assert/strict";
 *
 * const row = { output: "mat the on sat cat the", references: ["the cat sat on the mat"] };
 * assert.equal(rouge2Grader.grade(row).score, 0);
 * assert.equal(rouge2Grader.grade({ ...row, output: "the cat sat on the mat" }).score, 1);
 * ```
 */
export const rouge2Grader: RougeNGrader<"rouge-2"> = rougeNGrader("rouge-2", 2);
