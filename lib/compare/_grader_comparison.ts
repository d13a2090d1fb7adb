// One grader's comparison: pairing, the figures of each convention, the headline and its notes.
import type { CasePair, Collector, GraderKind } from "./_collect.ts";
import type { CorpusMetric } from "./_corpus.ts";
import { gradedFigures } from "./_graded.ts";
import { passFailFigures } from "./_pass_fail.ts";
import type { Settings } from "./_settings.ts";
import { COMPARE_CONVENTIONS, type ConventionFigures, type GraderComparison } from "./types.ts";
import { GRADERS, isGraderName } from "../graders/mod.ts";

/** Whether a registry grader's scores are better lower (TER), also as an assertion `assert:ter`. */
function registryLowerIsBetter(grader: string): boolean {
  const name = grader.replace(/^assert:/, "").replace(/#\d+$/, "");
  return isGraderName(name) && GRADERS[name].scale.direction === "lower";
}

/** What the source knows about a grader (the registry's kind, its corpus metric). */
export interface GraderInfo {
  kind?: GraderKind;
  corpus?: CorpusMetric;
  /** True for a metric where lower is better (latency): a positive difference is worse. */
  lowerIsBetter?: boolean;
}

function unscoredCounts(pairs: readonly CasePair[], kind: GraderKind) {
  const missing = (t: { pass: boolean | null; score: number | null }) =>
    kind === "pass/fail" ? t.pass === null : t.score === null;
  let a = 0;
  let b = 0;
  for (const p of pairs) {
    for (const t of p.a) if (missing(t)) a++;
    for (const t of p.b) if (missing(t)) b++;
  }
  return { a, b };
}

/**
 * The scale unscored attempts are filled from: the one every attempt declares, else [0, 1] when no
 * attempt declares one and every score lies in it; null when neither holds.
 */
function scaleOf(pairs: readonly CasePair[]): { min: number; max: number } | null {
  let declared: { min: number; max: number } | undefined;
  let undeclared = false;
  let unit = true;
  for (const p of pairs) {
    for (const t of [...p.a, ...p.b]) {
      if (t.scale) {
        if (declared && (declared.min !== t.scale.min || declared.max !== t.scale.max)) return null;
        declared = t.scale;
      } else undeclared = true;
      if (t.score !== null && !(t.score >= 0 && t.score <= 1)) unit = false;
    }
  }
  if (declared && !undeclared) return declared;
  return !declared && unit ? { min: 0, max: 1 } : null;
}

function verdictOf(ci: [number, number], lowerIsBetter: boolean): GraderComparison["verdict"] {
  if (Number.isNaN(ci[0]) || Number.isNaN(ci[1])) return "undefined";
  if (ci[1] < 0) return lowerIsBetter ? "better" : "worse";
  if (ci[0] > 0) return lowerIsBetter ? "worse" : "better";
  return "no clear difference";
}

/** Compare one grader's results of the two versions. */
export function compareGrader(
  collector: Collector,
  grader: string,
  info: GraderInfo,
  s: Settings,
): GraderComparison {
  const { paired, onlyA, onlyB } = collector.pairs(grader);
  const lowerIsBetter = info.lowerIsBetter ?? registryLowerIsBetter(grader);
  const kind: GraderKind = info.kind ??
    (collector.givesVerdicts(grader) ? "pass/fail" : "graded");
  const unscored = unscoredCounts(paired, kind);
  const anyUnscored = unscored.a + unscored.b > 0;
  const repeats = paired.some((p) => p.a.length > 1 || p.b.length > 1);
  const notes: string[] = [];
  let corpus = kind === "graded" ? info.corpus ?? null : null;
  if (corpus && paired.some((p) => [...p.a, ...p.b].some((t) => t.score !== null && !t.stats))) {
    notes.push(`Rows without ${corpus.name} statistics: the mean score is compared instead.`);
    corpus = null;
  }
  const scale = scaleOf(paired);
  const figures = kind === "pass/fail"
    ? passFailFigures(paired, repeats, anyUnscored, s)
    : gradedFigures(paired, corpus, anyUnscored, scale, s, lowerIsBetter);
  if (corpus && !anyUnscored) figures.allAttempted = figures.scoredOnly;
  let convention = s.convention;
  if (figures[convention] === null) {
    convention = "scoredOnly";
    notes.push(
      corpus
        ? `${corpus.name} is recomputed from the statistics of scored rows, so unscored rows ` +
          "cannot count as failures: the figures are scored only."
        : scale && !(Number.isFinite(scale.min) && Number.isFinite(scale.max))
        ? `The score scale [${scale.min}, ${scale.max}] has no finite worst score, so unscored ` +
          "attempts cannot be filled in: the figures are scored only."
        : "No common score scale (scores outside [0, 1], or scales that differ between rows): " +
          "the lowest and highest possible scores are unknown, so unscored attempts cannot be " +
          "filled in: the figures are scored only.",
    );
  }
  if (repeats) {
    notes.push(
      "Some cases have several attempts: rates and means are pooled over attempts and " +
        "resampled by case (cluster bootstrap); there is no 2×2 table or McNemar test.",
    );
  }
  if (anyUnscored) {
    notes.push(
      `Unscored attempts on paired cases: ${unscored.a} in a, ${unscored.b} in b (` +
        `${COMPARE_CONVENTIONS[convention].name}: ${COMPARE_CONVENTIONS[convention].unscored}).`,
    );
  }
  const head = figures[convention] as ConventionFigures;
  return {
    grader,
    kind,
    metric: kind === "pass/fail" ? "pass rate" : corpus ? corpus.name : "mean score",
    convention,
    table: head.table,
    a: head.a,
    b: head.b,
    difference: head.difference,
    ci: head.ci,
    method: head.method,
    pValue: head.pValue,
    test: head.test,
    conventions: {
      scoredOnly: figures.scoredOnly,
      allAttempted: figures.allAttempted,
      envelope: figures.envelope,
    },
    cases: { paired: paired.length, onlyA, onlyB },
    unscored,
    repeats,
    better: lowerIsBetter ? "lower" : "higher",
    verdict: verdictOf(head.ci, lowerIsBetter),
    signature: corpus ? corpus.signature : null,
    notes,
  };
}
