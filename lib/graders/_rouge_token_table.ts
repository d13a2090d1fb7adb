// The token table of the ROUGE graders: every distinct token (lowercase ASCII letters and digits)
// gets an id, 0, 1, 2… in order of first appearance, kept across rows, so that equal tokens have
// equal ids. A token is looked up by its characters where they stand in a text; its characters are
// copied into the table when first seen, and it becomes a string only when asked for (stemming).
//
// The table is emptied, between rows, once it holds more than `limit` tokens; ids handed out
// before are then stale (`generation` counts the emptyings) and remembered texts are tokenized
// again. Without stemming the limit is small: ids only need to agree within a row (rows rarely
// share texts), and a small index and character pool stay in the processor's caches from row to
// row, where a table of every token of a long run missed them on most look-ups. Once a stem is
// asked for, the limit is large, so that each distinct token of a run is stemmed once (stemming
// costs more than those misses).
import { porterStem } from "../text/mod.ts";

/** Tokens kept before the table is emptied (between rows), until a stem is asked for. */
const LIMIT = 1536;
/** The same once a stem was asked for. */
const STEMMING_LIMIT = 1 << 18;
let limit = LIMIT;
/** Slots of the index as it is kept: at most half full up to LIMIT tokens and 512 more. */
const KEPT_SLOTS = 1 << 12;
const VALID_TOKEN = /^[a-z0-9]+$/;

/** How many times the table was emptied: ids from another generation are stale. */
export let generation = 0;

// The table: how many tokens, their strings (lowercase; made when first asked for), their
// characters one after another in `pool` (token `id` is `pool[starts[id]…starts[id + 1])`), their stems' ids (-1 not known yet, -2 when the stem is
// not a valid token), and an open-addressing index of slots of two numbers: hash, id + 1 (0 for a
// free slot). A look-up compares the hash of a slot before reading the token's characters, and
// the index is kept at most half full, so that it mostly reads one slot of a small array.
let count = 0;
let words: (string | undefined)[] = [];
let stems = new Int32Array(1024);
let starts = new Int32Array(1025);
let pool = new Uint8Array(65536);
const ASCII = new TextDecoder();
let poolSize = 0;
let index = new Int32Array(2 * KEPT_SLOTS);
let mask = KEPT_SLOTS - 1;

/** The first slot to try for a token hash. */
function spread(h: number): number {
  return (h ^ (h >>> 15)) & mask;
}

// How far a look-up walks from a token's first slot. Tokens that find no free slot that near (only
// texts made to share hashes do that) are kept in `overflow`, a Map, so that no input makes the
// look-ups walk the table from one end to the other.
let reach = 64;
let overflow: Map<string, number> | undefined;

/**
 * Empty the table (as between rows past its limit), change how far look-ups walk (tests send
 * tokens to the overflow Map with a short reach) and take the limit back to the one without
 * stemming.
 */
export function resetForTests(slots = 64): void {
  clear();
  reach = slots;
  limit = LIMIT;
}

/** Put an entry of the old index (at `at`) in the new one, or in `overflow` when too far. */
function place(old: Int32Array, at: number): void {
  let slot = spread(old[at]);
  for (let step = 0; step < reach; step++) {
    if (index[2 * slot + 1] === 0) {
      index[2 * slot] = old[at];
      index[2 * slot + 1] = old[at + 1];
      return;
    }
    slot = (slot + 1) & mask;
  }
  const id = old[at + 1] - 1;
  (overflow ??= new Map()).set(tokenOfId(id), id);
}

function grow(): void {
  const old = index;
  index = new Int32Array(2 * old.length);
  mask = index.length / 2 - 1;
  for (let at = 0; at < old.length; at += 2) if (old[at + 1] !== 0) place(old, at);
}

/**
 * Add the token `chars[start…end)` (of hash `h`; `word` when already made) at the free slot
 * `slot`, or to `overflow` when `slot` is -1.
 */
