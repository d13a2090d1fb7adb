/**
 * Auditing a native harness file in one call: detect the harness, adapt the file, audit the rows
 * against the file's own declared figures, with the harness notes and any problems beside them.
 *
 * @module
 */
import { audit, type AuditInput, type AuditOptions } from "../audit/audit.ts";
import type { AuditReport } from "../audit/audit_report.ts";
import { readHarnessFile, tryReadHarnessFile } from "./read_harness_file.ts";
import type { HarnessResult, HarnessSource, ReadHarnessOptions } from "./types.ts";

/**
 * Options of {@link auditHarnessFile}: the audit's settings, plus how to read the file (a forced
 * harness, a name, thresholds).
 */
export interface AuditHarnessOptions extends AuditOptions, ReadHarnessOptions {}

function split(options: AuditHarnessOptions): [ReadHarnessOptions, AuditOptions] {
  const { harness, name, thresholds, limits, ...auditOptions } = options;
  return [{ harness, name, thresholds, limits }, auditOptions];
}

/**
 * The audit input for what an adapter read: rows, declared figures, refused records, and notes
 * (the harness notes, then one line per problem not already listed as a refused record).
 *
 * @example From a read file to the audit's input
 * ```ts
 * import { harnessAuditInput, readHarnessFile } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const read = await readHarnessFile({ text: '{"promptIdx":0,"testIdx":0,"success":true,' +
 *   '"failureReason":0,"score":1,"provider":{"id":"p"},"prompt":{"label":"Q"}}\n\n', name: "r.jsonl" });
 * const input = harnessAuditInput(read);
 * assert.equal(input.harness, "promptfoo");
 * assert.equal(input.source, "r.jsonl");
 * assert.ok(input.notes!.some((n) => n.includes("failureReason")));
 * ```
 */
export function harnessAuditInput(result: HarnessResult): AuditInput {
  const refused = new Set(result.refused.map((r) => `${r.row}\u0000${r.reason}`));
  const problems = result.problems
    .filter((p) => !refused.has(`${p.row}\u0000${p.code}`))
    .map((p) => `Problem (${p.code}${p.row > 0 ? `, row ${p.row}` : ""}): ${p.message}`);
  const { name, version } = result.harness;
  return {
    rows: result.rows,
    declared: result.declared,
    harness: version ? `${name} ${version}` : name,
    notes: [...result.harness.notes, ...problems],
    refused: result.refused,
    source: result.source,
  };
}

/**
 * Detect, adapt and audit a native file of any harness in the registry ({@link HARNESSES}).
 * A file with aggregate figures only gives a report with no groups and its figures listed.
 *
 * @example Audit an Inspect log with one correct and one errored sample
 * ```ts
 * import { auditHarnessFile } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const log = { version: 2, status: "success", eval: { task: "t", model: "m" },
 *   results: { total_samples: 2, completed_samples: 1, scores: [] },
 *   samples: [
 *     { id: 1, epoch: 1, scores: { match: { value: "C" } } },
 *     { id: 2, epoch: 1, scores: {}, error: { message: "Request timed out" } },
 *   ] };
 * const report = await auditHarnessFile({ text: JSON.stringify(log), name: "log.json" });
 * const [group] = report.toJSON().groups;
 * assert.equal(group.counts.passed, 1);
 * assert.equal(group.counts.errored, 1);
 * ```
 */
export async function auditHarnessFile(
  source: HarnessSource,
  options: AuditHarnessOptions = {},
): Promise<AuditReport> {
  const [readOptions, auditOptions] = split(options);
  return audit(harnessAuditInput(await readHarnessFile(source, readOptions)), auditOptions);
}

/**
 * Like {@link auditHarnessFile}, but gives null when no harness reader claims the file, so a
 * caller can fall back to the six-field reader.
 *
 * @example A plain results file is left to another reader
 * ```ts
 * import { tryAuditHarnessFile } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(await tryAuditHarnessFile({ text: "case,version,score\nq1,v1,1\n" }), null);
 * ```
 */
export async function tryAuditHarnessFile(
  source: HarnessSource,
  options: AuditHarnessOptions = {},
): Promise<AuditReport | null> {
  const [readOptions, auditOptions] = split(options);
  const read = await tryReadHarnessFile(source, readOptions);
  return read && audit(harnessAuditInput(read), auditOptions);
}
