/**
 * Column mapping: which column plays which role. Each job declares its roles as data (a
 * {@link RoleVocabulary}: the roles, the column names that suggest each, which need a column);
 * the mapping is suggested from the column names, overridden by the caller, and checked here
 * against the columns the file has.
 *
 * @module
 */
import { closestName, UserRangeError, UserTypeError } from "../errors/mod.ts";

/**
 * The roles a job's columns can play. The keys of `synonyms` are the roles; each lists the column
 * names that suggest it, best first (compared without case).
 */
export interface RoleVocabulary<R extends string> {
  /** For each role, the column names that suggest it, best first. */
  readonly synonyms: Readonly<Record<R, readonly string[]>>;
  /**
   * Roles that need a column: a role, or a list of roles of which one is enough
   * (`["score", "pass"]`). A file whose columns are known and leave one unfilled is refused.
   */
  readonly required?: readonly (R | readonly R[])[];
  /** How a role is called in messages (`"the case (item)"`); by default its own name. */
  readonly labels?: Readonly<Partial<Record<R, string>>>;
}

/** A column mapping: role → column name (`null` switches a suggested role off). */
export type ColumnMapping<R extends string = string> = Partial<Record<R, string | null>>;

/** What is known about a file's columns when its mapping is settled. */
export interface KnownColumns {
  /** The file's name, for messages. */
  name: string;
  /** The columns seen, in order; empty when none could be seen (an empty file). */
  columns: readonly string[];
  /** Where they were seen, for messages: `"the header"`, `"the file"`, `"the first 200 records"`. */
  seenIn: string;
}

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
 * removes it. Only the overrides' own keys count.
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

/** A list for a message, cut after `max` items. */
function listed(items: readonly string[], max = 30): string {
  if (items.length === 0) return "none";
  const head = items.slice(0, max).join(", ");
  return items.length > max ? `${head}, … (${items.length - max} more)` : head;
}

/**
 * Edit distance with swaps of two neighbouring letters counted as one edit (optimal string
 * alignment), to suggest the role a misspelt one meant.
 */
/**
 * Check a caller's overrides against a vocabulary before any file is read: every key must be a
 * role (else a `RangeError` naming the roles that exist) and every value a column name or `null`
 * (else a `TypeError`). Returns the overrides as a clean object of own keys.
 *
 * @example Refuse a misspelt role
 * ```ts
 * import { checkOverrides, RESULT_ROLES } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(checkOverrides("a.jsonl", RESULT_ROLES, { output: "answer" }), { output: "answer" });
 * assert.throws(
 *   () => checkOverrides("a.jsonl", RESULT_ROLES, { outptu: "answer" }),
 *   /^RangeError: Cannot read "a.jsonl": the mapping names "outptu", which is not a role \(did you mean output\?\)/,
 * );
 * ```
 */
export function checkOverrides<R extends string>(
  name: string,
  vocabulary: RoleVocabulary<R>,
  overrides: unknown,
): ColumnMapping<R> {
  if (overrides === undefined || overrides === null) return {};
  if (typeof overrides !== "object" || Array.isArray(overrides)) {
    throw new UserTypeError(
      `Cannot read "${name}": the mapping must be an object of role → column name, ` +
        `got ${Array.isArray(overrides) ? "an array" : typeof overrides}`,
    );
  }
  const roles = Object.keys(vocabulary.synonyms) as R[];
  const out: ColumnMapping<R> = {};
  for (const [key, column] of Object.entries(overrides)) {
    if (!Object.hasOwn(vocabulary.synonyms, key)) {
      const guess = closestName(key, roles);
      throw new UserRangeError(
        `Cannot read "${name}": the mapping names ${JSON.stringify(key)}, which is not a role` +
          (guess ? ` (did you mean ${guess}?)` : "") + `; the roles are ${roles.join(", ")}`,
      );
    }
    if (column !== null && column !== undefined && (typeof column !== "string" || column === "")) {
      throw new UserTypeError(
        `Cannot read "${name}": the mapping of ${key} must be a column name or null, ` +
          `got ${JSON.stringify(column) ?? typeof column}`,
      );
    }
    if (column !== undefined) out[key as R] = column as string | null;
  }
  return out;
}

/**
 * Settle the mapping of a file whose columns are known: the suggestion from the column names,
 * with the caller's overrides on top. When columns were seen, a mapped column the file lacks, or a
 * required role left without a column, is a `TypeError` naming the file, the role and the columns
 * that exist; with no columns seen (an empty file) only the roles are checked.
 *
 * @example Map a CSV header, and refuse a column it lacks
 * ```ts
 * import { RESULT_ROLES, settleMapping } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const file = { name: "a.csv", columns: ["qid", "answer", "gold"], seenIn: "the header" };
 * assert.deepEqual(
 *   settleMapping(file, RESULT_ROLES, { case: "qid", output: "answer" }),
 *   { case: "qid", output: "answer", reference: "gold" },
 * );
 * assert.throws(
 *   () => settleMapping(file, RESULT_ROLES, { case: "qid", output: "response" }),
 *   /^TypeError: Cannot read "a.csv": column "response" \(mapped to output\) is not in the header; its columns are qid, answer, gold$/,
 * );
 * ```
 */
export function settleMapping<R extends string>(
  file: KnownColumns,
  vocabulary: RoleVocabulary<R>,
  overrides?: ColumnMapping<R>,
): Partial<Record<R, string>> {
  const { name, columns, seenIn } = file;
  const given = checkOverrides(name, vocabulary, overrides);
  const mapping = resolveMapping(suggestMapping(columns, vocabulary.synonyms), given);
  if (columns.length === 0) return mapping;
  const present = new Set(columns);
  for (const [role, column] of Object.entries(given) as [R, string | null][]) {
    if (column !== null && !present.has(column)) {
      throw new UserTypeError(
        `Cannot read "${name}": column ${JSON.stringify(column)} (mapped to ${role}) is not in ` +
          `${seenIn}; its columns are ${listed(columns)}`,
      );
    }
  }
  for (const need of vocabulary.required ?? []) {
    const roles: readonly R[] = typeof need === "string" ? [need as R] : need as readonly R[];
    if (roles.some((r) => mapping[r] !== undefined)) continue;
    const label = roles.map((r) => vocabulary.labels?.[r] ?? `the ${r}`).join(" or ");
    const looked = [...new Set(roles.flatMap((r) => vocabulary.synonyms[r]))];
    const off = roles.filter((r) => given[r] === null);
    const why = off.length > 0
      ? `the mapping switches ${off.join(" and ")} off`
      : `looked for ${looked.join(", ")} in ${seenIn}`;
    throw new UserTypeError(
      `Cannot read "${name}": no column for ${label} (${why}); its columns are ` +
        `${listed(columns)}. Map one with --map ${roles[0]}=COLUMN ` +
        `(in code: mapping: { ${roles[0]}: "COLUMN" })`,
    );
  }
  return mapping;
}
