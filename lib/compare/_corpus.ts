// Corpus metrics recomputed from summed per-row statistics (as sacreBLEU's paired-bs does).
import { bleuFromStats, bleuSignature, chrfFromStats, chrfSignature } from "../graders/mod.ts";

/** A corpus metric: its name, statistics width, score from summed statistics, and signature. */
export interface CorpusMetric {
  name: string;
  width: number;
  score(sum: readonly number[]): number;
  signature(nrefs: number | "var"): string;
}

/** The corpus metrics by grader name. */
export const CORPUS_METRICS: Readonly<Record<string, CorpusMetric>> = {
  bleu: {
    name: "corpus BLEU",
    width: 10,
    score: (sum) => bleuFromStats(sum, { effectiveOrder: false }).score,
    signature: (nrefs) => bleuSignature({ nrefs, effectiveOrder: false }),
  },
  chrf: {
    name: "corpus chrF",
    width: 18,
    score: (sum) => chrfFromStats(sum),
    signature: (nrefs) => chrfSignature({ nrefs }),
  },
};
