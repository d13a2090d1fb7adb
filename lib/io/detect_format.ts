/**
 * Detecting a results file's format from its first bytes.
 *
 * @module
 */
import { UserSyntaxError } from "../errors/mod.ts";
import { parseJson } from "./nonfinite_json.ts";
import type { Format } from "./types.ts";

/** What the first bytes of a file say about it. */
export type Sniffed =
  | { kind: "format"; format: Format }
  | { kind: "empty" }
  | { kind: "gzip" };

/** Throw when bytes are clearly not a text results file. */
function refuseBinary(head: Uint8Array, name: string): void {
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    throw new UserSyntaxError(
      `Cannot read "${name}": it is a zip archive, not a text results file ` +
        `(an Inspect AI .eval log is read by the harness reader: verdict audit FILE)`,
    );
  }
  const nul = head.indexOf(0);
  if (nul >= 0) {
    throw new UserSyntaxError(
      `Cannot read "${name}": it looks binary (a NUL byte at offset ${nul})`,
    );
  }
}

function firstLine(text: string): string {
  const end = text.search(/\r?\n/);
  return end < 0 ? text : text.slice(0, end);
}

/** Count a delimiter in a CSV header line, outside double quotes. */
function countOutsideQuotes(line: string, ch: string): number {
  let inQuotes = false;
  let count = 0;
  for (const c of line) {
    if (c === '"') inQuotes = !inQuotes;
    else if (c === ch && !inQuotes) count++;
  }
  return count;
}

/**
 * Sniff the format from the start of a file. `name` (a path or label) breaks ties between CSV and
 * TSV only when the header line has neither commas nor tabs.
 *
 * @example Tell JSON lines from a JSON document
 * ```ts
 * import { sniffFormat } from "./detect_format.ts";
 * import assert from "node:assert/strict";
 *
 * const enc = (s: string) => new TextEncoder().encode(s);
 * assert.deepEqual(sniffFormat(enc('{"id": 1}\n{"id": 2}\n'), "a"), { kind: "format", format: "jsonl" });
 * assert.deepEqual(sniffFormat(enc('{\n  "rows": []\n}'), "a"), { kind: "format", format: "json-rows" });
 * assert.deepEqual(sniffFormat(enc("id\toutput\n1\tx\n"), "a"), { kind: "format", format: "tsv" });
 * ```
 */
export function sniffFormat(head: Uint8Array, name: string): Sniffed {
  if (head[0] === 0x1f && head[1] === 0x8b) return { kind: "gzip" };
  refuseBinary(head, name);
  const text = new TextDecoder("utf-8").decode(head).replace(/^\uFEFF/, "");
  const trimmed = text.trimStart();
  if (trimmed === "") return { kind: "empty" };
  if (trimmed[0] === "[") return { kind: "format", format: "json-array" };
  if (trimmed[0] === "{") {
    const line = firstLine(trimmed);
    try {
      const first = parseJson(line);
      const rest = trimmed.slice(line.length).trim();
      const isDoc = rest === "" && typeof first === "object" && first !== null &&
        Array.isArray((first as Record<string, unknown>).rows);
      return { kind: "format", format: isDoc ? "json-rows" : "jsonl" };
    } catch {
      // The first line is not a whole JSON value: a pretty-printed document, or a torn line.
      const next = trimmed.slice(line.length).trimStart();
      return { kind: "format", format: next.startsWith("{") ? "jsonl" : "json-rows" };
    }
  }
  const header = firstLine(trimmed);
  const tabs = countOutsideQuotes(header, "\t");
  const commas = countOutsideQuotes(header, ",");
  if (tabs > commas) return { kind: "format", format: "tsv" };
  if (commas > tabs) return { kind: "format", format: "csv" };
  return { kind: "format", format: /\.(tsv|tab)(\.gz)?$/i.test(name) ? "tsv" : "csv" };
}
