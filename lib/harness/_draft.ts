// The mutable result an adapter fills in before readHarnessFile adds the file's name, how it was
// detected and the harness's standing notes.
import { readJsonRecord } from "../io/_json_record.ts";
import { DEFAULT_READ_LIMITS, type ReadLimits, resolveReadLimits } from "../io/limits.ts";
import type { NumberedLine } from "../io/numbered_lines.ts";
import type { HarnessDraft, HarnessName } from "./types.ts";

/** What an adapter returns. */
export type Draft = HarnessDraft;

/** A new, empty draft for a harness at a version (its standing notes are added by the reader). */
export function newDraft(name: HarnessName, version?: string): Draft {
  return {
    harness: { name, version, notes: [] },
    rows: [],
    declared: [],
    refused: [],
    problems: [],
    aggregateOnly: false,
  };
}

/** Finish a draft: a file with no rows is aggregate-only (figures) or has a problem (nothing). */
export function finishDraft(draft: Draft): Draft {
  if (draft.rows.length === 0 && draft.refused.length === 0) {
    if (draft.declared.length > 0) {
      draft.aggregateOnly = true;
      draft.harness.notes.unshift(
        "This file holds aggregate figures only, no per-row results: there are no rows to " +
          "classify, and its declared figures are listed as written.",
      );
    } else {
      draft.problems.push({ code: "no-rows", row: 0, message: "The file holds no result rows." });
    }
  }
  return draft;
}

/**
 * Parse JSON lines for an adapter: blank lines are skipped, a line that is not JSON (or nests past
 * the depth limit) is refused as unreadable, a line over the size limit (`omitted` by the line
 * reader) as too-large — each counted — and every other line comes out with its value.
 */
export async function* jsonLines(
  draft: Draft,
  lines: AsyncIterable<NumberedLine>,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): AsyncGenerator<{ line: number; value: unknown }> {
  const resolved = resolveReadLimits(limits);
  for await (const { line, text, omitted } of lines) {
    if (omitted !== undefined) {
      refuse(
        draft,
        line,
        "too-large",
        `line ${line} holds ${omitted.toLocaleString("en-US")} characters, over the size limit ` +
          "for one record (maxRecordSize); it was not read",
      );
      continue;
    }
    if (text.trim() === "") continue;
    const read = readJsonRecord(text, `line ${line}`, resolved);
    if (read.code !== undefined) {
      refuse(draft, line, read.code, read.message);
      continue;
    }
    yield { line, value: read.value };
  }
}

/** Refuse a record: list it and record the problem. */
export function refuse(draft: Draft, row: number, reason: string, message: string): void {
  draft.refused.push({ row, reason, message });
  draft.problems.push({ code: reason, row, message });
}
