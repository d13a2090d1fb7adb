/**
 * BLEU exactly as sacreBLEU 2.x computes it with its defaults (13a tokenizer, mixed case,
 * exponential smoothing, maximum n-gram order 4), as per-segment sufficient statistics plus one
 * aggregation. Scores and precisions are fractions in [0, 1] (sacreBLEU prints them ×100). A
 * perfect score is exactly 1, where sacreBLEU's floating point gives 100.00000000000004.
 *
 * @module
 */

import { pyRstrip, pySplit, tokenize13a } from "../text/mod.ts";
import { countItems, requireCorpus, requireReferences, sumRows } from "./_stats.ts";
import { bleuSignature, nrefsLabel } from "./signature.ts";
import { UserTypeError } from "../errors/mod.ts";

const MAX_ORDER = 4;
/** sacreBLEU's stand-in for log(0). */
const LOG_ZERO = -9999999999;

/** A BLEU figure with everything that produced it. */
export interface BleuResult {
  /** BLEU as a fraction in [0, 1]. */
  score: number;
  /** Clipped n-gram matches for n = 1..4. */
  counts: number[];
  /** Hypothesis n-gram counts for n = 1..4. */
  totals: number[];
  /** The four (smoothed) precisions as fractions; all 0 when nothing matched. */
  precisions: number[];
  /** Brevity penalty. */
  bp: number;
  /** Hypothesis length in tokens (summed over segments). */
  sysLen: number;
  /** Closest reference length in tokens (summed over segments). */
  refLen: number;
  /** sacreBLEU-style settings signature. */
  signature: string;
}

/** How {@link bleuFromStats} aggregates. */
export interface BleuAggregation {
  /** Average only over the n-gram orders the hypothesis has (sentence BLEU: true; corpus: false). */
  effectiveOrder: boolean;
  /** References per segment (or `"var"`), for the signature. */
  nrefs?: number | "var";
}

function ngramCounts(tokens: readonly string[], n: number): Map<string, number> {
  const grams: string[] = [];
  for (let i = 0; i + n <= tokens.length; i++) grams.push(tokens.slice(i, i + n).join(" "));
  return countItems(grams);
}

function tokens(segment: string): string[] {
  return pySplit(tokenize13a(pyRstrip(segment)));
}

/**
 * The sufficient statistics of one segment: `[hypLen, refLen, correct1..4, total1..4]`.
 * `refLen` is the reference length closest to the hypothesis length (the shorter one on a tie);
 * reference n-gram counts are the maximum over the references.
 *
 * @example Statistics of one segment
 * ```ts
 * import { bleuStats } from "./bleu_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(bleuStats("The cat sat on the mat.", ["The cat is on the mat."]), [7, 7, 6, 4, 2, 1, 7, 6, 5, 4]);
 * ```
 */
export function bleuStats(hypothesis: string, references: readonly string[]): number[] {
  requireReferences("bleuStats", references);
  const hyp = tokens(hypothesis);
  const refs = references.map(tokens);
  let refLen = -1;
  let bestDiff = -1;
  for (const ref of refs) {
    const diff = Math.abs(hyp.length - ref.length);
    if (bestDiff === -1 || diff < bestDiff || (diff === bestDiff && ref.length < refLen)) {
      bestDiff = diff;
      refLen = ref.length;
    }
  }
  const correct: number[] = [];
  const total: number[] = [];
  for (let n = 1; n <= MAX_ORDER; n++) {
    const maxRef = new Map<string, number>();
    for (const ref of refs) {
      for (const [gram, c] of ngramCounts(ref, n)) {
        if (c > (maxRef.get(gram) ?? 0)) maxRef.set(gram, c);
      }
    }
    let matches = 0;
    for (const [gram, c] of ngramCounts(hyp, n)) matches += Math.min(c, maxRef.get(gram) ?? 0);
    correct.push(matches);
    total.push(Math.max(0, hyp.length - n + 1));
  }
  return [hyp.length, refLen, ...correct, ...total];
}

/**
 * Compute BLEU from (summed) sufficient statistics, as sacreBLEU's `compute_bleu` does: no
 * matches at all gives exactly 0; a zero match count at order n with n-grams present is smoothed
 * to `1 / (2^k · total_n)`; with `effectiveOrder` the geometric mean stops at the last order the
 * hypothesis has n-grams for.
 *
 * @example Corpus BLEU from summed statistics
 * ```ts
 * import { bleuFromStats, bleuStats } from "./bleu_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const a = bleuStats("the cat sat on the mat", ["the cat sat on the mat"]);
 * const b = bleuStats("a dog", ["a dog barked"]);
 * const summed = a.map((x, i) => x + b[i]);
 * const result = bleuFromStats(summed, { effectiveOrder: false, nrefs: 1 });
 * assert.equal(result.sysLen, 8);
 * assert.equal(result.refLen, 9);
 * assert.ok(result.score > 0 && result.score < 1);
 * ```
 */
