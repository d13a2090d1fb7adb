// DeepEval metric results → audit rows, shared by the test-run and cache readers: one row per
// test case × metric, the verdict being DeepEval's own success flag.
import { matchDeclared } from "../audit/declared_match.ts";
import { inferErrorKind } from "../audit/error_kind.ts";
import type { AuditRow } from "../audit/types.ts";
import { type Draft, refuse } from "./_draft.ts";
import { firstLine, fmt, isObj, type Obj, text, UNBOUNDED } from "./_values.ts";

/** One test case as found in a file: where it is, its name, and its metric results. */
export interface DeepEvalCase {
  /** 1-based position among the file's cases (the row number of its metrics). */
  row: number;
  /** Where in the file, for messages (`testCases[3]`). */
  where: string;
  /** The case's name, when it has one. */
  name?: string;
  /** The case's own success flag, when it has one. */
  success?: boolean;
  /** Its metric results (MetricData; the legacy cache's snake_case entries too). */
  metrics: unknown;
}

/** Case ids: the names when every case has a distinct one, `name #row` for repeated names. */
export function caseIds(cases: readonly DeepEvalCase[]): Map<number, string> {
  const seen = new Map<string, number>();
  for (const c of cases) if (c.name) seen.set(c.name, (seen.get(c.name) ?? 0) + 1);
  return new Map(cases.map((c) => {
    const name = c.name;
    return [c.row, name && seen.get(name) === 1 ? name : `${name ?? ""} #${c.row}`.trim()];
  }));
}

/** The audit row of one metric result. The success flag is used as written, never recomputed. */
function metricRow(metric: Obj, index: number, base: AuditRow): AuditRow {
  const grader = text(metric.name) ?? text(metric.metric) ?? `metric ${index + 1}`;
  const score = typeof metric.score === "number" ? metric.score : null;
  const row: AuditRow = {
    ...base,
    grader,
    score,
    pass: typeof metric.success === "boolean" ? metric.success : null,
    // A metric with a threshold gives verdicts; its scores are on the metric's own range.
    binary: typeof metric.threshold === "number" || typeof metric.success === "boolean",
    scoreOnly: typeof metric.threshold !== "number" && typeof metric.success !== "boolean",
    scale: { ...UNBOUNDED },
  };
  const error = metric.error;
  if (error !== undefined && error !== null && error !== "") {
    row.error = typeof error === "string" ? error : JSON.stringify(error);
    // The error was raised by the metric, so it is the grader's unless the text says otherwise.
    const kind = inferErrorKind(firstLine(row.error));
    row.errorKind = kind === "unstated" ? "grader" : kind;
  }
  return row;
}

/** Rows of every case's metric results; cases and metrics that are not objects are refused. */
export function caseRows(draft: Draft, cases: readonly DeepEvalCase[], version: string): void {
  const ids = caseIds(cases);
  let withoutMetrics = 0;
  let disagree = 0;
  for (const c of cases) {
    if (!Array.isArray(c.metrics)) {
      if (c.metrics === undefined || c.metrics === null) withoutMetrics++;
      else refuse(draft, c.row, "bad-case", `${c.where}: its metric list is not a list`);
      continue;
    }
    if (c.metrics.length === 0) withoutMetrics++;
    const base: AuditRow = {
      row: c.row,
      case: ids.get(c.row)!,
      version,
      repeat: 0,
      grader: "",
      score: null,
      pass: null,
    };
    c.metrics.forEach((m, i) => {
      if (!isObj(m)) {
        return refuse(draft, c.row, "bad-metric", `${c.where}: metric ${i + 1} is not an object`);
      }
      const row = metricRow(m, i, base);
      draft.rows.push(row);
      const { score, pass } = row;
      if (
        typeof m.threshold === "number" && typeof score === "number" && !Number.isNaN(score) &&
        pass !== null && row.error === undefined && pass !== score >= m.threshold
      ) disagree++;
    });
  }
  const repeated = cases.length - new Set(cases.map((c) => c.name)).size;
  if (repeated > 0) {
    draft.harness.notes.push(
      `Test case names repeat in this file, so repeated names are told apart by position (#n).`,
    );
  }
  if (withoutMetrics > 0) {
    draft.harness.notes.push(
      `Test cases with no metric result: ${withoutMetrics} (a metric skipped for missing ` +
        "parameters leaves no entry); they have no attempt here.",
    );
  }
  if (disagree > 0) {
    draft.harness.notes.push(
      "Metric results whose success flag differs from score ≥ threshold (lower-is-better or " +
        `custom metrics): ${disagree}; DeepEval's flag is the verdict used here.`,
    );
  }
}

/**
 * The file's case-level figures (testPassed, testFailed) against the cases read from its rows.
 * As DeepEval decides a case, a metric without a verdict (no threshold) leaves it alone: a case
 * fails when a metric failed, passes when no metric failed, errored or scored NaN, and is
 * unscored otherwise (an errored or NaN metric and no failed one, which DeepEval fails).
 */
export function caseFigures(draft: Draft, run: Obj): void {
  const byCase = new Map<string, AuditRow[]>();
  for (const r of draft.rows) byCase.set(r.case, [...(byCase.get(r.case) ?? []), r]);
  let passed = 0;
  let failed = 0;
  for (const rows of byCase.values()) {
    const unusable = (r: AuditRow) => r.error !== undefined || Number.isNaN(r.score);
    if (rows.some((r) => !unusable(r) && r.pass === false)) failed++;
    else if (!rows.some(unusable)) passed++;
  }
  const cases = byCase.size;
  const unscored = cases - passed - failed;
  if (unscored > 0) {
    draft.harness.notes.push(
      `Test cases with an errored or NaN metric and no failed one: ${unscored}; DeepEval ` +
        "counts each of them as a failed case (one errored metric fails the whole case).",
    );
  }
  const [p, f] = [run.testPassed, run.testFailed];
  if (typeof p !== "number" || typeof f !== "number") {
    draft.harness.notes.push(
      "The file has no testPassed/testFailed (a run that did not finish writes none).",
    );
    return;
  }
  let line = `Cases: the file counts testPassed ${p} and testFailed ${f}; its rows hold ` +
    `${cases} ${
      cases === 1 ? "case" : "cases"
    }: ${passed} passed, ${failed} with a failed metric, ${unscored} with an ` +
    "errored or NaN metric and no failed one.";
  if (p + f > 0) {
    const figure = { metric: "testPassed / (testPassed + testFailed)", value: p / (p + f) };
    const match = matchDeclared(
      { ...figure, source: "testPassed, testFailed", decimals: 6 },
      { attempted: cases, passed, failed, unparsed: 0 },
    );
    line += ` Its case pass rate ${fmt(figure.value)} (${p} of ${p + f}) ${match.verdict} at ` +
      "case level.";
  }
  draft.harness.notes.push(line);
}
