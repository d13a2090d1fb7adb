// Retrieval metrics from gold ids (with optional relevance grades) and the ids an application
// retrieved, in rank order, optionally cut at k. The formulas, with R the relevant ids (grade > 0),
// top the first k retrieved ids (all of them without k; a repeated id counts at its first rank):
//   hit       1 when top holds a relevant id, else 0
//   recall    |R ∩ top| / |R|
//   precision |R ∩ top| / k  (without k: / the number retrieved; 0 when nothing was retrieved)
//   mrr       1 / the rank of the first relevant id in top, else 0
//   ndcg      DCG / IDCG with DCG = Σ_i grade(top_i) / log2(i + 1) (linear gain, i from 1) and IDCG
//             the same over the gold grades sorted best first, cut at k
import type { MetricOutcome } from "./metric.ts";

/** The retrieval metrics. */
export type RetrievalMetricName = "hit" | "recall" | "precision" | "mrr" | "ndcg";

/** Retrieved ids in rank order without repeats (an id counts at its first rank). */
function ranked(retrieved: readonly string[]): string[] {
  return [...new Set(retrieved)];
}

const list = (ids: readonly string[], n = 5) =>
  ids.length === 0 ? "none" : ids.slice(0, n).join(", ") + (ids.length > n ? ", …" : "");

/**
 * One retrieval metric on one item. Not scored when the item has no relevant gold id or the
 * answer carries no retrieved ids.
 */
export function retrievalMetric(
  name: RetrievalMetricName,
  retrieved: readonly string[] | undefined,
  relevance: ReadonlyMap<string, number> | undefined,
  k: number | null,
): MetricOutcome {
  const relevant = [...(relevance ?? new Map())].filter(([, g]) => g > 0).map(([id]) => id);
  if (relevant.length === 0) return { value: null, reason: "no relevant gold ids" };
  if (retrieved === undefined) {
    return {
      value: null,
      reason: "the answer has no retrieved ids (an app returns { answer, retrieved })",
    };
  }
  const all = ranked(retrieved);
  const top = k === null ? all : all.slice(0, k);
  const at = k === null ? "" : ` in the top ${k}`;
  const found = top.filter((id) => relevance!.get(id)! > 0);
  const missed = relevant.filter((id) => !found.includes(id));
  switch (name) {
    case "hit":
      return found.length > 0 ? { value: 1, reason: `relevant ${list(found)}${at}` } : {
        value: 0,
        reason: `no relevant id${at} (retrieved ${list(top)}; relevant ${list(relevant)})`,
      };
    case "recall":
      return {
        value: found.length / relevant.length,
        reason: `${found.length} of ${relevant.length} relevant${at}${
          missed.length > 0 ? `; missed ${list(missed)}` : ""
        }`,
      };
    case "precision": {
      const denominator = k ?? top.length;
      if (denominator === 0) return { value: 0, reason: "nothing retrieved" };
      return {
        value: found.length / denominator,
        reason: `${found.length} of ${
          k === null ? `${top.length} retrieved` : `the top ${k}`
        } relevant`,
      };
    }
    case "mrr": {
      const rank = top.findIndex((id) => relevance!.get(id)! > 0);
      return rank < 0
        ? { value: 0, reason: `no relevant id${at}` }
        : { value: 1 / (rank + 1), reason: `first relevant (${top[rank]}) at rank ${rank + 1}` };
    }
    case "ndcg": {
      const dcg = top.reduce((s, id, i) => s + (relevance!.get(id) ?? 0) / Math.log2(i + 2), 0);
      const ideal = [...relevance!.values()].filter((g) => g > 0).sort((a, b) => b - a)
        .slice(0, k ?? undefined)
        .reduce((s, g, i) => s + g / Math.log2(i + 2), 0);
      return {
        value: dcg / ideal,
        reason: `DCG ${dcg.toFixed(3)} of an ideal ${ideal.toFixed(3)}${at}`,
      };
    }
  }
}
