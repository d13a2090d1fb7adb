/**
 * The scored file: one row per case × version × repeat × grader, in the six-field result format
 * (`item, system, repeat, scorer, score, pass`) plus `error`, `near_miss`, `metadata` and, when
 * asked, `output`. It is what the auditor reads back.
 *
 * @module
 */
// papaparse bundled as one ES module (tools/bundle_cjs.ts), not the CommonJS package.
import Papa from "../io/_papaparse.js";
import { AtomicFile } from "../io/output_file.ts";

/** One scored row. */
export interface ScoredRow {
  /** Case id. */
  item: string;
  /** Version (system). */
  system: string;
  /** Repeat number. */
  repeat: number;
  /** Grader name (`exact`, `bleu`, `assert:contains`, `overall`…). */
  scorer: string;
  /** The score, or null when there is none (not judged, grader error, undecided). */
  score: number | null;
  /** The verdict, or null when there is none. */
  pass: boolean | null;
  /** Why there is no verdict (`no-reference`, `bad-regex`, `not-judged`…), or null. */
  error: string | null;
  /** Formatting steps or probes that would flip a failing row to a pass. */
  near_miss: string[];
  /** Settings and details: threshold, reason, reference used, rule. */
  metadata: Record<string, unknown>;
  /** The output text, when the run was asked to include it. */
  output?: string;
  /**
   * The score's range, on rows whose scale is not [0, 1] (TER: 0 to Infinity, written `inf`), so
   * that the auditor reads such scores as on their scale.
   */
  scale_min?: number;
  /** The top of the score's range (see `scale_min`). */
  scale_max?: number;
}

/** The columns that carry a row's own score range, when a run has rows with one. */
export const SCALE_COLUMNS = ["scale_min", "scale_max"] as const;

/** A bound as the file writes it: Infinity as `inf`, which JSON has no number for. */
function bound(value: number | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  return Number.isFinite(value) ? value : value > 0 ? "inf" : "-inf";
}

/** The scored file's columns, in order. */
export const SCORED_COLUMNS = [
  "item",
  "system",
  "repeat",
  "scorer",
  "score",
  "pass",
  "error",
  "near_miss",
  "metadata",
] as const;

/** The format of a scored file, from its name: `.csv` or `.tsv` → CSV/TSV, anything else JSON lines. */
export function scoredFormatFor(path: string): "csv" | "tsv" | "jsonl" {
  if (/\.csv$/i.test(path)) return "csv";
  if (/\.tsv$/i.test(path)) return "tsv";
  return "jsonl";
}

/**
 * Text cells that a spreadsheet would run as a formula: starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return, unless the whole cell is a number (`-0.5` stays a number). Such cells get a
 * leading `'` in CSV/TSV scored files, as OWASP advises; JSON lines keep every value as it is.
 */
