/**
 * lm-evaluation-harness `samples_<task>_<date>.jsonl` → audit rows. Each line is one document
 * under one filter; each per-row metric of the line becomes a row whose grader is `metric,filter`
 * (so two filters give two graders). Repeats sit inside `resps`, so the repeat is always 0.
 * A per-row Infinity, or a 0 next to `percent_parseable: 0`, is an unparsed grade; list-valued
 * (corpus) metrics are not per-row scores and are left to the declared figures. The model name
 * and the declared figures come from the `results_<date>.json` beside the file, when there is one.
 *
 * @module
 */
import type { AuditRow } from "../audit/types.ts";
import { type Draft, finishDraft, jsonLines, newDraft, refuse } from "./_draft.ts";
import type { HarnessDraft } from "./types.ts";
import { arr, isObj, type Obj, obj, text, UNBOUNDED } from "./_values.ts";
import { lmEvalFigures, lmEvalModel, lmEvalVersion } from "./_lm_eval_meta.ts";

const PARSE_FLAG = "percent_parseable";

/**
 * Task and date in a samples file name (`…samples_<task>_<date>.jsonl`), when it has them.
 *
 * @example Read a name with a prefix
 * ```ts
 * import { lmEvalSamplesName } from "./lm_eval.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(lmEvalSamplesName("pr1_samples_gsm8k_cot_2025-01-02T03-04-05.678.jsonl"), {
 *   task: "gsm8k_cot", date: "2025-01-02T03-04-05.678",
 * });
 * assert.equal(lmEvalSamplesName("results.jsonl"), undefined);
 * ```
 */
export function lmEvalSamplesName(file: string): { task: string; date: string } | undefined {
  const m = /samples_(.+)_(\d{4}-\d{2}-\d{2}T[\d-]+(?:\.\d+)?)\.jsonl$/.exec(file);
  return m ? { task: m[1], date: m[2] } : undefined;
}

/** What the adapter knows beside the lines: the task, and the results document if found. */
export interface LmEvalSamplesContext {
  /** The task name (from the file name). */
  task?: string;
  /** A fallback version label when no results document names the model. */
  label?: string;
  /** The matching `results_<date>.json`, parsed. */
  results?: Record<string, unknown>;
}

function metricRow(base: AuditRow, metric: string, value: unknown, parseable: unknown): AuditRow {
  const row: AuditRow = { ...base, grader: `${metric},${base.grader}`, rawGrade: value };
  if (typeof value === "boolean") row.score = value ? 1 : 0;
  else if (typeof value === "number") {
    if (Number.isFinite(value) || Number.isNaN(value)) row.score = value;
    else {
      row.unparsed = true;
      row.unparsedReason = `${metric} is ${value}: the task could not read a value from the answer`;
    }
  } else if (typeof value === "string") {
    row.unparsed = true;
    row.unparsedReason = `${metric} is text, not a number`;
  }
  if (parseable === 0 && !row.unparsed) {
    row.unparsed = true;
    row.unparsedReason = `${PARSE_FLAG} is 0: the answer could not be parsed`;
  }
  return row;
}

/**
 * Give pass/fail to graders whose every number is 0 or 1; the others have scores only, on no
 * stated scale (mae, eqbench and the like are not rates).
 */
function settleVerdicts(rows: AuditRow[]): void {
  const binary = new Map<string, boolean>();
  for (const r of rows) {
    if (r.score === null || Number.isNaN(r.score) || r.unparsed) continue;
    const ok = r.score === 0 || r.score === 1;
    binary.set(r.grader, (binary.get(r.grader) ?? true) && ok);
  }
  for (const r of rows) {
    r.binary = binary.get(r.grader) ?? false;
    if (!r.binary) r.scale = { ...UNBOUNDED };
    r.pass = r.binary && r.score !== null && !Number.isNaN(r.score) ? r.score === 1 : null;
  }
}

function checkDocCount(
  draft: Draft,
  docs: Map<string, Set<string>>,
  results: Obj | undefined,
  task: string | undefined,
): void {
  const n = task ? obj(obj(results?.["n-samples"])?.[task])?.effective : undefined;
  if (typeof n !== "number") return;
  for (const [filter, ids] of docs) {
    if (ids.size === n) continue;
    draft.problems.push({
      code: ids.size < n ? "rows-missing" : "rows-extra",
      row: 0,
      field: "n-samples",
      message: `n-samples says ${n} documents for ${task}, but filter ${filter} has ${ids.size}`,
    });
  }
}

