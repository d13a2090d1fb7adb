/**
 * sacreBLEU's `zh` tokenizer, as it behaves (quirks included).
 *
 * @module
 */

import { pySplit, pyStrip } from "./python_strings.ts";
import { applyMtevalRules } from "./_mteval_rules.ts";

// The code point ranges sacreBLEU treats as "Chinese" characters, each split off as a token.
// Two of its entries are written with five hex digits (`'\u20000'`, `'\u2a6d6'`, `'\u2f800'`,
// `'\u2fa1d'`): in Python those are two-character strings, and comparing one character with them
// gives the ranges below. So the entry meant for CJK Extension B covers U+2001–U+2A6D (general
// punctuation, currency, arrows, mathematical operators…), the one meant for the Compatibility
// Supplement covers U+2F81–U+2FA1, and no character outside the BMP is ever split.
const RANGES: readonly (readonly [number, number])[] = [
  [0x3400, 0x4db5], // CJK Unified Ideographs Extension A
  [0x4e00, 0x9fa5], // CJK Unified Ideographs
  [0x9fa6, 0x9fbb], // CJK Unified Ideographs (Unicode 4.1)
  [0xf900, 0xfa2d], // CJK Compatibility Ideographs
  [0xfa30, 0xfa6a],
  [0xfa70, 0xfad9],
  [0x2001, 0x2a6d], // meant as Extension B (U+20000–U+2A6D6); see above
  [0x2f81, 0x2fa1], // meant as the Compatibility Supplement (U+2F800–U+2FA1D); see above
  [0xff00, 0xffef], // full-width ASCII and punctuation, half-width kana, Hangul
  [0x2e80, 0x2eff], // CJK Radicals Supplement
  [0x3000, 0x303f], // CJK punctuation
  [0x31c0, 0x31ef], // CJK strokes
  [0x2f00, 0x2fdf], // Kangxi Radicals
  [0x2ff0, 0x2fff], // ideographic description characters
  [0x3100, 0x312f], // Bopomofo
  [0x31a0, 0x31bf], // Bopomofo Extended
  [0xfe10, 0xfe1f], // vertical forms
  [0xfe30, 0xfe4f], // CJK compatibility forms
  [0x2600, 0x26ff], // miscellaneous symbols
  [0x2700, 0x27bf], // dingbats
  [0x3200, 0x32ff], // enclosed CJK letters and months
  [0x3300, 0x33ff], // CJK compatibility
];

function splitOff(codePoint: number): boolean {
  return RANGES.some(([low, high]) => codePoint >= low && codePoint <= high);
}

/**
 * Tokenize one line the way sacreBLEU's `zh` tokenizer does: strip the line, put spaces around
 * every character in its "Chinese" ranges, then apply 13a's four punctuation rules. Unlike `13a`
 * it decodes no `&` entities, handles no `<skipped>` or hyphenated line breaks and adds no
 * padding, so a final `8.` stays one token and `&amp;` becomes `& amp ;`. Because of how two of
 * sacreBLEU's range bounds are written, characters from U+2001 to U+2A6D (dashes, curly quotes,
 * `…`, `€`, arrows, math operators) are split off like ideographs, while Extension B ideographs
 * such as 𠮷 (U+20BB7) are not.
 *
 * @example Chinese text and the range quirk
 * ```ts
 * import { tokenizeZh } from "./tokenize_zh.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(tokenizeZh("我爱北京。"), "我 爱 北 京 。");
 * assert.equal(tokenizeZh("“Hi”—50€"), "“ Hi ” — 50 €");
 * assert.equal(tokenizeZh("It costs 8."), "It costs 8.");
 * ```
 */
export function tokenizeZh(line: string): string {
  let spaced = "";
  for (const char of pyStrip(line)) {
    spaced += splitOff(char.codePointAt(0)!) ? ` ${char} ` : char;
  }
  return pySplit(applyMtevalRules(spaced)).join(" ");
}
