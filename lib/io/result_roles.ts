/**
 * The roles of a results file read for scoring: the score job's vocabulary, declared as data.
 *
 * @module
 */
import type { RoleVocabulary } from "./mapping.ts";

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

/**
 * The results file's vocabulary: the roles and their synonyms; the case id and the output need a
 * column (without them no row could be scored).
 *
 * @example The roles, in the order they are documented
 * ```ts
 * import { RESULT_ROLES } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(Object.keys(RESULT_ROLES.synonyms).slice(0, 4), ["case", "version", "repeat", "output"]);
 * assert.deepEqual(RESULT_ROLES.required, ["case", "output"]);
 * ```
 */
export const RESULT_ROLES: RoleVocabulary<ResultRole> = {
  synonyms: RESULT_COLUMN_SYNONYMS,
  required: ["case", "output"],
  labels: { case: "the case id", output: "the output" },
};
