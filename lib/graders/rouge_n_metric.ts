/**
 * ROUGE-N as Google's `rouge-score` computes it: n-gram overlap of the tokenized prediction and
 * target, as precision, recall and F-measure (fractions in [0, 1]).
 *
 * @module
 */

import { rougeTokens, tokenIds } from "./_rouge_tokens.ts";
import { requireReferences } from "./_stats.ts";
import { UserRangeError } from "../errors/mod.ts";

/** A ROUGE figure against the reference that counted. */
export interface RougeScore {
  /** Overlap / prediction units (n-grams, or tokens for ROUGE-L and Lsum). */
  precision: number;
  /** Overlap / target units. */
  recall: number;
  /** 2PR / (P + R), or 0 when P + R = 0. */
  f: number;
  /** Index of the reference the figures come from (best F; the first wins ties). */
  referenceIndex: number;
}

/** Options of {@link rougeN}. */
export interface RougeNOptions {
  /** The n-gram length: 1 for ROUGE-1, 2 for ROUGE-2 (a whole number ≥ 1). */
  n: number;
  /** Porter-stem tokens longer than three characters (rouge-score's `use_stemmer`; default false). */
  stemmer?: boolean;
}

/** rouge-score's F-measure of a precision and a recall. */
export function fMeasure(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/**
 * The reference with the highest F (the first wins ties, and the first is kept when all are 0),
 * as `score_multi` picks it: precision, recall and F all come from that one reference.
 */
export function bestReference(
  references: readonly string[],
  score: (reference: string, index: number) => Omit<RougeScore, "referenceIndex">,
): RougeScore {
  let best: RougeScore | undefined;
  references.forEach((reference, referenceIndex) => {
    const scored = score(reference, referenceIndex);
    if (best === undefined || scored.f > best.f) best = { ...scored, referenceIndex };
  });
  return best!;
}

/**
 * The n-grams of `tokens` (as ids below `symbols`) counted by key: a number made of the ids when
 * it stays exact, else the ids joined as text.
 */
function ngramCounts(tokens: Int32Array, symbols: number, n: number): Map<number | string, number> {
  const counts = new Map<number | string, number>();
  const numeric = Math.pow(Math.max(symbols, 2), n) < Number.MAX_SAFE_INTEGER;
  for (let i = 0; i + n <= tokens.length; i++) {
    let key: number | string;
    if (numeric) {
      key = 0;
      for (let k = 0; k < n; k++) key = key * symbols + tokens[i + k];
    } else key = tokens.subarray(i, i + n).join(" ");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * ROUGE-N of a prediction against one or more references (`score_multi`): the clipped overlap of
 * n-grams over `max(prediction n-grams, 1)` and `max(target n-grams, 1)`, so a prediction of one
 * token has ROUGE-2 of 0, not an error. Each reference is scored on its own and the one with the
 * highest F counts. Tokens are rouge-score's: lowercased, ASCII letters and digits only.
 *
 * @example ROUGE-1 and ROUGE-2
 * ```ts
 * import { rougeN } from "./rouge_n_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const one = rougeN("the cat sat on the mat", ["the cat is on the mat"], { n: 1 });
 * assert.deepEqual([one.precision, one.recall], [5 / 6, 5 / 6]);
 * const two = rougeN("the cat sat on the mat", ["the cat is on the mat"], { n: 2 });
 * assert.deepEqual([two.precision, two.recall], [3 / 5, 3 / 5]);
 * assert.equal(rougeN("cats running", ["cat runs"], { n: 1, stemmer: true }).f, 1);
 * ```
 */
export function rougeN(
  prediction: string,
  references: readonly string[],
  options: RougeNOptions,
): RougeScore {
  requireReferences("rougeN", references);
  const n = options?.n;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1) {
    throw new UserRangeError(`rougeN needs n, a whole number ≥ 1, got ${String(n)}`);
  }
  const stemmer = options.stemmer ?? false;
  // Tokens as integers, numbered over the prediction and every reference together.
  const { ids, symbols } = tokenIds([
    rougeTokens(prediction, stemmer),
    ...references.map((r) => rougeTokens(r, stemmer)),
  ]);
  const pred = ngramCounts(ids[0], symbols, n);
  const predCount = Math.max(ids[0].length - n + 1, 0);
  return bestReference(references, (_, i) => {
    const target = ngramCounts(ids[i + 1], symbols, n);
    let overlap = 0;
    for (const [gram, c] of target) overlap += Math.min(c, pred.get(gram) ?? 0);
    const precision = overlap / Math.max(predCount, 1);
    const recall = overlap / Math.max(ids[i + 1].length - n + 1, 1);
    return { precision, recall, f: fMeasure(precision, recall) };
  });
}
