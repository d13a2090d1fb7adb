/**
 * Column mapping: which column plays which role, suggested from the names and always overridable.
 *
 * @module
 */

/** The roles a results file's columns can play when scoring. */
export type ResultRole =
  | "case"
  | "version"
  | "repeat"
  | "output"
  | "reference"
  | "expectedKind"
  | "assertions"
  | "schema"
  | "threshold";

/** For each role, the column names that suggest it, best first (compared without case). */
export const RESULT_COLUMN_SYNONYMS: Readonly<Record<ResultRole, readonly string[]>> = {
  case: ["id", "case_id", "caseId", "case", "item", "item_id", "test_id", "example_id"],
  version: ["version", "system", "model", "variant"],
  repeat: ["repeat", "epoch", "trial", "run"],
  output: ["output", "actual", "response", "completion", "prediction", "generated"],
  reference: ["expected", "reference", "references", "ideal", "target", "gold"],
  expectedKind: ["expected_kind", "expectedKind", "reference_kind"],
  assertions: ["assertions", "assert"],
  schema: ["schema", "json_schema", "jsonSchema"],
  threshold: ["threshold"],
};

/** A column mapping: role → column name (`null` switches a suggested role off). */
export type ColumnMapping<R extends string = ResultRole> = Partial<Record<R, string | null>>;

/**
 * Suggest a column for each role from the column names: the first synonym (in the order given)
 * that names a column, compared without case. A column is used for one role only.
 *
 * @example Suggest roles for a results file
 * ```ts
 * import { RESULT_COLUMN_SYNONYMS, suggestMapping } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const mapping = suggestMapping(["ID", "actual", "expected", "model", "notes"], RESULT_COLUMN_SYNONYMS);
 * assert.deepEqual(mapping, { case: "ID", version: "model", output: "actual", reference: "expected" });
 * ```
 */
export function suggestMapping<R extends string>(
  columns: readonly string[],
  synonyms: Readonly<Record<R, readonly string[]>>,
): Partial<Record<R, string>> {
  const byLower = new Map<string, string>();
  for (const c of columns) if (!byLower.has(c.toLowerCase())) byLower.set(c.toLowerCase(), c);
  const taken = new Set<string>();
  const out: Partial<Record<R, string>> = {};
  for (const role of Object.keys(synonyms) as R[]) {
    for (const name of synonyms[role]) {
      const column = byLower.get(name.toLowerCase());
      if (column !== undefined && !taken.has(column)) {
        out[role] = column;
        taken.add(column);
        break;
      }
    }
  }
  return out;
}

/**
 * Merge a suggested mapping with the caller's overrides: a string replaces the suggestion, `null`
 * removes it.
 *
 * @example Override one role and switch another off
 * ```ts
 * import { resolveMapping } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const m = resolveMapping({ case: "id", output: "output" }, { output: "answer", case: null });
 * assert.deepEqual(m, { output: "answer" });
 * ```
 */
export function resolveMapping<R extends string>(
  suggested: Partial<Record<R, string>>,
  overrides: ColumnMapping<R> = {},
): Partial<Record<R, string>> {
  const out: Partial<Record<R, string>> = { ...suggested };
  for (const [role, column] of Object.entries(overrides) as [R, string | null | undefined][]) {
    if (column === null) delete out[role];
    else if (column !== undefined) out[role] = column;
  }
  return out;
}
