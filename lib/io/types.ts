/**
 * Shared shapes of the reading layer: sources, formats, records, problems and result rows.
 *
 * @module
 */

/** A results file format that verdict reads. */
export type Format = "csv" | "tsv" | "jsonl" | "json-array" | "json-rows";

/**
 * Every format name, in the order they are documented: the one list that flags, help texts and
 * checks derive from.
 */
export const FORMATS: readonly Format[] = ["csv", "tsv", "jsonl", "json-array", "json-rows"];

/**
 * True when `value` names a format verdict reads.
 *
 * @example Check a format name given as text
 * ```ts
 * import { isFormat } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.ok(isFormat("jsonl"));
 * assert.ok(!isFormat("xml"));
 * ```
 */
export function isFormat(value: unknown): value is Format {
  return (FORMATS as readonly unknown[]).includes(value);
}

/** Text given directly, with an optional name used in messages. */
export interface TextSource {
  /** The file's content. */
  text: string;
  /** A name for messages and reports; defaults to `"<text>"`. */
  name?: string;
}

/**
 * Where rows come from: a file path, a `file:`/`http(s):` URL, text, bytes, a byte stream, or an
 * array of row objects that is already in memory.
 */
export type Source =
  | string
  | URL
  | TextSource
  | Uint8Array
  | ReadableStream<Uint8Array>
  | readonly Record<string, unknown>[];

/** Why a row was left out. Every row that is not used carries exactly one of these. */
export type LeftOutReason =
  | "no-id"
  | "no-output"
  | "no-reference"
  | "duplicate-key"
  | "bad-repeat"
  | "bad-expected-kind"
  | "bad-assertions"
  | "unreadable"
  | "too-large";

/** A problem found in one row, returned as data (never thrown). */
export interface RowProblem {
  /** The reason code. */
  code: string;
  /** 1-based record number (CSV header excluded; JSON lines: the line number). */
  row: number;
  /** The column involved, when there is one. */
  field?: string;
  /** A sentence for people. */
  message: string;
}

/** One record as it came out of the file: flattened values, or the reason it could not be read. */
export interface RawRecord {
  /** 1-based record number. */
  row: number;
  /**
   * Column → value. Plain-object fields one level deep also appear under dotted names
   * (`metadata.harnessPass`) beside the object itself. Absent when the record is unreadable.
   */
  values?: Record<string, unknown>;
  /**
   * Set when the record could not be read: `code` is `"unreadable"` (not parseable, nested too
   * deeply, a quote never closed) or `"too-large"` (over the size limit, never built).
   */
  problem?: RowProblem;
  /** Something worth knowing about a record that was read (it is used all the same). */
  warning?: RowProblem;
}

/** The kind of reference a row carries. */
export type ReferenceKind = "exact" | "any-of" | "label";

/** A row's reference answer(s). `exact` and `label` hold one value; `any-of` holds one or more. */
export interface Reference {
  /** How the values are compared: one answer, the best of several, or a class label. */
  kind: ReferenceKind;
  /** The reference text(s). */
  values: readonly string[];
}

/** A per-row assertion in promptfoo style. */
export interface Assertion {
  /** The assertion kind (`contains`, `regex`, `llm-rubric`…). */
  type: string;
  /** What the output is checked against: text, a pattern, a list, a schema. */
  value?: unknown;
  /** Pass threshold for graded kinds. */
  threshold?: number;
  /** Anything else the file carried. */
  [key: string]: unknown;
}

/** A results row that passed every reading check and can be graded. */
export interface ResultRow {
  /** 1-based record number in the source. */
  row: number;
  /** Case id. */
  case: string;
  /** Version (system) name; `"default"` when the file has no version column. */
  version: string;
  /** Repeat number, a whole number ≥ 0 (0 when the file has no repeat column). */
  repeat: number;
  /** The model's output as text. */
  output: string;
  /** The reference, or `null` when the row has none. */
  reference: Reference | null;
  /** Per-row assertions, or `null`. */
  assertions: readonly Assertion[] | null;
  /** A JSON Schema for the row, or `undefined`. */
  schema: unknown;
  /** A per-row threshold for graded graders, or `undefined`. */
  threshold: number | undefined;
  /** Every column of the record (flattened as in {@link RawRecord}). */
  fields: Readonly<Record<string, unknown>>;
}
