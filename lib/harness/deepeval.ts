/**
 * DeepEval files → audit rows: the TestRun of `.deepeval/.latest_test_run.json`
 * (`{"testRunData": …}`), of `.latest_run_full.json` and of results-folder exports (bare), a
 * `{"testRunLink": …}` file (results uploaded elsewhere: none here), and both cache generations
 * (`test_cases_lookup_map`, legacy `testCasesLookupMap`). Each test case × metric is a row whose
 * grader is the metric's name; the verdict is the metric's own `success` flag, and a metric with
 * `error` set is errored. `metricsScores` are declared figures; `testPassed`/`testFailed` are
 * checked against the cases in a note.
 *
 * @module
 */
import { caseFigures, caseRows, type DeepEvalCase } from "./_deepeval_rows.ts";
import { type Draft, finishDraft, newDraft } from "./_draft.ts";
import type { HarnessDraft } from "./types.ts";
import { arr, isObj, type Obj, obj, text } from "./_values.ts";

/** Options of the DeepEval readers. */
export interface DeepEvalOptions {
  /** The version when the file names no model or run identifier (e.g. the file's name). */
  label?: string;
}

function versionOf(draft: Draft, run: Obj, options: DeepEvalOptions): string {
  const identifier = text(run.identifier);
  if (identifier) return identifier;
  const model = text(obj(run.hyperparameters)?.model);
  if (model) return model;
  const label = options.label ?? "deepeval run";
  draft.harness.notes.push(
    `The file names no model or run identifier, so the version is "${label}".`,
  );
  return label;
}

function runCases(run: Obj): DeepEvalCase[] {
  const single = arr(run.testCases).map((c, i) => ({ c, where: `testCases[${i}]` }));
  const conversational = arr(run.conversationalTestCases).map((c, i) => ({
    c,
    where: `conversationalTestCases[${i}]`,
  }));
  return [...single, ...conversational].map(({ c, where }, i) => ({
    row: i + 1,
    where,
    name: text(obj(c)?.name),
    success: typeof obj(c)?.success === "boolean" ? obj(c)!.success as boolean : undefined,
    metrics: isObj(c) ? c.metricsData : [],
  }));
}

function metricsScores(draft: Draft, run: Obj, version: string): void {
  arr(run.metricsScores).forEach((entry, i) => {
    const e = obj(entry);
    const grader = text(e?.metric);
    if (!e || !grader) return;
    const source = `metricsScores[${i}]`;
    const counts = ["passes", "fails", "errors"].map((k) => e[k]);
    if (!counts.every((n) => typeof n === "number")) return;
    const [passes, fails, errors] = counts as number[];
    for (
      const [key, value] of [["passes", passes], ["fails", fails], ["errors", errors]] as const
    ) {
      draft.declared.push({
        version,
        grader,
        metric: `metricsScores.${key}`,
        value,
        kind: "count",
        source,
      });
    }
    if (passes + fails + errors > 0) {
      draft.declared.push({
        version,
        grader,
        metric: "metricsScores passes / (passes + fails + errors)",
        value: passes / (passes + fails + errors),
        kind: "rate",
        source,
      });
    }
  });
}

/**
 * Read a DeepEval test run: `{"testRunData": TestRun}`, a bare TestRun, or `{"testRunLink": url}`
 * (which holds no results). Test cases and conversational test cases alike give one row per
 * metric result.
 *
 * @example A lower-is-better metric keeps DeepEval's verdict
 * ```ts
 * import { adaptDeepEvalRun } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const draft = adaptDeepEvalRun({ testRunData: {
 *   testCases: [{ name: "q1", success: true, metricsData: [
 *     { name: "Hallucination", threshold: 0.5, score: 0.1, success: true },
 *   ] }],
 *   testPassed: 1, testFailed: 0,
 * } }, { label: "run.json" });
 * assert.deepEqual(draft.rows.map((r) => [r.case, r.version, r.grader, r.score, r.pass]), [
 *   ["q1", "run.json", "Hallucination", 0.1, true],
 * ]);
 * ```
 */
export function adaptDeepEvalRun(
  doc: Record<string, unknown>,
  options: DeepEvalOptions = {},
): HarnessDraft {
  const draft = newDraft("deepeval");
  const link = text(doc.testRunLink);
  if (link !== undefined && !isObj(doc.testRunData)) {
    draft.harness.notes.push(
      `This file holds only a link to results uploaded to Confident AI (${link}): DeepEval ` +
        "writes it instead of the results, so there is nothing here to audit.",
    );
    return finishDraft(draft);
  }
  const run = obj(doc.testRunData) ?? doc;
  const version = versionOf(draft, run, options);
  if (text(run.testFile)) draft.harness.notes.push(`Run by deepeval test run on ${run.testFile}.`);
  caseRows(draft, runCases(run), version);
  metricsScores(draft, run, version);
  caseFigures(draft, run);
  return finishDraft(draft);
}

/**
 * Read a DeepEval metric cache: `.deepeval-cache.json` (`test_cases_lookup_map`, each entry's
 * `cached_metrics_data`) or the legacy `testCasesLookupMap` (`metricsMetadata`, snake_case keys).
 * A cache holds only metrics that finished without error, gathered over runs.
 *
 * @example A legacy cache entry
 * ```ts
 * import { adaptDeepEvalCache } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const draft = adaptDeepEvalCache({ testCasesLookupMap: { "{}": {
 *   name: "t1", success: true,
 *   metricsMetadata: [{ metric: "Answer Relevancy", score: 1, threshold: 0.7, success: true }],
 * } } });
 * assert.deepEqual(draft.rows.map((r) => [r.case, r.grader, r.pass]), [["t1", "Answer Relevancy", true]]);
 * ```
 */
export function adaptDeepEvalCache(
  doc: Record<string, unknown>,
  options: DeepEvalOptions = {},
): HarnessDraft {
  const draft = newDraft("deepeval");
  const modern = obj(doc.test_cases_lookup_map);
  const map = modern ?? obj(doc.testCasesLookupMap) ?? {};
  const where = modern ? "test_cases_lookup_map" : "testCasesLookupMap";
  const entries = Object.entries(map);
  const cases: DeepEvalCase[] = entries.map(([key, value], i) => {
    const entry = obj(value);
    let name = text(entry?.name);
    if (!name) {
      try {
        name = text(obj(JSON.parse(key))?.input);
      } catch { /* a key that is not JSON: the case is named by position */ }
    }
    const metrics = modern
      ? arr(entry?.cached_metrics_data).map((m) => obj(m)?.metric_data ?? m)
      : entry?.metricsMetadata;
    return { row: i + 1, where: `${where}[${i}]`, name, metrics };
  });
  const version = options.label ?? "deepeval cache";
  draft.harness.notes.push(
    `This is a DeepEval metric cache (${where}, ${entries.length} entries), not a test run: ` +
      "it keeps only metrics that finished without error, gathered over every run that used " +
      `it, and declares no figures. The version is "${version}".`,
  );
  caseRows(draft, cases, version);
  return finishDraft(draft);
}