function add(
  chars: Uint8Array,
  start: number,
  end: number,
  h: number,
  slot: number,
  word: string | undefined,
): number {
  const id = count++;
  // `words` keeps its length across emptyings (entries past `count` are stale): a store, not a push.
  if (id < words.length) words[id] = word;
  else words.push(word);
  if (stems.length <= id) {
    const bigger = new Int32Array(2 * stems.length);
    bigger.set(stems);
    stems = bigger;
    const more = new Int32Array(bigger.length + 1);
    more.set(starts);
    starts = more;
  }
  stems[id] = -1;
  const length = end - start;
  const at = poolSize;
  // Every token has its characters in the pool (an overflow one too), so `starts` stays in order.
  // Those of a token written at the pool's end (by `scanBytes`) are there already.
  if (chars !== pool || start !== at) {
    const into = poolWithRoom(length);
    for (let k = 0; k < length; k++) into[at + k] = chars[start + k];
  }
  starts[id] = at;
  poolSize = at + length;
  starts[id + 1] = at + length;
  if (slot < 0) {
    (overflow ??= new Map()).set(word ?? tokenOfId(id), id);
    return id;
  }
  index[2 * slot] = h;
  index[2 * slot + 1] = id + 1;
  // At most one slot in two is taken.
  if (2 * count > mask + 1) grow();
  return id;
}

/**
 * The id of the token `chars[start…end)`, a run of lowercase ASCII letters and digits whose hash
 * (see `hashStep`) is `h`; a new token is added to the table.
 */
export function idOfBytes(chars: Uint8Array, start: number, end: number, h: number): number {
  const length = end - start;
  let slot = spread(h);
  let free = -1;
  for (let step = 0; step < reach; step++) {
    const entry = index[2 * slot + 1];
    if (entry === 0) {
      if (overflow === undefined) return add(chars, start, end, h, slot, undefined);
      free = slot;
      break;
    }
    if (index[2 * slot] === h) {
      const from = starts[entry - 1];
      if (starts[entry] - from === length) {
        let k = 0;
        while (k < length && pool[from + k] === chars[start + k]) k++;
        if (k === length) return entry - 1;
      }
    }
    slot = (slot + 1) & mask;
  }
  // Not in the index within reach: in the overflow Map, or new.
  const word = ASCII.decode(chars.subarray(start, end));
  return overflow?.get(word) ?? add(chars, start, end, h, free, word);
}

/** Per ASCII character: its lowercase form when it is a letter or digit (a token character), else 0. */
export const TOKEN_CHAR = new Uint8Array(128);
for (let c = 48; c <= 57; c++) TOKEN_CHAR[c] = c;
for (let c = 97; c <= 122; c++) TOKEN_CHAR[c] = TOKEN_CHAR[c - 32] = c;

/** The token count at each newline of the text last read by `scanBytes`: `lineBreaks[0…breakCount)`. */
export let lineBreaks = new Int32Array(16);
export let breakCount = 0;

/**
 * The ids of the tokens of the ASCII bytes `chars[0…n)` (runs of letters and digits, lowercased),
 * their stems' with `stemmer` (stems dropped as `rougeTokenize` drops them), written to
 * `out[base…]`; returns how many, and notes the newlines in `lineBreaks`. Each token is written
 * lowercased at the pool's end and looked up there (as `idOfBytes` would), so that a new token
 * is added to the table without a copy. `chars[n]` must be 0 (or any byte other than a letter or
 * digit): a token then ends at a byte that is not one, with no test of its position.
 */