export const FORMULA_CELL = /^(?![+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$)[=+\-@\t\r]/;

function cells(row: ScoredRow, withOutput: boolean, withScale: boolean): (string | number)[] {
  const out: (string | number)[] = [
    row.item,
    row.system,
    row.repeat,
    row.scorer,
    row.score === null ? "" : row.score,
    row.pass === null ? "" : String(row.pass),
    row.error ?? "",
    row.near_miss.join("|"),
    JSON.stringify(row.metadata),
  ];
  if (withScale) out.push(String(bound(row.scale_min) ?? ""), String(bound(row.scale_max) ?? ""));
  if (withOutput) out.push(row.output ?? "");
  return out;
}

/**
 * Format scored rows as text in the given format; `header` adds the CSV/TSV header line. In CSV
 * and TSV a text cell that a spreadsheet would run as a formula gets a leading `'`
 * ({@link FORMULA_CELL}); numbers stay numbers and JSON lines are written unchanged.
 *
 * @example CSV lines for one row
 * ```ts
 * import { formatScoredRows } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const row = { item: "q1", system: "v2", repeat: 0, scorer: "exact", score: 0, pass: false,
 *   error: null, near_miss: ["trim"], metadata: {} };
 * assert.equal(
 *   formatScoredRows([row], "csv", { header: true, output: false }),
 *   'item,system,repeat,scorer,score,pass,error,near_miss,metadata\r\nq1,v2,0,exact,0,false,,trim,{}\r\n',
 * );
 * ```
 */
export function formatScoredRows(
  rows: readonly ScoredRow[],
  format: "csv" | "tsv" | "jsonl",
  options: { header: boolean; output: boolean; scale?: boolean },
): string {
  if (format === "jsonl") {
    return rows.map((r) => {
      const { output, scale_min, scale_max, ...rest } = r;
      const scale = scale_max === undefined
        ? {}
        : { scale_min: bound(scale_min), scale_max: bound(scale_max) };
      return JSON.stringify({
        ...rest,
        ...scale,
        ...(options.output ? { output: output ?? "" } : {}),
      }) +
        "\n";
    }).join("");
  }
  const withScale = options.scale ?? false;
  const columns: string[] = [...SCORED_COLUMNS];
  if (withScale) { for (const c of SCALE_COLUMNS) columns.push(c); }
  if (options.output) columns.push("output");
  const data = rows.map((r) => cells(r, options.output, withScale));
  if (options.header) data.unshift(columns);
  if (data.length === 0) return "";
  return Papa.unparse(data, {
    delimiter: format === "csv" ? "," : "\t",
    newline: "\r\n",
    escapeFormulae: FORMULA_CELL,
  }) + "\r\n";
}

/**
 * Writes scored rows to a file as they are produced, so memory stays bounded.
 *
 * @example Write two rows and read them back
 * ```ts
 * import { ScoredFileWriter } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const path = await Deno.makeTempFile({ suffix: ".jsonl" });
 * const writer = await ScoredFileWriter.create(path, { output: false });
 * await writer.write([{ item: "a", system: "v", repeat: 0, scorer: "exact", score: 1, pass: true,
 *   error: null, near_miss: [], metadata: {} }]);
 * await writer.close();
 * assert.equal(JSON.parse(await Deno.readTextFile(path)).pass, true);
 * await Deno.remove(path);
 * ```
 */
export class ScoredFileWriter {
  /** Where the file is written. */
  readonly path: string;
  /** Its format, from the file name. */
  readonly format: "csv" | "tsv" | "jsonl";
  #file: AtomicFile;
  #output: boolean;
  #scale: boolean;
  #started = false;
  #encoder = new TextEncoder();
  /** Rows written so far. */
  rows = 0;

  private constructor(path: string, file: AtomicFile, output: boolean, scale: boolean) {
    this.path = path;
    this.format = scoredFormatFor(path);
    this.#file = file;
    this.#output = output;
    this.#scale = scale;
  }

  /**
   * Start the file. It is written atomically: rows go to a temporary file beside `path`, moved
   * into place by {@link ScoredFileWriter.close}; {@link ScoredFileWriter.abort} leaves `path` as
   * it was. `scale` adds the `scale_min` and `scale_max` columns to a CSV or TSV file (JSON lines
   * carry them on the rows that have them).
   */
  static async create(
    path: string,
    options: { output: boolean; scale?: boolean },
  ): Promise<ScoredFileWriter> {
    const file = await AtomicFile.create(path);
    return new ScoredFileWriter(path, file, options.output, options.scale ?? false);
  }

  /** Append rows. */
  async write(rows: readonly ScoredRow[]): Promise<void> {
    const header = !this.#started && this.format !== "jsonl";
    this.#started = true;
    const text = formatScoredRows(rows, this.format, {
      header,
      output: this.#output,
      scale: this.#scale,
    });
    await this.#file.write(this.#encoder.encode(text));
    this.rows += rows.length;
  }

  /** Finish the file (writing the header of an empty CSV) and move it into place. */
  async close(): Promise<void> {
    if (!this.#started) await this.write([]);
    await this.#file.commit();
  }

  /** Give up: the temporary file is removed and `path` is left as it was. */
  async abort(): Promise<void> {
    await this.#file.abort();
  }
}
