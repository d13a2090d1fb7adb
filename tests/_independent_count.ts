// The records in a (possibly damaged) text, counted without verdict's reader, for the property
// and fuzz tests: their counts are checked against this, never against the report's own sum.
// @ts-types="@types/papaparse"
import Papa from "papaparse";

/**
 * Non-blank lines for JSON lines; papaparse's rows for CSV/TSV (line ends normalized, header
 * excluded; no count when papaparse finds a quote out of place — the count is then a matter of
 * rules); the elements of a JSON document that still parses; `undefined` when there is no such
 * count.
 */
export function countRecords(text: string, format: string | null): number | undefined {
  switch (format) {
    case null:
      return text.trim() === "" ? 0 : undefined;
    case "jsonl":
      return text.split("\n").filter((line) => line.trim() !== "").length;
    case "csv":
    case "tsv": {
      const parsed = Papa.parse<string[]>(text.replace(/\r\n?/g, "\n"), {
        delimiter: format === "csv" ? "," : "\t",
        newline: "\n",
        skipEmptyLines: true,
      });
      if (parsed.errors.some((e) => e.type === "Quotes")) return undefined;
      return Math.max(0, parsed.data.length - 1);
    }
    case "json-array":
    case "json-rows": {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return undefined;
      }
      const list = format === "json-array" ? value : (value as { rows?: unknown } | null)?.rows;
      return Array.isArray(list) ? list.length : undefined;
    }
  }
  return undefined;
}
