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

/** FNV-1a's 32-bit offset basis (as an int32) and prime. */
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * Where the tokens of a line are, as {@link spans13a} leaves them: token k is
 * `text.slice(start[k], end[k])` when `start[k] >= 0`, else `loose[end[k]]` (a token the mteval
 * rules made, which is not a piece of the text as it is). Reused from line to line, so that
 * counting tokens needs no string for most of them. A span's `hash[k]` is the 32-bit FNV-1a of
 * its UTF-16 code units, worked out during the scan (the hash `SymbolTable` in
 * lib/graders/_ngram_ids.ts uses, so that numbering the tokens needs no second pass over them).
 */
export class Spans13a {
  /** The line with `<skipped>`, line breaks and the four entities dealt with. */
  text = "";
  /** How many tokens. */
  count = 0;
  /** Where each token starts in `text`, or -1 for a token of `loose`. */
  start: Int32Array<ArrayBuffer> = new Int32Array(64);
  /** Where each token ends in `text`, or its index in `loose`. */
  end: Int32Array<ArrayBuffer> = new Int32Array(64);
  /** Each span's FNV-1a hash (0 for a token of `loose`). */
  hash: Int32Array<ArrayBuffer> = new Int32Array(64);
  /** Tokens the rules made. */
  loose: string[] = [];

  /** Token k as a string. */
  token(k: number): string {
    const start = this.start[k];
    return start >= 0 ? this.text.slice(start, this.end[k]) : this.loose[this.end[k]];
  }

  /**
   * Whether token `k` is the same text as token `j` of `other` (compared where they lie, no
   * string made for a span).
   *
   * @example The same word in two lines
   * ```ts
   * import { Spans13a, spans13a } from "./tokenize_13a.ts";
   * import assert from "node:assert/strict";
   *
   * const a = new Spans13a();
   * const b = new Spans13a();
   * spans13a("a cat.", a);
   * spans13a("the cat (cat)", b);
   * assert.equal(a.sameToken(1, b, 1), true);
   * assert.equal(a.sameToken(1, b, 3), true); // "cat" made by the rules from "(cat)"
   * assert.equal(a.sameToken(2, b, 2), false);
   * ```
   */
  sameToken(k: number, other: Spans13a, j: number): boolean {
    const start = this.start[k];
    const otherStart = other.start[j];
    if (start < 0 || otherStart < 0) return this.token(k) === other.token(j);
    const length = this.end[k] - start;
    if (other.end[j] - otherStart !== length) return false;
    const text = this.text;
    const otherText = other.text;
    for (let i = 0; i < length; i++) {
      if (text.charCodeAt(start + i) !== otherText.charCodeAt(otherStart + i)) return false;
    }
    return true;
  }
}

function push(spans: Spans13a, start: number, end: number, hash: number): void {
  const k = spans.count++;
  if (k === spans.start.length) {
    const grownStart = new Int32Array(2 * k);
    const grownEnd = new Int32Array(2 * k);
    const grownHash = new Int32Array(2 * k);
    grownStart.set(spans.start);
    grownEnd.set(spans.end);
    grownHash.set(spans.hash);
    spans.start = grownStart;
    spans.end = grownEnd;
    spans.hash = grownHash;
  }
  spans.start[k] = start;
  spans.end[k] = end;
  spans.hash[k] = hash;
}

/**
 * The tokens of one line under sacreBLEU's `13a` rules, as spans of the line written into
 * `spans` (what {@link tokens13a} gives as strings).
 *
 * @example Spans of a line, and a token the rules made
 * ```ts
 * import { Spans13a, spans13a } from "./tokenize_13a.ts";
 * import assert from "node:assert/strict";
 *
 * const spans = new Spans13a();
 * spans13a("Costs $5, ok.", spans);
 * assert.equal(spans.count, 6);
 * assert.deepEqual([spans.start[0], spans.end[0]], [0, 5]);
 * assert.deepEqual(Array.from({ length: spans.count }, (_, k) => spans.token(k)), ["Costs", "$", "5", ",", "ok", "."]);
 * ```
 */
export function spans13a(line: string, spans: Spans13a): void {
  // A line without `<`, `&` or a line break is as `prepared` would leave it (most lines): it is
  // scanned as it is, and `prepared` runs only when the scan meets one of them.
  if (!scan(line, spans, true)) scan(prepared(line), spans, false);
}

