/**
 * The results-file reader: records → result rows keyed by (case, version, repeat), every other
 * row left out with one reason.
 *
 * @module
 */
import {
  asText,
  type Failure,
  isBlank,
  maybeJson,
  readAssertions,
  readReference,
  readRepeat,
  readThreshold,
} from "./_row_fields.ts";
import type { ColumnMapping } from "./mapping.ts";
import { type MappedRecord, openMappedRecords } from "./open_mapped.ts";
import type { OpenRecordsOptions } from "./open_records.ts";
import type { ReadReport } from "./read_report.ts";
import { RESULT_ROLES, type ResultRole } from "./result_roles.ts";
import { StringIds } from "./_key_ids.ts";
import { FirstRows } from "./_first_rows.ts";
import type { LeftOutReason, ResultRow, Source } from "./types.ts";

/** Options for reading a results file. */
export interface ReadResultsOptions extends OpenRecordsOptions {
  /**
   * Overrides of the suggested column mapping (`null` switches a role off). A role that does not
   * exist, or a column the file lacks, is an error (see `openMappedRecords`).
   */
  mapping?: ColumnMapping<ResultRole>;
  /**
   * Leave out rows without a reference (`no-reference`). Set it when every active grader needs
   * one; otherwise rows without a reference are kept and such graders mark them not judged.
   */
  referenceRequired?: boolean;
  /** The version given to every row when the file has no version column (default `"default"`). */
  defaultVersion?: string;
}

/** Result rows streaming out of a file, with the read report filling in as they go. */
export interface ResultsReader extends AsyncIterable<ResultRow> {
  /** The report; complete once iteration has finished. */
  readonly report: ReadReport;
}

function toRow(
  record: MappedRecord<ResultRole>,
  mapping: Readonly<Partial<Record<ResultRole, string>>>,
  options: ReadResultsOptions,
  report: ReadReport,
): ResultRow | Failure {
  const col = (role: ResultRole) => mapping[role];
  const get = (role: ResultRole) => record.get(role);
  const caseValue = get("case");
  if (isBlank(caseValue)) {
    return {
      code: "no-id",
      field: col("case"),
      message: col("case") === undefined
        ? "no column is mapped to the case id"
        : `${col("case")} is blank`,
    };
  }
  const repeat = readRepeat(get("repeat"), col("repeat"));
  if (typeof repeat !== "number") return repeat;
  const reference = readReference(
    get("reference"),
    col("reference"),
    get("expectedKind"),
    col("expectedKind"),
  );
  if (reference !== null && "code" in reference) return reference;
  const assertions = readAssertions(get("assertions"), col("assertions"));
  if (assertions !== null && "code" in assertions) return assertions;
  const output = get("output");
  if (output === undefined || output === null) {
    return {
      code: "no-output",
      field: col("output"),
      message: col("output") === undefined
        ? "no column is mapped to the output"
        : `${col("output")} is missing`,
    };
  }
  if (reference === null && options.referenceRequired) {
    return {
      code: "no-reference",
      field: col("reference"),
      message: col("reference") === undefined
        ? "no column is mapped to the reference"
        : `${col("reference")} is blank`,
    };
  }
  const text = asText(output);
  if (reference !== null && reference.values.length === 1 && reference.values[0] === text) {
    // One string for an output and a reference that are the same text (readReference made the
    // array, so it is this row's own): graders compare the two by identity, at once, instead of
    // character by character each, and the rows' way to a worker sends the text once.
    (reference.values as string[])[0] = text;
  }
  const threshold = readThreshold(get("threshold"));
  if (typeof threshold === "string") {
    report.warn({
      code: "bad-threshold",
      row: record.row,
      field: col("threshold"),
      message: threshold,
    });
  }
  const version = get("version");
  return {
    row: record.row,
    case: asText(caseValue).trim(),
    version: col("version") === undefined
      ? options.defaultVersion ?? "default"
      : isBlank(version)
      ? ""
      : asText(version).trim(),
    repeat,
    output: text,
    reference,
    assertions,
    schema: isBlank(get("schema")) ? undefined : maybeJson(get("schema")),
    threshold: typeof threshold === "number" ? threshold : undefined,
    fields: record.values,
  };
}

/**
 * Open a results file for scoring: rows stream out one by one (memory stays bounded), each row
 * either used or left out with exactly one reason, counted in `reader.report`.
 *
 * @example Stream rows and read the report afterwards
 * ```ts
 * import { openResultRows } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const text = "id,output,expected\nq1,Paris,Paris\nq1,Lyon,Paris\n,Rome,Rome\n";
 * const reader = await openResultRows({ text, name: "capitals.csv" });
 * const cases = [];
 * for await (const row of reader) cases.push(row.case);
 * assert.deepEqual(cases, ["q1"]);
 * assert.deepEqual(reader.report.toJSON().rows.leftOut, {
 *   "duplicate-key": { count: 1, rows: [2] },
 *   "no-id": { count: 1, rows: [3] },
 * });
 * ```
 */
export async function openResultRows(
  source: Source,
  options: ReadResultsOptions = {},
): Promise<ResultsReader> {
  const records = await openMappedRecords<ResultRole, LeftOutReason>(source, RESULT_ROLES, options);
  const { mapping, report } = records;

  async function* rows(): AsyncGenerator<ResultRow> {
    // The duplicate check's keys in compact memory (about 12–20 bytes a row, plus each distinct
    // case id's and version's length once), compared exactly.
    const versions = new StringIds();
    const cases = new StringIds();
    const firstRows = new FirstRows();
    for await (const record of records) {
      if (record.problem) continue; // left out as unreadable by the pipeline
      const result = toRow(record, mapping, options, report);
      if ("code" in result) {
        report.leaveOut({ ...result, row: record.row });
        continue;
      }
      const first = firstRows.add(
        versions.id(result.version),
        cases.id(result.case),
        result.repeat,
        record.row,
      );
      if (first !== undefined) {
        report.leaveOut({
          code: "duplicate-key",
          row: record.row,
          field: mapping.case,
          message:
            `case ${JSON.stringify(result.case)}, version ${JSON.stringify(result.version)}, ` +
            `repeat ${result.repeat} was already read at row ${first}`,
        });
        continue;
      }
      report.used();
      yield result;
    }
  }
  let started = false;
  return {
    report,
    [Symbol.asyncIterator]() {
      // Reading twice is a mistake in the calling code, not in the file: a plain TypeError.
      if (started) throw new TypeError(`The rows of "${records.name}" can be read only once`);
      started = true;
      return rows();
    },
  };
}

/**
 * Read a whole results file into memory: the used rows and the read report.
 *
 * @example Read rows given as objects
 * ```ts
 * import { readResultRows } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const { rows, report } = await readResultRows([
 *   { id: "a", output: "4", expected: ["4", "four"] },
 *   { id: "b", output: "5", expected: { kind: "label", value: "five" }, repeat: "x" },
 * ]);
 * assert.deepEqual(rows[0].reference, { kind: "any-of", values: ["4", "four"] });
 * assert.equal(report.toJSON().rows.leftOut["bad-repeat"]?.count, 1);
 * ```
 */
export async function readResultRows(
  source: Source,
  options: ReadResultsOptions = {},
): Promise<{ rows: ResultRow[]; report: ReadReport }> {
  const reader = await openResultRows(source, options);
  const rows: ResultRow[] = [];
  for await (const row of reader) rows.push(row);
  return { rows, report: reader.report };
}
