/**
 * The contains grader: the output must contain a reference as a substring.
 *
 * @module
 */

import { binary, noReference, notJudged } from "./_result.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { OptionsOf, OptionsSchema } from "./options.ts";
import type { GradeInput } from "./types.ts";
import { asciiText, changedText } from "./_probe.ts";
import { heldAfterStep } from "../text/_held_after_step.ts";
import type { FormattingStep } from "../text/mod.ts";

const CONTAINS_OPTIONS = {
  ignoreCase: {
    type: "boolean",
    default: false,
    help: "compare after Unicode lowercasing of both sides",
  },
} as const satisfies OptionsSchema;

/** Options of the contains grader: `ignoreCase`. */
export type ContainsOptions = OptionsOf<typeof CONTAINS_OPTIONS>;

/**
 * Whether the row passes, case-sensitively, once `step` is applied to the output and every
 * reference; undefined for `nfkc`, and for all seven steps on rows with non-ASCII text. Under
 * `lowercase` and `collapse-whitespace` both changed texts are made (the output's shared with
 * the other graders' probes: regex asks for its collapsed form) and searched natively, which is
 * quicker than reading them along each other (`toLowerCase` and the collapsing pattern are single
 * native passes, and most references have no whitespace to collapse). Under the other steps the
 * reference is read along the output under the step's rule (`heldAfterStep`), neither changed.
 */
function passesAfter(step: FormattingStep | "several", input: GradeInput): boolean | undefined {
  if (step === "nfkc") return undefined;
  const output = input.output;
  const made = step === "lowercase" || step === "collapse-whitespace";
  const ascii = step === "several" && asciiText(output);
  let told = true;
  for (const reference of input.references) {
    let held: boolean | undefined;
    if (made) {
      const changed = changedText(reference, step);
      held = changed !== "" && holdsText(changedText(output, step), changed);
    } else held = heldAfterStep(step, output, reference, ascii && asciiText(reference));
    if (held === true) return true;
    if (held === undefined) told = false;
  }
  return told ? false : undefined;
}

/**
 * Whether `output` contains `reference`: a text shorter than the reference cannot, and one of
 * the same length does only by being equal to it (told by comparing, quicker than a search).
 *
 * @example Longer, equal and shorter outputs
 * ```ts
 * import { holdsText } from "./contains.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(holdsText("The capital is Paris.", "Paris"), true);
 * assert.equal(holdsText("Paris", "Paris"), true);
 * assert.equal(holdsText("Pari", "Paris"), false);
 * ```
 */
export function holdsText(output: string, reference: string): boolean {
  const n = reference.length;
  const m = output.length;
  return m > n ? output.includes(reference) : m === n && output === reference;
}

/** What {@link containedAt} gives for a row whose references are all empty. */
const EMPTY = -2;

/**
 * The index of the first non-empty reference the output contains (after Unicode lowercasing of
 * both with `ignoreCase`), -1 for none, or `EMPTY` when every reference is empty.
 */
function containedAt(output: string, refs: readonly string[], ignoreCase: boolean): number {
  const text = ignoreCase ? output.toLowerCase() : output;
  let empty = true;
  for (let i = 0; i < refs.length; i++) {
    const reference = refs[i];
    if (reference === "") continue;
    empty = false;
    if (holdsText(text, ignoreCase ? reference.toLowerCase() : reference)) return i;
  }
  return empty ? EMPTY : -1;
}

/**
 * Contains: passes when the output contains one of the references. Empty references are skipped
 * (every output contains the empty string); a row whose references are all empty is not judged.
 *
 * @example Case-sensitive and case-insensitive
 * ```ts
 * import { containsGrader } from "./contains.ts";
 * import assert from "node:assert/strict";
 *
 * const row = { output: "The capital is PARIS.", references: ["Paris"] };
 * assert.equal(containsGrader.grade(row).pass, false);
 * assert.equal(containsGrader.grade(row, { ignoreCase: true }).pass, true);
 * assert.equal(containsGrader.grade({ output: "x", references: [""] }).error, "no-reference");
 * ```
 */
export const containsGrader: DefinedGrader<
  "contains",
  "binary",
  typeof CONTAINS_OPTIONS,
  undefined
> = defineGrader({
  name: "contains",
  kind: "binary",
  summary: "the output contains a reference",
  needsReference: true,
  reads: "references",
  options: CONTAINS_OPTIONS,
  probe: {
    stepsOnReferences: true,
    extras: ["number-reading"],
    compares: "contains",
    // Case-sensitive: a reference held after a step, told by reading it along the output.
    passesAfter: (options) => options.ignoreCase === true ? undefined : passesAfter,
    // Only the output's number words can make it hold a reference it did not.
    numberReadingSkip: "output-words",
  },
  verdict(input, options) {
    const refs = input.references;
    if (refs.length === 0) return null;
    const index = containedAt(input.output, refs, options.ignoreCase);
    return index === EMPTY ? null : index >= 0;
  },
  grade(input, options) {
    const ignoreCase = options.ignoreCase;
    const refs = input.references;
    if (refs.length === 0) return noReference();
    const index = containedAt(input.output, refs, ignoreCase);
    if (index === EMPTY) {
      return notJudged("no-reference", "the reference is empty (every output contains it)");
    }
    if (index >= 0) return binary(true, undefined, index);
    const what = refs.length === 1 ? "the reference" : `any of the ${refs.length} references`;
    return binary(false, `output does not contain ${what}${ignoreCase ? " (ignoring case)" : ""}`);
  },
  describe(options) {
    return `contains: ${options.ignoreCase ? "ignore case" : "case-sensitive"}`;
  },
});
