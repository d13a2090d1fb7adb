/**
 * ROUGE-Lsum as Google's `rouge-score` computes it: summary-level LCS over sentence units (the
 * union of each target sentence's LCS with every prediction sentence, each token counted once).
 *
 * @module
 */

import { punktSentences } from "../text/mod.ts";
import { lcsOfIds, markLcs, sameIds } from "./_rouge_lcs.ts";
import { beginRow, ownTokens, rougeOnlyLine, rougeUnitIds, symbolCount } from "./_rouge_tokens.ts";
import { requireReferences } from "./_stats.ts";
import { fMeasure, type RougeScore } from "./rouge_n_metric.ts";

/** Options of {@link rougeLsum}. */
export interface RougeLsumOptions {
  /** Porter-stem tokens longer than three characters (rouge-score's `use_stemmer`; default false). */
  stemmer?: boolean;
  /**
   * Split each text into sentences with a Punkt sentence splitter (rouge-score's
   * `split_summaries`; see `punktSentences` for how it matches NLTK's). Default false: sentences
   * are the lines of the text, as rouge-score expects summaries to be written.
   */
  splitSummaries?: boolean;
}

/**
 * The sentence units of a text as rouge-score's ROUGE-Lsum takes them: its lines (split on `\n`
 * only, so a `\r` of CRLF stays and a blank line is dropped only when empty), or Punkt sentences
 * with `splitSummaries`. Empty units are dropped; units with no tokens stay but count for nothing.
 *
 * @example Lines, and sentences
 * ```ts
 * import { summaryUnits } from "./rouge_lsum_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(summaryUnits("One.\n\nTwo.\r\n"), ["One.", "Two.\r"]);
 * assert.deepEqual(summaryUnits("One here. Two there.", true), ["One here.", "Two there."]);
 * ```
 */
export function summaryUnits(text: string, splitSummaries = false): string[] {
  const units = splitSummaries ? punktSentences(text) : text.split("\n");
  return units.filter((unit) => unit.length > 0);
}

// Scratch space reused from call to call: the marks of a target sentence's union of LCS positions,
// and each token's budget on either side (indexed by token id).
let marks = new Uint8Array(64);
let targetLeft = new Int32Array(1024);
let predictionLeft = new Int32Array(1024);

/** rouge-score's `_summary_level_lcs` hits (the union LCS) of sentence units of `m` and `n` tokens. */
function summaryHits(
  target: readonly Int32Array[],
  prediction: readonly Int32Array[],
  symbols: number,
): number {
  // One sentence each: the marked positions are one common subsequence, every token of which both
  // sides hold often enough, so all of them count.
  if (target.length === 1 && prediction.length === 1) return lcsOfIds(target[0], prediction[0]);
  if (sameUnits(target, prediction)) return tokenCount(target);
  return unionHits(target, prediction, symbols);
}

/**
 * Whether both sides have the same units: then each target unit's LCS with its equal prediction
 * unit marks every one of its positions, each token's budgets on the two sides are equal, so every
 * target token counts (the union LCS is the whole target, P = R = 1).
 */
function sameUnits(target: readonly Int32Array[], prediction: readonly Int32Array[]): boolean {
  if (target === prediction) return true;
  if (target.length !== prediction.length) return false;
  for (let k = 0; k < target.length; k++) if (!sameIds(target[k], prediction[k])) return false;
  return true;
}

function tokenCount(units: readonly Int32Array[]): number {
  let count = 0;
  for (let k = 0; k < units.length; k++) count += units[k].length;
  return count;
}

