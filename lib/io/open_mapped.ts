/**
 * The reading pipeline every job shares: open → detect → map → validate. A job passes its role
 * vocabulary as data; the pipeline settles and checks the column mapping, streams the records
 * with each role's value at hand, and keeps the read report in which every record is used or left
 * out with one reason.
 *
 * @module
 */
import { ownField } from "./_flatten.ts";
import { type ColumnMapping, type RoleVocabulary, settleMapping } from "./mapping.ts";
import { lookAhead, openRecords, type OpenRecordsOptions } from "./open_records.ts";
import { ReadReport } from "./read_report.ts";
import type { Format, RowProblem, Source } from "./types.ts";

import { MAPPING_LOOKAHEAD } from "./limits.ts";
export { MAPPING_LOOKAHEAD };

/** Options of {@link openMappedRecords}. */
export interface OpenMappedOptions<R extends string> extends OpenRecordsOptions {
  /** Overrides of the suggested mapping, role → column (`null` switches a role off). */
  mapping?: ColumnMapping<R>;
}

/** A readable record, with each role's value at hand. */
export interface MappedRecord<R extends string> {
  /** 1-based record number (see `RawRecord.row`). */
  row: number;
  /** Every column of the record (flattened, see `RawRecord.values`). */
  values: Readonly<Record<string, unknown>>;
  /** The value of the column mapped to `role`; `undefined` when no column is, or the record lacks it. */
  get(role: R): unknown;
  /** Absent on a readable record. */
  problem?: undefined;
}

/**
 * A record that could not be read; the pipeline has already left it out as `unreadable` or
 * `too-large` (its `problem.code`).
 */
export interface UnreadableRecord {
  /** 1-based record number. */
  row: number;
  /** Absent on an unreadable record. */
  values?: undefined;
  /** Why it could not be read (`code`: `"unreadable"` or `"too-large"`). */
  problem: RowProblem;
}

/**
 * Records streaming out of a file with their mapping settled. Iterate it once. Unreadable records
 * are counted in `report` by the pipeline; the job counts each readable one as used or left out
 * (`report.used()`, `report.leaveOut(...)`), so that at the end every record read is accounted
 * for — a record the job forgets is a bug, and the pipeline throws when the file ends.
 */
export interface MappedRecords<R extends string, C extends string = string>
  extends AsyncIterable<MappedRecord<R> | UnreadableRecord> {
  /** The name used in messages. */
  readonly name: string;
  /** The format read (detected or forced); `null` for an empty file or an in-memory array. */
  readonly format: Format | null;
  /** The column of each role. */
  readonly mapping: Readonly<Partial<Record<R, string>>>;
  /** How the file was read: format, columns, mapping, and every record used or left out. */
  readonly report: ReadReport<R, C | "unreadable" | "too-large">;
  /** Columns seen so far, in order of first appearance. */
  columns(): readonly string[];
}

/**
 * Open a source for a job: detect its format, read ahead {@link MAPPING_LOOKAHEAD} records, settle
 * the column mapping from the job's vocabulary and the caller's overrides, and check it — for
 * every format, a role that does not exist is a `RangeError`, and a mapped column the file lacks
 * (CSV/TSV: not in the header; JSON and arrays in memory: in none of the records read ahead) or a
 * required role without a column is a `TypeError`; each names the file and what exists. Records
 * then stream with bounded memory.
 *
 * @example A dataset with its own vocabulary
 * ```ts
 * import { openMappedRecords, type RoleVocabulary } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const DATASET: RoleVocabulary<"id" | "prompt" | "reference"> = {
 *   synonyms: { id: ["id"], prompt: ["prompt", "question", "input"], reference: ["answer", "target"] },
 *   required: ["prompt"],
 * };
 * const text = '{"id": "q1", "question": "2+2?", "answer": "4"}\n{"id": "q2", "quest';
 * const records = await openMappedRecords({ text, name: "qa.jsonl" }, DATASET);
 * const prompts = [];
 * for await (const r of records) {
 *   if (r.problem) continue; // already left out as unreadable
 *   prompts.push(r.get("prompt"));
 *   records.report.used();
 * }
 * assert.deepEqual(prompts, ["2+2?"]);
 * assert.deepEqual(records.mapping, { id: "id", prompt: "question", reference: "answer" });
 * assert.deepEqual(records.report.toJSON().rows.leftOut, { unreadable: { count: 1, rows: [2] } });
 * ```
 */
export async function openMappedRecords<R extends string, C extends string = string>(
  source: Source,
  vocabulary: RoleVocabulary<R>,
  options: OpenMappedOptions<R> = {},
): Promise<MappedRecords<R, C>> {
  const records = await openRecords(source, {
    format: options.format,
    name: options.name,
    limits: options.limits,
  });
  const name = records.name;
  const { head, all } = await lookAhead(records, MAPPING_LOOKAHEAD);
  const tabular = records.format === "csv" || records.format === "tsv";
  const mapping = settleMapping(
    {
      name,
      columns: records.columns(),
      seenIn: tabular
        ? "the header"
        : head.length < MAPPING_LOOKAHEAD
        ? "the file"
        : `the first ${MAPPING_LOOKAHEAD} records`,
    },
    vocabulary,
    options.mapping,
  );
  const report = new ReadReport<R, C | "unreadable" | "too-large">(name, records.format);
  report.formatReason = records.formatReason;
  report.mapping = mapping;
  report.columns = [...records.columns()];

  // Each role's column, looked up once here rather than in the mapping at every get.
  const columnOf = new Map<string, string>();
  for (const role of Object.keys(mapping) as R[]) {
    const column = mapping[role];
    if (column !== undefined) columnOf.set(role, column);
  }
  const pick = (values: Readonly<Record<string, unknown>>, role: R): unknown => {
    const column = columnOf.get(role);
    return column === undefined ? undefined : ownField(values, column);
  };

  async function* stream(): AsyncGenerator<MappedRecord<R> | UnreadableRecord> {
    let read = 0;
    for await (const record of all) {
      read++;
      if (record.problem || !record.values) {
        const problem = record.problem ??
          { code: "unreadable", row: record.row, message: `row ${record.row} could not be read` };
        report.leaveOut({
          ...problem,
          code: problem.code === "too-large" ? "too-large" : "unreadable",
        });
        yield { row: record.row, problem };
        continue;
      }
      if (record.warning) report.warn(record.warning);
      const values = record.values;
      yield { row: record.row, values, get: (role: R) => pick(values, role) };
    }
    report.columns = [...records.columns()];
    if (report.read !== read) {
      // The job did not count every record it was given: a bug in the job, not in the file.
      throw new Error(
        `Reading "${name}": ${read} records were read but ${report.read} were counted as used ` +
          `or left out; a job must count every record it is given`,
      );
    }
  }

  let started = false;
  return {
    name,
    format: records.format,
    mapping,
    report,
    columns: () => records.columns(),
    [Symbol.asyncIterator]() {
      // Reading twice is a mistake in the calling code, not in the file: a plain TypeError.
      if (started) throw new TypeError(`The records of "${name}" can be read only once`);
      started = true;
      return stream();
    },
  };
}
