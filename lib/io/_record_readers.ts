// One async generator of raw records per format.
// papaparse bundled as one ES module (tools/bundle_cjs.ts): the package is CommonJS, whose
// loader costs ~60 ms of CPU at start-up.
import Papa from "./_papaparse.js";
import { flattenOwnedRecord, isPlainObject, setField } from "./_flatten.ts";
import { LineSplitter } from "./_line_splitter.ts";
import type { NumberedLine } from "./numbered_lines.ts";
import { readJsonRecord, tooLargeMessage } from "./_json_record.ts";
import { jsonFrames } from "./_json_frames.ts";
import { csvFrames } from "./_csv_frames.ts";
import type { ReadLimits } from "./limits.ts";
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

function tooLarge(row: number, message: string): RawRecord {
  return { row, problem: { code: "too-large", row, message } };
}

function objectRecord(row: number, value: unknown, columns: ColumnSet, what: string): RawRecord {
  if (!isPlainObject(value)) {
    const got = Array.isArray(value) ? "an array" : value === null ? "null" : typeof value;
    return unreadable(row, `${what} is ${got}, not a JSON object`);
  }
  // The value was just parsed from the file's text: nothing else holds it.
  const values = flattenOwnedRecord(value);
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

/** Records parsed by papaparse at once: enough to amortise each call, few enough to stay small. */
const BATCH_RECORDS = 512;
const BATCH_CHARS = 1 << 20;

/**
 * Parse framed record texts with papaparse: one row of fields per record, in order. Its core
 * `Papa.Parser` is called directly: `Papa.parse` wraps each call in a streamer and a handle
 * whose garbage outlives young-generation collections (on a 1M-row CSV ~4 MB survived each
 * scavenge, pushing V8's heap from ~35 MB to ~120 MB; bench/README.md). With a delimiter and a
 * line end given, no header, typing or transform, the handle adds nothing to the fields; its one
 * other step, dropping a byte-order mark that starts the text, is kept so rows read the same.
 */
function parseRecords(texts: readonly string[], delimiter: string): string[][] {
  const parse = (text: string): string[][] =>
    new Papa.Parser({ delimiter, newline: "\n", quoteChar: '"' })
      .parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, 0, false).data;
  const rows = parse(texts.join("\n"));
  if (rows.length === texts.length) return rows;
  // A record papaparse splits differently from the framer: parse each one alone.
  return texts.map((t) => parse(t)[0] ?? [""]);
}

/**
 * CSV or TSV: records framed first (any line ends; a quote left open is reported with the line it
 * opened on, and reading resumes on the next line), fields read by papaparse. Record 1 is the
 * first row after the header.
 */
export async function* csvRecords(
  text: AsyncIterable<string>,
  delimiter: "," | "\t",
  columns: ColumnSet,
  limits: Required<ReadLimits>,
  name: string,
  lineOffset = 0,
): AsyncGenerator<RawRecord> {
  let header: string[] | undefined;
  let row = 0;
  let pending: { row: number; text: string; line: number; lastLine: number; warn?: string }[] = [];
  let chars = 0;
  let last: RawRecord | undefined;
  // Records made while handling one frame, yielded before the next frame is read (a plain array:
  // no generator delegated to, whose values an async generator would await one by one).
  const ready: RawRecord[] = [];
  const lines = (a: number, b: number) => a === b ? `line ${a}` : `lines ${a}–${b}`;
  const flush = (): void => {
    if (pending.length === 0) return;
    const parsed = parseRecords(pending.map((p) => p.text), delimiter);
    const names = header!;
    for (let i = 0; i < pending.length; i++) {
      const p = pending[i];
      const fields = parsed[i];
      let record: RawRecord;
      if (fields.length !== header!.length) {
        record = unreadable(
          p.row,
          `record ${p.row} (${lines(p.line, p.lastLine)}) has ${fields.length} ` +
            `field${fields.length === 1 ? "" : "s"}, the header has ${header!.length}`,
        );
      } else {
        const values: Record<string, unknown> = {};
        for (let j = 0; j < names.length; j++) setField(values, names[j], fields[j]);
        record = { row: p.row, values };
        if (p.warn) record.warning = { code: "merged-lines", row: p.row, message: p.warn };
      }
      if (last) ready.push(last);
      last = record;
    }
    pending = [];
    chars = 0;
  };
  for await (const frame of csvFrames(text, delimiter, limits, lineOffset)) {
    switch (frame.kind) {
      case "header": {
        header = headerNames(parseRecords([frame.text], delimiter)[0]);
        columns.add(header);
        break;
      }
      case "record": {
        row++;
        pending.push({
          row,
          text: frame.text,
          line: frame.line,
          lastLine: frame.lastLine,
          warn: frame.mergedLines
            ? `its quoted field runs over ${lines(frame.line, frame.lastLine)}, and each line ` +
              "after the first reads as a record of its own: if a quote was left open on line " +
              `${frame.line}, rows were merged into this one`
            : undefined,
        });
        chars += frame.text.length;
        if (pending.length >= BATCH_RECORDS || chars >= BATCH_CHARS) flush();
        break;
      }
      case "too-large": {
        flush();
        row++;
        if (last) ready.push(last);
        last = tooLarge(
          row,
          tooLargeMessage(
            `record ${row} (${lines(frame.line, frame.lastLine)})`,
            frame.size,
            limits.maxRecordSize,
          ),
        );
        break;
      }
      case "unclosed": {
        if (!header) {
          throw new UserSyntaxError(
            `Cannot read "${name}": the header (line ${frame.line}) opens a quote that is ` +
              "never closed",
          );
        }
        flush();
        row++;
        if (last) ready.push(last);
        last = unreadable(
          row,
          `record ${row}: the quote opened on line ${frame.line} ${frame.why}` +
            (frame.lost !== undefined
              ? `; lines ${frame.line + 1}–${frame.lost} after it were too large to read again ` +
                "and are lost with it"
              : frame.resumes
              ? `; reading goes on from line ${frame.line + 1}`
              : ""),
        );
        break;
      }
      case "end": {
        flush();
        if (last && !frame.lineEnd && last.values) {
          last.warning = {
            code: "no-final-line-end",
            row: last.row,
            message: "the file does not end with a line break: if it was cut off, this last " +
              "record may be incomplete",
          };
        }
        break;
      }
    }
    for (let i = 0; i < ready.length; i++) yield ready[i];
    ready.length = 0;
  }
  if (last) yield last;
}

