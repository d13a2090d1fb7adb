// The settings every part of a comparison needs, resolved once, and the bootstrap's figures.
import type { PairedBootstrapResult } from "../stats/paired_bootstrap.ts";
import type { CompareConvention, ConventionFigures } from "./types.ts";

/** Resolved settings of one comparison. */
export interface Settings {
  confidence: number;
  seed: number;
  resamples: number;
  convention: CompareConvention;
}

/** The bootstrap's method and test names, as reports show them. */
export const BOOTSTRAP_METHOD = "paired bootstrap over cases (percentile)";
export const BOOTSTRAP_TEST = "paired bootstrap (sacreBLEU paired-bs p-value)";

/** A convention's figures from a paired bootstrap, with the rows (and passes) they came from. */
export function bootstrapFigures(
  r: PairedBootstrapResult,
  rows: { a: number; b: number },
  passes: { a: number; b: number } | null,
): ConventionFigures {
  return {
    cases: r.cases,
    rows,
    passes,
    table: null,
    a: r.a,
    b: r.b,
    difference: r.difference,
    ci: [r.lower, r.upper],
    method: BOOTSTRAP_METHOD,
    pValue: r.pValue,
    test: BOOTSTRAP_TEST,
  };
}
