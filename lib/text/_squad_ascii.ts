// All four SQuAD steps in one pass over plain ASCII text. With every step on, the normalized
// answer is the whitespace-separated pieces of the text, each lowercased with its ASCII
// punctuation deleted, less the pieces left empty and the articles, joined by one space: punctuation
// includes `_`, so after deletion a piece is all letters and digits and `\b(a|an|the)\b` can only
// match a whole piece. This holds for text made of printable ASCII and Python's ASCII whitespace;
// other characters (controls, DEL, non-ASCII) are left to the step-by-step path.

import { asciiTextBytes } from "./_ascii_text_bytes.ts";

/**
 * Character classes of the code units below 0x80 for the SQuAD steps' ASCII fast paths: 0 not
 * handled here (controls, DEL), 1 Python whitespace, 2 lowercase letter or digit, 3 uppercase
 * letter, 4 punctuation (Python's `string.punctuation`).
 *
 * @example Classes
 * ```ts
 * import { SQUAD_ASCII_CLASS } from "./_squad_ascii.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual([..." a9B_\x7f"].map((c) => SQUAD_ASCII_CLASS[c.charCodeAt(0)]), [1, 2, 2, 3, 4, 0]);
 * ```
 */
export const SQUAD_ASCII_CLASS: Uint8Array = new Uint8Array(128);
const CLASS = SQUAD_ASCII_CLASS;
for (let c = 0x09; c <= 0x0d; c++) CLASS[c] = 1;
for (let c = 0x1c; c <= 0x20; c++) CLASS[c] = 1;
for (let c = 0x21; c <= 0x7e; c++) CLASS[c] = 4;
for (let c = 0x30; c <= 0x39; c++) CLASS[c] = 2;
for (let c = 0x61; c <= 0x7a; c++) CLASS[c] = 2;
for (let c = 0x41; c <= 0x5a; c++) CLASS[c] = 3;

