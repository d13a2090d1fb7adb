/**
 * The exact-match grader: the output must equal a reference character for character.
 *
 * @module
 */

import { binary, noReference } from "./_result.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { NoOptions, OptionsOf } from "./options.ts";
import type { GradeInput } from "./types.ts";
import { equalAfterStep } from "../text/_after_step.ts";
import type { FormattingStep } from "../text/mod.ts";

/** The exact grader takes no options. */
export type ExactOptions = OptionsOf<NoOptions>;

/** Where two strings first differ, as a code-point position (1-based) for reasons. */
function firstDifference(a: string, b: string): number {
  // Compared unit by unit, with no arrays: outputs can be tens of megabytes.
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  // A pair whose second half differs differs as a whole code point.
  if (i > 0 && isHigh(a.charCodeAt(i - 1)) && (isLow(a.charCodeAt(i)) || isLow(b.charCodeAt(i)))) {
    i--;
  }
  let points = 0;
  for (let k = 0; k < i; k++) {
    if (isHigh(a.charCodeAt(k)) && k + 1 < i && isLow(a.charCodeAt(k + 1))) k++;
    points++;
  }
  return points + 1;
}

/**
 * Whether the row passes once `step` is applied to the output and every reference, told without
 * making the changed texts; undefined where a reference cannot be told so (see `equalAfterStep`).
 */
function passesAfter(step: FormattingStep | "several", input: GradeInput): boolean | undefined {
  let told = true;
  for (const reference of input.references) {
    const equal = equalAfterStep(step, input.output, reference);
    if (equal === true) return true;
    if (equal === undefined) told = false;
  }
  return told ? false : undefined;
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * Exact match: passes when the output is identical to one of the references (no trimming, no
 * case folding; the near-miss probe says which formatting step would have made it pass).
 *
 * @example Grade two rows
 * ```ts
 * import { exactGrader } from "./exact.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(exactGrader.grade({ output: "Paris", references: ["Lyon", "Paris"] }), { score: 1, pass: true, referenceIndex: 1 });
 * const miss = exactGrader.grade({ output: "Paris ", references: ["Paris"] });
 * assert.equal(miss.pass, false);
 * assert.equal(miss.reason, "output differs from the reference at character 6");
 * ```
 */
export const exactGrader: DefinedGrader<"exact", "binary", NoOptions, undefined> = defineGrader({
  name: "exact",
  kind: "binary",
  summary: "the output equals a reference",
  needsReference: true,
  reads: "references",
  options: {},
  probe: {
    stepsOnReferences: true,
    extras: ["number-reading"],
    compares: "equal",
    // Equal after a step: the output and each reference walked under the step's rule.
    passesAfter: () => passesAfter,
    // Equal after changes that keep every digit: a row where one side alone has a digit stays.
    numberReadingSkip: "digits",
  },
  verdict(input) {
    return input.references.length === 0 ? null : input.references.includes(input.output);
  },
  grade(input) {
    const refs = input.references;
    if (refs.length === 0) return noReference();
    const index = refs.indexOf(input.output);
    if (index >= 0) return binary(true, undefined, index);
    const reason = refs.length === 1
      ? `output differs from the reference at character ${firstDifference(input.output, refs[0])}`
      : `output differs from all ${refs.length} references`;
    return binary(false, reason);
  },
  describe() {
    return "exact: strings equal (no normalization)";
  },
});
