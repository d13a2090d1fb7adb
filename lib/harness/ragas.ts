/**
 * Ragas result tables → audit rows. Ragas writes no results file of its own; users save
 * `result.to_pandas()` as CSV, JSON records, JSON columns (`to_dict()`, `to_json()`) and the like.
 * Every metric column × row is a row whose grader is the metric; an empty cell, `NaN` or `null`
 * is a NaN score (unscored, counted, never dropped). Ragas has no thresholds: without one a
 * metric's rows have scores but no verdicts (the audit then reports their mean with the count
 * behind it); a threshold per metric gives verdicts (pass at or above it).
 *
 * @module
 */
import type { AuditRow } from "../audit/types.ts";
import { meetsThreshold } from "../audit/audit_gates.ts";
import { candidateColumns, type Cell, isIndexColumn, readCell } from "./_ragas_columns.ts";
import { type Draft, finishDraft, newDraft, refuse } from "./_draft.ts";
import type { HarnessDraft } from "./types.ts";
import { fmt, UNBOUNDED } from "./_values.ts";
import { UserRangeError, UserTypeError } from "../errors/mod.ts";

/** One record of a Ragas table: its 1-based row, its values, or why it could not be read. */
export interface RagasRecord {
  /** 1-based position among the records. */
  row: number;
  /** Column → value; absent when the record could not be read. */
  values?: Record<string, unknown>;
  /** Why the record could not be read. */
  problem?: string;
  /** The case id when the layout carries one (the pandas index); else the column or position. */
  id?: string;
}

/** Options of {@link adaptRagasTable}. */
export interface RagasOptions {
  /** The version of every row (Ragas records no model): e.g. the file's name. */
  label?: string;
  /** The file's name, for messages. */
  name?: string;
  /** Pass thresholds per metric (pass at or above); metrics without one give no verdicts. */
  thresholds?: Readonly<Record<string, number>>;
}

interface Kept {
  row: number;
  id: string;
  cells: Map<string, Cell>;
}

function checkThresholds(
  thresholds: Readonly<Record<string, number>>,
  metrics: readonly string[],
  name: string,
): void {
  for (const [metric, value] of Object.entries(thresholds)) {
    if (!metrics.includes(metric)) {
      throw new UserTypeError(
        `Cannot read "${name}" with a threshold for "${metric}": it is not a metric column of ` +
          `this file (metric columns: ${metrics.join(", ") || "none"})`,
      );
    }
    if (!Number.isFinite(value)) {
      throw new UserRangeError(`threshold of "${metric}" must be a finite number, got ${value}`);
    }
  }
}

function metricRow(k: Kept, metric: string, version: string, threshold?: number): AuditRow {
  const cell = k.cells.get(metric) ?? { kind: "nan" };
  const row: AuditRow = {
    row: k.row,
    case: k.id,
    version,
    repeat: 0,
    grader: metric,
    score: cell.kind === "score" ? cell.value : cell.kind === "nan" ? NaN : null,
    pass: null,
    binary: threshold !== undefined,
    scoreOnly: threshold === undefined,
    scale: { ...UNBOUNDED },
  };
  if (cell.kind === "text") {
    row.unparsed = true;
    row.unparsedReason = `${metric} is ${JSON.stringify(cell.text.slice(0, 60))}, not a number`;
    row.rawGrade = cell.text;
  } else if (cell.kind === "score" && threshold !== undefined) {
    row.pass = meetsThreshold(cell.value, threshold);
  }
  return row;
}