const PUNCT = /[!-/:-@[-`{-~]/g;

/**
 * The tokens of `s` normalized with all four SQuAD steps (their join by one space is the
 * normalized answer), or undefined when `s` holds a character this pass does not handle.
 */
export function asciiSquadTokens(s: string): string[] | undefined {
  const tokens: string[] = [];
  let start = -1;
  let upper = false;
  let punct = false;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 0x20;
    const k = c < 0x80 ? CLASS[c] : 0;
    if (k === 0) return undefined;
    if (k !== 1) {
      if (start < 0) start = i;
      if (k === 3) upper = true;
      else if (k === 4) punct = true;
      continue;
    }
    if (start < 0) continue;
    let piece = s.slice(start, i);
    if (upper) piece = piece.toLowerCase();
    if (punct) piece = piece.replace(PUNCT, "");
    if (piece !== "" && piece !== "a" && piece !== "an" && piece !== "the") tokens.push(piece);
    start = -1;
    upper = false;
    punct = false;
  }
  return tokens;
}

// The same pass without making a string: each kept token as its range of `s` and a key made from
// its normalized characters (lowercased, punctuation left out). Graders compare and count tokens
// with these (key first, then the characters), so a text needs no slices, no array of strings and
// no joined text unless a reason shows it.

/**
 * `start, end, key` of each token, three numbers a token, in order. The key is a function of the
 * normalized token alone: its length (capped at 63) times 2^24 plus a 24-bit hash of its
 * characters, so equal tokens have equal keys, and a token whose length is its range's has no
 * punctuation. A plain array of small integers (keys have 30 bits): V8 makes those faster than a
 * typed array.
 */
export type AsciiSquadRanges = readonly number[];

// The lowercased code of an ASCII letter or digit; 0 for any other code unit below 0x80.
const KEPT = new Uint8Array(128);
for (let c = 0; c < 128; c++) KEPT[c] = CLASS[c] === 2 ? c : CLASS[c] === 3 ? c | 0x20 : 0;

// One table for the scan: the lowercased code of a letter or digit (0x30 and above), 1 for
// whitespace, 2 for punctuation, 0 for a code unit (or byte) the pass does not handle.
const SCAN = new Uint8Array(256);
for (let c = 0; c < 128; c++) {
  SCAN[c] = KEPT[c] !== 0 ? KEPT[c] : CLASS[c] === 1 ? 1 : CLASS[c] === 4 ? 2 : 0;
}

const NO_RANGES: AsciiSquadRanges = Object.freeze([]);

/**
 * The tokens of `s` under all four SQuAD steps, as {@link AsciiSquadRanges} (the same tokens as
 * {@link asciiSquadTokens} gives, in the same order), or undefined where that gives undefined.
 */
export function asciiSquadRanges(s: string): AsciiSquadRanges | undefined {
  const size = asciiSquadRangesInto(s, WORK);
  if (size < 0) return undefined;
  if (size === 0) return NO_RANGES;
  // One array of the exact size, copied from the work space (pushing grew it several times).
  const ranges = WORK.slice(0, size);
  if (WORK.length > 1 << 16) WORK.length = 0;
  return ranges;
}

/**
 * {@link asciiSquadRanges} of `s` written into `out` from its start: how many numbers (three a
 * token), or -1 where that gives undefined. `out` keeps whatever it held past them, so a caller
 * can scan text after text into one array without making any.
 *
 * @example Two texts into one work array
 * ```ts
 * import { asciiSquadRangesInto } from "./_squad_ascii.ts";
 * import assert from "node:assert/strict";
 *
 * const work: number[] = [];
 * assert.equal(asciiSquadRangesInto("The cat, the hat", work), 6);
 * assert.deepEqual([work[0], work[1], work[3], work[4]], [4, 8, 13, 16]);
 * assert.equal(asciiSquadRangesInto("a", work), 0);
 * assert.equal(asciiSquadRangesInto("café", work), -1);
 * ```
 */
export function asciiSquadRangesInto(s: string, out: number[]): number {
  // The text's bytes (shared with the other scanners that read it), when it is all ASCII.
  const bytes = asciiTextBytes(s);
  return bytes === undefined ? -1 : rangesOfBytes(bytes, s.length, out);
}

/** {@link asciiSquadRangesInto} of a text read as bytes. */
function rangesOfBytes(bytes: Uint8Array, n: number, out: number[]): number {
  let size = 0;
  let i = 0;
  // A 0 byte after the text (not handled, like the character 0 inside it) ends the last piece.
  bytes[n] = 0;
  // A piece at a time: the whitespace before it, then its characters up to whitespace or the end.
  for (;;) {
    let v = 0;
    while ((v = SCAN[bytes[i]]) === 1) i++;
    if (v === 0) {
      if (i < n) return -1;
      break;
    }
    const start = i;
    let h = 0x811c9dc5 | 0;
    let kept = 0;
    for (;; i++) {
      v = SCAN[bytes[i]];
      if (v >= 0x30) {
        h = Math.imul(h ^ v, 0x01000193);
        kept++;
      } else if (v !== 2) break;
    }
    // Ended by whitespace, or by a 0 byte that the next look at the same byte tells apart.
    size = addToken(out, start, i, h, kept, size);
  }
  return size;
}

// Work space of `asciiSquadRanges`: the ranges found so far.
const WORK: number[] = [];

/**
 * Add the piece from `start` to `end` (`kept` characters kept, hashed to `h`) to `out` (holding
 * `size` numbers) unless it keeps no character or is an article; returns the new size.
 */
function addToken(
  out: number[],
  start: number,
  end: number,
  h: number,
  kept: number,
  size: number,
) {
  if (kept === 0 || (kept <= 3 && (h === HASH_A || h === HASH_AN || h === HASH_THE))) return size;
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  out[size] = start;
  out[size + 1] = end;
  out[size + 2] = (kept < KEPT_CAP ? kept : KEPT_CAP) << 24 | (h & 0xffffff);
  return size + 3;
}

// The largest token length a key holds (longer tokens are given this one).
const KEPT_CAP = 63;

/** The scan's hash of `word` before it is mixed (FNV-1a of its character codes). */
function scanHash(word: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h;
}

// The scan's hashes of the articles. No other word of one to three lowercase letters and digits
// has any of them (a test tries all 47,988), so a piece of up to three kept characters with one
// of these hashes is that article, and no character needs reading again.
const HASH_A = scanHash("a");
const HASH_AN = scanHash("an");
const HASH_THE = scanHash("the");

// "a", "an" and "the", their characters packed (first one lowest).
const A = 0x61;
const AN = 0x61 | (0x6e << 8);
const THE = 0x74 | (0x68 << 8) | (0x65 << 16);

// Walking a text a token at a time, without ranges: whether two texts normalize alike and the
// start of a normalized text need only the tokens up to the answer. A text's tokens up to the
// first character the pass does not handle are its normalized text's first tokens whatever comes
// after: the steps change such a character (and `articles` reads one) only within its own
// whitespace-separated piece.

// The token `nextToken` found last: its start and its number of kept characters.
let tokenStart = 0;
let tokenKept = 0;
// What `nextToken` returns at the end of the text, and for a character the pass does not handle.
const END = -1;
const UNHANDLED = -2;

/**
 * The end of the first token of `s` at or after `i` (its start and kept characters in
 * `tokenStart` and `tokenKept`), `END` when none is left, or `UNHANDLED` when a character the
 * pass does not handle comes first (or inside the token's piece).
 */
function nextToken(s: string, i: number): number {
  const n = s.length;
  for (;;) {
    let v = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) return UNHANDLED;
      v = SCAN[c];
      if (v !== 1) break;
    }
    if (i >= n) return END;
    if (v === 0) return UNHANDLED;
    const start = i;
    let kept = 0;
    // The kept characters packed as they come (first one highest): the piece's word when it
    // keeps at most three, enough to tell an article without reading it again.
    let word = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) return UNHANDLED;
      v = SCAN[c];
      if (v >= 0x30) {
        kept++;
        word = (word << 8) | v;
      } else if (v !== 2) {
        if (v === 0) return UNHANDLED;
        break;
      }
    }
    if (kept === 0 || (kept <= 3 && (word === 0x61 || word === 0x616e || word === 0x746865))) {
      continue;
    }
    tokenStart = start;
    tokenKept = kept;
    return i;
  }
}

/** True when code unit `c` is whitespace to Python's `split()` and below 0x80. */
function isSpace(c: number): boolean {
  return c < 0x80 && SCAN[c] === 1;
}

/**
 * With all four SQuAD steps: whether `a` and `b` normalize to the same text, told by reading
 * both a token at a time up to the first difference, without making anything; undefined when a
 * character the pass does not handle comes before the answer.
 *
 * @example Case, punctuation, articles and spacing do not count
 * ```ts
 * import { sameAsciiNormalized } from "./_squad_ascii.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(sameAsciiNormalized("The  Eiffel tower!", "eiffel TOWER"), true);
 * assert.equal(sameAsciiNormalized("Eiffel", "Eiffel tower"), false);
 * assert.equal(sameAsciiNormalized("x y", "x z café"), false); // told before the "é"
 * assert.equal(sameAsciiNormalized("café", "cafe"), undefined);
 * ```
 */
export function sameAsciiNormalized(a: string, b: string): boolean | undefined {
  const an = a.length;
  const bn = b.length;
  let i = 0;
  let j = 0;
  for (;;) {
    // The whitespace before the next piece on each side (any amount: it only separates pieces).
    while (i < an && isSpace(a.charCodeAt(i))) i++;
    while (j < bn && isSpace(b.charCodeAt(j))) j++;
    // Pieces written alike on both sides normalize alike (both dropped, or the same token):
    // passed together, one comparison a character. Characters the pass does not handle stop it.
    let k = 0;
    while (i + k < an && j + k < bn) {
      const c = a.charCodeAt(i + k);
      if (c !== b.charCodeAt(j + k) || c >= 0x80 || SCAN[c] <= 1) break;
      k++;
    }
    if (
      k > 0 && (i + k === an || isSpace(a.charCodeAt(i + k))) &&
      (j + k === bn || isSpace(b.charCodeAt(j + k)))
    ) {
      i += k;
      j += k;
      continue;
    }
    // Otherwise the next token of each side from these pieces on, compared.
    const aEnd = nextToken(a, i);
    if (aEnd === UNHANDLED) return undefined;
    const aStart = tokenStart;
    const aKept = tokenKept;
    const bEnd = nextToken(b, j);
    if (bEnd === UNHANDLED) return undefined;
    // A text without another token equals one that has none either.
    if (aEnd === END || bEnd === END) return aEnd === bEnd;
    if (aKept !== tokenKept || !sameKept(a, aStart, aEnd, b, tokenStart, bEnd)) return false;
    i = aEnd;
    j = bEnd;
  }
}

/**
 * The start of the normalized text of `s` under all four SQuAD steps (its tokens joined by one
 * space): its first `units + 1` code units, or all of it when shorter; undefined when a
 * character the pass does not handle comes first. Only the tokens it needs are read, and it is
 * made from a few slices of `s`, lowercased once: the letters and digits of a token and the
 * single spaces between tokens read in `s` as in the normalized text but for case, so a stretch
 * of `s` made of them is one slice. With `ranges` (the text's {@link asciiSquadRanges}) the tokens
 * are found from them, and only those with punctuation inside are read.
 *
 * @example The start of a long answer
 * ```ts
 * import { asciiSquadHead } from "./_squad_ascii.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(asciiSquadHead("The Eiffel  tower, in Paris!", 12), "eiffel tower ");
 * assert.equal(asciiSquadHead("café", 12), undefined);
 * ```
 */
export function asciiSquadHead(
  s: string,
  units: number,
  ranges?: AsciiSquadRanges,
): string | undefined {
  const want = units + 1;
  let head = "";
  // The stretch of `s` not yet added: `s[from, to)`, or none when `from` is -1.
  let from = -1;
  let to = 0;
  // Where the next token is looked for when there are no ranges.
  let next = 0;
  for (let t = 0; head.length + (from < 0 ? 0 : to - from) < want; t++) {
    let start = 0;
    let end = 0;
    let kept = 0;
    if (ranges !== undefined) {
      if (3 * t >= ranges.length) break;
      start = ranges[3 * t];
      end = ranges[3 * t + 1];
      // The key's length (capped at 63, which a range of 63 characters still tells exactly).
      kept = ranges[3 * t + 2] >>> 24;
    } else {
      end = next = nextToken(s, next);
      if (end === UNHANDLED) return undefined;
      if (end === END) break;
      start = tokenStart;
      kept = tokenKept;
    }
    if (kept === end - start) {
      // Letters and digits only: the token follows on when one space after the stretch.
      if (from >= 0 && start === to + 1 && s.charCodeAt(to) === 0x20) {
        to = end;
        continue;
      }
      if (from >= 0) head += s.slice(from, to);
      if (t > 0) head += " ";
      from = start;
      to = end;
      continue;
    }
    // Punctuation inside: each run of letters and digits is a stretch; the first may follow on.
    let x = start;
    let first = true;
    while (x < end && head.length + (from < 0 ? 0 : to - from) < want) {
      while (x < end && KEPT[s.charCodeAt(x)] === 0) x++;
      if (x === end) break;
      let y = x + 1;
      while (y < end && KEPT[s.charCodeAt(y)] !== 0) y++;
      if (first && from >= 0 && x === start && start === to + 1 && s.charCodeAt(to) === 0x20) {
        to = y;
      } else {
        if (from >= 0) head += s.slice(from, to);
        if (first && t > 0) head += " ";
        from = x;
        to = y;
      }
      first = false;
      x = y;
    }
  }
  if (from >= 0 && head.length < want) {
    head += s.slice(from, Math.min(to, from + want - head.length));
  }
  return (head.length > want ? head.slice(0, want) : head).toLowerCase();
}

// Python's ASCII whitespace and printable ASCII: the characters the pass handles (the control
// characters \x1c-\x1f are whitespace to Python).
// deno-lint-ignore no-control-regex
const HANDLED = /^[\t-\r\x1c-\x7e]*$/;

/**
 * True when every character of `s` is one the ASCII pass handles (printable ASCII and Python's
 * ASCII whitespace), so that {@link asciiSquadRanges} gives its tokens.
 *
 * @example Handled and not
 * ```ts
 * import { handledByAsciiPass } from "./_squad_ascii.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(handledByAsciiPass("The cat,\tsat."), true);
 * assert.equal(handledByAsciiPass("café"), false);
 * ```
 */
export function handledByAsciiPass(s: string): boolean {
  return HANDLED.test(s);
}

/**
 * True when token `i` of `a` (ranges `ra`) and token `j` of `b` (ranges `rb`) are the same
 * normalized token: their characters lowercased, punctuation left out, are equal.
 */
export function sameAsciiToken(
  a: string,
  ra: AsciiSquadRanges,
  i: number,
  b: string,
  rb: AsciiSquadRanges,
  j: number,
): boolean {
  if (ra[3 * i + 2] !== rb[3 * j + 2]) return false;
  return sameKept(a, ra[3 * i], ra[3 * i + 1], b, rb[3 * j], rb[3 * j + 1]);
}

/**
 * True when the pieces `a[x, xEnd)` and `b[y, yEnd)` keep the same characters (lowercased,
 * punctuation left out).
 */
function sameKept(a: string, x: number, xEnd: number, b: string, y: number, yEnd: number): boolean {
  // A shared word is usually written alike on both sides: characters equal in the two texts
  // keep equal characters, so the kept ones are compared only from the first that differs.
  const both = xEnd - x < yEnd - y ? xEnd - x : yEnd - y;
  let k = 0;
  while (k < both && a.charCodeAt(x + k) === b.charCodeAt(y + k)) k++;
  if (k === xEnd - x && k === yEnd - y) return true;
  x += k;
  y += k;
  for (;;) {
    // The next kept character on each side (a token holds letters, digits and punctuation).
    let cx = 0;
    while (x < xEnd && (cx = KEPT[a.charCodeAt(x++)]) === 0);
    let cy = 0;
    while (y < yEnd && (cy = KEPT[b.charCodeAt(y++)]) === 0);
    if (cx !== cy) return false;
    if (cx === 0) return true;
  }
}

// The probe's `underscores` step joins a text's words with `_`; with all four SQuAD steps the
// result normalizes to its "squashed" form: every letter and digit of the text, lowercased, in
// order (whitespace and punctuation, `_` included, are gone), or to nothing when that is empty
// or an article. These two tell how two texts compare so without making either string.

/**
 * True when `s`, its words joined with `_`, normalizes to nothing with all four SQuAD steps: its
 * squashed form is empty or an article. `s` must be a text {@link asciiSquadRanges} handles; only
 * its first four letters or digits are read.
 */
export function squashesToNothing(s: string): boolean {
  let kept = 0;
  let word = 0;
  for (let i = 0; i < s.length; i++) {
    const lower = KEPT[s.charCodeAt(i)];
    if (lower === 0) continue;
    if (kept === 3) return false;
    word |= lower << (8 * kept);
    kept++;
  }
  return kept === 0 || word === A || word === AN || word === THE;
}

/**
 * True when the squashed forms of `a` and `b` (their letters and digits, lowercased) are equal;
 * both texts must be ones {@link asciiSquadRanges} handles.
 */
export function sameSquashed(a: string, b: string): boolean {
  let x = 0;
  let y = 0;
  for (;;) {
    let cx = 0;
    while (x < a.length && (cx = KEPT[a.charCodeAt(x++)]) === 0);
    let cy = 0;
    while (y < b.length && (cy = KEPT[b.charCodeAt(y++)]) === 0);
    if (cx !== cy) return false;
    if (cx === 0) return true;
  }
}
