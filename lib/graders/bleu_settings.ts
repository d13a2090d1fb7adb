/**
 * BLEU's settings, as sacreBLEU 2.6.0 names and defaults them, and the signature that writes them
 * beside every BLEU figure.
 *
 * @module
 */

import { BLEU_TOKENIZER_NAMES } from "../text/mod.ts";
import type { OptionsOf, OptionsSchema } from "./options.ts";
import { Signature, type SignatureSettings } from "./signature.ts";
import { VERDICT_VERSION } from "./_version.ts";

/** The smoothing methods, with the value each uses when `smoothValue` is null. */
export const BLEU_SMOOTH_DEFAULTS = Object.freeze(
  {
    exp: null,
    floor: 0.1,
    "add-k": 1,
    none: null,
  } as const,
);

/** A BLEU smoothing method (sacreBLEU's `smooth_method`). */
export type BleuSmoothMethod = keyof typeof BLEU_SMOOTH_DEFAULTS;

/**
 * BLEU's settings as data: the BLEU grader's options schema, also checked by `sentenceBleu`,
 * `corpusBleu` and `bleuStats`. Defaults are sacreBLEU 2.6.0's.
 */
export const BLEU_OPTIONS = {
  tokenize: {
    type: "enum",
    values: BLEU_TOKENIZER_NAMES,
    default: "13a",
    help: "sacreBLEU's tokenizer: 13a (mteval), none, intl (Unicode punctuation and symbols), " +
      "char (every character), zh (Chinese characters)",
  },
  lowercase: {
    type: "boolean",
    default: false,
    help: "lowercase hypotheses and references first (signature case:lc)",
  },
  smoothMethod: {
    type: "enum",
    values: Object.keys(BLEU_SMOOTH_DEFAULTS) as BleuSmoothMethod[],
    default: "exp",
    help: "precision of an order with no matches: exp (1/2^k), floor (smoothValue), " +
      "add-k (k added to matches and totals of orders 2 and up) or none (0)",
  },
  smoothValue: {
    type: "number",
    minimum: 0,
    nullable: true,
    default: null,
    help: "floor's value (null: 0.1) or add-k's k (null: 1); exp and none ignore it",
  },
  maxNgramOrder: {
    type: "integer",
    minimum: 1,
    default: 4,
    help: "the longest n-gram counted",
  },
  effectiveOrder: {
    type: "boolean",
    nullable: true,
    default: null,
    help: "average only over the orders the hypothesis has n-grams for; null: yes for " +
      "sentence scores, no for corpus figures (sacreBLEU's sentence_bleu and corpus_bleu)",
  },
} as const satisfies OptionsSchema;

/**
 * Settings of `sentenceBleu`, `corpusBleu` and the BLEU grader, all optional (see
 * {@link BLEU_OPTIONS} for each one's meaning and default).
 */
export type BleuOptions = Partial<OptionsOf<typeof BLEU_OPTIONS>>;

/** Every BLEU setting decided, as one figure was computed with. */
export type BleuSettings = Omit<OptionsOf<typeof BLEU_OPTIONS>, "effectiveOrder"> & {
  /** Whether this figure averaged over the hypothesis's own orders only. */
  effectiveOrder: boolean;
};

/** The fields of a BLEU signature, in sacreBLEU's order. */
export type BleuSignatureFields = {
  /** References per segment, or `var` (left out when unknown). */
  nrefs: number | "var";
  /** `mixed`: case-sensitive; `lc`: lowercased. */
  case: string;
  /** Effective order: `yes` or `no`. */
  eff: string;
  /** The tokenizer. */
  tok: string;
  /** The smoothing method, with its value in brackets for floor and add-k (`floor[0.10]`). */
  smooth: string;
  /** The maximum n-gram order, written only when it is not 4 (sacreBLEU never writes it). */
  ngram?: number;
  /** The implementation and its version. */
  version: string;
};

/**
 * A smoothing value as sacreBLEU writes it, with two decimals (`0.10`, `1.00`) — unless two
 * decimals would change it (`0.005`, `0.125`), where sacreBLEU's text would name another value:
 * then all its digits.
 */
function smoothText(value: number): string {
  const twoDecimals = value.toFixed(2);
  return Number(twoDecimals) === value ? twoDecimals : String(value);
}

/**
 * The BLEU signature: references per segment, case, effective order, tokenizer, smoothing (with
 * its value for floor and add-k, two decimals) and version, as sacreBLEU writes it. Where two
 * decimals would not be the value used (0.005), verdict writes all its digits. sacreBLEU
 * leaves the n-gram order out of its signature; verdict adds `ngram:N` before the version when the
 * order is not 4, so that a BLEU-2 figure cannot pass for BLEU-4. Settings left out take
 * sacreBLEU's defaults.
 *
 * @example Default and changed settings
 * ```ts
 * import { bleuSignature } from "./bleu_settings.ts";
 * import assert from "node:assert/strict";
 *
 * const sentence = bleuSignature({ nrefs: 1, effectiveOrder: true });
 * assert.match(`${sentence}`, /^nrefs:1\|case:mixed\|eff:yes\|tok:13a\|smooth:exp\|version:verdict-/);
 * const changed = bleuSignature({ effectiveOrder: false, tokenize: "intl", lowercase: true, smoothMethod: "floor", maxNgramOrder: 2 });
 * assert.match(`${changed}`, /^case:lc\|eff:no\|tok:intl\|smooth:floor\[0\.10\]\|ngram:2\|version:/);
 * assert.equal(changed.fields.smooth, "floor[0.10]");
 * ```
 */
export function bleuSignature(
  settings: SignatureSettings & Partial<BleuSettings> & { effectiveOrder: boolean },
): Signature<BleuSignatureFields> {
  const method = settings.smoothMethod ?? "exp";
  const value = settings.smoothValue ?? BLEU_SMOOTH_DEFAULTS[method];
  const order = settings.maxNgramOrder ?? 4;
  return new Signature<BleuSignatureFields>({
    nrefs: settings.nrefs,
    case: settings.lowercase ? "lc" : "mixed",
    eff: settings.effectiveOrder ? "yes" : "no",
    tok: settings.tokenize ?? "13a",
    smooth: value === null ? method : `${method}[${smoothText(value)}]`,
    ngram: order === 4 ? undefined : order,
    version: `verdict-${VERDICT_VERSION}`,
  });
}
