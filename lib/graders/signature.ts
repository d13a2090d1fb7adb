/**
 * sacreBLEU-style signature strings that name the settings beside every BLEU and chrF figure.
 *
 * @module
 */

import { VERDICT_VERSION } from "./_version.ts";

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

function withNrefs(nrefs: number | "var" | undefined, rest: string): string {
  return nrefs === undefined ? rest : `nrefs:${nrefs}|${rest}`;
}

/**
 * The BLEU signature: references per segment, case handling, effective order, tokenizer,
 * smoothing and version, as sacreBLEU writes it (with verdict's version).
 *
 * @example Sentence and corpus BLEU signatures
 * ```ts
 * import { bleuSignature } from "./signature.ts";
 * import assert from "node:assert/strict";
 *
 * assert.match(bleuSignature({ nrefs: 1, effectiveOrder: true }), /^nrefs:1\|case:mixed\|eff:yes\|tok:13a\|smooth:exp\|version:verdict-/);
 * assert.match(bleuSignature({ nrefs: "var", effectiveOrder: false }), /^nrefs:var\|case:mixed\|eff:no\|/);
 * ```
 */
export function bleuSignature(settings: SignatureSettings & { effectiveOrder: boolean }): string {
  const eff = settings.effectiveOrder ? "yes" : "no";
  return withNrefs(
    settings.nrefs,
    `case:mixed|eff:${eff}|tok:13a|smooth:exp|version:verdict-${VERDICT_VERSION}`,
  );
}

/**
 * The chrF signature (chrF2: character order 6, word order 0, whitespace removed).
 *
 * @example A chrF signature
 * ```ts
 * import { chrfSignature } from "./signature.ts";
 * import assert from "node:assert/strict";
 *
 * assert.match(chrfSignature({ nrefs: 2 }), /^nrefs:2\|case:mixed\|eff:yes\|nc:6\|nw:0\|space:no\|version:verdict-/);
 * ```
 */
export function chrfSignature(settings: SignatureSettings = {}): string {
  return withNrefs(
    settings.nrefs,
    `case:mixed|eff:yes|nc:6|nw:0|space:no|version:verdict-${VERDICT_VERSION}`,
  );
}
