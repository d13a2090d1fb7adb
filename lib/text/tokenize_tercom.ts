/**
 * The Tercom tokenizer as sacreBLEU 2.6.0 re-implements it for TER, on Python string semantics.
 *
 * @module
 */

import { asciiTextBytes } from "./_ascii_text_bytes.ts";
import { isPyWhitespace, pySplit } from "./python_strings.ts";
import { plainWordsOf } from "./tokenize_13a.ts";
import {
  ASCII_SYMBOL,
  DASH_AFTER_DIGIT,
  PUNCT_AFTER_NON_DIGIT,
  PUNCT_BEFORE_NON_DIGIT,
} from "./_mteval_rules.ts";

/** Settings of {@link tokenizeTercom}, as sacreBLEU's TER options (all false by default). */
export interface TercomOptions {
  /** Tokenize punctuation and decode `&quot; &amp; &lt; &gt;` (Tercom's `-N`). */
  normalized?: boolean;
  /** Delete `. , ? : ; ! " ( )` (and CJK punctuation with `asianSupport`). */
  noPunct?: boolean;
  /** With `normalized` or `noPunct`: split CJK characters, tokenize or delete CJK punctuation. */
  asianSupport?: boolean;
  /** Keep case (otherwise everything is lowercased). */
  caseSensitive?: boolean;
}

const ASIAN_PUNCT = /([\u3001\u3002\u3008-\u3011\u3014-\u301f\uff61-\uff65\u30fb])/gu;
const FULL_WIDTH_PUNCT = /([\uff0e\uff0c\uff1f\uff1a\uff1b\uff01\uff02\uff08\uff09])/gu;

