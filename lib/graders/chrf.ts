/**
 * The chrF grader: sentence chrF per row, with the row's statistics for corpus chrF.
 *
 * @module
 */

import { graded, noReference } from "./_result.ts";
import { chrfFromStats, chrfSegment } from "./chrf_metric.ts";
import { chrfSignature } from "./signature.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { CorpusCapability } from "./types.ts";
import type { NoOptions, OptionsOf } from "./options.ts";

/** Options of the chrF grader. chrF's own settings are fixed to sacreBLEU's defaults for now. */
export type ChrfOptions = OptionsOf<NoOptions>;

/**
 * chrF: sacreBLEU's chrF2 (character order 6, word order 0) against the best reference, as a
 * fraction in [0, 1]; pass/fail only with a threshold. `stats` holds the 18 statistics of the
 * selected reference; the grader's corpus capability sums them over rows and aggregates once.
 *
 * @example Best of two references, and the corpus figure
 * ```ts
 * import { chrfGrader } from "./chrf.ts";
 * import assert from "node:assert/strict";
 *
 * const r = chrfGrader.grade({ output: "kitten", references: ["sitting", "kitten"] });
 * assert.equal(r.score, 1);
 * assert.equal(r.referenceIndex, 1);
 * assert.equal(r.stats?.length, 18);
 * assert.match(chrfGrader.describe(), /^case:mixed\|eff:yes\|nc:6\|nw:0\|space:no\|version:verdict-/);
 * assert.equal(chrfGrader.corpus.aggregate(r.stats!, { nrefs: 2 }, chrfGrader.defaults).score, 1);
 * ```
 */
export const chrfGrader: DefinedGrader<
  "chrf",
  "graded",
  NoOptions,
  CorpusCapability<OptionsOf<NoOptions>>
> = defineGrader({
  name: "chrf",
  kind: "graded",
  summary: "sacreBLEU chrF2 with the best reference; corpus chrF beside it",
  needsReference: true,
  reads: "references",
  options: {},
  probe: { stepsOnReferences: true, extras: ["within-0.1"] },
  corpus: {
    label: "chrF",
    width: 18,
    aggregate: (stats, context) => ({
      score: chrfFromStats(stats),
      signature: chrfSignature({ nrefs: context.nrefs }),
    }),
    sentenceSignature: (context) => chrfSignature({ nrefs: context.nrefs }),
  },
  grade(input) {
    if (input.references.length === 0) return noReference();
    const seg = chrfSegment(input.output, input.references);
    return graded(seg.score, input.threshold, {
      referenceIndex: seg.referenceIndex,
      stats: seg.stats,
    });
  },
  describe() {
    return chrfSignature().toString();
  },
});
