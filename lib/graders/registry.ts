/**
 * Every grader by name: the single place that lists them. The names, the pass/fail and graded
 * lists, the graders with a corpus figure and the options types all derive from this object, so
 * adding a grader is its file plus one line here. A key that does not match its grader's name is
 * a compile error.
 *
 * @module
 */

import { bleuGrader } from "./bleu.ts";
import { chrfGrader } from "./chrf.ts";
import { containsGrader } from "./contains.ts";
import { exactGrader } from "./exact.ts";
import { jsonSchemaGrader } from "./json_schema.ts";
import { normalizedGrader } from "./normalized.ts";
import { numericGrader } from "./numeric.ts";
import { regexGrader } from "./regex.ts";
import { rougeLGrader } from "./rouge_l.ts";
import { rouge1Grader, rouge2Grader } from "./rouge_n.ts";
import { rougeLsumGrader } from "./rouge_lsum.ts";
import { terGrader } from "./ter.ts";
import { tokenF1Grader } from "./token_f1.ts";
import type { OptionsOf } from "./options.ts";
import type { Grader, GraderKind } from "./types.ts";
import { UserRangeError } from "../errors/mod.ts";
import type { HUNDRED_SCALE_GRADERS } from "../stats/hundred_scale.ts";

// The order here is the order reports, help and "all" use.
const REGISTRY = {
  "exact": exactGrader,
  "normalized": normalizedGrader,
  "contains": containsGrader,
  "regex": regexGrader,
  "numeric": numericGrader,
  "json-schema": jsonSchemaGrader,
  "token-f1": tokenF1Grader,
  "bleu": bleuGrader,
  "rouge-1": rouge1Grader,
  "rouge-2": rouge2Grader,
  "rouge-l": rougeLGrader,
  "rouge-lsum": rougeLsumGrader,
  "chrf": chrfGrader,
  "ter": terGrader,
} as const;

/**
 * The graders, keyed by name.
 *
 * @example Grade one row with every grader
 * ```ts
 * import { GRADER_NAMES, GRADERS } from "./registry.ts";
 * import assert from "node:assert/strict";
 *
 * const row = { output: "Paris", references: ["Paris"], schema: { type: "string" } };
 * const passes = GRADER_NAMES.filter((name) => GRADERS[name].grade(row).pass === true);
 * assert.deepEqual(passes, ["exact", "normalized", "contains", "regex"]); // not numeric: no number
 * assert.equal(GRADERS["json-schema"].grade(row).pass, false); // "Paris" is not JSON
 * assert.equal(GRADERS.bleu.grade(row).score, 1);
 * ```
 */
export const GRADERS: {
  readonly [N in keyof typeof REGISTRY]: (typeof REGISTRY)[N] & { readonly name: N };
} = REGISTRY;

/** Any grader's name. */
export type GraderName = keyof typeof GRADERS;

type NamesWhere<Kind extends GraderKind> = {
  [N in GraderName]: (typeof GRADERS)[N]["kind"] extends Kind ? N : never;
}[GraderName];

/** A pass/fail grader's name. */
export type BinaryGraderName = NamesWhere<"binary">;
/** A graded grader's name. */
export type GradedGraderName = NamesWhere<"graded">;
/** The name of a grader that also gives a corpus figure (statistics summed over rows). */
export type CorpusGraderName = {
  [N in GraderName]: (typeof GRADERS)[N]["corpus"] extends undefined ? never : N;
}[GraderName];

/** The options type of each grader, by name (every option present, as after resolving). */
export type GraderOptions = { [N in GraderName]: OptionsOf<(typeof GRADERS)[N]["options"]> };

/** Every grader name, in the order reports list them. */
export const GRADER_NAMES: readonly GraderName[] = Object.freeze(
  Object.keys(GRADERS) as GraderName[],
);

