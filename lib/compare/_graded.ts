// Graded metrics: the paired bootstrap of the difference of a mean score or a corpus score.
import { pairedBootstrap } from "../stats/paired_bootstrap.ts";
import type { Attempt, CasePair } from "./_collect.ts";
import type { CorpusMetric } from "./_corpus.ts";
import { bootstrapFigures, type Settings } from "./_settings.ts";
import type { ConventionFigures, EnvelopeFigures } from "./types.ts";

/** The figures of a graded grader; all attempted and the envelope are null for corpus metrics. */
export interface GradedFigures {
  scoredOnly: ConventionFigures;
  allAttempted: ConventionFigures | null;
  envelope: EnvelopeFigures | null;
}

/** The value an unscored attempt takes: a score, or nothing (left out). */
type Fill = number | null;

const valueOf = (t: Attempt, fill: Fill): number | null => t.score ?? fill;

// Mean scores over the attempts of the resampled cases (pooled over repeats).
function meanFigures(pairs: readonly CasePair[], fillA: Fill, fillB: Fill, s: Settings) {
  const sums: number[][] = [];
  for (const p of pairs) {
    const c = [0, 0, 0, 0];
    for (const t of p.a) {
      const v = valueOf(t, fillA);
      if (v !== null) (c[0] += v, c[1]++);
    }
    for (const t of p.b) {
      const v = valueOf(t, fillB);
      if (v !== null) (c[2] += v, c[3]++);
    }
    if (c[1] > 0 && c[3] > 0) sums.push(c);
  }
  let rowsA = 0;
  let rowsB = 0;
  for (const c of sums) (rowsA += c[1], rowsB += c[3]);
  const r = pairedBootstrap(sums.length, (idx) => {
    let sa = 0, na = 0, sb = 0, nb = 0;
    for (const i of idx) {
      const c = sums[i];
      sa += c[0], na += c[1], sb += c[2], nb += c[3];
    }
    return [sa / na, sb / nb];
  }, s);
  return bootstrapFigures(r, { a: rowsA, b: rowsB }, null);
}

// A corpus score from the summed statistics of the scored attempts of the resampled cases.
function corpusFigures(pairs: readonly CasePair[], metric: CorpusMetric, s: Settings) {
  const w = metric.width;
  const perCase: Float64Array[] = [];
  let rowsA = 0;
  let rowsB = 0;
  for (const p of pairs) {
    const scoredA = p.a.filter((t) => t.score !== null && t.stats);
    const scoredB = p.b.filter((t) => t.score !== null && t.stats);
    if (scoredA.length === 0 || scoredB.length === 0) continue;
    const c = new Float64Array(2 * w);
    for (const t of scoredA) t.stats!.forEach((v, i) => c[i] += v);
    for (const t of scoredB) t.stats!.forEach((v, i) => c[w + i] += v);
    perCase.push(c);
    rowsA += scoredA.length;
    rowsB += scoredB.length;
  }
  const sumA = new Array<number>(w);
  const sumB = new Array<number>(w);
  const r = pairedBootstrap(perCase.length, (idx) => {
    sumA.fill(0);
    sumB.fill(0);
    for (const i of idx) {
      const c = perCase[i];
      for (let k = 0; k < w; k++) (sumA[k] += c[k], sumB[k] += c[w + k]);
    }
    return [metric.score(sumA), metric.score(sumB)];
  }, s);
  return bootstrapFigures(r, { a: rowsA, b: rowsB }, null);
}

/**
 * Compare a graded grader on paired cases by a seeded paired bootstrap over cases. A corpus
 * metric is recomputed from summed statistics on each resample (scored only: a row without
 * statistics cannot take part). A mean is compared scored only, all attempted (an unscored
 * attempt gets the worst score: `scale.min`, or `scale.max` where lower is better) and over the
 * envelope (`scale.max` for a's unscored and `scale.min` for b's, and the reverse); `scale` null,
 * or a scale without a finite end (TER has no worst score), leaves those out.
 */
export function gradedFigures(
  pairs: readonly CasePair[],
  corpus: CorpusMetric | null,
  unscored: boolean,
  scale: { min: number; max: number } | null,
  s: Settings,
  lowerIsBetter = false,
): GradedFigures {
  if (corpus) {
    return { scoredOnly: corpusFigures(pairs, corpus, s), allAttempted: null, envelope: null };
  }
  const scoredOnly = meanFigures(pairs, null, null, s);
  if (!unscored) return { scoredOnly, allAttempted: scoredOnly, envelope: null };
  if (!scale || !Number.isFinite(scale.min) || !Number.isFinite(scale.max)) {
    return { scoredOnly, allAttempted: null, envelope: null };
  }
  const failed = lowerIsBetter ? scale.max : scale.min;
  const allAttempted = meanFigures(pairs, failed, failed, s);
  const worst = meanFigures(pairs, scale.max, scale.min, s);
  const best = meanFigures(pairs, scale.min, scale.max, s);
  return {
    scoredOnly,
    allAttempted,
    envelope: { difference: [worst.difference, best.difference], ci: [worst.ci[0], best.ci[1]] },
  };
}
