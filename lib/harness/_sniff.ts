// Cheap looks at a file before it is read whole: first line, CSV header, first key, and the
// least a document needs for a forced adapter.
// @ts-types="@types/papaparse"
import Papa from "papaparse";
import { parseJson } from "../io/nonfinite_json.ts";
import type { OpenedFile } from "./_source.ts";
import { isObj, type Obj } from "./_values.ts";
import type { HarnessName } from "./types.ts";

/** The first line of a file (read in growing chunks) and whether anything follows it. */
export async function firstLine(file: OpenedFile): Promise<{ line: string; more: boolean }> {
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

/** The least a JSON document needs to be read by a forced adapter. */
export function fitsForced(harness: HarnessName, doc: Obj): boolean {
  const results = doc.results;
  switch (harness) {
    case "promptfoo":
      return isObj(results) && Array.isArray(results.results);
    case "inspect":
      return isObj(doc.eval);
    case "lm-eval":
      return isObj(results);
    case "openai-evals":
      return (doc.object === "list" && Array.isArray(doc.data)) ||
        doc.object === "eval.run" || doc.object === "eval.run.output_item";
  }
}

/** The least a JSON lines record needs to be read by a forced adapter. */
export function fitsForcedRecord(harness: HarnessName, record: Obj): boolean {
  switch (harness) {
    case "promptfoo":
      return "success" in record || "testIdx" in record;
    case "lm-eval":
      return "doc_id" in record;
    case "openai-evals":
      return "run_id" in record;
    case "inspect":
      return false;
  }
}

/** The first CSV record (the header), read in growing chunks; quoted newlines are kept. */
export async function csvHeader(file: OpenedFile): Promise<string[]> {
  for (let size = 1 << 16;; size *= 4) {
    const head = new TextDecoder().decode(await file.readAt(0, size)).replace(/^\uFEFF/, "");
    const parsed = Papa.parse<string[]>(head, { preview: 1 });
    if (parsed.meta.cursor < head.length || size >= file.size) return parsed.data[0] ?? [];
  }
}

/** True when a JSON document's first key is "rows" (the six-field reader's layout). */
export async function startsWithRows(file: OpenedFile): Promise<boolean> {
  const head = new TextDecoder().decode(await file.readAt(0, 4096));
  return /^\uFEFF?\s*\{\s*"rows"\s*:/.test(head);
}

export function parsesAsObject(line: string): boolean {
  try {
    return isObj(parseJson(line));
  } catch {
    return false;
  }
}
