/**
 * Every grader by name. The mapped type makes a missing or misnamed registration a compile
 * error.
 *
 * @module
 */

import { bleuGrader, type BleuOptions } from "./bleu.ts";
import { chrfGrader, type ChrfOptions } from "./chrf.ts";
import { containsGrader, type ContainsOptions } from "./contains.ts";
import { exactGrader, type ExactOptions } from "./exact.ts";
import { jsonSchemaGrader, type JsonSchemaOptions } from "./json_schema.ts";
import { normalizedGrader, type NormalizedOptions } from "./normalized.ts";
import { numericGrader, type NumericOptions } from "./numeric.ts";
import { regexGrader, type RegexOptions } from "./regex.ts";
import { rougeLGrader, type RougeLGraderOptions } from "./rouge_l.ts";
import { tokenF1Grader, type TokenF1Options } from "./token_f1.ts";
import type { Grader, GraderName } from "./types.ts";

/** The options type of each grader, by name. */
export interface GraderOptions {
  /** Options of the exact grader (none). */
  "exact": ExactOptions;
  /** Options of the normalized grader. */
  "normalized": NormalizedOptions;
  /** Options of the contains grader. */
  "contains": ContainsOptions;
  /** Options of the regex grader. */
  "regex": RegexOptions;
  /** Options of the numeric grader. */
  "numeric": NumericOptions;
  /** Options of the JSON Schema grader (none). */
  "json-schema": JsonSchemaOptions;
  /** Options of the token F1 grader (none). */
  "token-f1": TokenF1Options;
  /** Options of the BLEU grader. */
  "bleu": BleuOptions;
  /** Options of the ROUGE-L grader. */
  "rouge-l": RougeLGraderOptions;
  /** Options of the chrF grader. */
  "chrf": ChrfOptions;
}

/**
 * The ten graders, keyed by name.
 *
 * @example Grade one row with every grader
 * ```ts
 * import { GRADERS } from "./registry.ts";
 * import { GRADER_NAMES } from "./types.ts";
 * import assert from "node:assert/strict";
 *
 * const row = { output: "Paris", references: ["Paris"], schema: { type: "string" } };
 * const passes = GRADER_NAMES.filter((name) => GRADERS[name].grade(row).pass === true);
 * assert.deepEqual(passes, ["exact", "normalized", "contains", "regex"]); // not numeric: no number
 * assert.equal(GRADERS["json-schema"].grade(row).pass, false); // "Paris" is not JSON
 * assert.equal(GRADERS.bleu.grade(row).score, 1);
 * ```
 */
export const GRADERS: { readonly [N in GraderName]: Grader<GraderOptions[N]> } = {
  "exact": exactGrader,
  "normalized": normalizedGrader,
  "contains": containsGrader,
  "regex": regexGrader,
  "numeric": numericGrader,
  "json-schema": jsonSchemaGrader,
  "token-f1": tokenF1Grader,
  "bleu": bleuGrader,
  "rouge-l": rougeLGrader,
  "chrf": chrfGrader,
};
