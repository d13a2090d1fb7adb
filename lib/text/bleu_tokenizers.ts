/**
 * The tokenizers BLEU can use, by sacreBLEU's names.
 *
 * @module
 */

import { tokenize13a } from "./tokenize_13a.ts";
import { tokenizeIntl } from "./tokenize_intl.ts";
import { tokenizeZh } from "./tokenize_zh.ts";

/** A BLEU tokenizer's name, as sacreBLEU names it (`--tokenize`). */
export type BleuTokenizer = "13a" | "none" | "intl" | "char" | "zh";

/**
 * Every code point a token (sacreBLEU's `char`): code points joined by spaces, so whitespace drops
 * out when BLEU splits the line and an emoji is one token.
 */
function tokenizeChar(line: string): string {
  return Array.from(line).join(" ");
}

/**
 * The BLEU tokenizers by name: each takes one line (already right-stripped and, for
 * case-insensitive BLEU, lowercased) and returns its tokens joined by spaces. `none` leaves the
 * line as it is (BLEU then splits it on whitespace). The tokenizers that need outside models or
 * dictionaries (`ja-mecab`, `ko-mecab`, `spm`, `flores101`, `flores200`) are not available.
 *
 * @example The same line, five ways
 * ```ts
 * import { BLEU_TOKENIZERS } from "./bleu_tokenizers.ts";
 * import assert from "node:assert/strict";
 *
 * const line = "Ça coûte 5€, n'est-ce pas?";
 * assert.equal(BLEU_TOKENIZERS["13a"](line), "Ça coûte 5€ , n'est-ce pas ?");
 * assert.equal(BLEU_TOKENIZERS.intl(line), "Ça coûte 5 € , n ' est - ce pas ?");
 * assert.equal(BLEU_TOKENIZERS.none(line), line);
 * assert.equal(BLEU_TOKENIZERS.char("ab c😀"), "a b   c 😀");
 * assert.equal(BLEU_TOKENIZERS.zh("北京,ok"), "北 京 , ok");
 * ```
 */
export const BLEU_TOKENIZERS: Readonly<Record<BleuTokenizer, (line: string) => string>> = Object
  .freeze({
    "13a": tokenize13a,
    none: (line: string) => line,
    intl: tokenizeIntl,
    char: tokenizeChar,
    zh: tokenizeZh,
  });

/**
 * The tokenizer names in the order help lists them.
 *
 * @example
 * ```ts
 * import { BLEU_TOKENIZER_NAMES } from "./bleu_tokenizers.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(BLEU_TOKENIZER_NAMES, ["13a", "none", "intl", "char", "zh"]);
 * ```
 */
export const BLEU_TOKENIZER_NAMES: readonly BleuTokenizer[] = Object.freeze(
  Object.keys(BLEU_TOKENIZERS) as BleuTokenizer[],
);
