// Corpus metrics recomputed from summed per-row statistics (as sacreBLEU's paired-bs does).
import { graderFor, type GraderName, isGraderName } from "../graders/mod.ts";

/** A corpus metric bound to its settings: its name, statistics width, and score from sums. */
export interface CorpusMetric {
  /** e.g. `"corpus BLEU"`. */
  name: string;
  /** How many statistics each row gives. */
  width: number;
  /** The corpus score (a fraction) from statistics summed over rows. */
  score(sum: readonly number[]): number;
  /** The signature of the corpus figure. */
  signature: string;
}

/** What a corpus metric's name starts with, before its registry label ("corpus BLEU"). */
const CORPUS = "corpus ";

/**
 * The registry label of a corpus metric's name (`"BLEU"` for `"corpus BLEU"`), or null for any
 * other metric (a pass rate, a mean score): the one place that reads the names made here.
 */
export function corpusLabel(metric: string): string | null {
  return metric.startsWith(CORPUS) ? metric.slice(CORPUS.length) : null;
}

/**
 * The corpus metric of a grader with a corpus capability in the registry (BLEU, chrF), with the
 * grader's options and the rows' reference counts; null for any other grader.
 */
export function corpusMetric(
  grader: string,
  options: unknown,
  nrefs: number | "var",
): CorpusMetric | null {
  if (!isGraderName(grader)) return null;
  const g = graderFor(grader as GraderName);
  const capability = g.corpus;
  if (!capability) return null;
  const resolved = g.resolve(options);
  const context = { nrefs };
  const width = capability.width(resolved);
  const signature = capability.aggregate(new Array(width).fill(0), context, resolved).signature;
  return {
    name: CORPUS + capability.label,
    width,
    score: (sum) => capability.aggregate(sum, context, resolved).score,
    signature: String(signature),
  };
}
