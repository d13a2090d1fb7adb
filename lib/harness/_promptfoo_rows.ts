// Turning promptfoo results (one per prompt × provider × test) into audit rows.
import type { AuditRow } from "../audit/types.ts";
import { type Draft, finishDraft } from "./_draft.ts";
import { arr, firstLine, isObj, type Obj, obj, rate, text } from "./_values.ts";
import { inferErrorKind } from "../audit/error_kind.ts";

/** The grader name of a promptfoo row: the verdict over all of a test's assertions. */
export const PROMPTFOO_GRADER = "assertions";

/** Reasons promptfoo writes when a grader could not produce a grade (it threw). */
const GRADER_THREW = [/^Custom function threw error/];

/**
 * Version label of a prompt × provider pair, as promptfoo's CSV header writes it.
 *
 * @example
 * ```ts
 * import { promptfooVersion } from "./promptfoo.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(promptfooVersion("openai:gpt-5", "Q: {{q}}"), "[openai:gpt-5] Q: {{q}}");
 * ```
 */
export function promptfooVersion(provider: string, label: string): string {
  return `[${provider}] ${label}`;
}

function versionFromResult(result: Obj): string | undefined {
  const provider = obj(result.provider);
  const prompt = obj(result.prompt);
  const who = text(provider?.label) ?? text(provider?.id) ?? text(result.provider);
  const label = text(prompt?.label) ?? text(prompt?.raw);
  return who !== undefined && label !== undefined ? promptfooVersion(who, label) : undefined;
}

/**
 * Case ids for tests: the description when every test has one and no two share it, else
 * `#<testIdx>`.
 */
export function promptfooCaseNamer(described: Map<number, string | undefined>) {
  const seen = new Set<string>();
  let unique = true;
  for (const d of described.values()) {
    if (d === undefined || seen.has(d)) unique = false;
    else seen.add(d);
  }
  return (testIdx: number) =>
    unique && described.get(testIdx) !== undefined ? described.get(testIdx)! : `#${testIdx}`;
}

function threwReason(result: Obj): string | undefined {
  const grading = obj(result.gradingResult);
  const reasons = [grading?.reason, ...arr(grading?.componentResults).map((c) => obj(c)?.reason)];
  for (const reason of reasons) {
    if (typeof reason === "string" && GRADER_THREW.some((re) => re.test(reason))) {
      return `the grader threw: ${firstLine(reason)}`;
    }
  }
  return undefined;
}

/** One promptfoo result as an audit row (case is filled in later, once all tests are known). */
export function promptfooRow(result: Obj, row: number, version: string | undefined): AuditRow {
  const base: AuditRow = {
    row,
    case: "",
    version,
    repeat: 0,
    grader: PROMPTFOO_GRADER,
    score: null,
    pass: null,
    rawGrade: result.score,
    binary: true,
  };
  const response = obj(result.response);
  const errored = result.failureReason === 2 ||
    (result.failureReason === undefined && result.success === false && !result.gradingResult &&
      (typeof result.error === "string" || typeof response?.error === "string"));
  if (errored) {
    const message = text(result.error) ?? text(response?.error) ?? "error (no message recorded)";
    return { ...base, error: message, errorKind: inferErrorKind(firstLine(message)) };
  }
  const score = result.score === null
    ? NaN
    : typeof result.score === "number"
    ? result.score
    : null;
  const pass = typeof result.success === "boolean" ? result.success : null;
  const threw = threwReason(result);
  return threw
    ? { ...base, score, pass, unparsed: true, unparsedReason: threw }
    : { ...base, score, pass };
}

/** A row waiting for its case id. */
export interface Pending {
  row: AuditRow;
  testIdx: number;
}

/** Fill in case ids once every test's description is known. */
export function nameCases(pending: Pending[], described: Map<number, string | undefined>): void {
  const name = promptfooCaseNamer(described);
  for (const p of pending) p.row.case = name(p.testIdx);
}

/** A result's test index: a whole number of 0 or more (anything else: its position). */
function testIdxOf(result: Obj, fallback: number): number {
  const i = result.testIdx;
  return typeof i === "number" && Number.isSafeInteger(i) && i >= 0 ? i : fallback;
}

/** Collect one result; returns false when it is not an object. */
export function collectResult(
  value: unknown,
  row: number,
  pending: Pending[],
  described: Map<number, string | undefined>,
  version?: (result: Obj) => string | undefined,
): boolean {
  if (!isObj(value)) return false;
  const testIdx = testIdxOf(value, row - 1);
  const description = text(obj(value.testCase)?.description) ?? text(value.description);
  if (!described.has(testIdx) || described.get(testIdx) === undefined) {
    described.set(testIdx, description);
  }
  const v = version?.(value) ?? versionFromResult(value);
  pending.push({ row: promptfooRow(value, row, v), testIdx });
  return true;
}

/** Rate declared per prompt × provider in `results.prompts[i].metrics`. */
export function promptfooPromptFigures(draft: Draft, prompts: unknown[]): void {
  prompts.forEach((p, i) => {
    const prompt = obj(p);
    const m = obj(prompt?.metrics);
    if (!prompt || !m) return;
    const total = [m.testPassCount, m.testFailCount, m.testErrorCount]
      .reduce((a: number, b) => a + (typeof b === "number" ? b : 0), 0);
    const value = rate(m.testPassCount, total);
    if (value === undefined) return;
    draft.declared.push({
      version: promptfooVersion(text(prompt.provider) ?? "?", text(prompt.label) ?? "?"),
      grader: PROMPTFOO_GRADER,
      metric: "testPassCount / (testPassCount + testFailCount + testErrorCount)",
      value,
      kind: "rate",
      source: `results.prompts[${i}].metrics`,
    });
  });
}

/** Finish a promptfoo draft from pending rows. */
export function settlePromptfoo(
  draft: Draft,
  pending: Pending[],
  described: Map<number, string | undefined>,
): Draft {
  nameCases(pending, described);
  for (const p of pending) draft.rows.push(p.row);
  return finishDraft(draft);
}