/** The tokens of `target` in the union of LCS positions, each within both sides' budgets. */
function unionHits(
  target: readonly Int32Array[],
  prediction: readonly Int32Array[],
  symbols: number,
): number {
  // Budgets that keep a token from counting more often than either side has it.
  if (targetLeft.length < symbols) {
    targetLeft = new Int32Array(2 * symbols);
    predictionLeft = new Int32Array(2 * symbols);
  }
  for (const sentence of target) for (const id of sentence) targetLeft[id]++;
  for (const sentence of prediction) for (const id of sentence) predictionLeft[id]++;
  let hits = 0;
  for (const sentence of target) {
    if (marks.length < sentence.length) marks = new Uint8Array(2 * sentence.length);
    marks.fill(0, 0, sentence.length);
    for (const candidate of prediction) markLcs(sentence, candidate, marks);
    // The union of the positions, in increasing order.
    for (let position = 0; position < sentence.length; position++) {
      if (marks[position] === 0) continue;
      const id = sentence[position];
      if (predictionLeft[id] > 0 && targetLeft[id] > 0) {
        hits++;
        predictionLeft[id]--;
        targetLeft[id]--;
      }
    }
  }
  for (const sentence of target) for (const id of sentence) targetLeft[id] = 0;
  for (const sentence of prediction) for (const id of sentence) predictionLeft[id] = 0;
  return hits;
}

/**
 * ROUGE-Lsum of a prediction against one or more references (`score_multi`): each text is cut
 * into sentence units (lines by default), and for each target sentence the union of its LCS
 * positions with every prediction sentence counts, each token no more often than both sides hold
 * it; recall over target tokens, precision over prediction tokens. The reference with the highest
 * F counts (the first wins ties).
 *
 * @example Swapped lines still match in full
 * ```ts
 * import { rougeLsum } from "./rouge_lsum_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const r = rougeLsum("Then we added the pasta.\nFirst we boiled the water.", ["First we boiled the water.\nThen we added the pasta."]);
 * assert.equal(r.f, 1);
 * assert.ok(rougeLsum("a b c d e f", ["a b\nc d\ne f"]).f === 1);
 * ```
 */
export function rougeLsum(
  prediction: string,
  references: readonly string[],
  options: RougeLsumOptions = {},
): RougeScore {
  requireReferences("rougeLsum", references);
  const stemmer = options.stemmer ?? false;
  const split = options.splitSummaries ?? false;
  // A first reference with the prediction's units: their union LCS is every token (P = R = F = 1,
  // which no other reference beats) when there is one, else every reference scores 0 and the
  // first counts. Lines: the same tokens with newlines between the same ones (the lines of a text
  // hold its tokens, as a newline parts tokens). Punkt sentences: the same text, asked for.
  let own = -1;
  if (!split) own = ownTokens(prediction, references[0], stemmer, 1, true);
  else if (references[0] === prediction) {
    beginRow();
    own = tokenCount(rougeUnitIds(prediction, stemmer, true)) > 0 ? 1 : 0;
  }
  if (own >= 0) return { precision: own, recall: own, f: own, referenceIndex: 0 };
  beginRow();
  // A prediction with one line unit, against a reference with one: their union LCS is their LCS
  // (as in `summaryHits`), taken from the token lists as they are, with no lists of units made.
  const predLine = split ? undefined : rougeOnlyLine(prediction, stemmer);
  let pred: readonly Int32Array[] | undefined;
  const n = predLine !== undefined
    ? predLine.length
    : tokenCount(pred = rougeUnitIds(prediction, stemmer, split));
  // The best reference so far (the highest F; the first wins ties), kept in locals.
  let bestIndex = -1;
  let bestPrecision = 0;
  let bestRecall = 0;
  let bestF = 0;
  for (let index = 0; index < references.length; index++) {
    const targetLine = predLine === undefined
      ? undefined
      : rougeOnlyLine(references[index], stemmer);
    let target: readonly Int32Array[] | undefined;
    const m = targetLine !== undefined
      ? targetLine.length
      : tokenCount(target = rougeUnitIds(references[index], stemmer, split));
    let precision = 0;
    let recall = 0;
    let f = 0;
    // No units, or no tokens, on either side: all 0.
    if (m > 0 && n > 0) {
      const hits = targetLine !== undefined
        ? lcsOfIds(targetLine, predLine!)
        : summaryHits(target!, pred ??= rougeUnitIds(prediction, stemmer, split), symbolCount());
      recall = hits / m;
      precision = hits / n;
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
