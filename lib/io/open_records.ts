/**
 * Streaming raw records out of any source, whatever its format.
 *
 * @module
 */
import { UserRangeError, UserSyntaxError } from "../errors/mod.ts";
import { ColumnSet, csvRecords, jsonArrayRecords, jsonlRecords } from "./_record_readers.ts";
import { flattenRecord, isPlainObject } from "./_flatten.ts";
import { decodeUtf8, gunzip } from "./_text_stream.ts";
import { FormatSniffer, refuseBinary } from "./detect_format.ts";
import { type ReadLimits, resolveReadLimits } from "./limits.ts";
import { openSource, peekStream } from "./source.ts";
import { type Format, FORMATS, isFormat, type RawRecord, type Source } from "./types.ts";

/** The first records of a stream, read ahead, and an iterable that yields every record once. */
export interface LookAhead {
  /** The records read ahead (at most the number asked for). */
  head: RawRecord[];
  /** All records, the ones read ahead first. */
  all: AsyncIterable<RawRecord>;
}

/**
 * Read up to `count` records ahead — enough to see the columns of a JSON file before settling a
 * column mapping — without losing them.
 *
 * @example Peek at the first record
 * ```ts
 * import { lookAhead, openRecords } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const records = await openRecords({ text: '{"a": 1}\n{"b": 2}\n' });
 * const { head, all } = await lookAhead(records, 1);
 * assert.deepEqual(records.columns(), ["a"]);
 * const rows = [];
 * for await (const r of all) rows.push(r.row);
 * assert.deepEqual([head.length, rows], [1, [1, 2]]);
 * ```
 */
export async function lookAhead(records: RecordStream, count: number): Promise<LookAhead> {
  const iterator = records[Symbol.asyncIterator]();
  const head: RawRecord[] = [];
  while (head.length < count) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
  }
  // The records read ahead, then the rest straight from the records' own iterator (no async
  // generator step a record). Returning it ends it for good and, as the generator it replaces
  // did, leaves the records' iterator as it is.
  let at = 0;
  let finished = false;
  const all: AsyncIterableIterator<RawRecord> = {
    [Symbol.asyncIterator]() {
      return this;
    },
    next(): Promise<IteratorResult<RawRecord>> {
      if (finished) return Promise.resolve({ done: true, value: undefined });
      if (at < head.length) return Promise.resolve({ done: false, value: head[at++] });
      // The records' iterator is an async generator: once done or failed, it stays done.
      return iterator.next();
    },
    return(): Promise<IteratorResult<RawRecord>> {
      finished = true;
      return Promise.resolve({ done: true, value: undefined });
    },
  };
  return { head, all };
}

/** Options for {@link openRecords}. */
export interface OpenRecordsOptions {
  /** Force a format instead of detecting it from the content. */
  format?: Format;
  /** A name for messages (defaults to the path, URL or `<text>`). */
  name?: string;
  /** Limits on decompression, record size and nesting (see `DEFAULT_READ_LIMITS`). */
  limits?: ReadLimits;
}

/** Raw records streaming out of a source. Iterate it once. */
export interface RecordStream extends AsyncIterable<RawRecord> {
  /** The format read (detected or forced); `null` for an empty file or an in-memory array. */
  readonly format: Format | null;
  /** Why that format: what in the content decided it, or that it was given. */
  readonly formatReason: string;
  /** The name used in messages. */
  readonly name: string;
  /** Columns seen so far in order of first appearance (CSV: the header, known at once). */
  columns(): readonly string[];
}

class Records implements RecordStream {
  readonly format: Format | null;
  readonly formatReason: string;
  readonly name: string;
  readonly #columns: ColumnSet;
  readonly #iterate: () => AsyncGenerator<RawRecord>;
  #used = false;

  constructor(
    format: Format | null,
    formatReason: string,
    name: string,
    columns: ColumnSet,
    iterate: () => AsyncGenerator<RawRecord>,
  ) {
    this.format = format;
    this.formatReason = formatReason;
    this.name = name;
    this.#columns = columns;
    this.#iterate = iterate;
  }

  columns(): readonly string[] {
    return this.#columns.list();
  }

