/**
 * ROUGE-N as Google's `rouge-score` computes it: n-gram overlap of the tokenized prediction and
 * target, as precision, recall and F-measure (fractions in [0, 1]).
 *
 * @module
 */

import { beginRow, ownTokens, rougeIds, symbolCount } from "./_rouge_tokens.ts";
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

// The prediction's n-grams for n ≥ 3, counted in an open-addressing table reused from call to
// call: each slot holds where in the prediction its n-gram first starts, how often it occurs
// there, and how many of those a target has matched so far.
let slotStart = new Int32Array(64);
let slotCount = new Int32Array(64);
let slotUsed = new Int32Array(64);

function ngramHash(ids: Int32Array, at: number, n: number): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < n; k++) h = Math.imul(h ^ ids[at + k], 0x01000193);
  return h ^ (h >>> 15);
}

/** The slot of the n-gram of `ids` at `at`: the one holding it, or the empty one where it goes. */
function slotOf(
  pred: Int32Array,
  ids: Int32Array,
  at: number,
  n: number,
  mask: number,
): number {
  let slot = ngramHash(ids, at, n) & mask;
  for (;;) {
    const start = slotStart[slot];
    if (start < 0) return slot;
    let k = 0;
    while (k < n && pred[start + k] === ids[at + k]) k++;
    if (k === n) return slot;
    slot = (slot + 1) & mask;
  }
}