/**
 * {@link spans13a} of `s`, a line as `prepared` leaves it; when `untouched` (the line not yet
 * through `prepared`), false as soon as a character `prepared` may change (`<`, `&`, a line
 * break) comes up, the spans then being for the caller to redo.
 */
function scan(s: string, spans: Spans13a, untouched: boolean): boolean {
  spans.text = s;
  spans.count = 0;
  spans.loose.length = 0;
  const length = s.length;
  let start = -1;
  // Touched characters seen in the current piece, and where the last one was.
  let touched = 0;
  let lastTouched = -1;
  // The piece's hash so far, and before its last character.
  let hash = FNV_OFFSET;
  let before = FNV_OFFSET;
  for (let i = 0; i < length; i++) {
    const c = s.charCodeAt(i);
    // Printable ASCII (most characters) is never whitespace.
    if (c > 0x20 && c < 0x7f) {
      if (start < 0) {
        start = i;
        touched = 0;
        hash = FNV_OFFSET;
      }
      if (TOUCHED[c] === 1) {
        if (untouched && (c === 0x3c || c === 0x26)) return false;
        touched++;
        lastTouched = i;
      }
      before = hash;
      hash = Math.imul(hash ^ c, FNV_PRIME);
    } else if (c === 0x0a && untouched) return false;
    else if (!isPyWhitespace(s, i)) {
      if (start < 0) {
        start = i;
        touched = 0;
        hash = FNV_OFFSET;
      }
      before = hash;
      hash = Math.imul(hash ^ c, FNV_PRIME);
    } else if (start >= 0) {
      closePiece(spans, s, start, i, touched, lastTouched, hash, before);
      start = -1;
    }
  }
  if (start >= 0) closePiece(spans, s, start, length, touched, lastTouched, hash, before);
  return true;
}

/**
 * Whether the piece `s.slice(start, end)`, whose one touched character is its last, is a word
 * and a `.` or `,` after it: two tokens, the second of them that character.
 */
function endsWithStop(s: string, start: number, end: number, touched: number, lastTouched: number) {
  return touched === 1 && lastTouched === end - 1 && end - start > 1 &&
    (s.charCodeAt(end - 1) === 0x2e || s.charCodeAt(end - 1) === 0x2c);
}

/**
 * Add the tokens of the piece `s.slice(start, end)` to `spans`, given the hash of the piece
 * (`hash`) and of all of it but its last character (`before`).
 */
function closePiece(
  spans: Spans13a,
  s: string,
  start: number,
  end: number,
  touched: number,
  lastTouched: number,
  hash: number,
  before: number,
): void {
  if (touched === 0) push(spans, start, end, hash);
  else if (endsWithStop(s, start, end, touched, lastTouched)) {
    push(spans, start, end - 1, before);
    push(spans, end - 1, end, Math.imul(FNV_OFFSET ^ s.charCodeAt(end - 1), FNV_PRIME));
  } else if (symbolPiece(s, start, end, spans) < 0) {
    for (const token of pieceTokens(s.slice(start, end))) {
      push(spans, -1, spans.loose.length, 0);
      spans.loose.push(token);
    }
  }
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/**
 * The tokens of the piece `s.slice(start, end)` when it has at most one `.` or `,` (a word in
 * quotes or brackets, `Answer:`, `$5`, `(3.5)`, `end.)`, `well-known`, `2-3`): how many, pushed
 * to `spans` as spans with their hashes when given; -1, with nothing pushed, for a piece of more
 * stops (for the rules to tokenize). The rules insert spaces and drop nothing, so whether a rule
 * applies at a character can be read from its neighbours in the piece. Each ASCII symbol is a
 * token of its own (the first rule puts spaces around it). A stop: the second rule splits it
 * off when the character before it is not a digit, the third when the one after it is not (the
 * piece's ends and a symbol, now a space, count as non-digits), so it is a token of its own but
 * between two digits, where it stays within its run. A `-`: the fourth rule splits it off after
 * a digit (which no earlier match of that rule can have taken: each ends with a `-`), and no
 * space the first three rules insert comes between a digit and a `-`. Each run of the other
 * characters (letters, digits, the apostrophe, a kept stop or `-`, any non-ASCII character) is a
 * token as it is.
 */
function symbolPiece(s: string, start: number, end: number, spans?: Spans13a): number {
  let stop = -1;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || TOUCHED[c] === 0) continue;
    if (c === 0x2e || c === 0x2c) {
      if (stop >= 0) return -1;
      stop = i;
    }
  }
  // A stop kept within its run is left out of the cuts below.
  if (
    stop > start && stop < end - 1 && isDigit(s.charCodeAt(stop - 1)) &&
    isDigit(s.charCodeAt(stop + 1))
  ) stop = -1;
  let count = 0;
  let run = -1;
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (
      c < 128 && TOUCHED[c] === 1 &&
      // (Before the piece is whitespace or nothing, never a digit.)
      (c === 0x2d ? isDigit(s.charCodeAt(i - 1)) : i === stop || (c !== 0x2e && c !== 0x2c))
    ) {
      if (run >= 0) {
        if (spans !== undefined) push(spans, run, i, hash);
        count++;
        run = -1;
      }
      if (spans !== undefined) push(spans, i, i + 1, Math.imul(FNV_OFFSET ^ c, FNV_PRIME));
      count++;
      continue;
    }
    if (run < 0) {
      run = i;
      hash = FNV_OFFSET;
    }
    hash = Math.imul(hash ^ c, FNV_PRIME);
  }
  if (run >= 0) {
    if (spans !== undefined) push(spans, run, end, hash);
    count++;
  }
  return count;
}

