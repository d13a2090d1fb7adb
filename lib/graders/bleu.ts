/**
 * The BLEU grader: sentence BLEU per row, with the row's statistics for corpus BLEU.
 *
 * @module
 */

import { graded, noReference } from "./_result.ts";
import { bleuFromStats, bleuStats } from "./bleu_metric.ts";
import { bleuSignature } from "./signature.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { CorpusCapability } from "./types.ts";
import type { NoOptions, OptionsOf } from "./options.ts";

/** Options of the BLEU grader. BLEU's own settings are fixed to sacreBLEU's defaults for now. */
export type BleuOptions = OptionsOf<NoOptions>;

/** Statistics per row: hypothesis and reference length, then matches and totals for n = 1..4. */
const WIDTH = 10;

/**
 * BLEU: sacreBLEU's sentence BLEU (13a, exponential smoothing, effective order) as a fraction
 * in [0, 1]; pass/fail only with a threshold. All references count together (n-gram counts
 * clipped by the maximum over references), so no single reference is "the" best one and
 * `referenceIndex` is not set. `stats` holds the row's `[hypLen, refLen, correct1..4,
 * total1..4]`; the grader's corpus capability sums them over rows and aggregates once (corpus
 * BLEU: no effective order, one brevity penalty).
 *
 * @example Sentence BLEU, the row's statistics, and the corpus figure
 * ```ts
 * import { bleuGrader } from "./bleu.ts";
 * import assert from "node:assert/strict";
 *
 * const r = bleuGrader.grade({ output: "The cat sat on the mat.", references: ["The cat is on the mat."], threshold: 0.4 });
 * assert.ok(Math.abs(r.score - 0.48892302243490086) < 1e-12);
 * assert.equal(r.pass, true);
 * assert.deepEqual(r.stats, [7, 7, 6, 4, 2, 1, 7, 6, 5, 4]);
 * const corpus = bleuGrader.corpus.aggregate(r.stats!, { nrefs: 1 }, bleuGrader.defaults);
 * assert.match(`${corpus.signature}`, /^nrefs:1\|case:mixed\|eff:no\|tok:13a\|smooth:exp\|version:verdict-/);
 * assert.equal(corpus.details?.sysLen, 7);
 * ```
 */
export const bleuGrader: DefinedGrader<
  "bleu",
  "graded",
  NoOptions,
  CorpusCapability<OptionsOf<NoOptions>>
> = defineGrader({
  name: "bleu",
  kind: "graded",
  summary: "sacreBLEU sentence BLEU (13a, exp smoothing); corpus BLEU beside it",
  needsReference: true,
  reads: "references",
  options: {},
  probe: { stepsOnReferences: true, extras: ["within-0.1"] },
  corpus: {
    label: "BLEU",
    width: WIDTH,
    aggregate(stats, context) {
      const b = bleuFromStats(stats, { effectiveOrder: false, nrefs: context.nrefs });
      return {
        score: b.score,
        signature: bleuSignature({ nrefs: context.nrefs, effectiveOrder: false }),
        details: { bp: b.bp, precisions: b.precisions, sysLen: b.sysLen, refLen: b.refLen },
      };
    },
    sentenceSignature: (context) => bleuSignature({ nrefs: context.nrefs, effectiveOrder: true }),
  },
  grade(input) {
    if (input.references.length === 0) return noReference();
    const stats = bleuStats(input.output, input.references);
    const { score } = bleuFromStats(stats, { effectiveOrder: true });
    return graded(score, input.threshold, { stats });
  },
  describe() {
    return bleuSignature({ effectiveOrder: true }).toString();
  },
});
