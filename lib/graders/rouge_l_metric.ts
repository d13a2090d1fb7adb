/**
 * ROUGE-L as Google's `rouge-score` computes it: the longest common subsequence of the
 * tokenized prediction and target, as precision, recall and F-measure (fractions in [0, 1]).
 *
 * @module
 */

import { lcsOfIds, lcsOnRows } from "./_rouge_lcs.ts";
import { beginRow, ownTokens, rougeIds } from "./_rouge_tokens.ts";
import { requireReferences } from "./_stats.ts";
import { fMeasure } from "./rouge_n_metric.ts";

/** A ROUGE-L figure. */
export interface RougeLResult {
  /** LCS length / prediction tokens. */
  precision: number;
  /** LCS length / target tokens. */
  recall: number;
  /** 2PR / (P + R), or 0 when P + R = 0. */
  f: number;
  /** Index of the reference the figures come from (best F; the first wins ties). */
  referenceIndex: number;
}

/** Options of {@link rougeL}. */
export interface RougeLOptions {
  /** Porter-stem tokens longer than three characters (rouge-score's `use_stemmer`; default false). */
  stemmer?: boolean;
}

/**
 * Length of the longest common subsequence of two token lists (O(m·n) time, O(n) memory).
 *
 * @example LCS of two token lists
 * ```ts
 * import { lcsLength } from "./rouge_l_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(lcsLength(["a", "b", "c", "d"], ["a", "c", "d", "b"]), 3);
 * assert.equal(lcsLength([], ["a"]), 0);
 * ```
 */
export function lcsLength(
  a: ArrayLike<string | number>,
  b: ArrayLike<string | number>,
): number {
  return lcsOnRows(a, b, new Int32Array(b.length + 1), new Int32Array(b.length + 1));
}

/**
 * ROUGE-L of a prediction against one or more references (`score_multi`): each reference is
 * scored on its own and the one with the highest F counts, P, R and F all from it.
 *
 * @example Score with and without stemming
 * ```ts
 * import { rougeL } from "./rouge_l_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const plain = rougeL("The cat sat on the mat.", ["The cat is on the mat."]);
 * assert.ok(Math.abs(plain.f - 5 / 6) < 1e-15);
 * assert.equal(rougeL("cats running", ["cat runs"]).f, 0);
 * assert.equal(rougeL("cats running", ["cat runs"], { stemmer: true }).f, 1);
 * ```
 */
export function rougeL(
  prediction: string,
  references: readonly string[],
  options: RougeLOptions = {},
): RougeLResult {
  requireReferences("rougeL", references);
  const stemmer = options.stemmer ?? false;
  // A first reference with the prediction's tokens: its LCS is all of them (P = R = F = 1, which no
  // other reference beats) when there is one, else every reference scores 0 and the first counts.
  const own = ownTokens(prediction, references[0], stemmer, 1, false);
  if (own >= 0) return { precision: own, recall: own, f: own, referenceIndex: 0 };
  beginRow();
  const pred = rougeIds(prediction, stemmer);
  // The best reference so far (the highest F; the first wins ties), kept in locals.
  let bestIndex = -1;
  let bestPrecision = 0;
  let bestRecall = 0;
  let bestF = 0;
  for (let index = 0; index < references.length; index++) {
    const target = rougeIds(references[index], stemmer);
    let precision = 0;
    let recall = 0;
    let f = 0;
    if (pred.length > 0 && target.length > 0) {
      const lcs = lcsOfIds(target, pred);
      precision = lcs / pred.length;
      recall = lcs / target.length;
      f = fMeasure(precision, recall);
    }
    if (bestIndex < 0 || f > bestF) {
      bestIndex = index;
      bestPrecision = precision;
      bestRecall = recall;
      bestF = f;
    }
  }
  return { precision: bestPrecision, recall: bestRecall, f: bestF, referenceIndex: bestIndex };
}
