// First rows of keys (group, item, repeat) in compact memory, for duplicate checks on big files:
// each distinct key is 12 bytes in chunks of typed arrays (the group id and the repeat's code in
// one word, the item id in another, the row number and three spare bits in a third), found
// through an open-addressing table of 32-bit slots (at most 4/3 slots a key). Keys are compared
// exactly (numbers: dense ids from StringIds and the repeat's code), so a hash collision never
// makes two keys one. A key whose group id or repeat code does not fit in 16 bits, or whose row
// does not fit in 29 bits, keeps them in a side map (a Map entry each: never in ordinary files).
import { mix32 } from "./_key_ids.ts";

const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;
const LOW = CHUNK - 1;
/** Repeats that are whole numbers in [0, 2^31) are their own code; others are numbered. */
const ODD_REPEAT = 0x80000000;
/** A group id and a repeat code below this share one 32-bit word; others go to a side map. */
const SMALL = 0xffff;
const WIDE = 0xffffffff;
/** Row numbers below this share a word with the class bits; others go to a side map. */
const BIG_ROW = 2 ** 29 - 1;

/** Keys → the row each was first seen at, plus three bits of the caller's per key. */
export class FirstRows {
  /** (group << 16) | repeat code, or WIDE with both in #wide. */
  #keys: Uint32Array[] = [];
  #cases: Uint32Array[] = [];
  /** row * 8 + class bits, or BIG_ROW * 8 + bits with the row in #bigRows. */
  #rows: Uint32Array[] = [];
  #wide = new Map<number, [number, number]>();
  #bigRows = new Map<number, number>();
  #oddRepeats = new Map<string, number>();
  #slots = new Int32Array(1 << 12);
  #size = 0;

  /** How many keys are stored. */
  get size(): number {
    return this.#size;
  }

  /** The code of a repeat: as the old JSON keys did, NaN and ±Infinity are one value, -0 is 0. */
  #repeatCode(repeat: number): number {
    if (Number.isInteger(repeat) && repeat >= 0 && repeat < ODD_REPEAT) return repeat;
    const key = JSON.stringify(repeat);
    let code = this.#oddRepeats.get(key);
    if (code === undefined) this.#oddRepeats.set(key, code = this.#oddRepeats.size);
    return ODD_REPEAT + code;
  }

  #hash(group: number, kase: number, repeat: number): number {
    return mix32(
      Math.imul(group, 0x9e3779b1) ^ Math.imul(kase, 0x85ebca77) ^ (repeat * 0x27d4eb2f),
    );
  }

  #group(at: number, key: number): number {
    return key === WIDE ? this.#wide.get(at)![0] : key >>> 16;
  }

  #repeat(at: number, key: number): number {
    return key === WIDE ? this.#wide.get(at)![1] : key & 0xffff;
  }

  /**
   * Record a key (group and item ids, repeat) seen at a row. Returns the first row of the same
   * key when one was recorded (a duplicate, not stored), else undefined; then {@link mark} may
   * give the new key its three bits. Repeats compare as their JSON does: NaN and ±Infinity are
   * one value, -0 is 0.
   */
  add(group: number, kase: number, repeatValue: number, row: number): number | undefined {
    const repeat = this.#repeatCode(repeatValue);
    const key = group < SMALL && repeat < SMALL ? ((group << 16) | repeat) >>> 0 : WIDE;
    const mask = this.#slots.length - 1;
    let i = this.#hash(group, kase, repeat) & mask;
    for (;; i = (i + 1) & mask) {
      const slot = this.#slots[i];
      if (slot === 0) break;
      const at = slot - 1;
      const c = at >>> CHUNK_BITS;
      const j = at & LOW;
      if (this.#cases[c][j] !== kase || this.#keys[c][j] !== key) continue;
      if (key === WIDE) {
        const [g, r] = this.#wide.get(at)!;
        if (g !== group || r !== repeat) continue;
      }
      return this.#row(at);
    }
    const at = this.#size++;
    const c = at >>> CHUNK_BITS;
    const j = at & LOW;
    if (j === 0) {
      this.#keys.push(new Uint32Array(CHUNK));
      this.#cases.push(new Uint32Array(CHUNK));
      this.#rows.push(new Uint32Array(CHUNK));
    }
    this.#keys[c][j] = key;
    if (key === WIDE) this.#wide.set(at, [group, repeat]);
    this.#cases[c][j] = kase;
    if (row >= 0 && row < BIG_ROW && Number.isInteger(row)) this.#rows[c][j] = row * 8;
    else {
      this.#rows[c][j] = BIG_ROW * 8;
      this.#bigRows.set(at, row);
    }
    this.#slots[i] = at + 1;
    if (this.#size * 4 > this.#slots.length * 3) this.#rehash();
    return undefined;
  }

  /** Set the three bits (0–7) of the key added last. */
  mark(bits: number): void {
    const at = this.#size - 1;
    this.#rows[at >>> CHUNK_BITS][at & LOW] |= bits & 7;
  }

  #row(at: number): number {
    const r = this.#rows[at >>> CHUNK_BITS][at & LOW] >>> 3;
    return r === BIG_ROW ? this.#bigRows.get(at)! : r;
  }

  #rehash(): void {
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let at = 0; at < this.#size; at++) {
      const c = at >>> CHUNK_BITS;
      const j = at & LOW;
      const key = this.#keys[c][j];
      const h = this.#hash(this.#group(at, key), this.#cases[c][j], this.#repeat(at, key));
      let i = h & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = at + 1;
    }
    this.#slots = slots;
  }

  /** Let the lookup table go (after reading, when only {@link forEachOf} is needed). */
  dropIndex(): void {
    this.#slots = new Int32Array(1);
  }

  /** Key numbers ordered by group, stably (a counting sort), and where each group starts. */
  #byGroup(groupCount: number): { starts: Uint32Array; order: Uint32Array } {
    const starts = new Uint32Array(groupCount + 1);
    const groupAt = (at: number) => this.#group(at, this.#keys[at >>> CHUNK_BITS][at & LOW]);
    for (let at = 0; at < this.#size; at++) starts[groupAt(at) + 1]++;
    for (let g = 0; g < groupCount; g++) starts[g + 1] += starts[g];
    const next = starts.slice(0, groupCount);
    const order = new Uint32Array(this.#size);
    for (let at = 0; at < this.#size; at++) order[next[groupAt(at)]++] = at;
    return { starts, order };
  }

  /**
   * A function that calls `fn(item, bits)` for each key of a group, in the order keys were added.
   * With few groups each call is one pass over all keys (nothing more kept); with many, an index
   * sorted by group is built once (4 bytes a key).
   */
  scanner(groupCount: number): (group: number, fn: (item: number, bits: number) => void) => void {
    const byGroup = groupCount > 16 ? this.#byGroup(groupCount) : undefined;
    return (g, fn) => {
      const [from, to] = byGroup ? [byGroup.starts[g], byGroup.starts[g + 1]] : [0, this.#size];
      for (let k = from; k < to; k++) {
        const at = byGroup ? byGroup.order[k] : k;
        const c = at >>> CHUNK_BITS;
        const j = at & LOW;
        if (!byGroup && this.#group(at, this.#keys[c][j]) !== g) continue;
        fn(this.#cases[c][j], this.#rows[c][j] & 7);
      }
    };
  }
}
