// Rows the auditor reads (a scored file, a harness file): each classified as the audit does.
import { classifyRow } from "../audit/classify_row.ts";
import type { AuditRow, RefusedRow } from "../audit/types.ts";
import { isZeroable, ZeroingCheck } from "../audit/zeroing_check.ts";
import type { Attempt, Collector } from "./_collect.ts";
import type { SidePicker } from "./_side_picker.ts";

/**
 * Add audit rows to the comparison: a passed or failed row keeps its verdict, a row with a score
 * but no verdict keeps its score, and every other class (errored, NaN, unparsed, unreadable,
 * empty) becomes an attempt with neither, its class as the reason. Rows with no version or no
 * case id cannot be paired and are left out with that reason, as are rows refused upstream. The
 * audit's zeroing check runs per grader over the source: where it applies, a failing row whose
 * raw grade is unrecognized text is unscored (unparsed), as the audit counts it. Returns a note
 * per grader where it moved rows.
 */
export async function addAuditRows(
  rows: Iterable<AuditRow> | AsyncIterable<AuditRow>,
  picker: SidePicker,
  collector: Collector,
): Promise<string[]> {
  let other = 0;
  const otherRows: number[] = [];
  const checks = new Map<string, { check: ZeroingCheck; zeroable: Attempt[] }>();
  for await (const row of rows) {
    const version = row.version?.trim() ? row.version : undefined;
    if (version === undefined) {
      collector.leaveOut("no version", [row.row]);
      continue;
    }
    if (row.case.trim() === "") {
      collector.leaveOut("no case id", [row.row]);
      continue;
    }
    const side = picker.pick(version);
    if (side === null) {
      other++;
      if (otherRows.length < 20) otherRows.push(row.row);
      continue;
    }
    const c = classifyRow(row);
    let zeroing = checks.get(row.grader);
    if (!zeroing) checks.set(row.grader, zeroing = { check: new ZeroingCheck(), zeroable: [] });
    zeroing.check.add(row, c.class);
    const verdict = c.class === "passed" ? true : c.class === "failed" ? false : null;
    const scored = c.class === "passed" || c.class === "failed" || c.class === "noVerdict";
    const score = scored && typeof row.score === "number" ? row.score : null;
    const attempt = collector.add(
      {
        case: row.case,
        version,
        repeat: Number.isInteger(row.repeat) && row.repeat >= 0 ? row.repeat : -1,
        grader: row.grader,
        pass: verdict,
        score,
        ...(row.scale ? { scale: { min: row.scale.min, max: row.scale.max } } : {}),
        ...(c.reason && verdict === null ? { reason: `${c.class}: ${c.reason}` } : {}),
      },
      side,
      row.row,
    );
    if (attempt && isZeroable(row, c.class)) zeroing.zeroable.push(attempt);
  }
  if (other > 0) collector.leaveOut("another version", otherRows, other);
  const notes: string[] = [];
  for (const [grader, { check, zeroable }] of checks) {
    if (zeroable.length === 0 || !check.decision().ran) continue;
    for (const attempt of zeroable) (attempt.pass = null, attempt.score = null);
    notes.push(
      `Zeroing check (${grader}): failing attempts whose raw grade is unrecognized text, ` +
        `counted as unparsed (unscored) as the audit counts them: ${zeroable.length}.`,
    );
  }
  return notes;
}

/** Count rows an adapter or reader refused, by reason. */
export function addRefused(refused: readonly RefusedRow[], collector: Collector): void {
  for (const r of refused) collector.leaveOut(`refused: ${r.reason}`, [r.row]);
}
