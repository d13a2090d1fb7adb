/**
 * The BLEU grader: sentence BLEU per row, with the row's statistics for corpus BLEU.
 *
 * @module
 */

import { graded, noReference } from "./_result.ts";
import { bleuFromStats, bleuStats } from "./bleu_metric.ts";
import { bleuSignature } from "./signature.ts";
import type { Grader } from "./types.ts";

/** Options of the BLEU grader. BLEU's own settings are fixed to sacreBLEU's defaults. */
export interface BleuOptions {
  /**
   * References per row (or `"var"`), used only by `describe()` to complete the signature; the
   * grade always uses the row's own references. Left out of the signature when unset.
   */
  nrefs?: number | "var";
}

/**
 * BLEU: sacreBLEU's sentence BLEU (13a, exponential smoothing, effective order) as a fraction
 * in [0, 1]; pass/fail only with a threshold. All references count together (n-gram counts
 * clipped by the maximum over references), so no single reference is "the" best one and
 * `referenceIndex` is not set. `stats` holds the row's `[hypLen, refLen, correct1..4,
 * total1..4]`: sum them over rows and call `bleuFromStats(sum, { effectiveOrder: false })` for
 * corpus BLEU.
 *
 * @example Sentence BLEU and the row's statistics
 * ```ts
 * import { bleuGrader } from "./bleu.ts";
 * import assert from "node:assert/strict";
 *
 * const r = bleuGrader.grade({ output: "The cat sat on the mat.", references: ["The cat is on the mat."], threshold: 0.4 });
 * assert.ok(Math.abs(r.score - 0.48892302243490086) < 1e-12);
 * assert.equal(r.pass, true);
 * assert.deepEqual(r.stats, [7, 7, 6, 4, 2, 1, 7, 6, 5, 4]);
 * assert.match(bleuGrader.describe({ nrefs: 1 }), /^nrefs:1\|case:mixed\|eff:yes\|tok:13a\|smooth:exp\|version:verdict-/);
 * ```
 */
export const bleuGrader: Grader<BleuOptions> = {
  name: "bleu",
  kind: "graded",
  needsReference: true,
  defaults: {},
  grade(input) {
    if (input.references.length === 0) return noReference();
    const stats = bleuStats(input.output, input.references);
    const { score } = bleuFromStats(stats, { effectiveOrder: true });
    return graded(score, input.threshold, { stats });
  },
  describe(options) {
    return bleuSignature({ nrefs: options?.nrefs, effectiveOrder: true });
  },
};