/**
 * JSON lines: one object per line; the row number is the line number; blank lines are skipped.
 * A line over the size limit is left out as too large without being built.
 */
export async function* jsonlRecords(
  text: AsyncIterable<string>,
  columns: ColumnSet,
  limits: Required<ReadLimits>,
  lineOffset = 0,
): AsyncGenerator<RawRecord> {
  const record = ({ line: n, text: body, omitted }: NumberedLine): RawRecord | undefined => {
    const line = n + lineOffset;
    if (omitted !== undefined) {
      return tooLarge(line, tooLargeMessage(`line ${line}`, omitted, limits.maxRecordSize));
    }
    if (body.trim() === "") return undefined;
    const read = readJsonRecord(body, `line ${line}`, limits);
    if (read.code === undefined) return objectRecord(line, read.value, columns, `line ${line}`);
    return read.code === "too-large"
      ? tooLarge(line, read.message)
      : unreadable(line, read.message);
  };
  // Lines are split a chunk at a time, by numberedLines' splitter without its async step a line.
  const splitter = new LineSplitter(limits.maxRecordSize);
  const lines: NumberedLine[] = [];
  for await (const chunk of text) {
    splitter.push(chunk, lines);
    for (let i = 0; i < lines.length; i++) {
      const read = record(lines[i]);
      if (read !== undefined) yield read;
    }
    lines.length = 0;
  }
  splitter.end(lines);
  for (const line of lines) {
    const read = record(line);
    if (read !== undefined) yield read;
  }
}

/**
 * A JSON array of objects, or a document's `rows` array, element by element: each element is cut
 * out by a structural scan and parsed alone, so one broken element is left out on its own.
 */
export async function* jsonArrayRecords(
  text: AsyncIterable<string>,
  inRows: boolean,
  columns: ColumnSet,
  name: string,
  limits: Required<ReadLimits>,
): AsyncGenerator<RawRecord> {
  const end = { sawArray: false, rowsNotArray: false };
  for await (const frame of jsonFrames(text, inRows, limits, end)) {
    const what = `element ${frame.index}`;
    if ("text" in frame) {
      const read = readJsonRecord(frame.text, what, limits);
      if (read.code === undefined) yield objectRecord(frame.index, read.value, columns, what);
      else if (read.code === "too-large") yield tooLarge(frame.index, read.message);
      else yield unreadable(frame.index, read.message);
    } else if ("tooLarge" in frame) {
      yield tooLarge(frame.index, tooLargeMessage(what, frame.tooLarge, limits.maxRecordSize));
    } else if ("tooDeep" in frame) {
      yield unreadable(
        frame.index,
        `${what} nests deeper than ${limits.maxDepth} levels (maxDepth)`,
      );
    } else yield unreadable(frame.index, `${what} ${frame.broken}`);
  }
  if (inRows && !end.sawArray) {
    throw new UserSyntaxError(
      `Cannot read "${name}": the JSON document has no "rows" array` +
        (end.rowsNotArray ? " (its rows key holds something else)" : "") +
        ` (expected a JSON array, JSON lines, or {"rows": [...]})`,
    );
  }
}
