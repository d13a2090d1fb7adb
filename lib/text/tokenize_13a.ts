/**
 * sacreBLEU's default `13a` tokenizer (the mteval-v13a rules), reproduced on Python string
 * semantics so that BLEU matches sacreBLEU token for token.
 *
 * @module
 */

import { isPyWhitespace, pySplit } from "./python_strings.ts";
import { applyMtevalRules } from "./_mteval_rules.ts";

/** The line with `<skipped>` dropped, hyphenated line breaks joined and four entities decoded. */
function prepared(line: string): string {
  let s = line;
  if (s.includes("<skipped>")) s = s.replaceAll("<skipped>", "");
  if (s.includes("\n")) s = s.replaceAll("-\n", "").replaceAll("\n", " ");
  if (s.includes("&")) {
    s = s.replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">");
  }
  return s;
}

// Whitespace-separated pieces of a line are tokenized one by one: every rule looks at two
// neighbouring characters at most, and whitespace is neither a digit, nor `.`, `,` or `-`, nor
// ever taken as the second character of a match that could start another, so no match reaches
// across it. A piece none of whose characters a rule touches (no ASCII symbol, `.`, `,` or `-`)
// is one token as it is; a piece whose only such character is one `.` or `,` at its end loses it
// as a token of its own (split off after a non-digit, or before the space that follows it); the
// others go through the rules and are remembered, as words repeat.
const PIECE_CACHE_LIMIT = 4096;
let pieces = new Map<string, readonly string[]>();
let older = new Map<string, readonly string[]>();

/** ASCII characters some rule acts on: the symbols, `.`, `,` and `-`. */
const TOUCHED = new Uint8Array(128);
for (let c = 0x21; c < 0x7f; c++) {
  const symbol = (c >= 0x21 && c <= 0x2f && c !== 0x27) || (c >= 0x3a && c <= 0x40) ||
    (c >= 0x5b && c <= 0x60) || (c >= 0x7b && c <= 0x7e);
  TOUCHED[c] = symbol ? 1 : 0;
}

function pieceTokens(piece: string): readonly string[] {
  let tokens = pieces.get(piece);
  if (tokens !== undefined) return tokens;
  tokens = older.get(piece) ?? pySplit(applyMtevalRules(` ${piece} `));
  if (pieces.size >= PIECE_CACHE_LIMIT) {
    older = pieces;
    pieces = new Map();
  }
  pieces.set(piece, tokens);
  return tokens;
}

/**
 * The tokens of one line under sacreBLEU's `13a` rules, as a list: what {@link tokenize13a}
 * joins with spaces.
 *
 * @example
 * ```ts
 * import { tokens13a } from "./tokenize_13a.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(tokens13a("It costs $1,234.56, ok?"), ["It", "costs", "$", "1,234.56", ",", "ok", "?"]);
 * ```
 */
export function tokens13a(line: string): string[] {
  const s = prepared(line);
  const out: string[] = [];
  let start = -1;
  // Touched characters seen in the current piece, and where the last one was.
  let touched = 0;
  let lastTouched = -1;
  for (let i = 0; i <= s.length; i++) {
    const c = s.charCodeAt(i);
    // Printable ASCII (most characters) is never whitespace; the end closes the last piece.
    const space = i === s.length || ((c <= 0x20 || c >= 0x7f) && isPyWhitespace(s, i));
    if (!space) {
      if (start < 0) {
        start = i;
        touched = 0;
      }
      if (c < 0x80 && TOUCHED[c] === 1) {
        touched++;
        lastTouched = i;
      }
      continue;
    }
    if (start < 0) continue;
    if (touched === 0) out.push(s.slice(start, i));
    else if (
      touched === 1 && lastTouched === i - 1 && i - start > 1 &&
      (s.charCodeAt(i - 1) === 0x2e || s.charCodeAt(i - 1) === 0x2c)
    ) {
      out.push(s.slice(start, i - 1), s[i - 1]);
    } else for (const token of pieceTokens(s.slice(start, i))) out.push(token);
    start = -1;
  }
  return out;
}

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
  return tokens13a(line).join(" ");
}
