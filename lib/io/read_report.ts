/**
 * The account of how a results file was read: format, columns, mapping, and every row used or left
 * out with its reason.
 *
 * @module
 */
import type { ResultRole } from "./result_roles.ts";
import type { Format, LeftOutReason, RowProblem } from "./types.ts";

/** How many row numbers and messages are kept for each reason. */
export const KEPT_PER_REASON = 20;

/** Counts of one left-out reason, with the first row numbers. */
export interface LeftOutEntry {
  /** Rows left out for this reason. */
  count: number;
  /** The first {@link KEPT_PER_REASON} row numbers. */
  rows: number[];
}

/**
 * The plain-data form of a {@link ReadReport} (what `--json` prints). `R` are the roles of the
 * job's vocabulary, `C` its left-out reasons.
 */
export interface ReadReportJson<R extends string = ResultRole, C extends string = LeftOutReason> {
  /** The file's name as given. */
  source: string;
  /** The format read; null for an empty file or rows given in memory. */
  format: Format | null;
  /** Why that format: what in the content decided it, or that it was given. */
  formatReason: string;
  /** Every column seen, in order of first appearance (dotted names for nested fields). */
  columns: string[];
  /** The column used for each role. */
  mapping: Partial<Record<R, string>>;
  /** Rows read, used and left out (by reason, with the first twenty row numbers). */
  rows: { read: number; used: number; leftOut: Partial<Record<C, LeftOutEntry>> };
  /** The first messages for each reason, naming row and field. */
  problems: RowProblem[];
  /** Things worth knowing that did not leave a row out (e.g. a threshold that is not a number). */
  warnings: RowProblem[];
}

/** A table as plain data: columns, rows, notes under it, and which columns hold numbers. */
export interface ReadTable {
  /** Column headings. */
  columns: string[];
  /** One array of cells per row. */
  rows: (string | number)[][];
  /** Lines shown under the table. */
  notes: string[];
  /** Indexes of the numeric columns. */
  numeric: number[];
}

/**
 * How a file was read. Counts are exact; row numbers and messages are kept for the first twenty
 * rows of each reason. Plain data: the jobs show it (see `ReadView`). `R` are the roles of the
 * job's vocabulary (a results file's by default), `C` its left-out reasons.
 *
 * @example Count rows as they are read
 * ```ts
 * import { ReadReport } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = new ReadReport("a.csv", "csv");
 * report.used();
 * report.leaveOut({ code: "no-id", row: 2, field: "id", message: "id is blank" });
 * assert.deepEqual(report.toJSON().rows, {
 *   read: 2, used: 1, leftOut: { "no-id": { count: 1, rows: [2] } },
 * });
 * ```
 */
export class ReadReport<R extends string = ResultRole, C extends string = LeftOutReason> {
  /** The file's name as given. */
  readonly source: string;
  /** The format read; null for an empty file or rows given in memory. */
  format: Format | null;
  /** Why that format: what in the content decided it, or that it was given. */
  formatReason = "";
  /** Every column seen, in order of first appearance. */
  columns: string[] = [];
  /** The column used for each role. */
  mapping: Partial<Record<R, string>> = {};
  #used = 0;
  #read = 0;
  #leftOut = new Map<C, LeftOutEntry>();
  #problems: RowProblem[] = [];
  #warnings: RowProblem[] = [];

  /** Start an empty report for a source read in a format. */
  constructor(source: string, format: Format | null) {
    this.source = source;
    this.format = format;
  }

  /** Count one row that was used. */
  used(): void {
    this.#read++;
    this.#used++;
  }

  /** Count one row left out, with its reason. */
  leaveOut(problem: RowProblem & { code: C }): void {
    this.#read++;
    const entry = this.#leftOut.get(problem.code) ?? { count: 0, rows: [] };
    entry.count++;
    if (entry.rows.length < KEPT_PER_REASON) {
      entry.rows.push(problem.row);
      this.#problems.push(problem);
    }
    this.#leftOut.set(problem.code, entry);
  }

  /** Note something about a used row that the reader worked around. */
  warn(problem: RowProblem): void {
    if (this.#warnings.length < 100) this.#warnings.push(problem);
  }

  /** Rows read (used + left out). */
  get read(): number {
    return this.#read;
  }

  /** Rows left out, all reasons together. */
  get leftOut(): number {
    return this.#read - this.#used;
  }

  /** The plain data, as `--json` prints it. */
  toJSON(): ReadReportJson<R, C> {
    const leftOut: Partial<Record<C, LeftOutEntry>> = {};
    for (const [code, entry] of [...this.#leftOut].sort(([a], [b]) => a.localeCompare(b))) {
      leftOut[code] = { count: entry.count, rows: [...entry.rows] };
    }
    return {
      source: this.source,
      format: this.format,
      formatReason: this.formatReason,
      columns: [...this.columns],
      mapping: { ...this.mapping },
      rows: { read: this.#read, used: this.#used, leftOut },
      problems: [...this.#problems],
      warnings: [...this.#warnings],
    };
  }

  /** One sentence: the source, the format and the row counts. */
  summary(): string {
    const j = this.toJSON();
    // A file has a format once read; rows given in memory have none, and neither has an empty file.
    const as = j.format ?? (j.rows.read > 0 ? "rows in memory" : "no format (empty)");
    const read = `${j.rows.read} ${j.rows.read === 1 ? "row" : "rows"} read`;
    return `Read "${j.source}" as ${as}: ${read}, ${j.rows.used} used, ${this.leftOut} left out`;
  }

  /** Why the format was chosen, as a line (`format: csv — the header line has 2 commas…`). */
  formatLine(): string {
    return `format: ${this.format ?? "none"} — ${this.formatReason || "not recorded"}`;
  }

  /** The mapping in one line (`case ← id, output ← answer`). */
  mappingLine(): string {
    const parts = Object.entries(this.mapping).map(([role, col]) => `${role} ← ${col}`);
    return `mapping: ${parts.length ? parts.join(", ") : "(none)"}`;
  }

  /**
   * The left-out rows as table data (reason, count, first row numbers) with the first messages as
   * notes; `null` when no row was left out. Plain data: the jobs render it.
   */
  leftOutTable(): ReadTable | null {
    if (this.#leftOut.size === 0) return null;
    const rows = [...this.#leftOut].map(([code, e]) => [
      code,
      e.count,
      e.rows.join(", ") + (e.count > e.rows.length ? ", …" : ""),
    ]);
    const notes = this.#problems.slice(0, 5).map((p) => `row ${p.row}: ${p.message}`);
    return { columns: ["reason", "count", "rows (first 20)"], rows, notes, numeric: [1] };
  }

  /** The first warnings as lines (`note: row 3: …`). */
  warningLines(max = 5): string[] {
    return this.#warnings.slice(0, max).map((w) => `note: row ${w.row}: ${w.message}`);
  }
}