export function bleuFromStats(
  stats: readonly number[],
  aggregation: BleuAggregation,
): BleuResult {
  if (stats.length !== 2 + 2 * MAX_ORDER) {
    throw new UserTypeError(
      `BLEU statistics must have ${2 + 2 * MAX_ORDER} numbers, got ${stats.length}`,
    );
  }
  const [sysLen, refLen] = stats;
  const counts = stats.slice(2, 2 + MAX_ORDER);
  const totals = stats.slice(2 + MAX_ORDER);
  const signature = bleuSignature(aggregation).toString();
  const bp = sysLen < refLen ? (sysLen > 0 ? Math.exp(1 - refLen / sysLen) : 0) : 1;
  // Precisions on sacreBLEU's 0–100 scale, so that the arithmetic is the same as theirs.
  const p100 = new Array<number>(MAX_ORDER).fill(0);
  const base = { counts, totals, bp, sysLen, refLen, signature };
  if (counts.every((c) => c === 0)) return { score: 0, precisions: [0, 0, 0, 0], ...base };
  let smooth = 1;
  let order = MAX_ORDER;
  for (let n = 1; n <= MAX_ORDER; n++) {
    if (totals[n - 1] === 0) break;
    if (aggregation.effectiveOrder) order = n;
    if (counts[n - 1] === 0) {
      smooth *= 2;
      p100[n - 1] = 100 / (smooth * totals[n - 1]);
    } else {
      p100[n - 1] = (100 * counts[n - 1]) / totals[n - 1];
    }
  }
  let logSum = 0;
  for (let n = 0; n < order; n++) logSum += p100[n] === 0 ? LOG_ZERO : Math.log(p100[n]);
  const score100 = bp * Math.exp(logSum / order);
  // exp(log(100)) is 100.00000000000004 (in sacreBLEU too): keep the fraction within [0, 1].
  return { score: Math.min(1, score100 / 100), precisions: p100.map((p) => p / 100), ...base };
}

/**
 * Sentence BLEU as `sacrebleu.sentence_bleu` gives it: effective order on, exponential
 * smoothing, the segment's own brevity penalty. Several references count together (n-gram
 * counts clipped by the maximum over references).
 *
 * @example Score one sentence
 * ```ts
 * import { sentenceBleu } from "./bleu_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const r = sentenceBleu("The cat sat on the mat.", ["The cat is on the mat."]);
 * assert.ok(Math.abs(r.score - 0.48892302243490086) < 1e-12);
 * assert.deepEqual(r.counts, [6, 4, 2, 1]);
 * assert.match(r.signature, /^nrefs:1\|case:mixed\|eff:yes\|tok:13a\|smooth:exp\|version:verdict-/);
 * ```
 */
export function sentenceBleu(hypothesis: string, references: readonly string[]): BleuResult {
  return bleuFromStats(bleuStats(hypothesis, references), {
    effectiveOrder: true,
    nrefs: references.length,
  });
}

/**
 * Corpus BLEU as `sacrebleu.corpus_bleu` gives it: segment statistics summed, no effective
 * order, one brevity penalty from the summed lengths. `references[i]` holds the references of
 * `hypotheses[i]` (segments may have different numbers of references: `nrefs:var`).
 *
 * @example Corpus BLEU is not the mean of sentence BLEU
 * ```ts
 * import { corpusBleu, sentenceBleu } from "./bleu_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(sentenceBleu("Yes", ["Yes"]).score, 1);
 * assert.equal(corpusBleu(["Yes"], [["Yes"]]).score, 0); // fewer than four tokens in all
 * assert.match(corpusBleu(["a b", "c d"], [["a b"], ["c d", "c e"]]).signature, /^nrefs:var\|case:mixed\|eff:no\|/);
 * ```
 */
export function corpusBleu(
  hypotheses: readonly string[],
  references: readonly (readonly string[])[],
): BleuResult {
  requireCorpus("corpusBleu", hypotheses, references);
  const rows = hypotheses.map((h, i) => bleuStats(h, references[i]));
  return bleuFromStats(sumRows(rows, 2 + 2 * MAX_ORDER), {
    effectiveOrder: false,
    nrefs: nrefsLabel(references.map((r) => r.length)),
  });
}
