/**
 * sacreBLEU's `intl` tokenizer (mteval-v14's international tokenization), on Python string
 * semantics.
 *
 * @module
 */

import { pySplit } from "./python_strings.ts";

// Unicode general categories, as Python's `regex` module reads `\p{…}`: P punctuation, S symbol,
// N number. The `u` flag makes JavaScript match whole code points with the same classes.
const PUNCT_AFTER_NON_NUMBER = /(\P{N})(\p{P})/gu;
const PUNCT_BEFORE_NON_NUMBER = /(\p{P})(\P{N})/gu;
const SYMBOL = /(\p{S})/gu;

/**
 * Tokenize one line the way sacreBLEU's `intl` tokenizer does: Unicode punctuation is split off
 * unless it sits between two numbers (`1,024` and `3.5` stay whole), every Unicode symbol
 * (currency, math, arrows, emoji) becomes a token of its own, then whitespace is collapsed.
 * Apostrophes count as punctuation (`It's` becomes `It ' s`). There is no entity decoding and no
 * padding.
 *
 * @example Unicode punctuation and symbols
 * ```ts
 * import { tokenizeIntl } from "./tokenize_intl.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(tokenizeIntl("«Bonjour», dit-il — 3,5 €!"), "« Bonjour » , dit - il — 3,5 € !");
 * assert.equal(tokenizeIntl("It's 1.08 👍"), "It ' s 1.08 👍");
 * ```
 */
export function tokenizeIntl(line: string): string {
  const s = line.replace(PUNCT_AFTER_NON_NUMBER, "$1 $2 ")
    .replace(PUNCT_BEFORE_NON_NUMBER, " $1 $2")
    .replace(SYMBOL, " $1 ");
  return pySplit(s).join(" ");
}
