// rouge-score's tokens of a text as integer ids, shared by ROUGE-1, ROUGE-2, ROUGE-L, ROUGE-Lsum
// and the near-miss probe's re-grades (they all tokenize the same output and references of a row).
//
// Tokens are ids of the table in `_rouge_token_table.ts`, so the metrics compare and count
// integers. A text of ASCII characters only is tokenized in one pass over its characters: each run
// of ASCII letters and digits is looked up in the table by its lowercased characters, and no
// lowercased copy of the text, no token strings and no token lists are made. Any other text takes
// the general path, `rougeTokenize`, whose tokens are then looked up: Unicode lowercasing can turn
// a non-ASCII character into ASCII letters (`K` Kelvin sign → `k`, `İ` → `i` and a combining dot),
// which the fast path does not try to copy. For ASCII text the two agree: lowercasing only maps
// `A`–`Z`, and the tokens are the runs of `[a-z0-9]` between the rest. Stemmed tokens are the
// unstemmed ones' stems, each worked out once.
//
// Since the table may be emptied between rows (and its ids then go stale), a metric calls
// `beginRow` before it takes the ids of a row's texts, and a remembered text's ids carry the
// table's generation.
import { punktSentences, rougeTokenize } from "../text/mod.ts";
import { asciiTextBytes } from "../text/_ascii_text_bytes.ts";
import { memoized } from "./_memo.ts";
import {
  beginRow,
  breakCount,
  generation,
  idOfWord,
  lineBreaks,
  scanBytes,
  stemId,
  symbolCount,
  TOKEN_CHAR,
  tokenOfId,
} from "./_rouge_token_table.ts";

export { beginRow, symbolCount, tokenOfId };

const NO_IDS = new Int32Array(0);

// The ids of remembered texts are kept in shared blocks of ARENA ids, each text's a view of its
// block: one object per text instead of a typed array with a buffer of its own. The tokenizer
// writes a text's ids straight after the last text's; a text that may not fit (`arenaRoom`) goes
// to a new block, as large as it needs, and a block larger than ARENA serves that one text only.
// A block stays alive while a view of it does, and remembered texts are the last few thousand
// seen, so a few blocks are kept.
const ARENA = 4096;
let arena = new Int32Array(ARENA);
let arenaUsed = 0;

/** The ids the tokenizer wrote, `arena[arenaUsed…arenaUsed + count)`, as a view kept for the text. */
function keep(count: number): Int32Array {
  const at = arenaUsed;
  const ids = new Int32Array(arena.buffer, 4 * at, count);
  arenaUsed = at + count;
  if (arena.length > ARENA) {
    arena = new Int32Array(ARENA);
    arenaUsed = 0;
  }
  return ids;
}

/**
 * Room in the arena for `most` more ids after `arenaUsed`: a text too long for what is left of its
 * block moves to a new one, as large as it needs.
 */
function arenaRoom(most: number): Int32Array {
  if (arenaUsed + most > arena.length) {
    arena = new Int32Array(Math.max(ARENA, most));
    arenaUsed = 0;
  }
  return arena;
}

/**
 * Tokenize an ASCII text into the arena (see `arenaRoom`) in one pass over its bytes (`scanBytes`,
 * which notes the token count at each newline); returns the token count, or -1 when the text is
 * not ASCII.
 */
function scanAscii(text: string, stemmer: boolean): number {
  // The text's bytes, shared with the other scanners that read it.
  const bytes = asciiTextBytes(text);
  if (bytes === undefined) return -1;
  const n = text.length;
  // The byte after the text ends its last token (see `scanBytes`).
  bytes[n] = 0;
  // Tokens are parted by other characters, so a text has at most ⌈n / 2⌉ of them.
  return scanBytes(bytes, n, arenaRoom((n + 1) >>> 1), arenaUsed, stemmer);
}

/**
 * The ids of `rougeTokenize(text, { stemmer })` by the general path: the tokens without stemming
 * (the words it would stem), then each one's stem, dropped where `rougeTokenize` drops it. The
 * stem of a token is worked out once, when first asked for.
 */