/** How many tokens the piece `s.slice(start, end)` gives (what {@link closePiece} adds). */
function pieceCount(
  s: string,
  start: number,
  end: number,
  touched: number,
  lastTouched: number,
): number {
  if (touched === 0) return 1;
  if (endsWithStop(s, start, end, touched, lastTouched)) return 2;
  const count = symbolPiece(s, start, end);
  return count >= 0 ? count : pieceTokens(s.slice(start, end)).length;
}

/**
 * How many tokens the line has under sacreBLEU's `13a` rules: {@link spans13a}'s `count`, with
 * the same scan but nothing written (what BLEU needs of a hypothesis whose reference is itself).
 *
 * @example Count the tokens of a line
 * ```ts
 * import { count13a } from "./tokenize_13a.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(count13a("Costs $5, ok."), 6);
 * assert.equal(count13a("  "), 0);
 * ```
 */
export function count13a(line: string): number {
  const quick = plainCount(line);
  if (quick >= 0) return quick;
  const s = prepared(line);
  const length = s.length;
  let count = 0;
  let start = -1;
  let touched = 0;
  let lastTouched = -1;
  for (let i = 0; i < length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x20 && c < 0x7f) {
      if (start < 0) {
        start = i;
        touched = 0;
      }
      if (TOUCHED[c] === 1) {
        touched++;
        lastTouched = i;
      }
    } else if (c !== 0x20 && !isPyWhitespace(s, i)) {
      if (start < 0) {
        start = i;
        touched = 0;
      }
    } else if (start >= 0) {
      count += pieceCount(s, start, i, touched, lastTouched);
      start = -1;
    }
  }
  return start >= 0 ? count + pieceCount(s, start, length, touched, lastTouched) : count;
}