  [Symbol.asyncIterator](): AsyncIterator<RawRecord> {
    // Reading twice is a mistake in the calling code, not in the file: a plain TypeError.
    if (this.#used) throw new TypeError(`The records of "${this.name}" can be read only once`);
    this.#used = true;
    return this.#iterate();
  }
}

/** The name a source goes by in messages before it is opened (as `openSource` names it). */
function sourceName(source: Source, name: string | undefined): string {
  if (name !== undefined) return name;
  if (typeof source === "string") return source;
  if (source instanceof URL) return source.href;
  if (Array.isArray(source)) return "<rows>";
  if (source instanceof Uint8Array) return "<bytes>";
  if (source instanceof ReadableStream) return "<stream>";
  const text = source as { name?: unknown };
  return typeof text?.name === "string" ? text.name : "<text>";
}

function fromArray(rows: readonly Record<string, unknown>[], name: string): RecordStream {
  const columns = new ColumnSet();
  return new Records(null, "rows given in memory", name, columns, async function* () {
    let row = 0;
    for (const value of rows) {
      row++;
      if (!isPlainObject(value)) {
        yield {
          row,
          problem: { code: "unreadable", row, message: `element ${row} is not an object` },
        };
        continue;
      }
      const values = flattenRecord(value);
      columns.add(Object.keys(values));
      yield { row, values };
    }
  });
}

/**
 * Open a results source and stream its records with bounded memory. The format is detected from
 * the content (gzip-compressed files are decompressed) unless `options.format` forces one. A file
 * that cannot be read at all (missing, binary, not UTF-8) throws; a record that cannot be parsed
 * comes out with a `problem` instead of `values`.
 *
 * @example Read two JSON lines, one of them torn
 * ```ts
 * import { openRecords } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const records = await openRecords({ text: '{"id": "a", "score": NaN}\n{"id": "b", "sc' });
 * const rows = [];
 * for await (const r of records) rows.push(r);
 * assert.equal(records.format, "jsonl");
 * assert.ok(Number.isNaN(rows[0].values?.score));
 * assert.equal(rows[1].problem?.message, "line 2 is not valid JSON");
 * ```
 */
export async function openRecords(
  source: Source,
  options: OpenRecordsOptions = {},
): Promise<RecordStream> {
  if (options.format !== undefined && !isFormat(options.format)) {
    throw new UserRangeError(
      `Cannot read "${sourceName(source, options.name)}" as ${JSON.stringify(options.format)}: ` +
        `the format must be one of ${FORMATS.join(", ")}`,
    );
  }
  const limits = resolveReadLimits(options.limits);
  if (Array.isArray(source)) return fromArray(source, options.name ?? "<rows>");
  const opened = await openSource(
    source as Exclude<Source, readonly Record<string, unknown>[]>,
    options.name,
  );
  const name = opened.name;
  let { head, stream } = await peekStream(opened.stream);
  let compressed = "";
  if (head[0] === 0x1f && head[1] === 0x8b) {
    ({ head, stream } = await peekStream(gunzip(stream, name, limits.maxDecompressed)));
    if (head[0] === 0x1f && head[1] === 0x8b) {
      throw new UserSyntaxError(`Cannot read "${name}": it is compressed twice`);
    }
    compressed = "gzip-compressed; ";
  }
  refuseBinary(head, name);
  let format: Format | null;
  let reason: string;
  let lineOffset = 0;
  if (options.format !== undefined) {
    format = options.format;
    reason = "given (the format option)";
  } else {
    const sniffed = await sniff(stream, name, limits.maxRecordSize);
    ({ format, reason, lineOffset } = sniffed);
    stream = sniffed.stream;
  }
  const formatReason = compressed + reason;
  const columns = new ColumnSet();
  const text = () => decodeUtf8(stream, name);
  const iterate = (): AsyncGenerator<RawRecord> => {
    switch (format) {
      case null:
        return (async function* (): AsyncGenerator<RawRecord> {
          // An empty file has no records; release the stream.
          await stream.cancel();
          yield* [];
        })();
      case "csv":
        return csvRecords(text(), ",", columns, limits, name, lineOffset);
      case "tsv":
        return csvRecords(text(), "\t", columns, limits, name, lineOffset);
      case "jsonl":
        return jsonlRecords(text(), columns, limits, lineOffset);
      case "json-array":
        return jsonArrayRecords(text(), false, columns, name, limits);
      case "json-rows":
        return jsonArrayRecords(text(), true, columns, name, limits);
    }
  };
  return new Records(format, formatReason, name, columns, iterate);
}

/** True when every byte is ASCII white space (such a chunk can be dropped whole). */
function allSpace(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return false;
  return true;
}

/**
 * Detect the format from the content: read until the sniffer decides (or `budget` characters of
 * content were seen), keeping what was read to replay it. Chunks of leading white space are
 * dropped, their line ends counted in `lineOffset`, so any amount of it costs no memory.
 */
async function sniff(
  stream: ReadableStream<Uint8Array>,
  name: string,
  budget: number,
): Promise<{
  format: Format | null;
  reason: string;
  lineOffset: number;
  stream: ReadableStream<Uint8Array>;
}> {
  const reader = stream.getReader();
  const sniffer = new FormatSniffer(name);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const kept: Uint8Array[] = [];
  let lineOffset = 0;
  let decided = undefined as ReturnType<FormatSniffer["push"]>;
  let done = false;
  const decode = (bytes: Uint8Array, more: boolean) => {
    try {
      return decoder.decode(bytes, { stream: more });
    } catch {
      throw new UserSyntaxError(`Cannot read "${name}": it is not valid UTF-8 text`);
    }
  };
  while (!decided) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      decode(new Uint8Array(0), false);
      break;
    }
    const bytes = next.value;
    if (kept.length === 0 && sniffer.seen === 0 && allSpace(bytes)) {
      for (const b of bytes) if (b === 0x0a) lineOffset++;
      continue;
    }
    kept.push(bytes);
    decided = sniffer.push(decode(bytes, true));
    if (!decided && sniffer.seen > budget) break;
  }
  decided ??= sniffer.end();
  let replayed = 0;
  const replay = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (replayed < kept.length) {
        controller.enqueue(kept[replayed]);
        kept[replayed++] = new Uint8Array(0);
        return;
      }
      if (done) return controller.close();
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { ...decided, lineOffset, stream: replay };
}
