// Word ids for TER's lines that are not all ASCII (see `_ter_line_words.ts` for those that are),
// with no Tercom option but case: the words are the runs of code units other than Python's
// whitespace of a line already lowercased by the caller unless case counts. Each line is read
// once by `charCodeAt`, its words hashed as they are read and numbered in a small
// open-addressing table of spans of the lines (a span's line is kept as its index, so no word
// string is made and no string is stored per word). Equal words get equal ids (code unit for code
// unit, as equal strings); ids count up from 0.

import { isPyWhitespace } from "../text/mod.ts";

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** Per ASCII code: 1 for Python's whitespace (U+0009–U+000D, U+001C–U+0020), else 0. */
const ASCII_WHITE = new Uint8Array(128).map((_, c) =>
  (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20) ? 1 : 0
);

/** Ids for the words of a few lines of any text (one segment's reference and hypothesis). */
export class TextWords {
  /** The lines numbered since the last reset, in order. */
  #lines: string[] = [];
  // A slot's key is `#lines[#which[slot]]` from `#starts[slot]`, `#lengths[slot]` code units.
  #which = new Int32Array(256);
  #starts = new Int32Array(256);
  #lengths = new Int32Array(256);
  #hashes = new Int32Array(256);
  #stamps = new Int32Array(256);
  #values = new Int32Array(256);
  #generation = 1;
  #size = 0;

  /** Start a new segment with room for `words` distinct words (the table never grows mid-way). */
  reset(words: number): void {
    if (2 * words > this.#stamps.length) {
      let slots = this.#stamps.length;
      while (2 * words > slots) slots *= 2;
      this.#which = new Int32Array(slots);
      this.#starts = new Int32Array(slots);
      this.#lengths = new Int32Array(slots);
      this.#hashes = new Int32Array(slots);
      this.#stamps = new Int32Array(slots);
      this.#values = new Int32Array(slots);
      this.#generation = 0;
    }
    if (++this.#generation === 0x7fffffff) {
      this.#stamps.fill(0);
      this.#generation = 1;
    }
    this.#size = 0;
    this.#lines.length = 0;
  }

  /** How many distinct words were numbered since the last reset. */
  get size(): number {
    return this.#size;
  }

  /**
   * Write the ids of `line`'s words into `out` (room for `(line.length + 1) >> 1`) and return how
   * many there are. Words are the runs of code units other than Python's whitespace: Python's
   * `line.split()`, compared code unit for code unit.
   *
   * @example Non-ASCII words and whitespace
   * ```ts
   * import { TextWords } from "./_ter_text_words.ts";
   * import assert from "node:assert/strict";
   *
   * const words = new TextWords();
   * words.reset(8);
   * const out = new Int32Array(8);
   * assert.equal(words.number("thé\u00a0chat\u3000thé", out), 3);
   * assert.deepEqual([...out.slice(0, 3)], [0, 1, 0]);
   * assert.equal(words.number(" chat\u2028the ", out), 2);
   * assert.deepEqual([...out.slice(0, 2)], [1, 2]);
   * ```
   */
  number(line: string, out: Int32Array): number {
    const which = this.#lines.length;
    this.#lines.push(line);
    const length = line.length;
    let n = 0;
    let i = 0;
    while (i < length) {
      let c = line.charCodeAt(i);
      if (c < 0x80 ? ASCII_WHITE[c] === 1 : isPyWhitespace(line, i)) {
        i++;
        continue;
      }
      // A word: its code units hashed up to the next whitespace (looked at next round).
      const start = i;
      let h = FNV_OFFSET;
      for (;;) {
        h = Math.imul(h ^ c, FNV_PRIME);
        if (++i === length) break;
        c = line.charCodeAt(i);
        if (c < 0x80 ? ASCII_WHITE[c] === 1 : isPyWhitespace(line, i)) break;
      }
      out[n++] = this.#id(which, line, start, i, h);
    }
    return n;
  }

  /** The id of `line[start, end)` (of hash `h`, line `which`), numbering it if it is new. */
  #id(which: number, line: string, start: number, end: number, h: number): number {
    const stamps = this.#stamps;
    const mask = stamps.length - 1;
    const length = end - start;
    const generation = this.#generation;
    for (let i = h & mask;; i = (i + 1) & mask) {
      if (stamps[i] !== generation) {
        stamps[i] = generation;
        this.#which[i] = which;
        this.#starts[i] = start;
        this.#lengths[i] = length;
        this.#hashes[i] = h;
        return this.#values[i] = this.#size++;
      }
      if (this.#hashes[i] !== h || this.#lengths[i] !== length) continue;
      const text = this.#lines[this.#which[i]];
      const at = this.#starts[i] - start;
      let k = start;
      while (k < end && text.charCodeAt(at + k) === line.charCodeAt(k)) k++;
      if (k === end) return this.#values[i];
    }
  }
}