// The quick count reads a line through a table of states and characters. The states: in a gap
// (whitespace between pieces, or the line's start); at a word's first character (at a piece's
// start, or after a symbol within one); further in a word (letters, digits, the apostrophe, `-`
// but after a digit, non-ASCII characters but Python's whitespace: nothing a rule splits off),
// the word states told apart by whether their character is a digit; at a stop (`.` or `,`)
// ending a word; at a symbol (an ASCII one, or a `-` after a digit) at a piece's start or within
// one; failed (a line for the full scan). Their numbers say what each starts: bit 0 a token, bit
// 1 a piece (so that the counts add up bits, with no branch); failed is absorbing.
const GAP = 0;
const WORD = 4;
const DIGITS = 8;
const FAILED = 12;
const INNER_WORD = 1;
const INNER_DIGIT = 5;
const PIECE_WORD = 3;
const PIECE_DIGIT = 7;
const STOP = 9;
const PIECE_SYMBOL = 11;
const SYMBOL = 13;
const STATES = 14;
/** The next state by `state << 7 | c` for an ASCII `c`. */
const NEXT = new Uint8Array(STATES << 7).fill(FAILED);
for (let c = 0; c < 128; c++) {
  // Whitespace that only separates pieces (not the line break, which `prepared` may change).
  const gap = c === 0x20 || c === 0x09 || (c >= 0x0b && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
  const digit = c >= 0x30 && c <= 0x39;
  const letter = c > 0x20 && c < 0x7f && TOUCHED[c] === 0 && !digit;
  const stop = c === 0x2e || c === 0x2c;
  const dash = c === 0x2d;
  // A symbol the first rule splits off (`<` and `&` are for `prepared`).
  const symbol = TOUCHED[c] === 1 && !stop && !dash && c !== 0x3c && c !== 0x26;
  const states = [GAP, WORD, DIGITS, INNER_WORD, INNER_DIGIT, PIECE_WORD, PIECE_DIGIT];
  for (const state of [...states, STOP, PIECE_SYMBOL, SYMBOL]) {
    const inWord = state !== GAP && states.includes(state);
    const afterDigit = state === DIGITS || state === INNER_DIGIT || state === PIECE_DIGIT;
    const boundary = state === GAP || state === PIECE_SYMBOL || state === SYMBOL;
    let next = FAILED;
    if (gap) next = GAP;
    // The fourth rule splits a `-` off after a digit; elsewhere it is as a letter.
    else if (dash && afterDigit) next = SYMBOL;
    // A word starts after a gap or a symbol; one going on past a stop is for the full scan.
    else if (letter || digit || dash) {
      if (inWord) next = digit ? DIGITS : WORD;
      else if (state === GAP) next = digit ? PIECE_DIGIT : PIECE_WORD;
      else if (boundary) next = digit ? INNER_DIGIT : INNER_WORD;
    } // A stop ends a word (two in a row, or one after a gap or a symbol, are for the full scan).
    else if (stop) next = inWord ? STOP : FAILED;
    // A symbol is a token of its own wherever it is (but after a stop, a symbol or a gap alone).
    else if (symbol) next = state === GAP ? PIECE_SYMBOL : SYMBOL;
    NEXT[(state << 7) | c] = next;
  }
}
/** An ASCII character standing for a non-ASCII one in {@link NEXT}: a space or a letter. */
const SPACE = 0x20;
const LETTER = 0x61;

/**
 * {@link count13a} of a line made of words of untouched characters (and `-`), each maybe ending
 * in one `.` or `,`, and ASCII symbols (but `<`, `&`), between runs of whitespace (most
 * sentences), or -1 for any other line. Nothing in such a line is for `prepared` to change (no
 * `<`, `&` or line break); the first rule puts spaces around each symbol, so each is a token and
 * the words beside it are cut off as at whitespace; a non-ASCII character other than whitespace is
 * untouched (every rule's class is ASCII, and `[^0-9]` takes it as a letter); a stop after a word
 * and before whitespace, a symbol or the end is split off by the third rule (a space follows it)
 * whatever the character before it (the second rule splits it off after a non-digit too), and
 * no match of either rule can have taken a character it needs (each ends at a stop or the
 * character after one); a `-` is split off by the fourth rule after a digit (no space the first
 * three put in comes between a digit and a `-` here, and no earlier match of that rule took the
 * digit: each ends at a `-`), and is part of its run elsewhere. One table look-up a character.
 */
function plainCount(line: string): number {
  let tokens = 0;
  let pieces = 0;
  let state = GAP;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    state = NEXT[(state << 7) | (c < 128 ? c : isPyWhitespace(line, i) ? SPACE : LETTER)];
    if (state === FAILED) return -1;
    tokens += state & 1;
    pieces += (state >> 1) & 1;
  }
  plainLine = line;
  plainWords = pieces;
  return tokens;
}

// The last line the quick count took and its words (runs of characters other than Python's
// whitespace: its pieces).
let plainLine = "";
let plainWords = 0;

/**
 * How many runs of characters other than Python's whitespace `line` has (Python's
 * `len(line.split())`) when it is the last line {@link count13a} counted by its quick count, or
 * -1: TER's word count of an output BLEU has just counted, found without reading it again.
 *
 * @example After counting a line
 * ```ts
 * import { count13a, plainWordsOf } from "./tokenize_13a.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(count13a("Yes, it is."), 5);
 * assert.equal(plainWordsOf("Yes, it is."), 3);
 * assert.equal(plainWordsOf("No."), -1);
 * ```
 */
export function plainWordsOf(line: string): number {
  return line === plainLine ? plainWords : -1;
}

const scratch = new Spans13a();

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
  spans13a(line, scratch);
  const out = new Array<string>(scratch.count);
  for (let k = 0; k < scratch.count; k++) out[k] = scratch.token(k);
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