// Split off, each as a token: CJK ideographs and Extension A; strokes and radicals; CJK
// compatibility characters, ideographs and forms; and U+3200–U+3F22 (sacreBLEU's bound, which
// runs past the Enclosed CJK block into Extension A).
const CJK_SPLITS = [
  /([\u4e00-\u9fff\u3400-\u4dbf])/gu,
  /([\u31c0-\u31ef\u2e80-\u2eff])/gu,
  /([\u3300-\u33ff\uf900-\ufaff\ufe30-\ufe4f])/gu,
  /([\u3200-\u3f22])/gu,
];
// Hiragana, Katakana and the Katakana extensions are split only as a run anchored at the start
// of the line and followed by its end. After normalization pads the line with spaces these never
// match; they are kept so that the rules read as sacreBLEU's do.
const KANA_RUNS = [
  /(^|^[\u3040-\u309f])([\u3040-\u309f]+)(?=$|^[\u3040-\u309f])/gu,
  /(^|^[\u30a0-\u30ff])([\u30a0-\u30ff]+)(?=$|^[\u30a0-\u30ff])/gu,
  /(^|^[\u31f0-\u31ff])([\u31f0-\u31ff]+)(?=$|^[\u31f0-\u31ff])/gu,
];
const PUNCT_TO_DELETE = /[.,?:;!"()]/gu;

function normalizeWestern(line: string): string {
  let s = line.replaceAll("\n-", "").replaceAll("\n", " ");
  s = s.replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");
  s = ` ${s} `.replace(ASCII_SYMBOL, " $1 ");
  // Possessives: 's becomes a token of its own.
  s = s.replaceAll("'s ", " 's ").replace(/'s$/u, " 's");
  return s.replace(PUNCT_AFTER_NON_DIGIT, "$1 $2 ")
    .replace(PUNCT_BEFORE_NON_DIGIT, " $1 $2")
    .replace(DASH_AFTER_DIGIT, "$1 $2 ");
}

function normalizeAsian(line: string): string {
  let s = line;
  for (const re of CJK_SPLITS) s = s.replace(re, " $1 ");
  for (const re of KANA_RUNS) s = s.replace(re, "$1 $2 ");
  return s.replace(ASIAN_PUNCT, " $1 ").replace(FULL_WIDTH_PUNCT, " $1 ");
}

/**
 * Tokenize one line the way sacreBLEU's Tercom tokenizer does for TER and return the tokens joined
 * by single spaces: lowercase unless `caseSensitive`; with `normalized`, join hyphenated line
 * breaks, decode four entities, split ASCII punctuation, possessive `'s`, and `.` `,` unless next
 * to a digit (and with `asianSupport`, CJK characters and punctuation); with `noPunct`, delete
 * `. , ? : ; ! " ( )` (and CJK punctuation with `asianSupport`). With no option set it only
 * lowercases. TER calls it on the right-stripped segment.
 *
 * @example Default, normalized and without punctuation
 * ```ts
 * import { tokenizeTercom } from "./tokenize_tercom.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(tokenizeTercom("John's CAT, ok?"), "john's cat, ok?");
 * assert.equal(tokenizeTercom("John's CAT, ok?", { normalized: true }), "john 's cat , ok ?");
 * assert.equal(tokenizeTercom("John's CAT, ok?", { noPunct: true, caseSensitive: true }), "John's CAT ok");
 * assert.equal(tokenizeTercom("我们走。", { normalized: true, asianSupport: true }), "我 们 走 。");
 * ```
 */
export function tokenizeTercom(line: string, options: TercomOptions = {}): string {
  if (line === "") return "";
  let s = options.caseSensitive ? line : line.toLowerCase();
  if (options.normalized) {
    s = normalizeWestern(s);
    if (options.asianSupport) s = normalizeAsian(s);
  }
  if (options.noPunct) {
    s = s.replace(PUNCT_TO_DELETE, "");
    if (options.asianSupport) s = s.replace(ASIAN_PUNCT, "").replace(FULL_WIDTH_PUNCT, "");
  }
  return wordsJoined(s);
}

/** Printable ASCII words, one space between two. */
const SINGLE_SPACED = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;
/** Printable ASCII and spaces only (where Python's whitespace is the space alone). */
const PRINTABLE = /^[\x20-\x7e]*$/;
const SPACE_RUNS = / {2,}/g;

/**
 * `pySplit(s).join(" ")`: `s` itself when it is already so (printable ASCII whose spaces are
 * single and inside, the usual case); on other printable ASCII, trimmed with its runs of spaces
 * made single (the space is its only whitespace); else split as Python splits.
 */
function wordsJoined(s: string): string {
  if (SINGLE_SPACED.test(s)) return s;
  if (PRINTABLE.test(s)) return s.trim().replace(SPACE_RUNS, " ");
  return pySplit(s).join(" ");
}

/** Per ASCII code: 0 for Python's whitespace (U+0009–U+000D, U+001C–U+0020), else 1. */
const ASCII_WORD_CHAR = new Uint8Array(128).map((_, c) =>
  (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20) ? 0 : 1
);
/** Longer texts are counted on their characters (no byte copy kept that large). */
const MAX_ASCII_COUNTED = 1 << 16;

/**
 * How many tokens {@link tokenizeTercom} gives for `line` when neither `normalized` nor
 * `noPunct` is set: its runs of characters other than Python whitespace, counted without making
 * the tokens. Lowercasing turns no character into whitespace or whitespace into anything else, so
 * the count is the same with or without `caseSensitive` (and `asianSupport` alone changes
 * nothing).
 *
 * @example Runs between any Python whitespace
 * ```ts
 * import { tercomWordCount } from "./tokenize_tercom.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(tercomWordCount("The cat,\tsat.  "), 3);
 * assert.equal(tercomWordCount("a\u00a0b\u3000c"), 3);
 * assert.equal(tercomWordCount(" \n "), 0);
 * ```
 */
export function tercomWordCount(line: string): number {
  // BLEU may have just counted the line (its quick 13a count tells its words apart).
  const known = plainWordsOf(line);
  if (known >= 0) return known;
  const length = line.length;
  if (length <= MAX_ASCII_COUNTED) {
    // An ASCII line's bytes (shared with the other scanners that read it) are read through a
    // table (whitespace 0, else 1), a word counted where one starts.
    const bytes = asciiTextBytes(line);
    if (bytes !== undefined) {
      let words = 0;
      let inWord = 0;
      for (let i = 0; i < length; i++) {
        const word = ASCII_WORD_CHAR[bytes[i]];
        words += word & ~inWord;
        inWord = word;
      }
      return words;
    }
  }
  // Other texts by code unit: ASCII through the table, the rest (rarely whitespace) checked.
  let words = 0;
  let inWord = 0;
  for (let i = 0; i < length; i++) {
    const c = line.charCodeAt(i);
    const word = c < 0x80 ? ASCII_WORD_CHAR[c] : isPyWhitespace(line, i) ? 0 : 1;
    words += word & ~inWord;
    inWord = word;
  }
  return words;
}
