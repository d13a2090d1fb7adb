// The settings every part of a comparison needs, resolved once.
import type { CompareConvention } from "./types.ts";

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