/**
 * Read the lines of a samples file.
 *
 * @example Two filters make two graders
 * ```ts
 * import { adaptLmEvalSamples } from "./lm_eval.ts";
 * import assert from "node:assert/strict";
 *
 * async function* lines() {
 *   yield { line: 1, text: '{"doc_id": 0, "filter": "strict", "metrics": ["exact_match"], "resps": [["4"]], "exact_match": 1.0}' };
 *   yield { line: 2, text: '{"doc_id": 0, "filter": "flex", "metrics": ["exact_match"], "resps": [["4"]], "exact_match": 0.0}' };
 * }
 * const draft = await adaptLmEvalSamples(lines(), { label: "gsm8k" });
 * assert.deepEqual(draft.rows.map((r) => [r.case, r.grader, r.pass]), [
 *   ["0", "exact_match,strict", true], ["0", "exact_match,flex", false],
 * ]);
 * ```
 */
export async function adaptLmEvalSamples(
  lines: AsyncIterable<{ line: number; text: string }>,
  context: LmEvalSamplesContext = {},
): Promise<HarnessDraft> {
  const results = context.results;
  const draft = newDraft("lm-eval", results ? lmEvalVersion(results) : undefined);
  const model = results ? lmEvalModel(results) : undefined;
  const version = model ?? context.label ?? context.task ?? "unknown model";
  const corpus = new Set<string>();
  let multiGeneration = 0;
  let parseFlagUsed = false;
  const docs = new Map<string, Set<string>>();
  const rows: AuditRow[] = [];
  for await (const { line, value } of jsonLines(draft, lines)) {
    if (!isObj(value)) {
      refuse(draft, line, "not-an-object", `line ${line} is not a JSON object`);
      continue;
    }
    const filter = text(value.filter) ?? "none";
    const base: AuditRow = {
      row: line,
      case: text(value.doc_id) ?? "",
      version,
      repeat: 0,
      grader: filter,
      score: null,
      pass: null,
    };
    if (arr(value.resps).some((r) => arr(r).length > 1 && typeof arr(r)[0] === "string")) {
      multiGeneration++;
    }
    const metrics = arr(value.metrics).filter((m): m is string => typeof m === "string");
    if (!docs.has(filter)) docs.set(filter, new Set());
    docs.get(filter)!.add(base.case);
    const before = rows.length;
    for (const metric of metrics) {
      if (metric === PARSE_FLAG && metrics.length > 1) {
        parseFlagUsed = true;
        continue;
      }
      if (Array.isArray(value[metric])) {
        corpus.add(`${metric},${filter}`);
        continue;
      }
      rows.push(metricRow(base, metric, value[metric], value[PARSE_FLAG]));
    }
    if (rows.length === before) {
      // Nothing on this line to audit row by row: listed, never dropped without a word.
      refuse(
        draft,
        line,
        "no-row-metric",
        metrics.length === 0
          ? `line ${line} lists no metrics`
          : `line ${line} has only corpus metrics (${metrics.join(", ")}), which are not ` +
            "audited row by row",
      );
    }
  }
  settleVerdicts(rows);
  for (const item of rows) draft.rows.push(item);
  if (results && context.task) {
    const figures = lmEvalFigures(results, version, context.task);
    for (const item of figures.declared) draft.declared.push(item);
    for (const item of figures.notes) draft.harness.notes.push(item);
  } else {
    draft.harness.notes.push(
      `No results file was found beside the samples file: the version is named after the file ` +
        `("${version}") and there are no declared figures.`,
    );
  }
  if (corpus.size > 0) {
    draft.harness.notes.push(
      `${[...corpus].join(", ")} hold [gold, prediction] pairs per row (corpus metrics); ` +
        `they are not audited row by row.`,
    );
  }
  if (parseFlagUsed) {
    draft.harness.notes.push(
      `${PARSE_FLAG} was read as the parse flag of the other metrics on its line, not as a grader.`,
    );
  }
  checkDocCount(draft, docs, results, context.task);
  if (multiGeneration > 0) {
    draft.harness.notes.push(
      `Lines holding several generations in one request (repeats): ${multiGeneration}; each ` +
        `is scored once on its filtered responses and kept as repeat 0.`,
    );
  }
  return finishDraft(draft);
}