function generalIds(text: string, stemmer: boolean): Int32Array {
  const tokens = rougeTokenize(text);
  const ids = new Int32Array(tokens.length);
  let count = 0;
  for (let k = 0; k < tokens.length; k++) {
    let id = idOfWord(tokens[k]);
    if (stemmer) id = stemId(id);
    if (id >= 0) ids[count++] = id;
  }
  return count === ids.length ? ids : ids.slice(0, count);
}

/** The ids of the pieces of a text that hold tokens (the others count for nothing in Lsum). */
function unitsOfPieces(pieces: readonly string[], stemmer: boolean): Int32Array[] {
  const units: Int32Array[] = [];
  for (const piece of pieces) {
    const ids = entryOf(piece, stemmer).ids;
    if (ids.length > 0) units.push(ids);
  }
  return units;
}

/** A remembered text's ids, valid while the table's generation is `generation`. */
interface Entry {
  generation: number;
  /** The text's tokens. */
  ids: Int32Array;
  /**
   * The tokens of each line that has any (the very `ids` object when only one line has); made
   * when first asked for if the text is not ASCII, or if its tokens are all on one line.
   */
  lines: readonly Int32Array[] | undefined;
  /**
   * Whether an ASCII text holds its tokens on one line (or has none), so that its line units are
   * `[ids]` (or none); false for other texts, whose lines are tokenized one by one.
   */
  oneLine: boolean;
  /** The tokens of each Punkt sentence that has any, once asked for. */
  sentences: readonly Int32Array[] | undefined;
}

function fill(entry: Entry, text: string, stemmer: boolean): void {
  entry.generation = generation;
  entry.sentences = undefined;
  entry.lines = undefined;
  const count = scanAscii(text, stemmer);
  if (count < 0) {
    entry.ids = generalIds(text, stemmer);
    entry.oneLine = false;
    return;
  }
  const ids = count === 0 ? NO_IDS : keep(count);
  entry.ids = ids;
  // A newline parts tokens only when some come before it and some after; otherwise the one line
  // unit (if any) is `ids`, made into a list only when asked for.
  let parted = false;
  for (let b = 0; b < breakCount; b++) {
    const at = lineBreaks[b];
    if (at > 0 && at < count) parted = true;
  }
  entry.oneLine = !parted;
  if (!parted) return;
  const lines: Int32Array[] = [];
  let from = 0;
  for (let b = 0; b <= breakCount; b++) {
    const to = b < breakCount ? lineBreaks[b] : count;
    if (to > from) lines.push(ids.subarray(from, to));
    from = to;
  }
  entry.lines = lines;
}

function newEntry(): Entry {
  return { generation: -1, ids: NO_IDS, lines: undefined, oneLine: false, sentences: undefined };
}

/** The line units of a remembered text (see `rougeUnitIds`). */
function linesOf(entry: Entry, text: string, stemmer: boolean): readonly Int32Array[] {
  if (entry.lines !== undefined) return entry.lines;
  if (entry.oneLine) return entry.lines = entry.ids.length > 0 ? [entry.ids] : [];
  return entry.lines = unitsOfPieces(text.split("\n"), stemmer);
}

const PLAIN = memoized((_text: string) => newEntry());
const STEMMED = memoized((_text: string) => newEntry());

// The last two texts looked up without the stemmer, and their entries: the four ROUGE graders ask
// for the same output and reference objects of a row one after another, and `===` on the same
// string object answers at once, where the memo reads characters of the text to find its slot.
let lastText = "";
let lastEntry = newEntry();
let otherText = "";
let otherEntry = lastEntry;

function entryOf(text: string, stemmer: boolean): Entry {
  let entry: Entry;
  if (stemmer) entry = STEMMED(text);
  else if (text === lastText) entry = lastEntry;
  else if (text === otherText) entry = otherEntry;
  else {
    entry = PLAIN(text);
    otherText = lastText;
    otherEntry = lastEntry;
    lastText = text;
    lastEntry = entry;
  }
  if (entry.generation !== generation) fill(entry, text, stemmer);
  return entry;
}

