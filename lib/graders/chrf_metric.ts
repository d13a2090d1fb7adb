/**
 * chrF2 exactly as sacreBLEU 2.x computes it with its defaults (character n-grams of order 1–6
 * over code points, whitespace removed, no word n-grams, β = 2, no epsilon smoothing), as
 * per-segment statistics plus one aggregation. Scores are fractions in [0, 1].
 *
 * @module
 */

import { pySplit } from "../text/mod.ts";
import { requireCorpus, requireReferences, sumRows } from "./_stats.ts";
import { chrfSignature, nrefsLabel } from "./signature.ts";
import { UserTypeError } from "../errors/mod.ts";

const ORDER = 6;
const BETA = 2;
/** Number of chrF statistics: `[hyp, ref, match]` for each order 1..6. */
const WIDTH = 3 * ORDER;

/** A chrF figure with its statistics and settings signature. */
export interface ChrfResult {
  /** chrF2 as a fraction in [0, 1]. */
  score: number;
  /** `[hyp1, ref1, match1, …, hyp6, ref6, match6]` (summed over segments in corpus mode). */
  stats: number[];
  /** sacreBLEU-style settings signature. */
  signature: string;
}

/** The chrF statistics of one segment against its best reference, and which reference that was. */
export interface ChrfSegment {
  /** Index of the selected reference (the first one wins ties). */
  referenceIndex: number;
  /** The 18 statistics against that reference. */
  stats: number[];
  /** The segment's chrF against that reference, a fraction. */
  score: number;
}

function charNgrams(text: string): Map<string, number>[] {
  const joined = pySplit(text).join("");
  // UTF-16 offsets of each code point, so an n-gram of code points is one slice.
  const starts: number[] = [];
  for (let i = 0; i < joined.length; i += joined.codePointAt(i)! > 0xffff ? 2 : 1) starts.push(i);
  starts.push(joined.length);
  const length = starts.length - 1;
  const out: Map<string, number>[] = [];
  for (let n = 1; n <= ORDER; n++) {
    const counts = new Map<string, number>();
    for (let i = 0; i + n <= length; i++) {
      const gram = joined.slice(starts[i], starts[i + n]);
      counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
    out.push(counts);
  }
  return out;
}

function sumCounts(counts: Map<string, number>): number {
  let total = 0;
  for (const c of counts.values()) total += c;
  return total;
}

function matchStats(hyp: Map<string, number>[], ref: Map<string, number>[]): number[] {
  const stats: number[] = [];
  for (let n = 0; n < ORDER; n++) {
    const hypCount = sumCounts(hyp[n]);
    const refCount = sumCounts(ref[n]);
    let match = 0;
    for (const [gram, c] of hyp[n]) match += Math.min(c, ref[n].get(gram) ?? 0);
    // sacreBLEU records no hypothesis n-grams for an order the reference has none of.
    stats.push(refCount === 0 ? 0 : hypCount, refCount, match);
  }
  return stats;
}

/**
 * chrF from (summed) statistics: the mean precision and mean recall over the orders where both
 * the hypothesis and the reference have n-grams, then the F-β of those two means. 0 when no order
 * counts or both means are 0.
 *
 * @example Identical strings score 1
 * ```ts
 * import { chrfFromStats, chrfStats } from "./chrf_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(chrfFromStats(chrfStats("hello world", ["hello world"])), 1);
 * assert.equal(chrfFromStats(chrfStats("", ["hello"])), 0);
 * ```
 */
export function chrfFromStats(stats: readonly number[]): number {
  if (stats.length !== WIDTH) {
    throw new UserTypeError(`chrF statistics must have ${WIDTH} numbers, got ${stats.length}`);
  }
  let precision = 0;
  let recall = 0;
  let effective = 0;
  for (let n = 0; n < ORDER; n++) {
    const [hyp, ref, match] = stats.slice(3 * n, 3 * n + 3);
    if (hyp > 0 && ref > 0) {
      precision += match / hyp;
      recall += match / ref;
      effective++;
    }
  }
  if (effective === 0) return 0;
  precision /= effective;
  recall /= effective;
  if (precision + recall === 0) return 0;
  const b2 = BETA * BETA;
  return ((1 + b2) * precision * recall) / (b2 * precision + recall);
}

/**
 * Score one segment against each reference and keep the best (strictly higher chrF wins, so the
 * first reference wins ties).
 *
 * @example Pick the better of two references
 * ```ts
 * import { chrfSegment } from "./chrf_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const seg = chrfSegment("kitten", ["sitting", "kitten"]);
 * assert.equal(seg.referenceIndex, 1);
 * assert.equal(seg.score, 1);
 * ```
 */
export function chrfSegment(hypothesis: string, references: readonly string[]): ChrfSegment {
  requireReferences("chrfSegment", references);
  const hyp = charNgrams(hypothesis);
  let best: ChrfSegment | undefined;
  references.forEach((reference, index) => {
    const stats = matchStats(hyp, charNgrams(reference));
    const score = chrfFromStats(stats);
    if (best === undefined || score > best.score) best = { referenceIndex: index, stats, score };
  });
  return best!;
}

/**
 * The 18 chrF statistics of one segment against its best reference, for corpus aggregation.
 *
 * @example Statistics of one segment
 * ```ts
 * import { chrfStats } from "./chrf_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const stats = chrfStats("ab", ["abc"]);
 * assert.deepEqual(stats.slice(0, 6), [2, 3, 2, 1, 2, 1]); // order 1 then order 2
 * assert.deepEqual(stats.slice(6, 9), [0, 1, 0]); // order 3
 * ```
 */
export function chrfStats(hypothesis: string, references: readonly string[]): number[] {
  return chrfSegment(hypothesis, references).stats;
}

/**
 * Sentence chrF as `sacrebleu.sentence_chrf` gives it (best reference).
 *
 * @example Score one sentence
 * ```ts
 * import { sentenceChrf } from "./chrf_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const r = sentenceChrf("The cat sat on the mat.", ["The cat is on the mat."]);
 * assert.ok(Math.abs(r.score - 0.6717273492330233) < 1e-12);
 * assert.match(r.signature, /^nrefs:1\|case:mixed\|eff:yes\|nc:6\|nw:0\|space:no\|/);
 * ```
 */
export function sentenceChrf(hypothesis: string, references: readonly string[]): ChrfResult {
  const { stats, score } = chrfSegment(hypothesis, references);
  return { score, stats, signature: `${chrfSignature({ nrefs: references.length })}` };
}

/**
 * Corpus chrF as `sacrebleu.corpus_chrf` gives it: each segment's best-reference statistics
 * summed, then one score. `references[i]` holds the references of `hypotheses[i]`.
 *
 * @example Corpus chrF over two segments
 * ```ts
 * import { corpusChrf } from "./chrf_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const r = corpusChrf(["hello there", "good day"], [["hello there"], ["bad day", "good day"]]);
 * assert.equal(r.score, 1);
 * assert.match(r.signature, /^nrefs:var\|/);
 * ```
 */
export function corpusChrf(
  hypotheses: readonly string[],
  references: readonly (readonly string[])[],
): ChrfResult {
  requireCorpus("corpusChrf", hypotheses, references);
  const stats = sumRows(hypotheses.map((h, i) => chrfStats(h, references[i])), WIDTH);
  return {
    score: chrfFromStats(stats),
    stats,
    signature: `${chrfSignature({ nrefs: nrefsLabel(references.map((r) => r.length)) })}`,
  };
}