export function scanBytes(
  chars: Uint8Array,
  n: number,
  out: Int32Array,
  base: number,
  stemmer: boolean,
): number {
  let written = 0;
  breakCount = 0;
  let slots = index;
  let within = mask;
  let from = starts;
  let kept = pool;
  let i = 0;
  while (i < n) {
    const c = chars[i];
    let lower = TOKEN_CHAR[c];
    if (lower === 0) {
      if (c === 10) {
        if (breakCount === lineBreaks.length) {
          const bigger = new Int32Array(2 * lineBreaks.length);
          bigger.set(lineBreaks);
          lineBreaks = bigger;
        }
        lineBreaks[breakCount++] = written;
      }
      i++;
      continue;
    }
    // A token: its characters, lowercased, up to the next other character (looked at in the next
    // round), written at the pool's end, where a new token stays (with room for the rest of the
    // text, the longest it can be).
    if (kept.length < poolSize + n - i) kept = poolWithRoom(n - i);
    const start = poolSize;
    let end = start;
    let h = HASH_SEED;
    for (;;) {
      kept[end++] = lower;
      h = Math.imul(h ^ lower, 0x01000193);
      lower = TOKEN_CHAR[chars[++i]];
      if (lower === 0) break;
    }
    const length = end - start;
    let slot = (h ^ (h >>> 15)) & within;
    let id = -1;
    let added = false;
    for (let step = 0; step < reach; step++) {
      const entry = slots[2 * slot + 1];
      if (entry === 0) {
        if (overflow === undefined) {
          id = add(kept, start, end, h, slot, undefined);
          added = true;
        }
        break;
      }
      if (slots[2 * slot] === h) {
        const at = from[entry - 1];
        if (from[entry] - at === length) {
          let k = 0;
          while (k < length && kept[at + k] === kept[start + k]) k++;
          if (k === length) {
            id = entry - 1;
            break;
          }
        }
      }
      slot = (slot + 1) & within;
    }
    if (id < 0 || added || stemmer) {
      // New (added above, which may have grown the table), past reach, or with the overflow Map
      // in use (the general look-up); or stemmed (which may add the stem): the table's arrays
      // may have been replaced.
      if (id < 0) id = idOfBytes(kept, start, end, h);
      if (stemmer) id = stemId(id);
      slots = index;
      within = mask;
      from = starts;
      kept = pool;
    }
    if (id >= 0) out[base + written++] = id;
  }
  return written;
}

/** The pool, grown to hold `room` more characters after its last token. */
function poolWithRoom(room: number): Uint8Array<ArrayBuffer> {
  if (pool.length < poolSize + room) {
    const bigger = new Uint8Array(2 * (poolSize + room));
    bigger.set(pool.subarray(0, poolSize));
    pool = bigger;
  }
  return pool;
}

export const HASH_SEED = 0x811c9dc5 | 0;

/** The token hash after one more character (already lowercased). */
export function hashStep(h: number, c: number): number {
  return Math.imul(h ^ c, 0x01000193);
}

// The characters of a token string being looked up (not the tokenizer's buffer: a stem is looked
// up while a text is being tokenized).
let wordChars = new Uint8Array(64);

/** The id of a token string from the general path (lowercase ASCII letters and digits). */
export function idOfWord(word: string): number {
  if (wordChars.length < word.length) wordChars = new Uint8Array(2 * word.length);
  let h = HASH_SEED;
  for (let k = 0; k < word.length; k++) {
    const c = word.charCodeAt(k);
    wordChars[k] = c;
    h = hashStep(h, c);
  }
  return idOfBytes(wordChars, 0, word.length, h);
}

/** The id of a token's stem, or -2 when the stem is dropped (as `rougeTokenize` drops it). */
export function stemId(id: number): number {
  let stem = stems[id];
  if (stem === -1) {
    limit = STEMMING_LIMIT;
    const word = tokenOfId(id);
    const stemmed = word.length > 3 ? porterStem(word) : word;
    stem = VALID_TOKEN.test(stemmed) ? idOfWord(stemmed) : -2;
    stems[id] = stem;
  }
  return stem;
}

/**
 * Make the ids of the texts asked for next comparable: call it before taking the ids of one row's
 * texts (a table grown past its limit is emptied here, never between the texts of a row).
 */
export function beginRow(): void {
  if (count > limit) clear();
}

function clear(): void {
  generation++;
  count = 0;
  if (words.length > 1 << 16) words = [];
  poolSize = 0;
  // The index as kept is cleared in place; one grown by a row of many new tokens is let go.
  if (index.length === 2 * KEPT_SLOTS) index.fill(0);
  else index = new Int32Array(2 * KEPT_SLOTS);
  mask = KEPT_SLOTS - 1;
  if (pool.length > 1 << 20) pool = new Uint8Array(65536);
  if (stems.length > 1 << 16) {
    stems = new Int32Array(1024);
    starts = new Int32Array(1025);
  }
  overflow = undefined;
}

/** An upper bound of the ids handed out since `beginRow`: every id is below it. */
export function symbolCount(): number {
  return count;
}

/** The token string of an id. */
export function tokenOfId(id: number): string {
  let word = words[id];
  if (word === undefined) {
    // Tokens are ASCII letters and digits, so their bytes decode as UTF-8 to the same characters.
    word = ASCII.decode(pool.subarray(starts[id], starts[id + 1]));
    words[id] = word;
  }
  return word;
}
