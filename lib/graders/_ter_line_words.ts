// Word ids for TER's usual lines: printable ASCII words joined by single spaces (what the Tercom
// tokenizer gives back unchanged). Each line is read once: its words are cut at spaces, hashed,
// checked to be printable and numbered in the same loop (no search for the next space, no call
// per word), in a small open-addressing table of spans that is emptied for each pair of lines by
// moving to the next generation. Equal words get equal ids; ids count up from 0.

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** Ids for the words of a few lines (one segment's reference and hypothesis). */
export class LineWords {
  // A slot's key is `#texts[slot].slice(#starts[slot], #starts[slot] + #lengths[slot])`.
  #texts: string[] = new Array(256).fill("");
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
      this.#texts = new Array(slots).fill("");
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
  }

  /** How many distinct words were numbered since the last reset. */
  get size(): number {
    return this.#size;
  }

  /**
   * Write the ids of `line`'s words into `out` (room for `(line.length + 1) >> 1`) and return how
   * many there are; -1 when `line` is not printable ASCII words (U+0021–U+007E) joined by single
   * spaces: empty, a space at either end or two side by side, any other character.
   *
   * @example Equal words, equal ids; a line that is not so
   * ```ts
   * import { LineWords } from "./_ter_line_words.ts";
   * import assert from "node:assert/strict";
   *
   * const words = new LineWords();
   * words.reset(8);
   * const out = new Int32Array(8);
   * assert.equal(words.number("the cat saw the dog", out), 5);
   * assert.deepEqual([...out.slice(0, 5)], [0, 1, 2, 0, 3]);
   * assert.equal(words.number("the  cat", out), -1);
   * assert.equal(words.number("a chaté", out), -1);
   * ```
   */
  number(line: string, out: Int32Array): number {
    const length = line.length;
    let n = 0;
    let start = 0;
    let h = FNV_OFFSET;
    // Negative once any code unit other than a space is below U+0021 or above U+007E.
    let outside = 0;
    for (let i = 0; i < length; i++) {
      const c = line.charCodeAt(i);
      if (c !== 0x20) {
        outside |= (c - 0x21) | (0x7e - c);
        h = Math.imul(h ^ c, FNV_PRIME);
        continue;
      }
      if (i === start) return -1;
      out[n++] = this.#id(line, start, i, h);
      start = i + 1;
      h = FNV_OFFSET;
    }
    if (outside < 0 || start === length) return -1;
    out[n++] = this.#id(line, start, length, h);
    return n;
  }

  /** The id of `line[start, end)` (of hash `h`), numbering it if it is new. */
  #id(line: string, start: number, end: number, h: number): number {
    const stamps = this.#stamps;
    const mask = stamps.length - 1;
    const length = end - start;
    const generation = this.#generation;
    for (let i = h & mask;; i = (i + 1) & mask) {
      if (stamps[i] !== generation) {
        stamps[i] = generation;
        this.#texts[i] = line;
        this.#starts[i] = start;
        this.#lengths[i] = length;
        this.#hashes[i] = h;
        return this.#values[i] = this.#size++;
      }
      if (this.#hashes[i] !== h || this.#lengths[i] !== length) continue;
      const text = this.#texts[i];
      const at = this.#starts[i] - start;
      let k = start;
      while (k < end && text.charCodeAt(at + k) === line.charCodeAt(k)) k++;
      if (k === end) return this.#values[i];
    }
  }
}