/**
 * `rougeTokenize(text, { stemmer })` as ids (shared: do not change them).
 *
 * @example Equal tokens, equal ids
 * ```ts
 * import { beginRow, rougeIds } from "./_rouge_tokens.ts";
 * import assert from "node:assert/strict";
 *
 * beginRow();
 * const [a, b] = [rougeIds("The cat, the CAT!", false), rougeIds("cats", true)];
 * assert.equal(a.length, 4);
 * assert.ok(a[0] === a[2] && a[1] === a[3] && b[0] === a[1]);
 * ```
 */
export function rougeIds(text: string, stemmer: boolean): Int32Array {
  return entryOf(text, stemmer).ids;
}

/**
 * Whether `rougeTokenize(text, { stemmer })` has at least `n` tokens (n ≥ 1), for a text that is
 * its own reference: its figures are then 1 or 0 by that alone. Without the stemmer the text is
 * read from its start only until the `n`-th token begins, while every character so far is ASCII:
 * lowercasing maps each character on its own (ASCII ones to ASCII ones), so a token that begins
 * after an ASCII character other than a letter or digit is a token whatever follows. Any other
 * case is answered from the text's ids.
 *
 * @example Two tokens, not three
 * ```ts
 * import { atLeastTokens } from "./_rouge_tokens.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(atLeastTokens("Hello, world!", false, 2));
 * assert.ok(!atLeastTokens("Hello, world!", false, 3));
 * assert.ok(!atLeastTokens("a\u212Ab", false, 2)); // the Kelvin sign lowercases to k: one token
 * ```
 */
export function atLeastTokens(text: string, stemmer: boolean, n: number): boolean {
  if (!stemmer) {
    let found = 0;
    let inToken = false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128) {
        found = -1;
        break;
      }
      if (TOKEN_CHAR[c] === 0) inToken = false;
      else if (!inToken) {
        if (++found === n) return true;
        inToken = true;
      }
    }
    if (found >= 0) return false;
  }
  beginRow();
  return entryOf(text, stemmer).ids.length >= n;
}

// The last pair compared by `equalTokens` and what was found: the four ROUGE graders ask about the
// same output and first reference of a row one after another. It starts as the answer for two
// empty texts (no tokens, alike).
let pairA = "";
let pairB = "";
let pairCount = 0;
let pairLines = true;

/**
 * Read two ASCII texts side by side, token by token, and set `pairCount` to their shared token
 * count when their tokens are equal (else -1) and `pairLines` to whether a newline parts the same
 * neighbouring tokens in both. A text with any non-ASCII character makes the answer -1 (not
 * known), as lowercasing may turn it into ASCII letters.
 */
function compareTokens(a: string, b: string): void {
  pairCount = -1;
  pairLines = true;
  // Both texts' bytes (shared, and both kept while the second is asked for).
  const bytesA = asciiTextBytes(a);
  if (bytesA === undefined) return;
  const bytesB = asciiTextBytes(b);
  if (bytesB === undefined) return;
  const na = a.length;
  const nb = b.length;
  // Both end with a 0 byte, which is no token character.
  bytesA[na] = 0;
  bytesB[nb] = 0;
  let i = 0;
  let j = 0;
  let count = 0;
  for (;;) {
    // The characters up to the next token on each side, and whether a newline is among them.
    let lineA = false;
    let lineB = false;
    let x = 0;
    let y = 0;
    for (; i < na; i++) {
      const c = bytesA[i];
      x = TOKEN_CHAR[c];
      if (x !== 0) break;
      if (c === 10) lineA = true;
    }
    for (; j < nb; j++) {
      const c = bytesB[j];
      y = TOKEN_CHAR[c];
      if (y !== 0) break;
      if (c === 10) lineB = true;
    }
    if (i === na || j === nb) {
      if (i === na && j === nb) pairCount = count;
      return;
    }
    if (count > 0 && lineA !== lineB) pairLines = false;
    // The two tokens, character by character, ending together.
    for (;;) {
      if (x !== y) return;
      x = TOKEN_CHAR[bytesA[++i]];
      y = TOKEN_CHAR[bytesB[++j]];
      if (x === 0 || y === 0) break;
    }
    if (x !== y) return;
    count++;
  }
}

