/**
 * The chrF grader: sentence chrF (or chrF++) per row, with the row's statistics for corpus chrF.
 *
 * @module
 */

import { graded, noReference } from "./_result.ts";
import { chrfFromStatsWith, chrfSegmentWith } from "./chrf_metric.ts";
import { CHRF_OPTIONS, chrfSignature } from "./chrf_settings.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { CorpusCapability } from "./types.ts";
import type { OptionsOf } from "./options.ts";

/** Options of the chrF grader (every setting present, as after resolving). */
export type ChrfGraderOptions = OptionsOf<typeof CHRF_OPTIONS>;

/**
 * chrF: sacreBLEU's chrF against the best reference, by default chrF2 (character order 6, word
 * order 0, β = 2), as a fraction in [0, 1]; pass/fail only with a threshold. `wordOrder: 2` gives
 * chrF++; `charOrder`, `beta`, `lowercase`, `whitespace` and `epsSmoothing` are sacreBLEU's other
 * settings. `stats` holds the selected reference's `[hyp, ref, match]` per order; the grader's
 * corpus capability sums them over rows and aggregates once.
 *
 * @example Best of two references, chrF++, and the corpus figure
 * ```ts
 * import { chrfGrader } from "./chrf.ts";
 * import assert from "node:assert/strict";
 *
 * const r = chrfGrader.grade({ output: "kitten", references: ["sitting", "kitten"] });
 * assert.equal(r.score, 1);
 * assert.equal(r.referenceIndex, 1);
 * assert.equal(r.stats?.length, 18);
 * assert.match(chrfGrader.describe(), /^case:mixed\|eff:yes\|nc:6\|nw:0\|space:no\|version:verdict-/);
 * assert.match(chrfGrader.describe({ wordOrder: 2 }), /\|nw:2\|/);
 * assert.equal(chrfGrader.corpus.aggregate(r.stats!, { nrefs: 2 }, chrfGrader.defaults).score, 1);
 * ```
 */
export const chrfGrader: DefinedGrader<
  "chrf",
  "graded",
  typeof CHRF_OPTIONS,
  CorpusCapability<ChrfGraderOptions>
> = defineGrader({
  name: "chrf",
  kind: "graded",
  summary:
    "sacreBLEU chrF2 (chrF++ with wordOrder=2) with the best reference; corpus chrF beside it",
  needsReference: true,
  reads: "references",
  options: CHRF_OPTIONS,
  probe: { stepsOnReferences: true, extras: ["within-0.1"] },
  corpus: {
    label: "chrF",
    width: (options) => 3 * (options.charOrder + options.wordOrder),
    aggregate: (stats, context, options) => ({
      score: chrfFromStatsWith(stats, options),
      signature: chrfSignature({ ...options, nrefs: context.nrefs }),
    }),
    sentenceSignature: (context, options) => chrfSignature({ ...options, nrefs: context.nrefs }),
  },
  grade(input, options) {
    if (input.references.length === 0) return noReference();
    const seg = chrfSegmentWith(input.output, input.references, options);
    return graded(seg.score, input.threshold, {
      referenceIndex: seg.referenceIndex,
      stats: seg.stats,
    });
  },
  describe(options) {
    return chrfSignature(options).toString();
  },
});
