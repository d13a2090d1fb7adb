/**
 * The chrF grader: sentence chrF per row, with the row's statistics for corpus chrF.
 *
 * @module
 */

import { graded, noReference } from "./_result.ts";
import { chrfSegment } from "./chrf_metric.ts";
import { chrfSignature } from "./signature.ts";
import type { Grader } from "./types.ts";

/** Options of the chrF grader. chrF's own settings are fixed to sacreBLEU's defaults. */
export interface ChrfOptions {
  /** References per row (or `"var"`), used only by `describe()` to complete the signature. */
  nrefs?: number | "var";
}

/**
 * chrF: sacreBLEU's chrF2 (character order 6, word order 0) against the best reference, as a
 * fraction in [0, 1]; pass/fail only with a threshold. `stats` holds the 18 statistics of the
 * selected reference: sum them over rows and call `chrfFromStats(sum)` for corpus chrF.
 *
 * @example Best of two references
 * ```ts
 * import { chrfGrader } from "./chrf.ts";
 * import assert from "node:assert/strict";
 *
 * const r = chrfGrader.grade({ output: "kitten", references: ["sitting", "kitten"] });
 * assert.equal(r.score, 1);
 * assert.equal(r.referenceIndex, 1);
 * assert.equal(r.stats?.length, 18);
 * assert.match(chrfGrader.describe(), /^case:mixed\|eff:yes\|nc:6\|nw:0\|space:no\|version:verdict-/);
 * ```
 */
export const chrfGrader: Grader<ChrfOptions> = {
  name: "chrf",
  kind: "graded",
  needsReference: true,
  defaults: {},
  grade(input) {
    if (input.references.length === 0) return noReference();
    const seg = chrfSegment(input.output, input.references);
    return graded(seg.score, input.threshold, {
      referenceIndex: seg.referenceIndex,
      stats: seg.stats,
    });
  },
  describe(options) {
    return chrfSignature({ nrefs: options?.nrefs });
  },
};
