// The grader summaries of a score report indexed by grader and version, built once per list: a
// file may hold many thousands of versions or graders, and a search of the whole list per table
// cell made the report quadratic in them.
import type { GraderSummary } from "./score_report.ts";

/** The summaries by grader and version, and by version, built once per list. */
export interface SummaryIndex {
  of(grader: string, version: string): GraderSummary | undefined;
  byGrader: Map<string, GraderSummary[]>;
  byVersion: Map<string, GraderSummary[]>;
}

const indexes = new WeakMap<readonly GraderSummary[], SummaryIndex>();

/** The index of `graders` (the same object for the same list). */
export function summaryIndex(graders: readonly GraderSummary[]): SummaryIndex {
  let index = indexes.get(graders);
  if (index) return index;
  const cells = new Map<string, GraderSummary>();
  const byGrader = new Map<string, GraderSummary[]>();
  const byVersion = new Map<string, GraderSummary[]>();
  const add = (map: Map<string, GraderSummary[]>, key: string, g: GraderSummary) => {
    const list = map.get(key);
    if (list) list.push(g);
    else map.set(key, [g]);
  };
  const key = (grader: string, version: string) => JSON.stringify([grader, version]);
  for (const g of graders) {
    if (!cells.has(key(g.grader, g.version))) cells.set(key(g.grader, g.version), g);
    add(byGrader, g.grader, g);
    add(byVersion, g.version, g);
  }
  index = { of: (grader, version) => cells.get(key(grader, version)), byGrader, byVersion };
  indexes.set(graders, index);
  return index;
}
