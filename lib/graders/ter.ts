/**
 * The TER grader: sentence TER per row (lower is better), with the row's statistics for corpus
 * TER.
 *
 * @module
 */

import { graded, noReference } from "./_result.ts";
import { terFromStats, terStatsWith } from "./ter_metric.ts";
import { TER_OPTIONS, terSignature } from "./ter_settings.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { CorpusCapability, GraderScale } from "./types.ts";
import type { OptionsOf } from "./options.ts";

/** Options of the TER grader (every setting present, as after resolving). */
export type TerGraderOptions = OptionsOf<typeof TER_OPTIONS>;

/** TER is an edit rate: lower is better, and it exceeds 1 when edits outnumber reference words. */
const TER_SCALE: GraderScale = Object.freeze({ direction: "lower", maximum: Infinity });

/**
 * TER: sacreBLEU's translation edit rate (edits, block shifts included, over the average reference
 * length; the fewest edits over the references), a fraction ≥ 0 that may exceed 1. Lower is
 * better: with a threshold a row passes when its TER is at or under it. Options are sacreBLEU's:
 * `normalized`, `noPunct`, `asianSupport`, `caseSensitive`. `stats` holds the row's `[edits,
 * averageRefLength]`; the corpus capability sums them and divides once.
 *
 * @example Lower is better
 * ```ts
 * import { terGrader } from "./ter.ts";
 * import assert from "node:assert/strict";
 *
 * const row = { output: "on the mat the cat sat", references: ["the cat sat on the mat"] };
 * assert.equal(terGrader.grade(row).score, 1 / 6); // one shift
 * assert.equal(terGrader.grade({ ...row, threshold: 0.2 }).pass, true);
 * assert.equal(terGrader.grade({ ...row, threshold: 0.1 }).pass, false);
 * assert.equal(terGrader.scale.direction, "lower");
 * assert.match(terGrader.describe({ normalized: true }), /^case:lc\|tok:tercom\|norm:yes\|punct:yes\|asian:no\|/);
 * ```
 */
export const terGrader: DefinedGrader<
  "ter",
  "graded",
  typeof TER_OPTIONS,
  CorpusCapability<TerGraderOptions>
> = defineGrader({
  name: "ter",
  kind: "graded",
  scale: TER_SCALE,
  summary: "sacreBLEU TER (edit rate with shifts; lower is better); corpus TER beside it",
  needsReference: true,
  reads: "references",
  options: TER_OPTIONS,
  probe: { stepsOnReferences: true, extras: ["within-0.1"] },
  corpus: {
    label: "TER",
    width: () => 2,
    aggregate: (stats, context, options) => ({
      score: terFromStats(stats),
      signature: terSignature({ ...options, nrefs: context.nrefs }),
    }),
    sentenceSignature: (context, options) => terSignature({ ...options, nrefs: context.nrefs }),
  },
  grade(input, options) {
    if (input.references.length === 0) return noReference();
    const stats = terStatsWith(input.output, input.references, options);
    // Without a threshold (the usual row) the result `graded` would build, made directly.
    if (input.threshold === undefined) return { score: terFromStats(stats), pass: null, stats };
    return graded(terFromStats(stats), input.threshold, { stats }, TER_SCALE);
  },
  describe(options) {
    return terSignature(options).toString();
  },
});