function notes(
  draft: Draft,
  kept: Kept[],
  metrics: string[],
  skipped: string[],
  options: RagasOptions,
) {
  const n = kept.length;
  const nanBy = metrics.map((
    m,
  ) => [m, kept.filter((k) => k.cells.get(m)?.kind !== "score").length]);
  const withNan = kept.filter((k) => metrics.some((m) => k.cells.get(m)?.kind === "nan")).length;
  draft.harness.notes.push(
    `Rows × metric columns: ${n} × ${metrics.length} (${metrics.join(", ")}).`,
    nanBy.some(([, c]) => (c as number) > 0)
      ? `Without a usable score: ${
        nanBy.filter(([, c]) => (c as number) > 0).map(([m, c]) => `${m} ${c} of ${n}`).join(", ")
      }; rows with at least one NaN metric: ${withNan}.`
      : "Every metric cell holds a score.",
  );
  const thresholds = Object.entries(options.thresholds ?? {});
  draft.harness.notes.push(
    thresholds.length > 0
      ? `Thresholds given: ${
        thresholds.map(([m, t]) => `${m} ≥ ${fmt(t)}`).join(", ")
      } (a scored row passes at or above its metric's threshold; a NaN row stays unscored).`
      : "No threshold was given, so no row has a verdict: each metric is reported as its mean " +
        "over the scored rows, with the count behind it.",
  );
  const without = metrics.filter((m) => options.thresholds?.[m] === undefined);
  if (thresholds.length > 0 && without.length > 0) {
    draft.harness.notes.push(`Without a threshold (mean only): ${without.join(", ")}.`);
  }
  if (skipped.length > 0) {
    draft.harness.notes.push(
      `Text columns, not scores and not audited: ${skipped.join(", ")}.`,
    );
  }
}

/**
 * Read the records of a Ragas table (one per evaluated sample). Columns that are Ragas inputs or
 * a pandas index are not metrics; of the others, a column with any number (or only NaN) is a
 * metric, and a column of text is left aside (noted). Text in a metric column is an unparsed
 * grade. The case is the record's id, else the pandas index column, else its 0-based position.
 *
 * @example Two rows, one NaN, and a threshold on one metric
 * ```ts
 * import { adaptRagasTable } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const draft = await adaptRagasTable([
 *   { row: 1, values: { user_input: "q1", response: "a", faithfulness: 0.9, answer_relevancy: "" } },
 *   { row: 2, values: { user_input: "q2", response: "b", faithfulness: 0.4, answer_relevancy: 0.8 } },
 * ], { label: "ragas.csv", thresholds: { faithfulness: 0.7 } });
 * assert.deepEqual(draft.rows.map((r) => [r.case, r.grader, r.score, r.pass]), [
 *   ["0", "faithfulness", 0.9, true], ["0", "answer_relevancy", NaN, null],
 *   ["1", "faithfulness", 0.4, false], ["1", "answer_relevancy", 0.8, null],
 * ]);
 * ```
 */
export async function adaptRagasTable(
  records: AsyncIterable<RagasRecord> | Iterable<RagasRecord>,
  options: RagasOptions = {},
): Promise<HarnessDraft> {
  const draft = newDraft("ragas");
  const version = options.label ?? "ragas";
  const columns: string[] = [];
  const seen = new Set<string>();
  const kept: Kept[] = [];
  let indexColumn: string | undefined;
  for await (const record of records) {
    if (!record.values) {
      refuse(draft, record.row, "unreadable", record.problem ?? `row ${record.row} is unreadable`);
      continue;
    }
    const names = Object.keys(record.values);
    for (const c of names.filter((c) => !seen.has(c))) {
      seen.add(c);
      columns.push(c);
    }
    indexColumn ??= names.find((c, i) => isIndexColumn(c, i));
    const cells = new Map<string, Cell>();
    for (const c of candidateColumns(names)) cells.set(c, readCell(record.values[c]));
    const index = indexColumn === undefined ? undefined : record.values[indexColumn];
    const id = record.id ?? (index === undefined || index === "" ? undefined : String(index));
    kept.push({ row: record.row, id: id ?? String(record.row - 1), cells });
  }
  const candidates = candidateColumns(columns);
  // A column of text with no number at all is the user's own (an id, a note), not a metric.
  const isText = (c: string) =>
    kept.some((k) => k.cells.get(c)?.kind === "text") &&
    !kept.some((k) => k.cells.get(c)?.kind === "score");
  const metrics = candidates.filter((c) => !isText(c));
  const skipped = candidates.filter(isText);
  checkThresholds(options.thresholds ?? {}, metrics, options.name ?? version);
  for (const k of kept) {
    for (const m of metrics) draft.rows.push(metricRow(k, m, version, options.thresholds?.[m]));
    // With no metric column at all, each row is listed rather than left out without a word.
    if (metrics.length === 0) {
      refuse(
        draft,
        k.row,
        "no-metric",
        `row ${k.row} has no metric score (no column holds numbers)`,
      );
    }
  }
  if (indexColumn !== undefined) {
    draft.harness.notes.push("The case id of each row is its pandas index (the first column).");
  }
  notes(draft, kept, metrics, skipped, options);
  return finishDraft(draft);
}
