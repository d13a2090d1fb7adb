/**
 * TER's settings, as sacreBLEU 2.6.0 names and defaults them, and the signature that writes them
 * beside every TER figure.
 *
 * @module
 */

import type { OptionsOf, OptionsSchema } from "./options.ts";
import { Signature, type SignatureSettings } from "./signature.ts";
import { VERDICT_VERSION } from "./_version.ts";

/**
 * TER's settings as data: the TER grader's options schema, also checked by `sentenceTer`,
 * `corpusTer` and `terStats`. Every one is off by default, as in sacreBLEU.
 */
export const TER_OPTIONS = {
  normalized: {
    type: "boolean",
    default: false,
    help: "tokenize punctuation, possessive 's and entities first (Tercom's -N)",
  },
  noPunct: {
    type: "boolean",
    default: false,
    help: 'delete . , ? : ; ! " ( ) before counting edits',
  },
  asianSupport: {
    type: "boolean",
    default: false,
    help: "with normalized or noPunct: split CJK characters, tokenize or delete CJK punctuation",
  },
  caseSensitive: {
    type: "boolean",
    default: false,
    help: "count a change of case as an edit (by default both sides are lowercased)",
  },
} as const satisfies OptionsSchema;

/** Settings of `sentenceTer`, `corpusTer` and the TER grader, all optional. */
export type TerOptions = Partial<OptionsOf<typeof TER_OPTIONS>>;

/** Every TER setting decided. */
export type TerSettings = OptionsOf<typeof TER_OPTIONS>;

/** The fields of a TER signature, in sacreBLEU's order. */
export type TerSignatureFields = {
  /** References per segment, or `var` (left out when unknown). */
  nrefs: number | "var";
  /** `lc`: case-insensitive (the default); `mixed`: case-sensitive. */
  case: string;
  /** The tokenizer: always `tercom`. */
  tok: string;
  /** Normalization: `yes` or `no`. */
  norm: string;
  /** Punctuation kept: `yes` (the default) or `no`. */
  punct: string;
  /** Asian support: `yes` or `no`. */
  asian: string;
  /** The implementation and its version. */
  version: string;
};

/**
 * The TER signature as sacreBLEU writes it: references, case (`lc` unless case-sensitive),
 * tokenizer, normalization, punctuation (`yes` when kept), Asian support and version.
 *
 * @example Default and changed settings
 * ```ts
 * import { terSignature } from "./ter_settings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.match(`${terSignature({ nrefs: 1 })}`, /^nrefs:1\|case:lc\|tok:tercom\|norm:no\|punct:yes\|asian:no\|version:verdict-/);
 * assert.match(`${terSignature({ normalized: true, noPunct: true, caseSensitive: true })}`, /^case:mixed\|tok:tercom\|norm:yes\|punct:no\|asian:no\|/);
 * ```
 */
export function terSignature(
  settings: SignatureSettings & Partial<TerSettings> = {},
): Signature<TerSignatureFields> {
  return new Signature<TerSignatureFields>({
    nrefs: settings.nrefs,
    case: settings.caseSensitive ? "mixed" : "lc",
    tok: "tercom",
    norm: settings.normalized ? "yes" : "no",
    punct: settings.noPunct ? "no" : "yes",
    asian: settings.asianSupport ? "yes" : "no",
    version: `verdict-${VERDICT_VERSION}`,
  });
}
