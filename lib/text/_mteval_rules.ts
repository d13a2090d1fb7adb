// The regular-expression rules that mteval's tokenizers share (sacreBLEU's `TokenizerRegexp`,
// used by 13a and zh; Tercom's normalizer uses the same rules with one of its own in between).
// Every class here is ASCII; with the `u` flag `[^0-9]` matches one code point, as in Python.

/**
 * ASCII symbols that become tokens of their own: `{ | } ~ [ \ ] ^ _ \``, space, `! " # $ % &`,
 * `( ) * +`, `: ; < = > ? @` and `/` (not `'`, `,`, `-` or `.`, which have rules of their own).
 */
export const ASCII_SYMBOL = /([\x7b-\x7e\x5b-\x60\x20-\x26\x28-\x2b\x3a-\x40\x2f])/gu;
/** A period or comma after a non-digit is split off. */
export const PUNCT_AFTER_NON_DIGIT = /([^0-9])([.,])/gu;
/** A period or comma before a non-digit is split off. */
export const PUNCT_BEFORE_NON_DIGIT = /([.,])([^0-9])/gu;
/** A hyphen after a digit is split off. */
export const DASH_AFTER_DIGIT = /([0-9])(-)/gu;

/** The four rules in sacreBLEU's order (each a global, non-overlapping substitution). */
export function applyMtevalRules(line: string): string {
  return line.replace(ASCII_SYMBOL, " $1 ")
    .replace(PUNCT_AFTER_NON_DIGIT, "$1 $2 ")
    .replace(PUNCT_BEFORE_NON_DIGIT, " $1 $2")
    .replace(DASH_AFTER_DIGIT, "$1 $2 ");
}
