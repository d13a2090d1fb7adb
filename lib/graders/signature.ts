/**
 * sacreBLEU-style signatures: the settings behind a figure as named fields, written as
 * `nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:verdict-0.1.0` beside every BLEU and chrF
 * figure.
 *
 * @module
 */

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

/**
 * The name sacreBLEU prints before a figure's signature: the metric's label, and for chrF its β
 * and word order from the signature (`chrF2`, `chrF2++`, `chrF3`), as in
 * `chrF2|nrefs:1|case:mixed|…|version:… = 58.31`.
 *
 * @example BLEU and chrF++
 * ```ts
 * import { sacrebleuName } from "./signature.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(sacrebleuName("BLEU", "nrefs:1|case:mixed|eff:no|tok:13a"), "BLEU");
 * assert.equal(sacrebleuName("chrF", "nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no"), "chrF2++");
 * assert.equal(sacrebleuName("chrF", "nc:6|nw:0|beta:3"), "chrF3");
 * ```
 */
export function sacrebleuName(label: string, signature: Signature | string): string {
  if (label !== "chrF") return label;
  const fields = Object.fromEntries(
    String(signature).split("|").map((
      f,
    ) => [f.slice(0, f.indexOf(":")), f.slice(f.indexOf(":") + 1)]),
  );
  return `chrF${fields.beta ?? "2"}${"+".repeat(Number(fields.nw ?? 0))}`;
}
