/**
 * The numeric grader: read the number in the output and in the reference and compare them with
 * a tolerance.
 *
 * @module
 */

import { binary, noReference, notJudged, quote } from "./_result.ts";
import { type NumberReading, readNumbers } from "./numbers.ts";
import type { Grader } from "./types.ts";

/** Which number of the output counts when it has several. */
export type NumberPick = "first" | "last" | "only" | "any";

/** Options of the numeric grader. */
export interface NumericOptions {
  /** Absolute tolerance (default 1e-9). */
  abs: number;
  /** Relative tolerance, as a share of the reference's magnitude (default 0). */
  rel: number;
  /**
   * Which output number is compared (default `"last"`): the first, the last, the only one (an
   * output with several numbers fails), or any of them.
   */
  pick: NumberPick;
}

const PICKS: readonly NumberPick[] = ["first", "last", "only", "any"];

function resolve(options?: Partial<NumericOptions>): NumericOptions {
  const abs = options?.abs ?? 1e-9;
  const rel = options?.rel ?? 0;
  const pick = options?.pick ?? "last";
  for (const [name, value] of [["abs", abs], ["rel", rel]] as const) {
    if (typeof value !== "number" || !(value >= 0) || !Number.isFinite(value)) {
      throw new RangeError(`numeric: option ${name} must be a finite number ≥ 0, got ${value}`);
    }
  }
  if (!PICKS.includes(pick)) {
    throw new TypeError(`numeric: option pick must be one of ${PICKS.join(", ")}, got ${pick}`);
  }
  return { abs, rel, pick };
}

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
export const numericGrader: Grader<NumericOptions> = {
  name: "numeric",
  kind: "binary",
  needsReference: true,
  defaults: { abs: 1e-9, rel: 0, pick: "last" },
  grade(input, options) {
    const { abs, rel, pick } = resolve(options);
    if (input.references.length === 0) return noReference();
    const expected: number[] = [];
    for (const ref of input.references) {
      const found = readNumbers(ref);
      if (found.length !== 1) {
        const count = found.length === 0 ? "no number" : `${found.length} numbers`;
        return notJudged(
          "no-numeric-reference",
          `reference ${quote(ref)} has ${count}; it needs exactly one`,
        );
      }
      expected.push(found[0].value);
    }
    const numbers = readNumbers(input.output);
    if (numbers.length === 0) return binary(false, "no number found in the output");
    if (pick === "only" && numbers.length > 1) {
      return binary(false, `the output has ${numbers.length} numbers; pick=only needs exactly one`);
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
    const { abs, rel, pick } = resolve(options);
    return `numeric: abs=${abs} rel=${rel} pick=${pick}`;
  },
};
