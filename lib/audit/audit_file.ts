/**
 * Auditing a six-field results file (item, system, repeat, scorer, score, pass) in any format
 * verdict reads, streamed row by row.
 *
 * @module
 */
import type { ColumnMapping, RoleVocabulary } from "../io/mapping.ts";
import { type MappedRecord, openMappedRecords } from "../io/open_mapped.ts";
import type { Format, Source } from "../io/types.ts";
import type { ReadLimits } from "../io/limits.ts";
import { audit, type AuditInput, type AuditOptions } from "./audit.ts";
import type { AuditReport } from "./audit_report.ts";
import {
  readDeclared,
  readError,
  readErrorKind,
  readGrade,
  readPass,
  readRepeatValue,
  readScore,
  text,
  type Unreadable,
} from "./_file_values.ts";
import type { AuditRow, DeclaredFigure, RefusedRow } from "./types.ts";
import { REFUSED_LISTED } from "./_state.ts";
import { isUserError, UserSyntaxError, UserTypeError } from "../errors/user_error.ts";

/** The roles a column of a six-field results file can play. */
export type AuditRole =
  | "case"
  | "version"
  | "repeat"
  | "grader"
  | "score"
  | "pass"
  | "error"
  | "errorKind"
  | "rawGrade"
  | "declared"
  | "scaleMin"
  | "scaleMax";

/** For each role, the column names that suggest it, best first (compared without case). */
export const AUDIT_COLUMN_SYNONYMS: Readonly<Record<AuditRole, readonly string[]>> = {
  case: ["item", "case", "id", "case_id", "caseId"],
  version: ["system", "version", "model"],
  repeat: ["repeat", "epoch"],
  grader: ["scorer", "grader"],
  score: ["score"],
  pass: ["pass", "passed"],
  error: ["error"],
  errorKind: ["error_kind", "errorKind"],
  rawGrade: ["raw_grade", "rawGrade"],
  declared: ["declared"],
  scaleMin: ["scale_min", "scaleMin"],
  scaleMax: ["scale_max", "scaleMax"],
};

/**
 * The six-field file's vocabulary: the roles and their synonyms; the case, the version and the
 * grader need a column, and so does the score or the pass.
 *
 * @example The required roles
 * ```ts
 * import { AUDIT_ROLES } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(AUDIT_ROLES.required, ["case", "version", "grader", ["score", "pass"]]);
 * ```
 */
export const AUDIT_ROLES: RoleVocabulary<AuditRole> = {
  synonyms: AUDIT_COLUMN_SYNONYMS,
  required: ["case", "version", "grader", ["score", "pass"]],
  labels: {
    case: "the case (item)",
    version: "the version (system)",
    grader: "the grader (scorer)",
    score: "the score",
    pass: "the pass",
  },
};

/** Options of {@link readAuditFile}: how to read the file. */
export interface ReadAuditFileOptions {
  /** Force a format instead of detecting it. */
  format?: Format;
  /** A name for messages and the report heading (defaults to the path). */
  name?: string;
  /** Overrides of the suggested column mapping (`null` switches a role off). */
  mapping?: ColumnMapping<AuditRole>;
  /** Limits on decompression, record size and nesting while reading (see `DEFAULT_READ_LIMITS`). */
  limits?: ReadLimits;
}

/** Options of {@link auditFile}: how to read the file and the audit's settings. */
export interface AuditFileOptions extends ReadAuditFileOptions, AuditOptions {}

function isUnreadable(value: unknown): value is Unreadable {
  return typeof value === "object" && value !== null && "problem" in value;
}

/**
 * Read a six-field results file into the auditor's input without auditing it: the rows (streamed:
 * iterate once), and — filled in as the rows are read — the declared figures, the refused records
 * and the notes. {@link auditFile} is this followed by {@link audit}; other jobs (a comparison of
 * two versions) use the rows directly.
 *
 * @param source A path, URL, text, bytes, stream or array of objects.
 * @param options Format, name and column mapping.
 * @returns The rows and what the file says about itself.
 * @throws {TypeError} When no column can play the case, version or grader role, or neither score
 * nor pass has one, or a mapped column is not in the file.
 * @throws {RangeError} When the mapping names a role that does not exist.
 *
 * @example The rows of a small CSV
 * ```ts
 * import { readAuditFile } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const input = await readAuditFile({ text: "item,system,scorer,pass\nq1,v1,exact,true\n" });
 * const rows = [];
 * for await (const row of input.rows) rows.push(row);
 * assert.deepEqual(rows.map((r) => [r.case, r.version, r.grader, r.pass]), [["q1", "v1", "exact", true]]);
 * ```
 */
