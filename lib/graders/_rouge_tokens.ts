// rouge-score's tokens of a text as integer ids, shared by ROUGE-1, ROUGE-2, ROUGE-L, ROUGE-Lsum
// and the near-miss probe's re-grades (they all tokenize the same output and references of a row).
//
// Every distinct token gets an id from one table kept across rows (0, 1, 2… in order of first
// appearance), so equal tokens have equal ids and the metrics compare and count integers. A text
// of ASCII characters only is tokenized in one pass over its characters: each run of ASCII letters
// and digits is looked up in the table by its lowercased characters, and no lowercased copy of the
// text, no token strings and no token lists are made (only a token seen for the first time becomes
// a string). Any other text takes the general path, `rougeTokenize`, whose tokens are then looked
// up: Unicode lowercasing can turn a non-ASCII character into ASCII letters (`K` Kelvin sign → `k`,
// `İ` → `i` and a combining dot), which the fast path does not try to copy. For ASCII text the two
// agree: lowercasing only maps `A`–`Z`, and the tokens are the runs of `[a-z0-9]` between the rest.
//
// The table is emptied, between rows, once it holds more than LIMIT tokens, so that a long run over
// texts with ever new words keeps a bounded memory; ids handed out before are then stale, which is
// why a metric calls `beginRow` before it takes the ids of a row's texts, and why a remembered
// text's ids carry the table's generation.
import { porterStem, punktSentences, rougeTokenize } from "../text/mod.ts";
import { memoized } from "./_memo.ts";

const LIMIT = 1 << 18;
const VALID_TOKEN = /^[a-z0-9]+$/;
const NO_IDS = new Int32Array(0);

// The table: token strings (lowercase), their characters one after another in `pool`, their
// stems' ids (-1 not known yet, -2 when the stem is not a valid token), and an open-addressing
// index of slots of four numbers: hash, id + 1 (0 for a free slot), start in `pool`, length.
let generation = 0;
let words: string[] = [];
let stems = new Int32Array(1024);
let pool = new Uint8Array(8192);
let poolSize = 0;
let index = new Int32Array(4 * 1024);
let mask = 1023;

/** The first slot to try for a token hash. */
function spread(h: number): number {
  return (h ^ (h >>> 15)) & mask;
}

function grow(): void {
  const old = index;
  index = new Int32Array(2 * old.length);
  mask = index.length / 4 - 1;
  for (let at = 0; at < old.length; at += 4) {
    if (old[at + 1] === 0) continue;
    let slot = spread(old[at]);
    while (index[4 * slot + 1] !== 0) slot = (slot + 1) & mask;
    index.set(old.subarray(at, at + 4), 4 * slot);
  }
}

/** Add the token `text[start…end)` lowercased, of hash `h`, at the free slot `slot`. */
function add(text: string, start: number, end: number, h: number, slot: number): number {
  const id = words.length;
  const word = text.slice(start, end).toLowerCase();
  words.push(word);
  if (stems.length <= id) {
    const bigger = new Int32Array(2 * stems.length);
    bigger.set(stems);
    stems = bigger;
  }
  stems[id] = -1;
  if (pool.length < poolSize + word.length) {
    const bigger = new Uint8Array(2 * (poolSize + word.length));
    bigger.set(pool.subarray(0, poolSize));
    pool = bigger;
  }
  for (let k = 0; k < word.length; k++) pool[poolSize + k] = word.charCodeAt(k);
  const at = 4 * slot;
  index[at] = h;
  index[at + 1] = id + 1;
  index[at + 2] = poolSize;
  index[at + 3] = word.length;
  poolSize += word.length;
  // At most three slots in four are taken.
  if (4 * words.length > 3 * (mask + 1)) grow();
  return id;
}

/**
 * The id of the token `text[start…end)` lowercased, a run of ASCII letters and digits whose
 * hash (see `hashStep`) is `h`; a new token is added to the table.
 */
function idOfSpan(text: string, start: number, end: number, h: number): number {
  const length = end - start;
  let slot = spread(h);
  for (;;) {
    const at = 4 * slot;
    const entry = index[at + 1];
    if (entry === 0) return add(text, start, end, h, slot);
    if (index[at] === h && index[at + 3] === length) {
      const from = index[at + 2];
      let k = 0;
      // For ASCII letters and digits, `| 32` lowercases letters and leaves digits alone.
      while (k < length && pool[from + k] === (text.charCodeAt(start + k) | 32)) k++;
      if (k === length) return entry - 1;
    }
    slot = (slot + 1) & mask;
  }
}

const HASH_SEED = 0x811c9dc5 | 0;

