/**
 * How a results file was read, shown: the read report of `lib/io` (plain data) as text, HTML and
 * a notebook display, and the public `readResults` / `openResults` that return it.
 *
 * @module
 */
import {
  type Format,
  openResultRows,
  type ReadReport,
  type ReadReportJson,
  type ReadResultsOptions,
  type ResultRole,
  type ResultRow,
  type Source,
} from "../io/mod.ts";
import { Displayable, escapeHtml, htmlTable, textTable } from "../render/mod.ts";

/**
 * A read report that shows itself: in a notebook as HTML, on a terminal as text. The counts live
 * in `report` (see `ReadReport`); this view only formats them.
 *
 * @example Show how a small file was read
 * ```ts
 * import { readResults } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const { report } = await readResults({ text: "id,output\na,x\n,y\n", name: "t.csv" });
 * assert.match(report.toText(), /^Read "t.csv" as csv: 2 rows read, 1 used, 1 left out/);
 * assert.match(report.toHTML(), /<table/);
 * ```
 */
export class ReadView extends Displayable {
  /** The counts behind the view. */
  readonly report: ReadReport;

  /** Show a read report. */
  constructor(report: ReadReport) {
    super();
    this.report = report;
  }

  /** The file's name as given. */
  get source(): string {
    return this.report.source;
  }
  /** The format read; null for an empty file or rows given in memory. */
  get format(): Format | null {
    return this.report.format;
  }
  /** Every column seen, in order of first appearance. */
  get columns(): string[] {
    return this.report.columns;
  }
  /** The column used for each role. */
  get mapping(): Partial<Record<ResultRole, string>> {
    return this.report.mapping;
  }
  /** Rows read (used + left out). */
  get read(): number {
    return this.report.read;
  }
  /** Rows left out, all reasons together. */
  get leftOut(): number {
    return this.report.leftOut;
  }

  /** The plain data, as `--json` prints it. */
  toJSON(): ReadReportJson {
    return this.report.toJSON();
  }

  /** Plain text for terminals. */
  toText(): string {
    const lines = [this.report.summary(), this.report.formatLine(), this.report.mappingLine()];
    const table = this.report.leftOutTable();
    if (table) lines.push(textTable(table));
    for (const item of this.report.warningLines()) lines.push(item);
    return lines.join("\n");
  }

  /** An HTML fragment with every value escaped. */
  toHTML(): string {
    const parts = [
      `<p>${escapeHtml(this.report.summary())}</p>`,
      `<p>${escapeHtml(this.report.formatLine())}</p>`,
      `<p>${escapeHtml(this.report.mappingLine())}</p>`,
    ];
    const table = this.report.leftOutTable();
    if (table) parts.push(htmlTable(table));
    for (const line of this.report.warningLines()) parts.push(`<p>${escapeHtml(line)}</p>`);
    return `<div class="verdict-read-report">${parts.join("\n")}</div>`;
  }
}

/** Result rows streaming out of a file, with the read report (shown) filling in as they go. */
export interface ShownResultsReader extends AsyncIterable<ResultRow> {
  /** The report; complete once iteration has finished. */
  readonly report: ReadView;
}

/**
 * Open a results file for scoring: rows stream out one by one (memory stays bounded), each row
 * either used or left out with exactly one reason, counted in `reader.report`.
 *
 * @example Stream rows and read the report afterwards
 * ```ts
 * import { openResults } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const text = "id,output,expected\nq1,Paris,Paris\nq1,Lyon,Paris\n,Rome,Rome\n";
 * const reader = await openResults({ text, name: "capitals.csv" });
 * const cases = [];
 * for await (const row of reader) cases.push(row.case);
 * assert.deepEqual(cases, ["q1"]);
 * assert.deepEqual(reader.report.toJSON().rows.leftOut, {
 *   "duplicate-key": { count: 1, rows: [2] },
 *   "no-id": { count: 1, rows: [3] },
 * });
 * ```
 */
export async function openResults(
  source: Source,
  options: ReadResultsOptions = {},
): Promise<ShownResultsReader> {
  const reader = await openResultRows(source, options);
  const report = new ReadView(reader.report);
  return { report, [Symbol.asyncIterator]: () => reader[Symbol.asyncIterator]() };
}

/**
 * Read a whole results file into memory: the used rows and the read report, which displays
 * itself in a notebook.
 *
 * @example Read rows given as objects
 * ```ts
 * import { readResults } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const { rows, report } = await readResults([
 *   { id: "a", output: "4", expected: ["4", "four"] },
 *   { id: "b", output: "5", expected: { kind: "label", value: "five" }, repeat: "x" },
 * ]);
 * assert.deepEqual(rows[0].reference, { kind: "any-of", values: ["4", "four"] });
 * assert.equal(report.toJSON().rows.leftOut["bad-repeat"]?.count, 1);
 * ```
 */
export async function readResults(
  source: Source,
  options: ReadResultsOptions = {},
): Promise<{ rows: ResultRow[]; report: ReadView }> {
  const reader = await openResults(source, options);
  const rows: ResultRow[] = [];
  for await (const row of reader) rows.push(row);
  return { rows, report: reader.report };
}