export async function readAuditFile(
  source: Source,
  options: ReadAuditFileOptions = {},
): Promise<AuditInput> {
  const records = await openMappedRecords(source, AUDIT_ROLES, {
    format: options.format,
    name: options.name,
    mapping: options.mapping,
    limits: options.limits,
  });
  const { mapping } = records;

  const refused: RefusedRow[] = [];
  let refusedUnlisted = 0;
  const declared: DeclaredFigure[] = [];
  const declaredSeen = new Set<string>();
  const notes: string[] = [];

  function toRow(record: MappedRecord<AuditRole>): AuditRow {
    const get = (role: AuditRole) => record.get(role);
    const problems: string[] = [];
    const score = readScore(get("score"), mapping.score ?? "score");
    const pass = readPass(get("pass"), mapping.pass ?? "pass");
    if (isUnreadable(score)) problems.push(score.problem);
    if (isUnreadable(pass)) problems.push(pass.problem);
    const version = text(get("version"));
    const grader = text(get("grader"));
    const kindText = text(get("errorKind"));
    const errorKind = readErrorKind(kindText);
    let error = readError(get("error"));
    if (error === undefined && kindText !== "" && errorKind === undefined) error = kindText;
    const row: AuditRow = {
      row: record.row,
      case: text(get("case")),
      version: version === "" ? undefined : version,
      repeat: readRepeatValue(get("repeat")),
      grader,
      score: isUnreadable(score) ? null : score,
      pass: isUnreadable(pass) ? null : pass,
    };
    if (error !== undefined) row.error = error;
    if (errorKind !== undefined) row.errorKind = errorKind;
    const grade = readGrade(get("rawGrade"));
    if (grade !== undefined) row.rawGrade = grade;
    if (problems.length > 0) {
      row.unparsed = true;
      row.unparsedReason = problems.join("; ");
      row.rawGrade ??= get("score") ?? get("pass");
    }
    const min = readScore(get("scaleMin"), "scale_min");
    const max = readScore(get("scaleMax"), "scale_max");
    if (typeof min === "number" && typeof max === "number" && min < max) {
      row.scale = { min, max };
    }
    const d = readDeclared(get("declared"));
    if (isUnreadable(d)) {
      if (notes.length < 20) notes.push(`row ${record.row}: ${d.problem}; it is not matched`);
    } else if (d !== undefined && version !== "") {
      const key = JSON.stringify([version, grader, d.value]);
      if (!declaredSeen.has(key)) {
        declaredSeen.add(key);
        declared.push({
          version,
          grader,
          metric: mapping.declared ?? "declared",
          value: d.value,
          kind: "rate",
          decimals: d.decimals,
          source: `column "${mapping.declared}", first at row ${record.row}` +
            (d.percent ? " (read as a percentage)" : ""),
        });
      }
    }
    return row;
  }

  async function* rows(): AsyncGenerator<AuditRow> {
    for await (const record of records) {
      if (record.problem) {
        if (refused.length >= REFUSED_LISTED) {
          refusedUnlisted++;
          continue;
        }
        refused.push({
          row: record.row,
          reason: record.problem.code === "too-large" ? "too-large" : "unreadable-record",
          message: record.problem.message,
        });
        continue;
      }
      // Every readable record goes to the audit, which classifies or refuses it.
      records.report.used();
      yield toRow(record);
    }
  }

  return {
    rows: rows(),
    declared,
    refused,
    get refusedUnlisted() {
      return refusedUnlisted;
    },
    notes,
    source: records.name,
  };
}

/**
 * Audit a six-field results file: `item` (or `case`, `id`, `case_id`), `system` (or `version`,
 * `model`), `repeat`, `scorer` (or `grader`), `score`, `pass`, and optionally `error`,
 * `error_kind`, `raw_grade`, `declared` (the file's own reported rate for the row's version ×
 * grader) and `scale_min`/`scale_max`. Any format verdict reads works (CSV, TSV, JSON lines, JSON
 * arrays); CSV text such as `true`, `PASS`, `1`, `NaN` or a blank is read for pass and score. A
 * record that cannot be parsed is refused with its reason; everything else goes to {@link audit}.
 *
 * @param source A path, URL, text, bytes, stream or array of objects.
 * @param options Confidence, scale, format, name and column mapping.
 * @returns The audit report.
 * @throws {TypeError} When no column can play the case, version or grader role, or neither score
 * nor pass has one, or a mapped column is not in the file.
 * @throws {SyntaxError} When the file cannot be read as rows (a JSON document without a `rows`
 * array, such as a DeepEval or Inspect AI file). These two errors end by naming
 * `auditHarnessFile`: harness files are read there (the audit command tries it first).
 * @throws {RangeError} When the mapping names a role that does not exist.
 *
 * @example Audit a small CSV given as text
 * ```ts
 * import { auditFile } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const text = "item,system,repeat,scorer,score,pass,error\n" +
 *   "q1,v1,0,exact,1,true,\n" +
 *   "q2,v1,0,exact,0,false,\n" +
 *   "q3,v1,0,exact,,,Request timed out\n" +
 *   "q4,v1,0,exact,NaN,,\n";
 * const report = await auditFile({ text, name: "run.csv" });
 * const g = report.toJSON().groups[0];
 * assert.deepEqual([g.counts.passed, g.counts.failed, g.counts.errored, g.counts.nan], [1, 1, 1, 1]);
 * assert.equal(g.allAttempted?.rate, 1 / 4);
 * ```
 */
export async function auditFile(
  source: Source,
  options: AuditFileOptions = {},
): Promise<AuditReport> {
  const { confidence, scale, method } = options;
  try {
    return await audit(await readAuditFile(source, options), { confidence, scale, method });
  } catch (error) {
    throw withHarnessHint(error);
  }
}

/** What a six-field reading error adds: where another tool's results file is read instead. */
const HARNESS_HINT = "; auditFile reads six-field results files only: for another tool's " +
  "results file (promptfoo, Inspect AI, DeepEval…) use auditHarnessFile, or tryAuditHarnessFile " +
  "then auditFile as the audit command does";

/** A file-shape error (no rows, no usable columns) with {@link HARNESS_HINT}; others unchanged. */
function withHarnessHint(error: unknown): unknown {
  if (!isUserError(error) || error.message.includes(HARNESS_HINT)) return error;
  if (error instanceof SyntaxError) {
    return new UserSyntaxError(error.message + HARNESS_HINT, { cause: error });
  }
  if (error instanceof TypeError) {
    return new UserTypeError(error.message + HARNESS_HINT, { cause: error });
  }
  return error;
}
