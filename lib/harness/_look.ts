// A first look at a harness file, shared by every adapter's sniff: its shape (zip, JSON lines,
// one JSON document, a JSON array, a six-field rows document, CSV-like text) and what each shape
// needs for a decision. The shape is decided as io decides a format (by structure, whatever the
// length of the first line or the blank lines before it); only a JSON document is read whole, the
// rest in bounded chunks.
// The pinned papaparse, bundled (loading the npm package starts Deno's npm resolver and Node layer).
import Papa from "../io/_papaparse.js";
import { FormatSniffer } from "../io/detect_format.ts";
import { DEFAULT_READ_LIMITS } from "../io/limits.ts";
import { parseJson } from "../io/nonfinite_json.ts";
import { openRecords } from "../io/open_records.ts";
import type { FileLook } from "./adapter.ts";
import { fileStream, type OpenedFile, readAllText, readLines } from "./_source.ts";
import { isObj } from "./_values.ts";
import { looksLikeZip } from "./zip.ts";
import { UserSyntaxError } from "../errors/mod.ts";
import { nestsDeeper, readJsonRecord } from "../io/_json_record.ts";

const CHUNK = 1 << 16;

/** The format io would read the file as, and the first key of a top-level object. */
async function sniff(file: OpenedFile) {
  const budget = (file.limits ?? DEFAULT_READ_LIMITS).maxRecordSize;
  const sniffer = new FormatSniffer(file.name);
  const decoder = new TextDecoder();
  let decided;
  for (let offset = 0; offset < file.size && !decided; offset += CHUNK) {
    const more = offset + CHUNK < file.size;
    decided = sniffer.push(decoder.decode(await file.readAt(offset, CHUNK), { stream: more }));
    if (sniffer.seen > budget) break;
  }
  const { format } = decided ?? sniffer.end();
  return { format, firstKey: sniffer.firstKey, single: sniffer.singleValue };
}

/** The first CSV record (the header), read in growing chunks; quoted newlines are kept. */
async function csvHeader(file: OpenedFile): Promise<string[]> {
  for (let size = CHUNK;; size *= 4) {
    const head = new TextDecoder().decode(await file.readAt(0, size)).replace(/^\uFEFF/, "")
      .trimStart();
    const parsed = Papa.parse<string[]>(head, { preview: 1 });
    if (parsed.meta.cursor < head.length || size >= file.size) return parsed.data[0] ?? [];
  }
}

/** The first line of JSON lines that holds an object (within the first 20 records). */
async function firstObject(file: OpenedFile): Promise<Record<string, unknown> | undefined> {
  const limits = file.limits ?? DEFAULT_READ_LIMITS;
  let seen = 0;
  for await (const { line, text, omitted } of readLines(file)) {
    if (omitted === undefined && text.trim() === "") continue;
    if (++seen > 20) break;
    if (omitted !== undefined) continue;
    const read = readJsonRecord(text, `line ${line}`, limits);
    if (read.code === undefined && isObj(read.value)) return read.value;
  }
  return undefined;
}

/** The first element of a JSON array, streamed (the rest is never parsed); null if unreadable. */
async function firstElement(file: OpenedFile): Promise<unknown> {
  const records = await openRecords(fileStream(file), {
    format: "json-array",
    name: file.name,
    limits: file.limits,
  });
  for await (const record of records) return record.values ?? null;
  return undefined;
}

/**
 * Look at a file: its shape, and for each shape what adapters decide on. A JSON document that is
 * not valid JSON is a `SyntaxError` naming the file.
 */
export async function lookAt(file: OpenedFile): Promise<FileLook> {
  if (looksLikeZip(await file.readAt(0, 8))) return { shape: "zip" };
  const { format, firstKey, single } = await sniff(file);
  switch (format) {
    case null:
      return { shape: "empty" };
    case "jsonl": {
      if (single) break; // one JSON document on one line: read whole
      const first = await firstObject(file);
      if (first) return { shape: "json-lines", first };
      break; // no object on the first lines: read it as one document, for its error
    }
    case "json-rows":
      if (firstKey === "rows") return { shape: "json-rows" };
      break;
    case "json-array":
      return { shape: "json-array", first: await firstElement(file) };
    case "csv":
    case "tsv":
      return { shape: "csv", header: await csvHeader(file) };
  }
  const text = await readAllText(file);
  const maxDepth = (file.limits ?? DEFAULT_READ_LIMITS).maxDepth;
  if (nestsDeeper(text, maxDepth)) {
    throw new UserSyntaxError(
      `Cannot read harness file "${file.name}": it nests deeper than ${maxDepth} levels (maxDepth)`,
    );
  }
  try {
    return { shape: "json", value: parseJson(text), text };
  } catch (error) {
    if (!(error instanceof SyntaxError) || error.message.includes(file.name)) throw error;
    throw new UserSyntaxError(`Cannot read harness file "${file.name}": it is not valid JSON`);
  }
}

/** A JSON document read as the one line of a JSON lines file (a single record saved as JSON). */
export async function* documentAsLine(
  text: string,
): AsyncGenerator<{ line: number; text: string }> {
  yield { line: 1, text };
}
