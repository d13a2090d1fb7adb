/**
 * The BLEU grader: sentence BLEU per row, with the row's statistics for corpus BLEU.
 *
 * @module
 */

import { graded, noReference } from "./_result.ts";
import { bleuFromStatsWith, bleuScore, bleuStatsWith } from "./bleu_metric.ts";
import { BLEU_OPTIONS, type BleuSettings, bleuSignature } from "./bleu_settings.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { CorpusCapability } from "./types.ts";
import type { OptionsOf } from "./options.ts";

/** Options of the BLEU grader (every setting present, as after resolving). */
export type BleuGraderOptions = OptionsOf<typeof BLEU_OPTIONS>;

/** The grader's settings for sentence scores (`corpus: false`) or the corpus figure. */
function settingsFor(options: BleuGraderOptions, corpus: boolean): BleuSettings {
  return { ...options, effectiveOrder: options.effectiveOrder ?? !corpus };
}

// The frozen options last graded with and their sentence settings: the jobs pass the same
// resolved (frozen, so unchanging) options for every row.
let lastOptions: BleuGraderOptions | undefined;
let lastSettings: BleuSettings | undefined;

/** {@link settingsFor} sentence scores, remembered for frozen options. */
function sentenceSettings(options: BleuGraderOptions): BleuSettings {
  if (options === lastOptions) return lastSettings!;
  const settings = settingsFor(options, false);
  if (Object.isFrozen(options)) {
    lastOptions = options;
    lastSettings = settings;
  }
  return settings;
}

/**
 * BLEU: sacreBLEU's sentence BLEU (by default 13a, exponential smoothing, order 4, effective
 * order) as a fraction in [0, 1]; pass/fail only with a threshold. Every sacreBLEU setting is an
 * option (`tokenize`, `lowercase`, `smoothMethod`, `smoothValue`, `maxNgramOrder`,
 * `effectiveOrder`). All references count together (n-gram counts clipped by the maximum over
 * references), so no single reference is "the" best one and `referenceIndex` is not set.
 * `stats` holds the row's `[hypLen, refLen, correct1..N, total1..N]`; the grader's corpus
 * capability sums them over rows and aggregates once (corpus BLEU: by default no effective
 * order, one brevity penalty).
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
 * assert.equal(bleuGrader.describe({ tokenize: "intl", smoothMethod: "add-k" }).split("|version")[0], "case:mixed|eff:yes|tok:intl|smooth:add-k[1.00]");
 * ```
 */
export const bleuGrader: DefinedGrader<
  "bleu",
  "graded",
  typeof BLEU_OPTIONS,
  CorpusCapability<BleuGraderOptions>
> = defineGrader({
  name: "bleu",
  kind: "graded",
  summary: "sacreBLEU sentence BLEU (13a, exp smoothing by default); corpus BLEU beside it",
  needsReference: true,
  reads: "references",
  options: BLEU_OPTIONS,
  probe: { stepsOnReferences: true, extras: ["within-0.1"] },
  corpus: {
    label: "BLEU",
    width: (options) => 2 + 2 * options.maxNgramOrder,
    aggregate(stats, context, options) {
      const settings = settingsFor(options, true);
      const b = bleuFromStatsWith(stats, settings, context.nrefs);
      return {
        score: b.score,
        signature: bleuSignature({ ...settings, nrefs: context.nrefs }),
        details: { bp: b.bp, precisions: b.precisions, sysLen: b.sysLen, refLen: b.refLen },
      };
    },
    sentenceSignature: (context, options) =>
      bleuSignature({ ...settingsFor(options, false), nrefs: context.nrefs }),
  },
  grade(input, options) {
    if (input.references.length === 0) return noReference();
    const settings = sentenceSettings(options);
    const stats = bleuStatsWith(input.output, input.references, settings);
    // Without a threshold (the usual row) the result `graded` would build, made directly.
    if (input.threshold === undefined) {
      return { score: bleuScore(stats, settings), pass: null, stats };
    }
    return graded(bleuScore(stats, settings), input.threshold, { stats });
  },
  describe(options) {
    return bleuSignature(settingsFor(options, false)).toString();
  },
});