/** Whether two id lists are equal (then the clipped overlap is every n-gram). */
function sameIds(a: Int32Array, b: Int32Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Count the n-grams of `pred[from…to)` (`grams` of them, at least one) into the table; returns the
 * table's mask.
 */
function countPrediction(pred: Int32Array, from: number, n: number, grams: number): number {
  let size = 64;
  while (size < 2 * grams) size *= 2;
  if (slotStart.length < size) {
    slotStart = new Int32Array(size);
    slotCount = new Int32Array(size);
    slotUsed = new Int32Array(size);
  }
  slotStart.fill(-1, 0, size);
  slotCount.fill(0, 0, size);
  const mask = size - 1;
  for (let i = from; i < from + grams; i++) {
    const slot = slotOf(pred, pred, i, n, mask);
    if (slotStart[slot] < 0) slotStart[slot] = i;
    slotCount[slot]++;
  }
  return mask;
}

/** The clipped overlap of the n-grams of `target[from…to)` with the counted prediction's. */
function overlapWith(
  pred: Int32Array,
  target: Int32Array,
  from: number,
  to: number,
  n: number,
  mask: number,
): number {
  slotUsed.fill(0, 0, mask + 1);
  let overlap = 0;
  for (let j = from; j + n <= to; j++) {
    const slot = slotOf(pred, target, j, n, mask);
    if (slotUsed[slot] < slotCount[slot]) {
      slotUsed[slot]++;
      overlap++;
    }
  }
  return overlap;
}

// ROUGE-1's counts, by token id (ids are below `symbolCount()`): the prediction's count of each id
// and how many of those the target at hand has matched. Both are zero outside a call.
let unigramCount = new Int32Array(1024);
let unigramUsed = new Int32Array(1024);

/** Room in the unigram counts for ids below `symbols`, keeping the counts made so far. */
function unigramRoom(symbols: number): void {
  if (unigramCount.length >= symbols) return;
  const more = new Int32Array(2 * symbols);
  more.set(unigramCount);
  unigramCount = more;
  unigramUsed = new Int32Array(2 * symbols);
}

/** The clipped overlap of the tokens of `target[from…to)` with the counted prediction's. */
function unigramOverlap(target: Int32Array, from: number, to: number): number {
  let overlap = 0;
  for (let j = from; j < to; j++) {
    const id = target[j];
    if (unigramUsed[id] < unigramCount[id]) {
      unigramUsed[id]++;
      overlap++;
    }
  }
  for (let j = from; j < to; j++) unigramUsed[target[j]] = 0;
  return overlap;
}

// ROUGE-2's counts, with no hashing: the prediction's bigrams that start with the same token are
// chained, in order, from `bigramFirst[token]` through `bigramNext[position]`, and a bigram is
// counted at the first position it occurs (`bigramCount`), where a target's matches of it are
// noted (`bigramUsed`). A target's bigram is found by walking the chain of its first token to the
// position whose next token is its second (most chains are one position long). `bigramFirst` is
// -1 outside a call.
let bigramFirst = new Int32Array(1024).fill(-1);
let bigramNext = new Int32Array(64);
let bigramCount = new Int32Array(64);
let bigramUsed = new Int32Array(64);

/** Room in `bigramFirst` for ids below `symbols`, keeping the chains made so far. */
function bigramRoom(symbols: number): void {
  if (bigramFirst.length >= symbols) return;
  const more = new Int32Array(2 * symbols).fill(-1);
  more.set(bigramFirst);
  bigramFirst = more;
}

/** Chain and count the bigrams starting at `pred[from…to)` (each has a next token). */
function countBigrams(pred: Int32Array, from: number, to: number): void {
  if (bigramNext.length < to) {
    bigramNext = new Int32Array(2 * to);
    bigramCount = new Int32Array(2 * to);
    bigramUsed = new Int32Array(2 * to);
  }
  for (let p = to - 1; p >= from; p--) {
    const x = pred[p];
    bigramNext[p] = bigramFirst[x];
    bigramFirst[x] = p;
    bigramCount[p] = 0;
  }
  for (let p = from; p < to; p++) {
    const y = pred[p + 1];
    let q = bigramFirst[pred[p]];
    while (pred[q + 1] !== y) q = bigramNext[q];
    bigramCount[q]++;
  }
}

/** The clipped overlap of the bigrams of `target[from…to)` with those counted by `countBigrams`. */
function bigramOverlap(
  pred: Int32Array,
  target: Int32Array,
  from: number,
  to: number,
  predFrom: number,
  predTo: number,
): number {
  bigramUsed.fill(0, predFrom, predTo);
  let overlap = 0;
  for (let j = from; j + 1 < to; j++) {
    const y = target[j + 1];
    let q = bigramFirst[target[j]];
    while (q >= 0 && pred[q + 1] !== y) q = bigramNext[q];
    if (q >= 0 && bigramUsed[q] < bigramCount[q]) {
      bigramUsed[q]++;
      overlap++;
    }
  }
  return overlap;
}

/** Take the chains of `countBigrams(pred, from, to)` down (`bigramFirst` back to -1). */
function clearBigrams(pred: Int32Array, from: number, to: number): void {
  for (let p = from; p < to; p++) bigramFirst[pred[p]] = -1;
}

/**
 * Take the tables indexed by token id back to a small size (as at start), so that a test can make
 * them grow while a row's counts are in them.
 *
 * @example Figures do not depend on the tables' sizes
 * ```ts
 * import { rougeN, shrinkTablesForTests } from "./rouge_n_metric.ts";
 * import assert from "node:assert/strict";
 *
 * shrinkTablesForTests();
 * assert.equal(rougeN("a b c", ["x y", "a b c"], { n: 2 }).f, 1);
 * ```
 */
export function shrinkTablesForTests(): void {
  unigramCount = new Int32Array(16);
  unigramUsed = new Int32Array(16);
  bigramFirst = new Int32Array(16).fill(-1);
}

/**
 * The clipped n-gram overlap of `pred` and `target` (each with at least one n-gram), counting
 * those of their common start and end from its length. With a common start of `p` tokens, the
 * first `p - n + 1` n-grams of both lists are the same ones; so are the last `s - n + 1` of a
 * common end of `s` tokens (taken after the start, so no token is in both). Clipped counts add up
 * over parts — min(c + x, c + y) = c + min(x, y) for the count c of an n-gram among those shared
 * n-grams and its counts x, y among the rest — so the overlap is those shared n-grams plus the
 * overlap of what is left of each list, n-grams counted there as usual.
 */
function sharedEndsOverlap(pred: Int32Array, target: Int32Array, n: number): number {
  const predLength = pred.length;
  const targetLength = target.length;
  let start = 0;
  while (start < predLength && start < targetLength && pred[start] === target[start]) start++;
  let end = 0;
  while (
    end < predLength - start && end < targetLength - start &&
    pred[predLength - 1 - end] === target[targetLength - 1 - end]
  ) end++;
  const head = Math.max(start - n + 1, 0);
  const tail = Math.max(end - n + 1, 0);
  const predTo = predLength - tail;
  const targetTo = targetLength - tail;
  const grams = predTo - head - n + 1;
  if (grams <= 0 || targetTo - head < n) return head + tail;
  if (n === 1) {
    unigramRoom(symbolCount());
    for (let i = head; i < predTo; i++) unigramCount[pred[i]]++;
    const overlap = unigramOverlap(target, head, targetTo);
    for (let i = head; i < predTo; i++) unigramCount[pred[i]] = 0;
    return head + tail + overlap;
  }
  if (n === 2) {
    bigramRoom(symbolCount());
    countBigrams(pred, head, head + grams);
    const overlap = bigramOverlap(pred, target, head, targetTo, head, head + grams);
    clearBigrams(pred, head, head + grams);
    return head + tail + overlap;
  }
  const mask = countPrediction(pred, head, n, grams);
  return head + tail + overlapWith(pred, target, head, targetTo, n, mask);
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
  // A first reference with the prediction's tokens: every n-gram matches (P = R = F = 1, which no
  // other reference beats) when there is one, else every reference scores 0 and the first counts.
  const own = ownTokens(prediction, references[0], stemmer, n, false);
  if (own >= 0) return { precision: own, recall: own, f: own, referenceIndex: 0 };
  beginRow();
  const pred = rougeIds(prediction, stemmer);
  const predCount = Math.max(pred.length - n + 1, 0);
  let mask = -1;
  let unigrams = false;
  let bigrams = false;
  // The best reference so far (the highest F; the first wins ties, and the first is kept when all are 0), kept in locals.
  let bestIndex = -1;
  let bestPrecision = 0;
  let bestRecall = 0;
  let bestF = 0;
  // The counts made for several references are taken down whatever happens (see `bigramFirst`).
  try {
    for (let index = 0; index < references.length; index++) {
      const target = rougeIds(references[index], stemmer);
      let overlap = 0;
      if (predCount === 0 || target.length < n) overlap = 0;
      else if (references.length === 1) overlap = sharedEndsOverlap(pred, target, n);
      else if (sameIds(pred, target)) overlap = predCount;
      else if (n === 1) {
        // Every id of the row so far is below symbolCount().
        unigramRoom(symbolCount());
        if (!unigrams) { for (let i = 0; i < pred.length; i++) unigramCount[pred[i]]++; }
        unigrams = true;
        overlap = unigramOverlap(target, 0, target.length);
      } else if (n === 2) {
        // Every id of the row so far is below symbolCount().
        bigramRoom(symbolCount());
        if (!bigrams) countBigrams(pred, 0, predCount);
        bigrams = true;
        overlap = bigramOverlap(pred, target, 0, target.length, 0, predCount);
      } else {
        if (mask < 0) mask = countPrediction(pred, 0, n, predCount);
        overlap = overlapWith(pred, target, 0, target.length, n, mask);
      }
      const precision = overlap / Math.max(predCount, 1);
      const recall = overlap / Math.max(target.length - n + 1, 1);
      const f = fMeasure(precision, recall);
      if (bestIndex < 0 || f > bestF) {
        bestIndex = index;
        bestPrecision = precision;
        bestRecall = recall;
        bestF = f;
      }
    }
  } finally {
    if (unigrams) { for (let i = 0; i < pred.length; i++) unigramCount[pred[i]] = 0; }
    if (bigrams) clearBigrams(pred, 0, predCount);
  }
  return { precision: bestPrecision, recall: bestRecall, f: bestF, referenceIndex: bestIndex };
}
