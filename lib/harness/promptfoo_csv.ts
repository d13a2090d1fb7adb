/**
 * promptfoo CSV exports (`promptfoo eval -o results.csv`) → audit rows. The header holds the
 * test's columns (`Description`, one per variable), then for every prompt × provider a group
 * `[provider] prompt label, Status, Score, Named Scores, Grader Reason, Comment`; each group is a
 * version. Status is `PASS`, `FAIL` or `ERROR`. The CSV carries no stats and no error messages.
 *
 * @module
 */
// The pinned papaparse, bundled (loading the npm package starts Deno's npm resolver and Node layer).
import Papa from "../io/_papaparse.js";
import type { AuditRow } from "../audit/types.ts";
import { finishDraft, newDraft, refuse } from "./_draft.ts";
import type { HarnessDraft } from "./types.ts";
import { PROMPTFOO_GRADER } from "./_promptfoo_rows.ts";
import { firstLine } from "./_values.ts";
import { UserTypeError } from "../errors/mod.ts";

const GROUP = ["Status", "Score", "Named Scores", "Grader Reason", "Comment"];

/**
 * Column positions of each version group in a promptfoo CSV header, or [] when it is none.
 *
 * @example Find the groups of a header
 * ```ts
 * import { promptfooCsvGroups } from "./promptfoo_csv.ts";
 * import assert from "node:assert/strict";
 *
 * const header = ["Description", "q", "[a] P", "Status", "Score", "Named Scores", "Grader Reason", "Comment"];
 * assert.deepEqual(promptfooCsvGroups(header), [{ version: "[a] P", at: 2 }]);
 * assert.deepEqual(promptfooCsvGroups(["id", "output"]), []);
 * ```
 */
export function promptfooCsvGroups(header: readonly string[]): { version: string; at: number }[] {
  const groups: { version: string; at: number }[] = [];
  for (let i = 0; i + 2 < header.length; i++) {
    if (header[i + 1] === GROUP[0] && header[i + 2] === GROUP[1] && /^\[.*\]/s.test(header[i])) {
      groups.push({ version: header[i], at: i });
    }
  }
  return groups;
}

function cellRow(
  record: string[],
  row: number,
  version: string,
  at: number,
  caseId: string,
): AuditRow | string {
  const status = (record[at + 1] ?? "").trim().toUpperCase();
  const scoreText = (record[at + 2] ?? "").trim();
  const score = scoreText === "" ? null : Number(scoreText);
  if (status !== "ERROR" && score !== null && Number.isNaN(score)) {
    return `Score "${scoreText}" is not a number`;
  }
  const reason = record[at + 4] ?? "";
  const base: AuditRow = {
    row,
    case: caseId,
    version,
    repeat: 0,
    grader: PROMPTFOO_GRADER,
    score: null,
    pass: null,
    rawGrade: score,
    binary: true,
  };
  if (status === "ERROR") {
    const message = reason.trim() === "" ? "ERROR (the CSV export keeps no message)" : reason;
    return { ...base, error: message, errorKind: "unstated" };
  }
  if (status !== "PASS" && status !== "FAIL") {
    return `Status "${status}" is not PASS, FAIL or ERROR`;
  }
  const out: AuditRow = { ...base, score, pass: status === "PASS" };
  if (/^Custom function threw error/.test(reason)) {
    out.unparsed = true;
    out.unparsedReason = `the grader threw: ${firstLine(reason)}`;
  }
  return out;
}

/**
 * Read a promptfoo CSV export. The case id is the Description when every record has a distinct
 * one, else `#<record index from 0>` (which equals testIdx only when no test is missing).
 *
 * @example Read a wide CSV with two versions
 * ```ts
 * import { adaptPromptfooCsv } from "./promptfoo_csv.ts";
 * import assert from "node:assert/strict";
 *
 * const csv = "Description,q,[a] P,Status,Score,Named Scores,Grader Reason,Comment," +
 *   "[b] P,Status,Score,Named Scores,Grader Reason,Comment\n" +
 *   "t1,x,out,PASS,1.00,,ok,,out,ERROR,0.00,,,\n";
 * const draft = adaptPromptfooCsv(csv, "r.csv");
 * assert.deepEqual(draft.rows.map((r) => [r.version, r.pass, r.error !== undefined]), [
 *   ["[a] P", true, false],
 *   ["[b] P", null, true],
 * ]);
 * ```
 */
export function adaptPromptfooCsv(csv: string, name: string): HarnessDraft {
  const parsed = Papa.parse<string[]>(csv, { header: false, skipEmptyLines: "greedy" });
  const [header, ...records] = parsed.data;
  const groups = header ? promptfooCsvGroups(header) : [];
  if (groups.length === 0) {
    throw new UserTypeError(
      `Cannot read promptfoo CSV "${name}": the header has no "[provider] prompt, Status, Score" group`,
    );
  }
  const draft = newDraft("promptfoo");
  for (const error of parsed.errors) {
    const row = (error.row ?? -1) + 1;
    draft.problems.push({ code: "csv", row, message: `record ${row}: ${error.message}` });
  }
  const descriptionAt = header.indexOf("Description");
  const descriptions = records.map((r) => (descriptionAt >= 0 ? r[descriptionAt]?.trim() : ""));
  const unique = descriptions.every((d) => d) && new Set(descriptions).size === records.length;
  records.forEach((record, i) => {
    const caseId = unique ? descriptions[i]! : `#${i}`;
    const row = i + 1;
    for (const { version, at } of groups) {
      const made = cellRow(record, row, version, at, caseId);
      if (typeof made === "string") {
        refuse(draft, row, "unreadable", `record ${i + 1}, group "${version}": ${made}`);
      } else draft.rows.push(made);
    }
  });
  draft.harness.notes.push(
    "promptfoo's CSV export carries no stats, no version and no error messages; each " +
      "prompt × provider column group is read as one version.",
  );
  return finishDraft(draft);
}
