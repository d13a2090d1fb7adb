// The mutable result an adapter fills in before readHarnessFile adds the file's name, how it was
// detected and the harness's standing notes.
import { parseJson } from "../io/nonfinite_json.ts";
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
 * Parse JSON lines for an adapter: blank lines are skipped, a line that is not JSON is refused as
 * unreadable (and so counted), every other line comes out with its value.
 */
export async function* jsonLines(
  draft: Draft,
  lines: AsyncIterable<NumberedLine>,
): AsyncGenerator<{ line: number; value: unknown }> {
  for await (const { line, text } of lines) {
    if (text.trim() === "") continue;
    let value: unknown;
    try {
      value = parseJson(text);
    } catch {
      refuse(draft, line, "unreadable", `line ${line} is not valid JSON`);
      continue;
    }
    yield { line, value };
  }
}

/** Refuse a record: list it and record the problem. */
export function refuse(draft: Draft, row: number, reason: string, message: string): void {
  draft.refused.push({ row, reason, message });
  draft.problems.push({ code: reason, row, message });
}
