/**
 * The ROUGE-Lsum grader (Google rouge-score): summary-level LCS over sentence units.
 *
 * @module
 */

import { graded, noReference } from "./_result.ts";
import { rougeLsum } from "./rouge_lsum_metric.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { OptionsOf } from "./options.ts";
import { ROUGE_LSUM_OPTIONS } from "./rouge_settings.ts";

/** Options of the ROUGE-Lsum grader: `stemmer` and `splitSummaries`. */
export type RougeLsumGraderOptions = OptionsOf<typeof ROUGE_LSUM_OPTIONS>;

/**
 * ROUGE-Lsum: rouge-score's summary-level LCS F-measure against the best reference, with the
 * lines of each text as its sentence units (or Punkt sentences with `splitSummaries`), a fraction
 * in [0, 1]; pass/fail only with a threshold.
 *
 * @example Lines in another order still match
 * ```ts
 * import { rougeLsumGrader } from "./rouge_lsum.ts";
 * import assert from "node:assert/strict";
 *
 * const row = { output: "Prices rose.\nDemand fell.", references: ["Demand fell.\nPrices rose."] };
 * assert.equal(rougeLsumGrader.grade(row).score, 1);
 * assert.equal(rougeLsumGrader.grade({ ...row, output: "Prices rose. Demand fell." }, { splitSummaries: true }).score, 1);
 * assert.match(rougeLsumGrader.describe({ splitSummaries: true }), /Punkt sentences/);
 * ```
 */
export const rougeLsumGrader: DefinedGrader<
  "rouge-lsum",
  "graded",
  typeof ROUGE_LSUM_OPTIONS,
  undefined
> = defineGrader({
  name: "rouge-lsum",
  kind: "graded",
  summary: "ROUGE-Lsum (summary-level LCS over lines) F-measure with the best reference, as " +
    "rouge-score",
  needsReference: true,
  reads: "references",
  options: ROUGE_LSUM_OPTIONS,
  probe: { stepsOnReferences: true, extras: ["within-0.1"] },
  grade(input, options) {
    if (input.references.length === 0) return noReference();
    const r = rougeLsum(input.output, input.references, options);
    return graded(r.f, input.threshold, { referenceIndex: r.referenceIndex });
  },
  describe(options) {
    const stem = options.stemmer ? "Porter stemmer" : "no stemmer";
    const units = options.splitSummaries ? "Punkt sentences" : "lines";
    return `rouge-lsum: summary-level LCS F-measure over ${units}, rouge-score tokenizer, ${stem}, best reference`;
  },
});
