// The attempts an audit has seen, in compact memory: for each distinct (group, case, repeat) key
// its first row and its class, in chunks of typed arrays (17 bytes an attempt), found through an
// open-addressing table of 32-bit slots (at most 4/3 slots an attempt). Keys are compared exactly
// (numbers: the group's and the case's dense ids and the repeat's code), so a hash collision never
// refuses a row. The per-case tallies of the each-case-once rate are summed from these at the end,
// one group at a time, instead of keeping a tally object per group × case while reading.
import { mix32 } from "./_string_ids.ts";

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

/** Class bits kept per attempt. */
export const PASSED = 1;
export const FAILED = 2;
export const ZEROABLE = 4;

export class Attempts {
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

  /** How many attempts are stored. */
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
   * Record an attempt: its group and case ids, repeat and row. Returns the first row of the same
   * key when one was recorded (a duplicate, not stored), else undefined; then {@link classify}
   * gives the new attempt its class bits.
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

  /** Set the class bits (PASSED, FAILED, ZEROABLE) of the attempt added last. */
  classify(bits: number): void {
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

  /** Let the lookup table go (after reading; the per-group sums need only the attempts). */
  dropIndex(): void {
    this.#slots = new Int32Array(1);
  }

  /** Attempt numbers ordered by group, stably (a counting sort), and where each group starts. */
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
   * For every group id, what the each-case-once rate needs from its cases (`cases` distinct case
   * ids in all), summed one group at a time in the order cases first appear; `zeroed(g)` says
   * whether group g's zeroable failing attempts count as unparsed (then not as failed).
   */
  *caseSums(
    groupCount: number,
    cases: number,
    zeroed: (group: number) => boolean,
  ): Generator<[number, CaseSums]> {
    const byGroup = groupCount > 16 ? this.#byGroup(groupCount) : undefined;
    const sums = new Uint32Array(this.#size === 0 ? 0 : cases * 3);
    const seen = new Uint32Array(this.#size === 0 ? 0 : cases);
    for (let g = 0; g < groupCount; g++) {
      const failBits = zeroed(g) ? ZEROABLE : 0;
      let count = 0;
      // The group's attempts in file order: with few groups, one pass over all attempts per
      // group (no index kept); with many, through an index sorted by group (4 bytes an attempt).
      const [from, to] = byGroup ? [byGroup.starts[g], byGroup.starts[g + 1]] : [0, this.#size];
      for (let k = from; k < to; k++) {
        const at = byGroup ? byGroup.order[k] : k;
        const c = at >>> CHUNK_BITS;
        const j = at & LOW;
        if (!byGroup && this.#group(at, this.#keys[c][j]) !== g) continue;
        const kase = this.#cases[c][j];
        const bits = this.#rows[c][j] & 7;
        const s = kase * 3;
        if (sums[s] === 0) seen[count++] = kase;
        sums[s]++;
        if (bits & PASSED) sums[s + 1]++;
        if ((bits & FAILED) && !(bits & failBits)) sums[s + 2]++;
      }
      const out: CaseSums = {
        cases: count,
        scored: 0,
        rateSum: 0,
        minRepeats: Infinity,
        maxRepeats: -Infinity,
      };
      for (let n = 0; n < count; n++) {
        const s = seen[n] * 3;
        const attempts = sums[s];
        out.minRepeats = Math.min(out.minRepeats, attempts);
        out.maxRepeats = Math.max(out.maxRepeats, attempts);
        const scored = sums[s + 1] + sums[s + 2];
        if (scored > 0) {
          out.rateSum += sums[s + 1] / scored;
          out.scored++;
        }
        sums[s] = sums[s + 1] = sums[s + 2] = 0;
      }
      yield [g, out];
    }
  }
}

/** What a group's cases give the each-case-once rate. */
export interface CaseSums {
  /** Cases with an attempt in the group. */
  cases: number;
  /** Cases with a scored attempt. */
  scored: number;
  /** The sum over scored cases of their pass rate (in the order the cases first appear). */
  rateSum: number;
  minRepeats: number;
  maxRepeats: number;
}
