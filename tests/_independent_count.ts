// The records in a (possibly damaged) text, counted without verdict's reader, for the property
// and fuzz tests: their counts are checked against this, never against the report's own sum.
// @ts-types="@types/papaparse"
import Papa from "papaparse";

/**
 * Non-blank lines for JSON lines; papaparse's rows for CSV/TSV (line ends normalized, header
 * excluded); the elements of a JSON document that still parses; `undefined` when there is no such
 * count.
 *
 * CSV/TSV have no count where the rules for a quote that may have been left open decide it:
 * papaparse finds a quote out of place, or it reads a quoted field over several lines that
 * verdict's documented rule (docs/reading.md) reads as a quote left open — with three columns or
 * more, the field count comes out wrong while a swallowed line reads as a record of its own, or
 * every swallowed line does; with two columns, every swallowed line does and there are two or
 * more of them. papaparse follows the quote (fewer records); verdict reports the
 * quote and reads the swallowed lines again.
 */
export function countRecords(text: string, format: string | null): number | undefined {
  switch (format) {
    case null:
      return text.trim() === "" ? 0 : undefined;
    case "jsonl":
      return text.split("\n").filter((line) => line.trim() !== "").length;
    case "csv":
    case "tsv":
      return countDelimited(text, format === "csv" ? "," : "\t");
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

/** Fields of one line parsed alone by papaparse; -1 when its quotes are out of place. */
function fieldsAlone(line: string, delimiter: string): number {
  const parsed = Papa.parse<string[]>(line, { delimiter, newline: "\n" });
  return parsed.errors.some((e) => e.type === "Quotes") ? -1 : (parsed.data[0]?.length ?? 0);
}

function countDelimited(text: string, delimiter: string): number | undefined {
  const normalized = text.replace(/\r\n?/g, "\n");
  const options = { delimiter, newline: "\n", skipEmptyLines: true } as const;
  const parsed = Papa.parse<string[]>(normalized, options);
  if (parsed.errors.some((e) => e.type === "Quotes")) return undefined;
  if (parsed.data.length === 0) return 0;
  const columns = parsed.data[0].length;
  if (columns >= 2) {
    // Each record's own text, from where papaparse's cursor stood before and after it.
    let from = 0;
    let suspect = false;
    Papa.parse<string[]>(normalized, {
      ...options,
      step: (result) => {
        const lines = normalized.slice(from, result.meta.cursor).replace(/^\n+/, "")
          .replace(/\n$/, "").split("\n");
        from = result.meta.cursor;
        if (lines.length < 2) return;
        const alone = lines.slice(1).map((l) => fieldsAlone(l, delimiter) === columns);
        // Field count wrong while a swallowed line reads alone: three columns or more. Every
        // swallowed line reads alone: three columns or more, or two over three lines or more.
        const wrongCount = result.data.length !== columns;
        if (
          wrongCount
            ? columns >= 3 && alone.some(Boolean)
            : alone.every(Boolean) && (columns >= 3 || lines.length >= 3)
        ) {
          suspect = true;
        }
      },
    });
    if (suspect) return undefined;
  }
  return parsed.data.length - 1;
}
