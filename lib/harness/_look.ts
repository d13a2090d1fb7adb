// A first look at a harness file, shared by every adapter's sniff: its shape (zip, JSON lines,
// one JSON document, a JSON array, a six-field rows document, CSV-like text) and what each shape
// needs for a decision. Only a JSON document is read whole; the rest is read in bounded chunks.
// @ts-types="npm:@types/papaparse@5.5.2"
import Papa from "npm:papaparse@5.7.1";
import { parseJson } from "../io/nonfinite_json.ts";
import { openRecords } from "../io/open_records.ts";
import type { FileLook } from "./adapter.ts";
import { fileStream, type OpenedFile, readAllText } from "./_source.ts";
import { isObj, type Obj } from "./_values.ts";
import { looksLikeZip } from "./zip.ts";
import { UserSyntaxError } from "../errors/mod.ts";

/** The first line of a file (read in growing chunks) and whether anything follows it. */
async function firstLine(file: OpenedFile): Promise<{ line: string; more: boolean }> {
  let size = 1 << 16;
  for (;;) {
    const head = new TextDecoder().decode(await file.readAt(0, size));
    const body = head.replace(/^\uFEFF/, "");
    const nl = body.search(/\n\s*\S/);
    if (nl >= 0) return { line: body.slice(0, nl).trim(), more: true };
    if (size >= file.size) return { line: body.trim(), more: false };
    size *= 4;
  }
}

/** The first CSV record (the header), read in growing chunks; quoted newlines are kept. */
async function csvHeader(file: OpenedFile): Promise<string[]> {
  for (let size = 1 << 16;; size *= 4) {
    const head = new TextDecoder().decode(await file.readAt(0, size)).replace(/^\uFEFF/, "");
    const parsed = Papa.parse<string[]>(head, { preview: 1 });
    if (parsed.meta.cursor < head.length || size >= file.size) return parsed.data[0] ?? [];
  }
}

/** True when a JSON document's first key is "rows" (the six-field reader's layout). */
async function startsWithRows(file: OpenedFile): Promise<boolean> {
  const head = new TextDecoder().decode(await file.readAt(0, 4096));
  return /^\uFEFF?\s*\{\s*"rows"\s*:/.test(head);
}

function parsedObject(line: string): Obj | undefined {
  try {
    const value = parseJson(line);
    return isObj(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The first element of a JSON array, streamed (the rest is never parsed); null if unreadable. */
async function firstElement(file: OpenedFile): Promise<unknown> {
  const records = await openRecords(fileStream(file), { format: "json-array", name: file.name });
  for await (const record of records) return record.values ?? null;
  return undefined;
}

/**
 * Look at a file: its shape, and for each shape what adapters decide on. A JSON document that is
 * not valid JSON is a `SyntaxError` naming the file.
 */
export async function lookAt(file: OpenedFile): Promise<FileLook> {
  if (looksLikeZip(await file.readAt(0, 8))) return { shape: "zip" };
  const { line, more } = await firstLine(file);
  if (line === "") return { shape: "empty" };
  if (line.startsWith("{") && more) {
    const first = parsedObject(line);
    if (first) return { shape: "json-lines", first };
  }
  if (line.startsWith("{")) {
    if (await startsWithRows(file)) return { shape: "json-rows" };
    const text = await readAllText(file);
    try {
      return { shape: "json", value: parseJson(text), text };
    } catch (error) {
      if (!(error instanceof SyntaxError) || error.message.includes(file.name)) throw error;
      throw new UserSyntaxError(`Cannot read harness file "${file.name}": it is not valid JSON`);
    }
  }
  if (line.startsWith("[")) return { shape: "json-array", first: await firstElement(file) };
  return { shape: "csv", header: await csvHeader(file) };
}

/** A JSON document read as the one line of a JSON lines file (a single record saved as JSON). */
export async function* documentAsLine(
  text: string,
): AsyncGenerator<{ line: number; text: string }> {
  yield { line: 1, text };
}
