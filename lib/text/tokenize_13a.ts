/**
 * sacreBLEU's default `13a` tokenizer (the mteval-v13a rules), reproduced on Python string
 * semantics so that BLEU matches sacreBLEU token for token.
 *
 * @module
 */

import { pySplit } from "./python_strings.ts";

// ASCII symbols that become tokens of their own: { | } ~ [ \ ] ^ _ ` space ! " # $ % & ( ) * + : ; < = > ? @ /
// (not ' , - or . which have their own rules below).
const SYMBOL = /([\x7b-\x7e\x5b-\x60\x20-\x26\x28-\x2b\x3a-\x40\x2f])/gu;
// A period or comma after a non-digit, or before a non-digit, is split off.
const PUNCT_AFTER_NON_DIGIT = /([^0-9])([.,])/gu;
const PUNCT_BEFORE_NON_DIGIT = /([.,])([^0-9])/gu;
// A hyphen after a digit is split off.
const DASH_AFTER_DIGIT = /([0-9])(-)/gu;

/**
 * Tokenize one line the way sacreBLEU's `13a` tokenizer does and return the tokens joined by
 * single spaces. Apostrophes, non-ASCII punctuation and unspaced CJK text are not split; a `.`
 * or `,` between two digits stays attached; `&quot;`, `&amp;`, `&lt;` and `&gt;` are decoded
 * once. BLEU calls it on the right-stripped segment.
 *
 * @example Tokenize a sentence with numbers and an apostrophe
 * ```ts
 * import { tokenize13a } from "./tokenize_13a.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(tokenize13a("It's $1,234.56 (approx.)!"), "It's $ 1,234.56 ( approx . ) !");
 * assert.equal(tokenize13a("pages 10-12, ok"), "pages 10 - 12 , ok");
 * ```
 */
export function tokenize13a(line: string): string {
  let s = line.replaceAll("<skipped>", "").replaceAll("-\n", "").replaceAll("\n", " ");
  if (s.includes("&")) {
    s = s.replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">");
  }
  s = ` ${s} `;
  s = s.replace(SYMBOL, " $1 ");
  s = s.replace(PUNCT_AFTER_NON_DIGIT, "$1 $2 ");
  s = s.replace(PUNCT_BEFORE_NON_DIGIT, " $1 $2");
  s = s.replace(DASH_AFTER_DIGIT, "$1 $2 ");
  return pySplit(s).join(" ");
}