/** Graders that give pass or fail. */
export const BINARY_GRADERS: readonly BinaryGraderName[] = Object.freeze(
  GRADER_NAMES.filter((n): n is BinaryGraderName => GRADERS[n].kind === "binary"),
);

/**
 * Graders that give a score, and pass/fail only when a threshold is set (see each one's `scale`
 * for which way is better and the range).
 */
export const GRADED_GRADERS: readonly GradedGraderName[] = Object.freeze(
  GRADER_NAMES.filter((n): n is GradedGraderName => GRADERS[n].kind === "graded"),
);

/**
 * Graders that also give a corpus figure: per-row statistics summed, aggregated once.
 *
 * @example BLEU, chrF and TER
 * ```ts
 * import { CORPUS_GRADERS } from "./registry.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(CORPUS_GRADERS, ["bleu", "chrf", "ter"]);
 * ```
 */
export const CORPUS_GRADERS: readonly CorpusGraderName[] = Object.freeze(
  GRADER_NAMES.filter((n): n is CorpusGraderName => GRADERS[n].corpus !== undefined),
);

// The list of graders read on 0–100 that the audit uses (it never loads the graders) must be
// exactly the corpus graders: adding or removing a corpus grader without it fails to compile.
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const hundredScaleIsCorpus: SameNames<CorpusGraderName, (typeof HUNDRED_SCALE_GRADERS)[number]> =
  true;
void hundredScaleIsCorpus;

/**
 * The pass rule of a graded grader at a threshold, as reports print it: `score ≥ 0.4`, or
 * `score ≤ 0.4` for a grader where lower is better (TER).
 *
 * @example Higher and lower is better
 * ```ts
 * import { passRule } from "./registry.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(passRule("bleu", 0.4), "score ≥ 0.4");
 * assert.equal(passRule("ter", 0.3), "score ≤ 0.3");
 * ```
 */
export function passRule(name: GraderName, threshold: number): string {
  return `score ${GRADERS[name].scale.direction === "lower" ? "≤" : "≥"} ${threshold}`;
}

/**
 * True when `name` is a grader's name.
 *
 * @example
 * ```ts
 * import { isGraderName } from "./registry.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(isGraderName("bleu"));
 * assert.ok(!isGraderName("overall"));
 * ```
 */
export function isGraderName(name: string): name is GraderName {
  return Object.hasOwn(GRADERS, name);
}

/**
 * A grader by name with its options typed loosely (for options read from files and flags, which
 * the grader checks against its schema).
 *
 * @example Options checked at use
 * ```ts
 * import { graderFor } from "./registry.ts";
 * import assert from "node:assert/strict";
 *
 * const contains = graderFor("contains");
 * assert.equal(contains.grade({ output: "A", references: ["a"] }, { ignoreCase: true }).pass, true);
 * assert.throws(() => contains.grade({ output: "A", references: ["a"] }, { ignoreCase: 5 }), TypeError);
 * ```
 */
export function graderFor(name: GraderName): Grader {
  return GRADERS[name] as unknown as Grader;
}

/**
 * The error for a name that is not a grader's: it lists the graders there are (and `also`, such
 * as `all`). `where` says where the name was given.
 *
 * @example
 * ```ts
 * import { unknownGrader } from "./registry.ts";
 * import assert from "node:assert/strict";
 *
 * assert.match(unknownGrader("exactly").message, /^Unknown grader "exactly": choose from exact, normalized,/);
 * assert.match(unknownGrader("x", { also: ["all"] }).message, /, chrf, ter or all$/);
 * ```
 */
export function unknownGrader(
  name: string,
  options: { also?: readonly string[]; where?: string } = {},
): RangeError {
  const also = options.also ?? [];
  const names = [...GRADER_NAMES, ...also];
  const last = names.pop();
  const choices = `${names.join(", ")}${also.length > 0 ? " or" : ","} ${last}`;
  const where = options.where ? ` ${options.where}` : "";
  return new UserRangeError(`Unknown grader "${name}"${where}: choose from ${choices}`);
}
