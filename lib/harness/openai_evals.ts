/**
 * OpenAI Evals files → audit rows: output-item lists from the API (`data[]` of
 * `eval.run.output_item`, one row per item × grader result), the dashboard's JSON lines export
 * (`grades`/`passes` per criterion), and runs (`eval.run`, alone or listed), whose
 * `result_counts` are declared figures with no rows. The version is the run id; an item whose
 * `sample.error` is set is errored.
 *
 * @module
 */
import type { AuditRow } from "../audit/types.ts";
import { type Draft, finishDraft, jsonLines, newDraft, refuse } from "./_draft.ts";
import type { HarnessDraft } from "./types.ts";
import { arr, firstLine, isObj, num, type Obj, obj, text, UNBOUNDED } from "./_values.ts";
import { inferErrorKind } from "../audit/error_kind.ts";

/** The grader name of an item that has no grader result at all and no known criteria. */
export const NO_GRADER = "(no grader)";

interface Item {
  base: AuditRow;
  grades: { grader: string; score: number | null; pass: boolean | null; raw: unknown }[];
}

function itemBase(row: number, caseId: string | undefined, run: string, sample: Obj | undefined) {
  const base: AuditRow = {
    row,
    case: caseId ?? "",
    version: run,
    repeat: 0,
    grader: NO_GRADER,
    score: null,
    pass: null,
    binary: true,
  };
  const error = sample?.error;
  if (error !== undefined && error !== null) {
    const e = obj(error);
    const message = (e ? text(e.message) ?? text(e.code) ?? text(e.type) : text(error)) ??
      "error (no message recorded)";
    const type = e ? text(e.type) ?? text(e.code) : undefined;
    base.error = type && !message.includes(type) ? `${type}: ${message}` : message;
    base.errorKind = inferErrorKind(firstLine(base.error));
  }
  return base;
}

function outputItem(value: Obj, row: number): Item {
  const base = itemBase(
    row,
    text(value.datasource_item_id) ?? text(value.id),
    text(value.run_id) ?? "unknown run",
    obj(value.sample),
  );
  if (!base.error && /^error/i.test(text(value.status) ?? "")) {
    base.error = `status ${value.status} (no error message)`;
    base.errorKind = "unstated";
  }
  const grades = arr(value.results).map(obj).filter((r): r is Obj => r !== undefined).map((
    r,
    i,
  ) => ({
    grader: text(r.name) ?? `results[${i}]`,
    score: num(r.score) ?? null,
    pass: typeof r.passed === "boolean" ? r.passed : null,
    raw: r.score,
  }));
  return { base, grades };
}

function dashboardItem(value: Obj, row: number): Item {
  const base = itemBase(
    row,
    text(value.data_source_idx),
    text(value.run_id) ?? "unknown run",
    obj(value.sample),
  );
  const grades = obj(value.grades) ?? {};
  const passes = obj(value.passes) ?? {};
  const names = [...new Set([...Object.keys(grades), ...Object.keys(passes)])];
  return {
    base,
    grades: names.map((grader) => ({
      grader,
      score: num(grades[grader]) ?? null,
      pass: typeof passes[grader] === "boolean" ? passes[grader] as boolean : null,
      raw: grades[grader],
    })),
  };
}

/** Rows of every item; an item with no grader result gets one row per criterion of its run. */
function settle(draft: Draft, items: Item[]): HarnessDraft {
  const byRun = new Map<string, Set<string>>();
  const all = new Set<string>();
  for (const { base, grades } of items) {
    for (const g of grades) {
      if (!byRun.has(base.version!)) byRun.set(base.version!, new Set());
      byRun.get(base.version!)!.add(g.grader);
      all.add(g.grader);
    }
  }
  for (const { base, grades } of items) {
    if (grades.length > 0) {
      for (const g of grades) {
        const row: AuditRow = {
          ...base,
          grader: g.grader,
          score: g.score,
          pass: g.pass,
          rawGrade: g.raw,
        };
        // A criterion's score range lives in the eval's definition, not in this file.
        if (g.score !== null) row.scale = { ...UNBOUNDED };
        draft.rows.push(row);
      }
      continue;
    }
    const known = byRun.get(base.version!) ?? all;
    const names = known.size > 0 ? [...known] : [NO_GRADER];
    for (const grader of names) draft.rows.push({ ...base, grader });
  }
  return finishDraft(draft);
}

