/**
 * The numeric grader: read the number in the output and in the reference and compare them with
 * a tolerance.
 *
 * @module
 */

import { binary, noReference, notJudged, quote } from "./_result.ts";
import { type NumberReading, readNumbers } from "./numbers.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { OptionsOf, OptionsSchema } from "./options.ts";
import type { FormattingStep } from "../text/mod.ts";

/** Which number of the output counts when it has several. */
export type NumberPick = "first" | "last" | "only" | "any";

const PICKS: readonly NumberPick[] = ["first", "last", "only", "any"];

const NUMERIC_OPTIONS = {
  abs: { type: "number", minimum: 0, default: 1e-9, help: "absolute tolerance" },
  rel: {
    type: "number",
    minimum: 0,
    default: 0,
    help: "relative tolerance, as a share of the reference's magnitude",
  },
  pick: {
    type: "enum",
    values: PICKS,
    default: "last",
    help: "which output number is compared (only: an output with several numbers fails)",
  },
} as const satisfies OptionsSchema;

/**
 * The formatting steps that leave every number of an ASCII text as `readNumbers` reads it (the
 * same values, in the same count), and so cannot change the verdict: `nfkc` changes no ASCII
 * text; `lowercase` keeps letters letters and `E` an exponent; `trim`, `collapse-whitespace`,
 * `strip-trailing-punctuation` and `strip-quotes` only take away or replace characters that
 * are never inside a number and that, before one, are neither letters, digits, `_`, nor the
 * `.` or `,` after a digit (a run of whitespace that becomes one space may let a currency
 * symbol after a number count as its own, which changes no value). Only `underscores` can
 * hide a number (`_5` is not one). All seven in a row read as `underscores` alone does, so they
 * flip a row only where it does (`several`).
 */
const UNCHANGED_ON_ASCII: readonly (FormattingStep | "several")[] = [
  "trim",
  "lowercase",
  "nfkc",
  "collapse-whitespace",
  "strip-trailing-punctuation",
  "strip-quotes",
  "several",
];

/** Options of the numeric grader: `abs`, `rel` and `pick`. */
export type NumericOptions = OptionsOf<typeof NUMERIC_OPTIONS>;

/**
 * Numeric: reads numbers with signs, currency symbols ($ € £ ¥ ₹ ₩ ₽ ¢), thousands separators
 * (`1,249.00`), decimals and exponents (see {@link readNumbers}). A percent sign is kept as
 * written: `50%` reads as 50, not 0.5 (the near-miss probe tries the other reading). Each
 * reference must hold exactly one number, else the row is not judged (`no-numeric-reference`):
 * the grader does not apply to it. The output
 * passes when its chosen number is within `max(abs, rel·|reference|)` of a reference; an output
 * with no number fails.
 *
 * @example Currency and thousands separators
 * ```ts
 * import { numericGrader } from "./numeric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(numericGrader.grade({ output: "The refund is $1,249.00.", references: ["1249"] }).pass, true);
 * assert.equal(numericGrader.grade({ output: "about 101", references: ["100"] }, { rel: 0.02 }).pass, true);
 * assert.equal(numericGrader.grade({ output: "no idea", references: ["7"] }).reason, "no number found in the output");
 * assert.equal(numericGrader.describe(), "numeric: abs=1e-9 rel=0 pick=last");
 * ```
 */
export const numericGrader: DefinedGrader<"numeric", "binary", typeof NUMERIC_OPTIONS, undefined> =
  defineGrader({
    name: "numeric",
    kind: "binary",
    summary: "the output's number is within tolerance of the reference's",
    needsReference: true,
    reads: "references",
    options: NUMERIC_OPTIONS,
    probe: {
      stepsOnReferences: true,
      extras: ["number-reading"],
      unchangedOnAscii: () => UNCHANGED_ON_ASCII,
    },
    grade(input, options) {
      const { abs, rel, pick } = options;
      if (input.references.length === 0) return noReference();
      const expected: number[] = [];
      // The numbers of a reference the output is equal to: the output's (read once, not twice).
      let outputNumbers: NumberReading[] | undefined;
      for (const ref of input.references) {
        const found = readNumbers(ref);
        if (outputNumbers === undefined && ref === input.output) outputNumbers = found;
        if (found.length !== 1) {
          const count = found.length === 0 ? "no number" : `${found.length} numbers`;
          return notJudged(
            "no-numeric-reference",
            `reference ${quote(ref)} has ${count}; it needs exactly one`,
          );
        }
        expected.push(found[0].value);
      }
      const numbers = outputNumbers ?? readNumbers(input.output);
      if (numbers.length === 0) return binary(false, "no number found in the output");
      if (pick === "only" && numbers.length > 1) {
        return binary(
          false,
          `the output has ${numbers.length} numbers; pick=only needs exactly one`,
        );
      }
      const candidates: NumberReading[] = pick === "first"
        ? [numbers[0]]
        : pick === "any"
        ? numbers
        : [numbers[numbers.length - 1]];
      for (const [index, e] of expected.entries()) {
        const tolerance = Math.max(abs, rel * Math.abs(e));
        if (candidates.some((n) => Math.abs(n.value - e) <= tolerance)) {
          return binary(true, undefined, index);
        }
      }
      const got = candidates.map((n) => n.value).join(", ");
      const want = expected.join(" or ");
      return binary(false, `output number ${got} is not within abs=${abs} rel=${rel} of ${want}`);
    },
    describe(options) {
      const { abs, rel, pick } = options;
      return `numeric: abs=${abs} rel=${rel} pick=${pick}`;
    },
  });
