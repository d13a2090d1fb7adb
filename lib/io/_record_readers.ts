// One async generator of raw records per format.
// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "npm:papaparse@5.7.1";
import { JSONParser } from "npm:@streamparser/json@0.0.26";
import { Readable } from "node:stream";
import { flattenRecord, isPlainObject, setField } from "./_flatten.ts";
import { numberedLines } from "./numbered_lines.ts";
import { markerFor, NonFiniteRewriter, parseJson, restoreNonFinite } from "./nonfinite_json.ts";
import { UserSyntaxError } from "../errors/mod.ts";
import type { RawRecord } from "./types.ts";

/** Columns seen so far, in order of first appearance. */
export class ColumnSet {
  readonly #seen = new Set<string>();
  add(keys: Iterable<string>): void {
    for (const k of keys) this.#seen.add(k);
  }
  list(): string[] {
    return [...this.#seen];
  }
}

function unreadable(row: number, message: string): RawRecord {
  return { row, problem: { code: "unreadable", row, message } };
}

function objectRecord(row: number, value: unknown, columns: ColumnSet, what: string): RawRecord {
  if (!isPlainObject(value)) {
    const got = Array.isArray(value) ? "an array" : value === null ? "null" : typeof value;
    return unreadable(row, `${what} is ${got}, not a JSON object`);
  }
  const values = flattenRecord(value);
  columns.add(Object.keys(values));
  return { row, values };
}

/** Make header names usable as keys: blank names get `column_N`, repeats get `_2`, `_3`… */
function headerNames(cells: readonly string[]): string[] {
  const used = new Map<string, number>();
  return cells.map((raw, i) => {
    const base = raw.trim() === "" ? `column_${i + 1}` : raw;
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    return n === 1 ? base : `${base}_${n}`;
  });
}

/** CSV or TSV through papaparse's streaming parser. Record 1 is the first row after the header. */
export async function* csvRecords(
  text: AsyncIterable<string>,
  delimiter: "," | "\t",
  columns: ColumnSet,
): AsyncGenerator<RawRecord> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, skipEmptyLines: true });
  const input = Readable.from(text, { objectMode: true });
  // An error while decoding (not UTF-8) must surface where the records are read.
  input.on("error", (error) => parser.destroy(error));
  input.pipe(parser);
  let header: string[] | undefined;
  let row = 0;
  for await (const fields of parser as AsyncIterable<string[]>) {
    if (!header) {
      header = headerNames(fields);
      columns.add(header);
      continue;
    }
    row++;
    if (fields.length !== header.length) {
      yield unreadable(
        row,
        `record ${row} has ${fields.length} field${fields.length === 1 ? "" : "s"}, ` +
          `the header has ${header.length}`,
      );
      continue;
    }
    const values: Record<string, unknown> = {};
    header.forEach((h, i) => setField(values, h, fields[i]));
    yield { row, values };
  }
}

/** JSON lines: one object per line; the row number is the line number; blank lines are skipped. */
export async function* jsonlRecords(
  text: AsyncIterable<string>,
  columns: ColumnSet,
): AsyncGenerator<RawRecord> {
  for await (const { line, text: body } of numberedLines(text)) {
    if (body.trim() === "") continue;
    let value: unknown;
    try {
      value = parseJson(body);
    } catch {
      yield unreadable(line, `line ${line} is not valid JSON`);
      continue;
    }
    yield objectRecord(line, value, columns, `line ${line}`);
  }
}

/**
 * A JSON array of objects (`path = "$.*"`) or a document's `rows` array (`"$.rows.*"`), streamed
 * element by element. A parse error ends the stream with one unreadable record.
 */
export async function* jsonArrayRecords(
  text: AsyncIterable<string>,
  inRows: boolean,
  columns: ColumnSet,
  name: string,
): AsyncGenerator<RawRecord> {
  const parser = new JSONParser({
    paths: inRows ? ["$.rows.*", "$.rows"] : ["$.*"],
    keepStack: false,
  });
  const ready: unknown[][] = [];
  let sawRows = !inRows;
  let rowsIsArray = !inRows;
  parser.onValue = ({ value, key, stack }) => {
    if (inRows && stack.length === 1) {
      sawRows = true;
      rowsIsArray = Array.isArray(value);
      return;
    }
    ready.push([key, value]);
  };
  let marker: string | undefined;
  let rewriter: NonFiniteRewriter | undefined;
  let next = 1;
  const drain = function* () {
    for (const [key, value] of ready.splice(0)) {
      const row = typeof key === "number" ? key + 1 : next;
      next = row + 1;
      yield objectRecord(
        row,
        marker && rewriter?.rewrote ? restoreNonFinite(value, marker) : value,
        columns,
        `element ${row}`,
      );
    }
  };
  try {
    for await (const chunk of text) {
      // The placeholder is chosen from the first chunk; a later chunk holding the very same
      // 20-character placeholder text is not a practical concern.
      marker ??= markerFor(chunk);
      rewriter ??= new NonFiniteRewriter(marker);
      parser.write(rewriter.push(chunk));
      yield* drain();
    }
    if (rewriter) parser.write(rewriter.flush());
    if (!parser.isEnded) parser.end();
    yield* drain();
  } catch (error) {
    yield* drain();
    const detail = error instanceof Error ? error.message : String(error);
    yield unreadable(
      next,
      `element ${next} and the rest of the file could not be parsed (${detail})`,
    );
    return;
  }
  if (!sawRows || !rowsIsArray) {
    throw new UserSyntaxError(
      `Cannot read "${name}": the JSON document has no "rows" array ` +
        `(expected a JSON array, JSON lines, or {"rows": [...]})`,
    );
  }
}