function runFigures(draft: Draft, run: Obj, where: string): void {
  const version = text(run.id) ?? "unknown run";
  const counts = obj(run.result_counts);
  const label = [text(run.name), text(run.model)].filter(Boolean).join(", ");
  draft.harness.notes.push(
    `Run ${version}${label ? ` (${label})` : ""}: status ${text(run.status) ?? "?"}.`,
  );
  if (counts) {
    const shown = Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(", ");
    draft.harness.notes.push(`Run ${version} result_counts: ${shown}.`);
    for (const key of ["total", "passed"]) {
      const value = counts[key];
      if (typeof value !== "number") continue;
      draft.declared.push({
        version,
        metric: `result_counts.${key}`,
        value,
        kind: "count",
        source: `${where}.result_counts`,
      });
    }
    if (typeof counts.passed === "number" && typeof counts.total === "number" && counts.total > 0) {
      draft.declared.push({
        version,
        metric: "result_counts.passed / result_counts.total",
        value: counts.passed / counts.total,
        kind: "rate",
        source: `${where}.result_counts`,
      });
    } else {
      draft.harness.notes.push(
        `Run ${version} has no results yet (total 0): no rate can be formed.`,
      );
    }
  }
  arr(run.per_testing_criteria_results).forEach((c, i) => {
    const crit = obj(c);
    const passed = num(crit?.passed);
    const failed = num(crit?.failed);
    if (!crit || passed === undefined || failed === undefined || passed + failed === 0) return;
    draft.declared.push({
      version,
      grader: text(crit.testing_criteria),
      metric: "per_testing_criteria_results passed / (passed + failed)",
      value: passed / (passed + failed),
      kind: "rate",
      source: `${where}.per_testing_criteria_results[${i}]`,
    });
  });
}

/**
 * Read an OpenAI Evals JSON document: an output-item list, a run list, a run, or one output item.
 *
 * @example One output item that passed its one grader
 * ```ts
 * import { adaptOpenAiEvalsDocument } from "./openai_evals.ts";
 * import assert from "node:assert/strict";
 *
 * const draft = adaptOpenAiEvalsDocument({ object: "list", has_more: false, data: [{
 *   object: "eval.run.output_item", run_id: "run_1", datasource_item_id: 5, status: "pass",
 *   results: [{ name: "check", score: 1, passed: true }], sample: { error: null },
 * }] });
 * assert.deepEqual(draft.rows.map((r) => [r.case, r.version, r.grader, r.pass]), [
 *   ["5", "run_1", "check", true],
 * ]);
 * ```
 */
export function adaptOpenAiEvalsDocument(doc: Record<string, unknown>): HarnessDraft {
  const draft = newDraft("openai-evals");
  const data = doc.object === "list" ? arr(doc.data) : [doc];
  const items: Item[] = [];
  data.forEach((value, i) => {
    const where = doc.object === "list" ? `data[${i}]` : "run";
    if (!isObj(value)) return refuse(draft, i + 1, "not-an-object", `${where} is not an object`);
    if (value.object === "eval.run") return runFigures(draft, value, where);
    items.push(outputItem(value, i + 1));
  });
  if (doc.has_more === true) {
    draft.problems.push({
      code: "more-pages",
      row: 0,
      field: "has_more",
      message: "has_more is true: this file is one page of a longer list; the rest is not in it",
    });
  }
  return settle(draft, items);
}

/**
 * Read a JSON lines export: dashboard rows (`run_id`, `grades`, `passes`) or output items.
 *
 * @example An errored dashboard row with no grades
 * ```ts
 * import { adaptOpenAiEvalsJsonl } from "./openai_evals.ts";
 * import assert from "node:assert/strict";
 *
 * async function* lines() {
 *   yield { line: 1, text: JSON.stringify({ run_id: "r", data_source_idx: 0, grades: {}, passes: {},
 *     sample: { error: { message: "upstream 503 Service Unavailable" } } }) };
 * }
 * const draft = await adaptOpenAiEvalsJsonl(lines());
 * assert.equal(draft.rows[0].grader, "(no grader)");
 * assert.equal(draft.rows[0].errorKind, "infrastructure");
 * ```
 */
export async function adaptOpenAiEvalsJsonl(
  lines: AsyncIterable<{ line: number; text: string }>,
): Promise<HarnessDraft> {
  const draft = newDraft("openai-evals");
  const items: Item[] = [];
  for await (const { line, value } of jsonLines(draft, lines)) {
    if (!isObj(value)) refuse(draft, line, "not-an-object", `line ${line} is not a JSON object`);
    else if (value.object === "eval.run.output_item") items.push(outputItem(value, line));
    else items.push(dashboardItem(value, line));
  }
  return settle(draft, items);
}
