// Inspect AI samples → audit rows: one row per sample × epoch × scorer (a dict-valued score gives
// one grader per key, named `scorer/key`).
import type { AuditRow } from "../audit/types.ts";
import { arr, firstLine, isObj, type Obj, obj, text, UNBOUNDED } from "./_values.ts";
import { inferErrorKind } from "../audit/error_kind.ts";
import { inspectGrade } from "./inspect_grade.ts";

/** The grader name used when a log has no scorer at all. */
export const NO_SCORER = "(no scorer)";

/** Scorer names a log's header declares (eval.scorers, then results.scores). */
export function declaredScorers(header: Obj): string[] {
  const names = arr(obj(header.eval)?.scorers).map((s) => text(obj(s)?.name));
  for (const s of arr(obj(header.results)?.scores)) names.push(text(obj(s)?.scorer));
  return [...new Set(names.filter((n): n is string => n !== undefined))];
}

/** The message of a sample's error (an EvalError object, or a string in summaries). */
export function sampleError(sample: Obj): string | undefined {
  if (typeof sample.error === "string") return sample.error === "" ? undefined : sample.error;
  const error = obj(sample.error);
  if (!error) return undefined;
  return text(error.message) ?? "error (no message recorded)";
}

function gradeRow(base: AuditRow, grader: string, value: unknown): AuditRow {
  const g = inspectGrade(value);
  const row: AuditRow = { ...base, grader, score: g.score, pass: g.pass, binary: g.binary };
  if (value !== undefined) row.rawGrade = value;
  if (typeof value === "number") row.scale = { ...UNBOUNDED };
  if (typeof g.score === "number" && !Number.isNaN(g.score) && !Number.isFinite(g.score)) {
    row.unparsed = true;
    row.unparsedReason = `the score value is ${g.score}`;
  }
  return row;
}

/**
 * The rows of one sample. `scorers` are the scorer names the log declares; `dictKeys` collects
 * the keys of dict-valued scores per scorer.
 */
export function inspectSampleRows(
  sample: Obj,
  row: number,
  version: string,
  scorers: readonly string[],
  dictKeys: Map<string, Set<string>>,
): AuditRow[] {
  const error = sampleError(sample);
  const base: AuditRow = {
    row,
    case: text(sample.id) ?? "",
    version,
    repeat: typeof sample.epoch === "number" ? sample.epoch : 1,
    grader: NO_SCORER,
    score: null,
    pass: null,
  };
  if (error !== undefined) {
    base.error = error;
    base.errorKind = inferErrorKind(firstLine(error));
  }
  const scores = obj(sample.scores) ?? {};
  const names = [...new Set([...scorers, ...Object.keys(scores)])];
  if (names.length === 0) return [base];
  const rows: AuditRow[] = [];
  for (const name of names) {
    const value = obj(scores[name])?.value;
    if (isObj(value)) {
      if (!dictKeys.has(name)) dictKeys.set(name, new Set());
      for (const [key, v] of Object.entries(value)) {
        dictKeys.get(name)!.add(key);
        rows.push(gradeRow(base, `${name}/${key}`, v));
      }
    } else rows.push(gradeRow(base, name, value));
  }
  return rows;
}

/**
 * Where a scorer gave dict values in some samples, a sample with no value for it gets one
 * row per known key instead of a single row under the scorer's own name.
 */
export function expandDictScorers(
  rows: AuditRow[],
  dictKeys: Map<string, Set<string>>,
): AuditRow[] {
  if (dictKeys.size === 0) return rows;
  return rows.flatMap((r) =>
    dictKeys.has(r.grader) && r.rawGrade === undefined
      ? [...dictKeys.get(r.grader)!].map((k) => ({ ...r, grader: `${r.grader}/${k}` }))
      : [r]
  );
}

/**
 * A sample with no score at all (an errored one, say) in a log that names no scorer in its header
 * gets one row per grader the other samples were scored by, rather than a grader of its own.
 */
export function fillScorerless(rows: AuditRow[]): AuditRow[] {
  const graders = [...new Set(rows.map((r) => r.grader).filter((g) => g !== NO_SCORER))];
  if (graders.length === 0) return rows;
  return rows.flatMap((r) =>
    r.grader === NO_SCORER ? graders.map((grader) => ({ ...r, grader })) : [r]
  );
}
