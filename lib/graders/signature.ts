/**
 * sacreBLEU-style signatures: the settings behind a figure as named fields, written as
 * `nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:verdict-0.1.0` beside every BLEU and chrF
 * figure.
 *
 * @module
 */

import { VERDICT_VERSION } from "./_version.ts";

/** The value of one signature field. */
export type SignatureValue = string | number;

/**
 * The settings behind a figure, as named fields in the order they are written. `toString()` (and
 * so a template string, and JSON) gives sacreBLEU's `key:value|key:value` form.
 *
 * @example Named fields and the text form
 * ```ts
 * import { Signature } from "./signature.ts";
 * import assert from "node:assert/strict";
 *
 * const sig = new Signature({ nrefs: 1, case: "mixed", tok: "13a" });
 * assert.equal(sig.fields.tok, "13a");
 * assert.equal(`${sig}`, "nrefs:1|case:mixed|tok:13a");
 * assert.equal(JSON.stringify({ sig }), '{"sig":"nrefs:1|case:mixed|tok:13a"}');
 * ```
 */
export class Signature<F extends Record<string, SignatureValue> = Record<string, SignatureValue>> {
  /** The fields, in the order they are written. */
  readonly fields: Readonly<F>;

  /** A signature of these fields (fields whose value is undefined are left out). */
  constructor(fields: { [K in keyof F]: F[K] | undefined }) {
    const kept = Object.entries(fields).filter(([, v]) => v !== undefined);
    this.fields = Object.freeze(Object.fromEntries(kept)) as Readonly<F>;
  }

  /** The field's value, or undefined when the signature does not have it. */
  get(name: string): SignatureValue | undefined {
    return Object.hasOwn(this.fields, name) ? this.fields[name] : undefined;
  }

  /** sacreBLEU's text form: `key:value` joined by `|`. */
  toString(): string {
    return Object.entries(this.fields).map(([k, v]) => `${k}:${v}`).join("|");
  }

  /** JSON keeps the text form, as sacreBLEU's JSON output does. */
  toJSON(): string {
    return this.toString();
  }
}

/**
 * The `nrefs` field of a signature: the number of references when every segment has the same
 * number, otherwise `"var"`.
 *
 * @example Equal and unequal reference counts
 * ```ts
 * import { nrefsLabel } from "./signature.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(nrefsLabel([2, 2, 2]), 2);
 * assert.equal(nrefsLabel([1, 2]), "var");
 * ```
 */
export function nrefsLabel(referenceCounts: readonly number[]): number | "var" {
  if (referenceCounts.length === 0) return "var";
  const first = referenceCounts[0];
  return referenceCounts.every((n) => n === first) ? first : "var";
}

/** What a BLEU or chrF signature needs to know beyond the fixed settings. */
export interface SignatureSettings {
  /** References per segment, or `"var"`. Left out of the signature when undefined. */
  nrefs?: number | "var";
}

/** The fields of a BLEU signature, in sacreBLEU's order. */
export type BleuSignatureFields = {
  /** References per segment, or `var` (left out when unknown). */
  nrefs: number | "var";
  /** `mixed`: case-sensitive. */
  case: string;
  /** Effective order: `yes` (sentence BLEU) or `no` (corpus BLEU). */
  eff: string;
  /** The tokenizer. */
  tok: string;
  /** The smoothing method. */
  smooth: string;
  /** The implementation and its version. */
  version: string;
};

/** The fields of a chrF signature, in sacreBLEU's order. */
export type ChrfSignatureFields = {
  /** References per segment, or `var` (left out when unknown). */
  nrefs: number | "var";
  /** `mixed`: case-sensitive. */
  case: string;
  /** Effective order (always `yes` for chrF). */
  eff: string;
  /** Character n-gram order. */
  nc: number;
  /** Word n-gram order (0: chrF, 2: chrF++). */
  nw: number;
  /** Whether whitespace counts as characters. */
  space: string;
  /** The implementation and its version. */
  version: string;
};

/**
 * The BLEU signature: references per segment, case handling, effective order, tokenizer,
 * smoothing and version, as sacreBLEU writes it (with verdict's version).
 *
 * @example Sentence and corpus BLEU signatures
 * ```ts
 * import { bleuSignature } from "./signature.ts";
 * import assert from "node:assert/strict";
 *
 * const sentence = bleuSignature({ nrefs: 1, effectiveOrder: true });
 * assert.match(`${sentence}`, /^nrefs:1\|case:mixed\|eff:yes\|tok:13a\|smooth:exp\|version:verdict-/);
 * assert.equal(sentence.fields.eff, "yes");
 * assert.match(`${bleuSignature({ nrefs: "var", effectiveOrder: false })}`, /^nrefs:var\|case:mixed\|eff:no\|/);
 * ```
 */
export function bleuSignature(
  settings: SignatureSettings & { effectiveOrder: boolean },
): Signature<BleuSignatureFields> {
  return new Signature<BleuSignatureFields>({
    nrefs: settings.nrefs,
    case: "mixed",
    eff: settings.effectiveOrder ? "yes" : "no",
    tok: "13a",
    smooth: "exp",
    version: `verdict-${VERDICT_VERSION}`,
  });
}

/**
 * The chrF signature (chrF2: character order 6, word order 0, whitespace removed).
 *
 * @example A chrF signature
 * ```ts
 * import { chrfSignature } from "./signature.ts";
 * import assert from "node:assert/strict";
 *
 * const sig = chrfSignature({ nrefs: 2 });
 * assert.match(`${sig}`, /^nrefs:2\|case:mixed\|eff:yes\|nc:6\|nw:0\|space:no\|version:verdict-/);
 * assert.equal(sig.fields.nc, 6);
 * ```
 */
export function chrfSignature(settings: SignatureSettings = {}): Signature<ChrfSignatureFields> {
  return new Signature<ChrfSignatureFields>({
    nrefs: settings.nrefs,
    case: "mixed",
    eff: "yes",
    nc: 6,
    nw: 0,
    space: "no",
    version: `verdict-${VERDICT_VERSION}`,
  });
}
