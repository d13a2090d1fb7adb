// Word ids for TER's lines of ASCII text, with no Tercom options but case: the words are the runs
// of characters other than Python's whitespace, lowercased unless case counts (what the tokenizer
// gives for such a line). Each line is copied into bytes (by the native encoder, whose UTF-8 form
// is as long as the line only when every character is ASCII, or by code unit when the line is
// short) and read once: each byte is looked up in a table that says whether it ends a word and
// gives its folded form, which is hashed and kept; each word is numbered in a small
// open-addressing table of spans of the kept bytes, probed inside the scan and emptied for each
// pair of lines by moving to the next generation. Equal words get equal ids; ids count up from 0.
// Byte reads are cheaper than `charCodeAt`, and no word string is made.
import { asciiTextBytes } from "../text/_ascii_text_bytes.ts";

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * Per ASCII code: 0 for Python's whitespace (U+0009–U+000D, U+001C–U+0020), else the character
 * with 0x80 set (so that U+0000 is not 0); in `FOLDED` A–Z are lowercased first, as both
 * JavaScript's `toLowerCase` and Python's `lower` do with ASCII.
 */
const KEPT = new Uint8Array(128);
const FOLDED = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const white = (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20);
  KEPT[c] = white ? 0 : c | 0x80;
  FOLDED[c] = white ? 0 : (c >= 0x41 && c <= 0x5a ? c + 0x20 : c) | 0x80;
}

/** Ids for the words of a few lines (one segment's reference and hypothesis). */
export class LineWords {
  /** The folded bytes of every line read since the last reset, one after the other. */
  #kept = new Uint8Array(1024);
  #end = 0;
  /**
   * The table, four numbers a slot: the generation that filled it (a slot of an older one is
   * empty), the key's hash, and its span `#kept[start, end)`. `#values` holds the slots' ids.
   */
  #slots = new Int32Array(4 * 256);
  #values = new Int32Array(256);
  #generation = 1;
  #size = 0;

  /** Start a new segment with room for `words` distinct words (the table never grows mid-way). */
  reset(words: number): void {
    if (2 * words > this.#values.length) {
      let slots = this.#values.length;
      while (2 * words > slots) slots *= 2;
      this.#slots = new Int32Array(4 * slots);
      this.#values = new Int32Array(slots);
      this.#generation = 0;
    }
    if (++this.#generation === 0x7fffffff) {
      this.#slots.fill(0);
      this.#generation = 1;
    }
    this.#size = 0;
    this.#end = 0;
  }

  /** How many distinct words were numbered since the last reset. */
  get size(): number {
    return this.#size;
  }

  /**
   * Write the ids of `line`'s words into `out` (room for `(line.length + 1) >> 1`) and return how
   * many there are; -1 when `line` has a character outside ASCII. Words are the runs of
   * characters other than Python's whitespace, A–Z lowercased unless `caseSensitive`: Python's
   * `line.lower().split()` (or `line.split()`).
   *
   * @example Equal words, equal ids; a line that is not ASCII
   * ```ts
   * import { LineWords } from "./_ter_line_words.ts";
   * import assert from "node:assert/strict";
   *
   * const words = new LineWords();
   * words.reset(8);
   * const out = new Int32Array(12);
   * assert.equal(words.number("the cat saw The dog", out, false), 5);
   * assert.deepEqual([...out.slice(0, 5)], [0, 1, 2, 0, 3]);
   * assert.equal(words.number("  the\tCAT\n", out, false), 2);
   * assert.deepEqual([...out.slice(0, 2)], [0, 1]);
   * assert.equal(words.number("the CAT", out, true), 2);
   * assert.deepEqual([...out.slice(0, 2)], [0, 4]);
   * assert.equal(words.number("a chaté", out, false), -1);
   * ```
   */
  number(line: string, out: Int32Array, caseSensitive: boolean): number {
    const length = line.length;
    // The line's bytes, shared with the other scanners that read it (one byte after it is ours).
    const chars = asciiTextBytes(line);
    if (chars === undefined) return -1;
    const base = this.#end;
    if (this.#kept.length < base + length) {
      const kept = new Uint8Array(2 * (base + length));
      kept.set(this.#kept.subarray(0, base));
      this.#kept = kept;
    }
    const kept = this.#kept;
    const table = caseSensitive ? KEPT : FOLDED;
    const slots = this.#slots;
    const values = this.#values;
    const mask = values.length - 1;
    const generation = this.#generation;
    let size = this.#size;
    let n = 0;
    let i = 0;
    // A whitespace byte after the line ends its last word (no test for the end in a word).
    chars[length] = 0x20;
    scan: for (;;) {
      let c = table[chars[i]];
      while (c === 0) {
        if (++i >= length) break scan;
        c = table[chars[i]];
      }
      // A word: its bytes, kept and hashed, up to the next whitespace.
      const start = base + i;
      let h = FNV_OFFSET;
      do {
        kept[base + i] = c;
        h = Math.imul(h ^ c, FNV_PRIME);
        c = table[chars[++i]];
      } while (c !== 0);
      const end = base + i;
      // Its id: the slot of its span, found from its hash (or filled with the next id).
      for (let slot = h & mask;; slot = (slot + 1) & mask) {
        const at = 4 * slot;
        if (slots[at] !== generation) {
          slots[at] = generation;
          slots[at + 1] = h;
          slots[at + 2] = start;
          slots[at + 3] = end;
          out[n++] = values[slot] = size++;
          break;
        }
        if (slots[at + 1] !== h) continue;
        const from = slots[at + 2];
        if (slots[at + 3] - from !== end - start) continue;
        const shift = from - start;
        let k = start;
        while (k < end && kept[shift + k] === kept[k]) k++;
        if (k === end) {
          out[n++] = values[slot];
          break;
        }
      }
    }
    this.#size = size;
    this.#end = base + length;
    return n;
  }
}
