/**
 * The summary table every report opens with: one row per grader (or metric), one column per
 * version, each cell a figure formatted for people with its count beside it.
 *
 * @module
 */
import { formatCount, formatHundred, formatRate, formatScore } from "./format.ts";
import type { Table } from "./table.ts";

/** One figure of the summary, as plain numbers; the table formats it. */
export type SummaryFigure =
  /** A pass rate: `72.5% (29/40)`. */
  | { kind: "rate"; passed: number; total: number }
  /** A score, e.g. a mean: `0.587 (n=40)`; the count is left out when not given. */
  | { kind: "score"; value: number; count?: number }
  /** A fraction shown on the 0–100 scale (BLEU, chrF, TER): `78.11 (n=40)`. */
  | { kind: "hundred"; value: number; count?: number }
  /** Text as it is. */
  | { kind: "text"; text: string };

/** One row of the summary. */
export interface SummaryRow {
  /** The row's label: a grader's or a metric's name. */
  label: string;
  /** What the cells are, e.g. `pass rate`, `mean`, `corpus BLEU`. */
  figure: string;
  /** One cell per column; null where the grader did not run. */
  cells: readonly (SummaryFigure | null)[];
}

/** Options of {@linkcode summaryTable}. */
export interface SummaryTableOptions {
  /** The columns' labels: versions, or the one model. */
  columns: readonly string[];
  /** The heading of the label column (default `grader`). */
  rowHeader?: string;
  /** The table's caption (default `Summary`). */
  caption?: string;
  /** Lines under the table. */
  notes?: readonly string[];
}

/**
 * A figure as summary text: a rate as a percentage with its counts, a score to three or four
 * significant digits, a 0–100 figure with two decimals, each with its count when known.
 *
 * @example Each kind
 * ```ts
 * import { summaryCell } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(summaryCell({ kind: "rate", passed: 29, total: 40 }), "72.5% (29/40)");
 * assert.equal(summaryCell({ kind: "score", value: 1, count: 16 }), "1.000 (n=16)");
 * assert.equal(summaryCell({ kind: "hundred", value: 0.78113 }), "78.11");
 * assert.equal(summaryCell(null), "—");
 * ```
 */
export function summaryCell(figure: SummaryFigure | null): string {
  if (figure === null) return "—";
  const n = (count?: number) => count === undefined ? "" : ` (n=${formatCount(count)})`;
  switch (figure.kind) {
    case "rate":
      return formatRate(figure.passed, figure.total);
    case "score":
      return formatScore(figure.value) + n(figure.count);
    case "hundred":
      return formatHundred(figure.value) + n(figure.count);
    case "text":
      return figure.text;
  }
}

/**
 * Build the summary table: graders as rows, versions as columns, a `figure` column saying what
 * each row's cells are (left out, and named in the caption, when every row has the same figure).
 * Figure columns are aligned right.
 *
 * @example Two versions, a pass rate and a corpus BLEU
 * ```ts
 * import { summaryTable, textTable } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const table = summaryTable([
 *   { label: "exact", figure: "pass rate", cells: [
 *     { kind: "rate", passed: 8, total: 40 }, { kind: "rate", passed: 29, total: 40 },
 *   ] },
 *   { label: "bleu", figure: "corpus BLEU", cells: [
 *     { kind: "hundred", value: 0.7811 }, { kind: "hundred", value: 0.9215 },
 *   ] },
 * ], { columns: ["v2", "v3"] });
 * assert.deepEqual(table.columns, ["grader", "figure", "v2", "v3"]);
 * assert.equal(textTable(table).split("\n")[3], "exact   pass rate    20.0% (8/40)  72.5% (29/40)");
 * ```
 */
export function summaryTable(
  rows: readonly SummaryRow[],
  options: SummaryTableOptions,
): Table {
  const figures = new Set(rows.map((r) => r.figure));
  const oneFigure = figures.size === 1 ? [...figures][0] : undefined;
  const caption = options.caption ?? "Summary";
  const lead = oneFigure === undefined ? 2 : 1;
  return {
    caption: oneFigure === undefined ? caption : `${caption} (${oneFigure})`,
    columns: [
      options.rowHeader ?? "grader",
      ...(oneFigure === undefined ? ["figure"] : []),
      ...options.columns,
    ],
    rows: rows.map((r) => [
      r.label,
      ...(oneFigure === undefined ? [r.figure] : []),
      ...options.columns.map((_, i) => summaryCell(r.cells[i] ?? null)),
    ]),
    numeric: options.columns.map((_, i) => lead + i),
    nowrap: oneFigure === undefined ? [1] : [],
    ...(options.notes ? { notes: options.notes } : {}),
  };
}
