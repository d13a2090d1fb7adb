/**
 * chrF's settings, as sacreBLEU 2.6.0 names and defaults them (chrF++ is `wordOrder: 2`), and the
 * signature that writes them beside every chrF figure.
 *
 * @module
 */

import type { OptionsOf, OptionsSchema } from "./options.ts";
import { Signature, type SignatureSettings } from "./signature.ts";
import { VERDICT_VERSION } from "./_version.ts";

/**
 * chrF's settings as data: the chrF grader's options schema, also checked by `sentenceChrf`,
 * `corpusChrf` and `chrfStats`. Defaults are sacreBLEU 2.6.0's (chrF2).
 */
export const CHRF_OPTIONS = {
  charOrder: {
    type: "integer",
    minimum: 1,
    default: 6,
    help: "the longest character n-gram counted",
  },
  wordOrder: {
    type: "integer",
    minimum: 0,
    default: 0,
    help: "the longest word n-gram counted: 0 is chrF, 1 chrF+, 2 chrF++",
  },
  beta: {
    type: "number",
    minimum: 0,
    default: 2,
    help: "recall counts beta times as much as precision",
  },
  lowercase: {
    type: "boolean",
    default: false,
    help: "lowercase hypotheses and references first (signature case:lc)",
  },
  whitespace: {
    type: "boolean",
    default: false,
    help: "keep whitespace in character n-grams (signature space:yes)",
  },
  epsSmoothing: {
    type: "boolean",
    default: false,
    help: "average per-order F-scores with 1e-16 for empty orders, as chrF++.py does, instead " +
      "of sacreBLEU's effective order (signature eff:no)",
  },
} as const satisfies OptionsSchema;

/** Settings of `sentenceChrf`, `corpusChrf` and the chrF grader, all optional. */
export type ChrfOptions = Partial<OptionsOf<typeof CHRF_OPTIONS>>;

/** Every chrF setting decided. */
export type ChrfSettings = OptionsOf<typeof CHRF_OPTIONS>;

/** The fields of a chrF signature, in sacreBLEU's order. */
export type ChrfSignatureFields = {
  /** References per segment, or `var` (left out when unknown). */
  nrefs: number | "var";
  /** `mixed`: case-sensitive; `lc`: lowercased. */
  case: string;
  /** Effective order: `yes`, unless eps smoothing is on. */
  eff: string;
  /** Character n-gram order. */
  nc: number;
  /** Word n-gram order (0: chrF, 2: chrF++). */
  nw: number;
  /** Whether whitespace counts as characters. */
  space: string;
  /** β, written only when it is not 2 (sacreBLEU names it in the score, chrF3, not here). */
  beta?: number;
  /** The implementation and its version. */
  version: string;
};

/**
 * The chrF signature as sacreBLEU writes it: references, case, effective order (`no` with eps
 * smoothing), character and word orders, whitespace and version. sacreBLEU shows β only in the
 * metric's name (`chrF3`); verdict adds `beta:B` before the version when β is not 2. Settings
 * left out take sacreBLEU's defaults.
 *
 * @example chrF2 and chrF++
 * ```ts
 * import { chrfSignature } from "./chrf_settings.ts";
 * import assert from "node:assert/strict";
 *
 * const sig = chrfSignature({ nrefs: 2 });
 * assert.match(`${sig}`, /^nrefs:2\|case:mixed\|eff:yes\|nc:6\|nw:0\|space:no\|version:verdict-/);
 * assert.equal(sig.fields.nc, 6);
 * assert.match(`${chrfSignature({ wordOrder: 2, beta: 3, lowercase: true })}`, /^case:lc\|eff:yes\|nc:6\|nw:2\|space:no\|beta:3\|version:/);
 * ```
 */
export function chrfSignature(
  settings: SignatureSettings & Partial<ChrfSettings> = {},
): Signature<ChrfSignatureFields> {
  const beta = settings.beta ?? 2;
  return new Signature<ChrfSignatureFields>({
    nrefs: settings.nrefs,
    case: settings.lowercase ? "lc" : "mixed",
    eff: settings.epsSmoothing ? "no" : "yes",
    nc: settings.charOrder ?? 6,
    nw: settings.wordOrder ?? 0,
    space: settings.whitespace ? "yes" : "no",
    beta: beta === 2 ? undefined : beta,
    version: `verdict-${VERDICT_VERSION}`,
  });
}