/** The token hash after one more character (already lowercased). */
function hashStep(h: number, c: number): number {
  return Math.imul(h ^ c, 0x01000193);
}

/** The id of a token string from the general path (lowercase ASCII letters and digits). */
function idOfWord(word: string): number {
  let h = HASH_SEED;
  for (let k = 0; k < word.length; k++) h = hashStep(h, word.charCodeAt(k));
  return idOfSpan(word, 0, word.length, h);
}

/** The id of a token's stem, or -2 when the stem is dropped (as `rougeTokenize` drops it). */
function stemId(id: number): number {
  let stem = stems[id];
  if (stem === -1) {
    const word = words[id];
    const stemmed = word.length > 3 ? porterStem(word) : word;
    stem = VALID_TOKEN.test(stemmed) ? idOfWord(stemmed) : -2;
    stems[id] = stem;
  }
  return stem;
}

// Work space of the one-pass tokenizer: the ids so far, and the token counts at each newline.
let out = new Int32Array(256);
let breaks = new Int32Array(16);
let breakCount = 0;

function push(count: number, id: number): number {
  if (count === out.length) {
    const bigger = new Int32Array(2 * out.length);
    bigger.set(out);
    out = bigger;
  }
  out[count] = id;
  return count + 1;
}

/**
 * Tokenize an ASCII text into `out` in one pass, noting the token count at each newline in
 * `breaks`; returns the token count, or -1 as soon as a non-ASCII character shows up.
 */
function scanAscii(text: string, stemmer: boolean): number {
  let count = 0;
  breakCount = 0;
  let start = -1;
  let h = HASH_SEED;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 32;
    if (c >= 128) return -1;
    const lower = c | 32;
    if ((c >= 48 && c <= 57) || (lower >= 97 && lower <= 122)) {
      if (start < 0) {
        start = i;
        h = HASH_SEED;
      }
      h = hashStep(h, lower);
      continue;
    }
    if (start >= 0) {
      let id = idOfSpan(text, start, i, h);
      if (stemmer) id = stemId(id);
      if (id >= 0) count = push(count, id);
      start = -1;
    }
    if (c === 10) {
      if (breakCount === breaks.length) {
        const bigger = new Int32Array(2 * breaks.length);
        bigger.set(breaks);
        breaks = bigger;
      }
      breaks[breakCount++] = count;
    }
  }
  return count;
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
   * when first asked for if the text is not ASCII.
   */
  lines: readonly Int32Array[] | undefined;
  /** The tokens of each Punkt sentence that has any, once asked for. */
  sentences: readonly Int32Array[] | undefined;
}

function fill(entry: Entry, text: string, stemmer: boolean): void {
  entry.generation = generation;
  entry.sentences = undefined;
  const count = scanAscii(text, stemmer);
  if (count < 0) {
    entry.ids = generalIds(text, stemmer);
    entry.lines = undefined;
    return;
  }
  const ids = count === 0 ? NO_IDS : out.slice(0, count);
  entry.ids = ids;
  const lines: Int32Array[] = [];
  let from = 0;
  for (let b = 0; b <= breakCount; b++) {
    const to = b < breakCount ? breaks[b] : count;
    if (to > from) lines.push(from === 0 && to === count ? ids : ids.subarray(from, to));
    from = to;
  }
  entry.lines = lines;
}

function newEntry(): Entry {
  return { generation: -1, ids: NO_IDS, lines: undefined, sentences: undefined };
}

const PLAIN = memoized((_text: string) => newEntry());
const STEMMED = memoized((_text: string) => newEntry());

function entryOf(text: string, stemmer: boolean): Entry {
  const entry = stemmer ? STEMMED(text) : PLAIN(text);
  if (entry.generation !== generation) fill(entry, text, stemmer);
  return entry;
}

/**
 * Make the ids of the texts asked for next comparable: call it before taking the ids of one row's
 * texts (a table grown past its limit is emptied here, never between the texts of a row).
 */
export function beginRow(): void {
  if (words.length <= LIMIT) return;
  generation++;
  words = [];
  poolSize = 0;
  index = new Int32Array(4 * 1024);
  mask = 1023;
}

/** An upper bound of the ids handed out since `beginRow`: every id is below it. */
export function symbolCount(): number {
  return words.length;
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
  if (!splitSummaries) return entry.lines ??= unitsOfPieces(text.split("\n"), stemmer);
  return entry.sentences ??= unitsOfPieces(punktSentences(text), stemmer);
}

/** The token string of an id (for tests). */
export function tokenOfId(id: number): string {
  return words[id];
}
