// The token table of the ROUGE graders: every distinct token (lowercase ASCII letters and digits)
// gets an id, 0, 1, 2… in order of first appearance, kept across rows, so that equal tokens have
// equal ids. A token is looked up by its characters where they stand in a text, and becomes a
// string only when first seen. The table is emptied, between rows, once it holds more than LIMIT
// tokens, so that a long run over texts with ever new words keeps a bounded memory; ids handed out
// before are then stale (`generation` counts the emptyings).
import { porterStem } from "../text/mod.ts";

const LIMIT = 1 << 18;
const VALID_TOKEN = /^[a-z0-9]+$/;

/** How many times the table was emptied: ids from another generation are stale. */
export let generation = 0;

// The table: token strings (lowercase), their characters one after another in `pool`, their
// stems' ids (-1 not known yet, -2 when the stem is not a valid token), and an open-addressing
// index of slots of four numbers: hash, id + 1 (0 for a free slot), start in `pool`, length.
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

// How far a look-up walks from a token's first slot. Tokens that find no free slot that near (only
// texts made to share hashes do that) are kept in `overflow`, a Map, so that no input makes the
// look-ups walk the table from one end to the other.
let reach = 64;
let overflow: Map<string, number> | undefined;

/**
 * Empty the table (as between rows past its limit) and change how far look-ups walk: tests send
 * tokens to the overflow Map with a short reach.
 */
export function resetForTests(slots = 64): void {
  clear();
  reach = slots;
}

/** Put an entry of the old index (at `at`) in the new one, or in `overflow` when too far. */
function place(old: Int32Array, at: number): void {
  let slot = spread(old[at]);
  for (let step = 0; step < reach; step++) {
    if (index[4 * slot + 1] === 0) {
      for (let k = 0; k < 4; k++) index[4 * slot + k] = old[at + k];
      return;
    }
    slot = (slot + 1) & mask;
  }
  const id = old[at + 1] - 1;
  (overflow ??= new Map()).set(words[id], id);
}

function grow(): void {
  const old = index;
  index = new Int32Array(2 * old.length);
  mask = index.length / 4 - 1;
  for (let at = 0; at < old.length; at += 4) if (old[at + 1] !== 0) place(old, at);
}

/** Add `word` (of hash `h`) at the free slot `slot`, or to `overflow` when `slot` is -1. */
function add(word: string, h: number, slot: number): number {
  const id = words.length;
  words.push(word);
  if (stems.length <= id) {
    const bigger = new Int32Array(2 * stems.length);
    bigger.set(stems);
    stems = bigger;
  }
  stems[id] = -1;
  if (slot < 0) {
    (overflow ??= new Map()).set(word, id);
    return id;
  }
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
export function idOfSpan(text: string, start: number, end: number, h: number): number {
  const length = end - start;
  let slot = spread(h);
  let free = -1;
  for (let step = 0; step < reach; step++) {
    const at = 4 * slot;
    const entry = index[at + 1];
    if (entry === 0) {
      if (overflow === undefined) return add(text.slice(start, end).toLowerCase(), h, slot);
      free = slot;
      break;
    }
    if (index[at] === h && index[at + 3] === length) {
      const from = index[at + 2];
      let k = 0;
      // For ASCII letters and digits, `| 32` lowercases letters and leaves digits alone.
      while (k < length && pool[from + k] === (text.charCodeAt(start + k) | 32)) k++;
      if (k === length) return entry - 1;
    }
    slot = (slot + 1) & mask;
  }
  // Not in the index within reach: in the overflow Map, or new.
  const word = text.slice(start, end).toLowerCase();
  return overflow?.get(word) ?? add(word, h, free);
}

export const HASH_SEED = 0x811c9dc5 | 0;

/** The token hash after one more character (already lowercased). */
export function hashStep(h: number, c: number): number {
  return Math.imul(h ^ c, 0x01000193);
}

/** The id of a token string from the general path (lowercase ASCII letters and digits). */
export function idOfWord(word: string): number {
  let h = HASH_SEED;
  for (let k = 0; k < word.length; k++) h = hashStep(h, word.charCodeAt(k));
  return idOfSpan(word, 0, word.length, h);
}

/** The id of a token's stem, or -2 when the stem is dropped (as `rougeTokenize` drops it). */
export function stemId(id: number): number {
  let stem = stems[id];
  if (stem === -1) {
    const word = words[id];
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
  if (words.length > LIMIT) clear();
}

function clear(): void {
  generation++;
  words = [];
  poolSize = 0;
  index = new Int32Array(4 * 1024);
  mask = 1023;
  overflow = undefined;
}

/** An upper bound of the ids handed out since `beginRow`: every id is below it. */
export function symbolCount(): number {
  return words.length;
}

/** The token string of an id. */
export function tokenOfId(id: number): string {
  return words[id];
}