/**
 * The number of tokens `rougeTokenize` gives two texts without the stemmer when they are known to
 * give the same ones (and, with `lines`, the same lines holding tokens: ROUGE-Lsum's units); else
 * -1, which says only that the general path must decide. Known here: texts of ASCII characters
 * only, whose tokens are the runs of ASCII letters and digits, lowercased.
 *
 * @example Case, spacing and punctuation aside
 * ```ts
 * import { equalTokens } from "./_rouge_tokens.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(equalTokens("The cat sat.", "the  CAT, sat", false), 3);
 * assert.equal(equalTokens("The cat\nsat.", "the  CAT sat", true), -1);
 * assert.equal(equalTokens("The cat sat.", "the cats sat", false), -1);
 * ```
 */
export function equalTokens(a: string, b: string, lines: boolean): number {
  if (a !== pairA || b !== pairB) {
    compareTokens(a, b);
    pairA = a;
    pairB = b;
  }
  return lines && !pairLines ? -1 : pairCount;
}

/**
 * For a prediction and its first reference: 1 or 0 when the reference's tokens are known to be the
 * prediction's (its lines too, with `lines`) — its figures are then all 1 when the prediction has
 * at least `n` tokens, and no other reference can beat them, else all 0 for every reference —
 * and -1 when not known.
 *
 * @example Known, and not
 * ```ts
 * import { ownTokens } from "./_rouge_tokens.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(ownTokens("The cat.", "the cat", false, 2, false), 1);
 * assert.equal(ownTokens("The cat.", "the cat", false, 3, false), 0);
 * assert.equal(ownTokens("The cat.", "a cat", false, 1, false), -1);
 * ```
 */
export function ownTokens(
  prediction: string,
  reference: string,
  stemmer: boolean,
  n: number,
  lines: boolean,
): number {
  if (reference !== prediction) {
    const count = equalTokens(prediction, reference, lines);
    if (count < 0) return -1;
    // Equal tokens have equal stems, but the stemmer may drop some.
    if (!stemmer) return count >= n ? 1 : 0;
  }
  return atLeastTokens(prediction, stemmer, n) ? 1 : 0;
}

/**
 * The ids of ROUGE-Lsum's sentence units of a text that hold any token: its lines (split on `\n`),
 * or its Punkt sentences with `splitSummaries`. Units without tokens are left out: they count for
 * nothing. Shared: do not change them.
 *
 * @example Lines
 * ```ts
 * import { beginRow, rougeUnitIds } from "./_rouge_tokens.ts";
 * import assert from "node:assert/strict";
 *
 * beginRow();
 * assert.deepEqual(rougeUnitIds("a b\n\n.\nc", false, false).map((u) => u.length), [2, 1]);
 * ```
 */
export function rougeUnitIds(
  text: string,
  stemmer: boolean,
  splitSummaries: boolean,
): readonly Int32Array[] {
  const entry = entryOf(text, stemmer);
  if (!splitSummaries) return linesOf(entry, text, stemmer);
  return entry.sentences ??= unitsOfPieces(punktSentences(text), stemmer);
}

/**
 * The ids of a text's only line unit (see `rougeUnitIds`) when it has exactly one, else undefined
 * (no tokens, or tokens on two lines or more). For a text of one line this is `rougeIds`'s very
 * object (for an ASCII text, with no list of units made). Shared: do not change them.
 *
 * @example One line, two, none
 * ```ts
 * import { beginRow, rougeIds, rougeOnlyLine } from "./_rouge_tokens.ts";
 * import assert from "node:assert/strict";
 *
 * beginRow();
 * assert.equal(rougeOnlyLine("a b.\n\n", false), rougeIds("a b.\n\n", false));
 * assert.equal(rougeOnlyLine("a\nb", false), undefined);
 * assert.equal(rougeOnlyLine(" . ", false), undefined);
 * ```
 */
export function rougeOnlyLine(text: string, stemmer: boolean): Int32Array | undefined {
  const entry = entryOf(text, stemmer);
  if (entry.oneLine) return entry.ids.length > 0 ? entry.ids : undefined;
  const lines = linesOf(entry, text, stemmer);
  return lines.length === 1 ? lines[0] : undefined;
}
