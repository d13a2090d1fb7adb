// Rows on their way to a worker thread, by columns. Posting a chunk as an array of row objects
// made the main thread's serializer write every object with its keys, and the worker's build each
// one again; the main thread is the one that also reads the file and counts, so it is the thread
// that runs out of time first. By columns, a chunk is a few arrays of strings, two typed arrays
// and, only when some row has them, the schemas, thresholds and assertions.
import type { Assertion, ReferenceKind } from "../io/mod.ts";
import type { GradableRow } from "./_row_grader.ts";

/** A chunk of {@link GradableRow}s by columns (see {@link packRows}). */
export interface RowColumns {
  outputs: string[];
  /** Each row's reference kind as an index of `KINDS`, or -1 when it has no reference. */
  kinds: Int8Array<ArrayBuffer>;
  /**
   * Each row's number of reference values (0 when it has no reference), or `SAME_AS_OUTPUT`:
   * one value, the output itself, which is not sent twice.
   */
  counts: Int32Array<ArrayBuffer>;
  /** Every reference value, row after row. */
  values: string[];
  /** Each row's schema, or null when no row of the chunk has one. */
  schemas: unknown[] | null;
  /** Each row's threshold, or null when no row of the chunk has one. */
  thresholds: (number | undefined)[] | null;
  /** Each row's assertions (null: none), or null when no row of the chunk has any. */
  assertions: (readonly Assertion[] | null)[] | null;
}

const KINDS: readonly ReferenceKind[] = ["exact", "any-of", "label"];

/**
 * The count of a row whose one reference value is its output (~45% of rows in a realistic file):
 * the text crosses to the worker once, and comes out there as one string for both, which graders
 * then compare by identity.
 */
const SAME_AS_OUTPUT = -1;

/**
 * A chunk's rows by columns; the buffers of `kinds` and `counts` are the chunk's own
 * (transferable).
 *
 * @example Rows there and back
 * ```ts
 * import { packRows, unpackRows } from "./_rows_codec.ts";
 * import assert from "node:assert/strict";
 *
 * const rows = [
 *   { output: "Paris", reference: { kind: "exact" as const, values: ["Paris"] }, schema: undefined, threshold: undefined, assertions: null },
 *   { output: "4", reference: null, schema: undefined, threshold: 0.5, assertions: null },
 * ];
 * assert.deepEqual(unpackRows(packRows(rows)), rows);
 * ```
 */
export function packRows(rows: readonly GradableRow[]): RowColumns {
  const n = rows.length;
  const outputs = new Array<string>(n);
  const kinds = new Int8Array(n);
  const counts = new Int32Array(n);
  const values: string[] = [];
  let schemas: unknown[] | null = null;
  let thresholds: (number | undefined)[] | null = null;
  let assertions: (readonly Assertion[] | null)[] | null = null;
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    outputs[i] = row.output;
    const reference = row.reference;
    if (reference === null || reference === undefined) kinds[i] = -1;
    else {
      const kind = KINDS.indexOf(reference.kind);
      if (kind < 0) {
        throw new Error(`Cannot send a reference of kind ${reference.kind} (a bug in verdict)`);
      }
      kinds[i] = kind;
      const refs = reference.values;
      if (refs.length === 1 && refs[0] === row.output) counts[i] = SAME_AS_OUTPUT;
      else {
        counts[i] = refs.length;
        for (const value of refs) values.push(value);
      }
    }
    if (row.schema !== undefined) (schemas ??= new Array(n).fill(undefined))[i] = row.schema;
    if (row.threshold !== undefined) {
      (thresholds ??= new Array(n).fill(undefined))[i] = row.threshold;
    }
    if (row.assertions !== undefined && row.assertions !== null) {
      (assertions ??= new Array(n).fill(null))[i] = row.assertions;
    }
  }
  return { outputs, kinds, counts, values, schemas, thresholds, assertions };
}

/**
 * The rows {@link packRows} packed, as the worker grades them (a row without assertions gets
 * `null`, as a results row has).
 */
export function unpackRows(columns: RowColumns): GradableRow[] {
  const { outputs, kinds, counts, values, schemas, thresholds, assertions } = columns;
  const rows = new Array<GradableRow>(outputs.length);
  let at = 0;
  for (let i = 0; i < rows.length; i++) {
    const kind = kinds[i];
    const count = counts[i];
    const output = outputs[i];
    rows[i] = {
      output,
      reference: kind < 0 ? null : {
        kind: KINDS[kind],
        values: count === SAME_AS_OUTPUT ? [output] : values.slice(at, at + count),
      },
      schema: schemas === null ? undefined : schemas[i],
      threshold: thresholds === null ? undefined : thresholds[i],
      assertions: assertions === null ? null : assertions[i],
    };
    if (count > 0) at += count;
  }
  return rows;
}
