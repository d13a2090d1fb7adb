// n-gram counting on integers, shared by BLEU and chrF. A text is first turned into symbols
// (its characters or words numbered in order of first appearance in the hypothesis); every
// n-gram of one side then gets a dense id from its (n−1)-gram's id and its last symbol, so
// counting and matching are array reads instead of string slices hashed into Maps, and the
// other side's n-grams are looked up, never added. Which side is numbered: the hypothesis's when
// its ids serve several references (BLEU's clipping by the largest count), else the reference's,
// whose n-grams through a symbol the hypothesis lacks are skipped (none of them can match). Equal
// n-grams get equal ids, so every count is exact.
//
// The buffers are reused from call to call (one matcher per module); nothing here is kept
// between rows.

/** Largest n-gram table addressed directly (8 MiB); above it a Map takes over. */
const DIRECT_LIMIT = 1 << 21;

/**
 * Symbols for the hypothesis's strings (numbered in order of first appearance), and lookups for
 * a reference's: a small open-addressing table hashed on the characters, emptied for each
 * hypothesis by moving to the next generation (a slot counts only when stamped with it).
 */
export class SymbolTable {
  // A key is `#text[slot].slice(#start[slot], #start[slot] + #length[slot])`, kept as that span.
  #text: string[] = new Array(64);
  #start = new Int32Array(64);
  #length = new Int32Array(64);
  #hashes = new Int32Array(64);
  #stamp = new Int32Array(64);
  #value = new Int32Array(64);
  #generation = 1;
  #size = 0;

  /** Start a new hypothesis. */
  reset(): void {
    if (++this.#generation === 0x7fffffff) {
      this.#stamp.fill(0);
      this.#generation = 1;
    }
    this.#size = 0;
  }

  /** FNV-1a over the UTF-16 code units of `s` from `start` to `end`. */
  #hash(s: string, start: number, end: number): number {
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    return h;
  }

  /** The slot holding the span (of hash `h`), or the empty slot where it would go. */
  #slot(s: string, start: number, end: number, h: number): number {
    const mask = this.#stamp.length - 1;
    const length = end - start;
    for (let i = h & mask;; i = (i + 1) & mask) {
      if (this.#stamp[i] !== this.#generation) return i;
      if (this.#hashes[i] !== h || this.#length[i] !== length) continue;
      const text = this.#text[i];
      const at = this.#start[i] - start;
      let k = start;
      while (k < end && text.charCodeAt(at + k) === s.charCodeAt(k)) k++;
      if (k === end) return i;
    }
  }

  /** The string's symbol, numbering it if it is new. */
  add(s: string): number {
    return this.addSpan(s, 0, s.length);
  }

  /** The symbol of `s.slice(start, end)`, numbering it if it is new (no string is made). */
  addSpan(s: string, start: number, end: number): number {
    return this.#addHashed(s, start, end, this.#hash(s, start, end));
  }

  /**
   * {@link addSpan} for a word of printable ASCII (U+0021–U+007E, one or more): its symbol, or
   * -1, with nothing numbered, when the span is empty or holds any other character (checked
   * as it is hashed, so a text's words are numbered and checked in one pass).
   *
   * @example A word, an empty span, a span with a space
   * ```ts
   * import { SymbolTable } from "./_ngram_ids.ts";
   * import assert from "node:assert/strict";
   *
   * const table = new SymbolTable();
   * assert.equal(table.addPrintableSpan("a cat", 2, 5), 0);
   * assert.equal(table.addPrintableSpan("a cat", 2, 2), -1);
   * assert.equal(table.addPrintableSpan("a cat", 0, 5), -1);
   * assert.equal(table.size, 1);
   * ```
   */
  addPrintableSpan(s: string, start: number, end: number): number {
    if (start >= end) return -1;
    let h = 0x811c9dc5;
    // Negative once any code unit is below U+0021 or above U+007E.
    let outside = 0;
    for (let i = start; i < end; i++) {
      const c = s.charCodeAt(i);
      outside |= (c - 0x21) | (0x7e - c);
      h = Math.imul(h ^ c, 0x01000193);
    }
    return outside < 0 ? -1 : this.#addHashed(s, start, end, h);
  }

  /**
   * {@link addSpan} given the span's hash: the 32-bit FNV-1a of its UTF-16 code units, as
   * `Spans13a` (lib/text/tokenize_13a.ts) works it out while it scans a line.
   *
   * @example The same symbol whether the table hashes the span or is given its hash
   * ```ts
   * import { SymbolTable } from "./_ngram_ids.ts";
   * import { Spans13a, spans13a } from "../text/tokenize_13a.ts";
   * import assert from "node:assert/strict";
   *
   * const spans = new Spans13a();
   * spans13a("a cat, a dog", spans);
   * const table = new SymbolTable();
   * assert.equal(table.addSpan("the cat", 4, 7), 0);
   * assert.equal(table.addHashedSpan(spans.text, spans.start[1], spans.end[1], spans.hash[1]), 0);
   * assert.equal(table.findHashedSpan(spans.text, spans.start[4], spans.end[4], spans.hash[4]), -1);
   * ```
   */
  addHashedSpan(s: string, start: number, end: number, h: number): number {
    return this.#addHashed(s, start, end, h);
  }

  /** {@link findSpan} given the span's hash (see {@link addHashedSpan}). */
  findHashedSpan(s: string, start: number, end: number, h: number): number {
    const i = this.#slot(s, start, end, h);
    return this.#stamp[i] === this.#generation ? this.#value[i] : -1;
  }

  /** {@link addSpan} with the span's hash (as {@link #hash} gives it) already worked out. */
  #addHashed(s: string, start: number, end: number, h: number): number {
    let i = this.#slot(s, start, end, h);
    if (this.#stamp[i] === this.#generation) return this.#value[i];
    if (2 * (this.#size + 1) > this.#stamp.length) {
      this.#grow();
      i = this.#slot(s, start, end, h);
    }
    this.#stamp[i] = this.#generation;
    this.#text[i] = s;
    this.#start[i] = start;
    this.#length[i] = end - start;
    this.#hashes[i] = h;
    this.#value[i] = this.#size;
    return this.#size++;
  }

  /** The string's symbol, or -1 when the hypothesis does not have it. */
  find(s: string): number {
    return this.findSpan(s, 0, s.length);
  }

  /** The symbol of `s.slice(start, end)`, or -1 when the hypothesis does not have it. */
  findSpan(s: string, start: number, end: number): number {
    const i = this.#slot(s, start, end, this.#hash(s, start, end));
    return this.#stamp[i] === this.#generation ? this.#value[i] : -1;
  }

  /** Twice the slots, with this hypothesis's keys moved over. */
  #grow(): void {
    const text = this.#text;
    const start = this.#start;
    const length = this.#length;
    const hashes = this.#hashes;
    const stamp = this.#stamp;
    const value = this.#value;
    const generation = this.#generation;
    const size = 2 * stamp.length;
    this.#text = new Array(size);
    this.#start = new Int32Array(size);
    this.#length = new Int32Array(size);
    this.#hashes = new Int32Array(size);
    this.#stamp = new Int32Array(size);
    this.#value = new Int32Array(size);
    this.#generation = 1;
    const mask = size - 1;
    for (let i = 0; i < stamp.length; i++) {
      if (stamp[i] !== generation) continue;
      // Keys are distinct: the first free slot from the hash is the key's.
      let j = hashes[i] & mask;
      while (this.#stamp[j] === 1) j = (j + 1) & mask;
      this.#stamp[j] = 1;
      this.#text[j] = text[i];
      this.#start[j] = start[i];
      this.#length[j] = length[i];
      this.#hashes[j] = hashes[i];
      this.#value[j] = value[i];
    }
  }

  /** How many symbols the hypothesis has. */
  get size(): number {
    return this.#size;
  }
}

/**
 * {@link SymbolTable} for code points: those of the Basic Multilingual Plane numbered through a
 * direct table (valid where stamped with this hypothesis's generation), the rest through a Map.
 */
export class CodePointTable {
  readonly #stamp = new Int32Array(0x10000);
  readonly #value = new Int32Array(0x10000);
  #generation = 0;
  readonly #astral = new Map<number, number>();
  #size = 0;

  /** Start a new hypothesis. */
  reset(): void {
    if (++this.#generation === 0x7fffffff) {
      this.#stamp.fill(0);
      this.#generation = 1;
    }
    // Clearing a Map allocates a new table: only when it holds something.
    if (this.#astral.size > 0) this.#astral.clear();
    this.#size = 0;
  }

  /** The code point's symbol, numbering it if it is new. */
  add(cp: number): number {
    if (cp < 0x10000) {
      if (this.#stamp[cp] === this.#generation) return this.#value[cp];
      this.#stamp[cp] = this.#generation;
      return this.#value[cp] = this.#size++;
    }
    let id = this.#astral.get(cp);
    if (id === undefined) this.#astral.set(cp, id = this.#size++);
    return id;
  }

  /** The code point's symbol, or -1 when the hypothesis does not have it. */
  find(cp: number): number {
    if (cp < 0x10000) return this.#stamp[cp] === this.#generation ? this.#value[cp] : -1;
    return this.#astral.get(cp) ?? -1;
  }

  /** How many symbols the hypothesis has. */
  get size(): number {
    return this.#size;
  }
}

function grown(a: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  return a.length >= size ? a : new Int32Array(Math.max(size, 2 * a.length));
}

/**
 * The n-grams (orders 1..maxOrder) of one hypothesis as dense ids with their counts, and the
 * matches of references against them.
 *
 * Ids are built position by position: the n-gram starting at i of order n has the id that the
 * table gives its (n−1)-gram's id and its last symbol, so one walk from each start extends an
 * n-gram order by order, and the other side's walk stops at the first n-gram the numbered side
 * lacks (no longer one from there can be its). {@link matches} numbers the reference's n-grams
 * and walks the hypothesis's (unless the hypothesis's ids are built already);
 * {@link raiseCounts} and {@link clipped} number the hypothesis's, once for all references.
 */
export class NgramMatcher {
  /** The largest number the direct table holds (an id plus its build's base). */
  readonly #numberLimit: number;

  /**
   * A matcher whose direct table holds numbers up to `numberLimit` (2^31 − 1, the most an
   * `Int32Array` holds, unless a test wants the table cleared more often).
   *
   * @example A limit small enough to clear the table every few hypotheses
   * ```ts
   * import { NgramMatcher } from "./_ngram_ids.ts";
   * import assert from "node:assert/strict";
   *
   * const matcher = new NgramMatcher(40);
   * const out = [0, 0];
   * for (let k = 0; k < 5; k++) {
   *   matcher.setHypothesis(Int32Array.of(0, 1, 0, 1), 4, 2, 2);
   *   matcher.matches(Int32Array.of(1, 0, 1, -1), 4, out);
   *   assert.deepEqual(out, [3, 2]);
   * }
   * ```
   */
  constructor(numberLimit = 0x7fffffff) {
    this.#numberLimit = numberLimit;
  }

  /** How often the hypothesis has each id. */
  #count = new Int32Array(1024);
  /** Per-reference scratch: what is left of each id to match, or a reference's own counts. */
  #left = new Int32Array(1024);
  /** The order of each id, found only when {@link clipped} needs it (see {@link #orders}). */
  #order = new Uint8Array(1024);
  /** How many ids the hypothesis's n-grams have. */
  #ids = 0;
  // The (id, symbol) → id table, one number a key (`id × symbols + symbol`): the id plus this
  // build's `#base`, so that a slot below `#base` (left by an earlier build, or never written)
  // is empty. Each build raises `#base` past every id the last one could give.
  #table = new Int32Array(1024);
  #base = 0;
  #baseNext = 1;
  #map = new Map<number, number>();
  #direct = true;
  #symbols = 0;
  #length = 0;
  #maxOrder = 0;
  /** Per-order scratch of a reference's matches. */
  #found = new Int32Array(16);

  /** The hypothesis's symbols, kept until its ids are built (see {@link #build}). */
  #hypothesis = new Int32Array(256);
  /**
   * The stretch `[#from, #to)` of the hypothesis whose ids and counts are built (`#built`), which
   * is all of it unless a reference shares its start or end (see {@link matches}).
   */
  #built = false;
  #from = 0;
  #to = 0;

  /**
   * Start a hypothesis of `length` symbols (each below `symbols`), counting orders up to
   * `maxOrder`. Its n-gram ids are built when first needed: a reference whose symbols are the
   * hypothesis's own matches every n-gram, which needs no ids (exact copies are common).
   */
  setHypothesis(seq: Int32Array, length: number, symbols: number, maxOrder: number): void {
    this.#length = length;
    this.#symbols = symbols;
    this.#maxOrder = maxOrder;
    const hypothesis = this.#hypothesis = grown(this.#hypothesis, length);
    // Copied one by one: a view of `seq` would be an object per hypothesis.
    for (let i = 0; i < length; i++) hypothesis[i] = seq[i];
    this.#built = false;
  }

  /** Whether a reference's symbols are the hypothesis's, one for one. */
  #isHypothesis(seq: Int32Array, length: number): boolean {
    if (length !== this.#length) return false;
    const hyp = this.#hypothesis;
    for (let i = 0; i < length; i++) if (seq[i] !== hyp[i]) return false;
    return true;
  }

  /** Number the n-grams of `[from, to)` of the hypothesis and count them (once for a stretch). */
  #build(from = 0, to = this.#length): void {
    if (this.#built && this.#from === from && this.#to === to) return;
    this.#built = true;
    this.#from = from;
    this.#to = to;
    const seq = this.#hypothesis;
    const length = to - from;
    const symbols = this.#symbols;
    const maxOrder = this.#maxOrder;
    // Ids: order 1 is the symbol itself; higher orders are numbered from there on, so there are
    // at most `symbols + (maxOrder − 1) × length` of them.
    const most = symbols + Math.max(0, maxOrder - 1) * length;
    const count = this.#count = grown(this.#count, most);
    count.fill(0, 0, most);
    this.#left = grown(this.#left, most);
    let next = symbols;
    // Any id may be extended (orders are numbered together, as they come): keys below
    // `most × symbols`.
    this.#startTable(most * symbols, most);
    if (this.#direct) {
      const table = this.#table;
      const base = this.#base;
      for (let i = from; i < to; i++) {
        let id = seq[i];
        count[id]++;
        const last = Math.min(to, i + maxOrder);
        for (let j = i + 1; j < last; j++) {
          const at = id * symbols + seq[j];
          const known = table[at] - base;
          if (known >= 0) {
            id = known;
            count[id]++;
            continue;
          }
          // New, and so is each longer n-gram from this start (see #matchesByReference).
          table[at] = next + base;
          id = next++;
          count[id]++;
          for (j++; j < last; j++) {
            table[id * symbols + seq[j]] = next + base;
            id = next++;
            count[id]++;
          }
          break;
        }
      }
    } else {
      const map = this.#map;
      for (let i = from; i < to; i++) {
        let id = seq[i];
        count[id]++;
        const last = Math.min(to, i + maxOrder);
        for (let j = i + 1; j < last; j++) {
          const key = id * symbols + seq[j];
          const known = map.get(key);
          if (known !== undefined) id = known;
          else {
            map.set(key, next);
            id = next++;
          }
          count[id]++;
        }
      }
    }
    this.#ids = next;
  }

  /**
   * Make the (id, symbol) → id table empty, addressed directly when it is at most `size`
   * entries within the limit, else a Map, for a build giving ids below `ids`: the direct
   * table is emptied by raising `#base` past the last build's ids (cleared only when the
   * numbers would pass the matcher's limit).
   */
  #startTable(size: number, ids: number): void {
    this.#direct = size <= DIRECT_LIMIT;
    if (!this.#direct) {
      this.#map.clear();
      return;
    }
    if (this.#table.length < size) {
      this.#table = new Int32Array(Math.max(size, 2 * this.#table.length));
      this.#baseNext = 1;
    }
    if (this.#baseNext > this.#numberLimit - ids) {
      this.#table.fill(0);
      this.#baseNext = 1;
    }
    this.#base = this.#baseNext;
    this.#baseNext += ids;
  }

  /**
   * Call `visit(id, n)` for each n-gram of a reference (`seq`, its symbols from the hypothesis's
   * table, -1 for others) that the hypothesis has, walking each start until an n-gram it lacks.
   */
  #walk(
    seq: Int32Array,
    begin: number,
    end: number,
    visit: (id: number, n: number) => void,
  ): void {
    const symbols = this.#symbols;
    const maxOrder = this.#maxOrder;
    const direct = this.#direct;
    const table = this.#table;
    const base = this.#base;
    const map = this.#map;
    for (let i = begin; i < end; i++) {
      let id = seq[i];
      if (id < 0) continue;
      visit(id, 1);
      const last = Math.min(end, i + maxOrder);
      for (let j = i + 1; j < last; j++) {
        const symbol = seq[j];
        if (symbol < 0) break;
        if (direct) {
          const known = table[id * symbols + symbol] - base;
          if (known < 0) break;
          id = known;
        } else {
          const known = map.get(id * symbols + symbol);
          if (known === undefined) break;
          id = known;
        }
        visit(id, j - i + 1);
      }
    }
  }

  /**
   * Clipped matches per order of one reference (`seq`, its symbols from the hypothesis's table,
   * -1 for others): for each n-gram, the smaller of its counts in the two. `out[n − 1]` gets
   * order n's.
   */
  matches(seq: Int32Array, length: number, out: Int32Array | number[]): void {
    const maxOrder = this.#maxOrder;
    if (this.#isHypothesis(seq, length)) {
      // Every n-gram's count is the same on both sides: all of them match.
      for (let n = 1; n <= maxOrder; n++) out[n - 1] = Math.max(0, length - n + 1);
      return;
    }
    // A start or end the two share: each n-gram that lies in it on one side has its equal at the
    // same place on the other, and min(a + c, b + c) = c + min(a, b), so those match one for one
    // and only the stretches between (each reaching maxOrder − 1 items into the shared parts, so
    // that every n-gram crossing into them stays) are counted and matched.
    const hyp = this.#hypothesis;
    const hypLength = this.#length;
    const shorter = Math.min(hypLength, length);
    let prefix = 0;
    while (prefix < shorter && hyp[prefix] === seq[prefix]) prefix++;
    let suffix = 0;
    while (
      suffix < shorter - prefix && hyp[hypLength - 1 - suffix] === seq[length - 1 - suffix]
    ) suffix++;
    const head = Math.max(0, prefix - (maxOrder - 1));
    const tail = Math.max(0, suffix - (maxOrder - 1));
    if (head + tail > 0) {
      this.#matchesFrom(seq, head, length - tail, head, hypLength - tail, out);
      for (let n = 0; n < maxOrder; n++) out[n] += head + tail;
    } else this.#matchesFrom(seq, 0, length, 0, hypLength, out);
  }

  /**
   * {@link matches} of the reference's `seq[begin, end)` against the hypothesis's
   * `[from, to)`, each n-gram of the two stretches counted.
   */
  #matchesFrom(
    seq: Int32Array,
    begin: number,
    end: number,
    from: number,
    to: number,
    out: Int32Array | number[],
  ): void {
    const maxOrder = this.#maxOrder;
    const symbols = this.#symbols;
    if (
      !(this.#built && this.#from === from && this.#to === to) &&
      (symbols + Math.max(0, maxOrder - 1) * (end - begin)) * symbols <= DIRECT_LIMIT
    ) {
      this.#matchesByReference(seq, begin, end, from, to, out);
      return;
    }
    this.#build(from, to);
    const left = this.#left;
    // Copied natively (a loop here showed in profiles: a hypothesis has ~maxOrder ids a symbol).
    left.set(this.#count.subarray(0, this.#ids));
    if (this.#found.length < maxOrder) this.#found = new Int32Array(maxOrder);
    const found = this.#found;
    found.fill(0, 0, maxOrder);
    if (!this.#direct) {
      this.#walk(seq, begin, end, (id, n) => {
        if (left[id] > 0) {
          left[id]--;
          found[n - 1]++;
        }
      });
    } else {
      // The walk of #walk, written out: the common case, where a call per n-gram would show.
      const symbols = this.#symbols;
      const table = this.#table;
      const base = this.#base;
      for (let i = begin; i < end; i++) {
        let id = seq[i];
        if (id < 0) continue;
        const l = left[id];
        const hit = -l >>> 31;
        left[id] = l - hit;
        found[0] += hit;
        const last = Math.min(end, i + maxOrder);
        for (let j = i + 1; j < last; j++) {
          const symbol = seq[j];
          if (symbol < 0) break;
          const known = table[id * symbols + symbol] - base;
          if (known < 0) break;
          id = known;
          // 1 while some of the n-gram is left to match, else 0 (no branch to mispredict).
          const l = left[id];
          const hit = -l >>> 31;
          left[id] = l - hit;
          found[j - i] += hit;
        }
      }
    }
    for (let n = 0; n < maxOrder; n++) out[n] = found[n];
  }

  /**
   * {@link #matchesFrom} with the roles swapped: the reference's n-grams numbered and counted,
   * the hypothesis's walked against them (the matches of an n-gram, the smaller of its two
   * counts, are the same either way). The reference's n-grams through a symbol the hypothesis
   * lacks are never numbered (none of them can match), so a reference that shares few symbols
   * with the hypothesis costs little to number, where numbering the hypothesis costs every one
   * of its n-grams. Used unless the hypothesis's ids are already built for this stretch (as for
   * a second reference) or the reference's would not fit the direct table.
   */
  #matchesByReference(
    seq: Int32Array,
    begin: number,
    end: number,
    from: number,
    to: number,
    out: Int32Array | number[],
  ): void {
    const maxOrder = this.#maxOrder;
    const symbols = this.#symbols;
    const most = symbols + Math.max(0, maxOrder - 1) * (end - begin);
    // The table and the counts now hold the reference's ids, not the hypothesis's.
    this.#built = false;
    const left = this.#left = grown(this.#left, most);
    left.fill(0, 0, symbols);
    this.#startTable(most * symbols, most);
    const table = this.#table;
    const base = this.#base;
    let next = symbols;
    for (let i = begin; i < end; i++) {
      let id = seq[i];
      if (id < 0) continue;
      left[id]++;
      const last = Math.min(end, i + maxOrder);
      for (let j = i + 1; j < last; j++) {
        const symbol = seq[j];
        if (symbol < 0) break;
        const at = id * symbols + symbol;
        const known = table[at] - base;
        if (known >= 0) {
          id = known;
          left[id]++;
          continue;
        }
        // A new n-gram: each longer one from this start extends an id this build has just
        // given, whose row of the table is still empty, so it is new too (no look-up needed).
        table[at] = next + base;
        id = next++;
        left[id] = 1;
        for (j++; j < last; j++) {
          const symbol = seq[j];
          if (symbol < 0) break;
          table[id * symbols + symbol] = next + base;
          id = next++;
          left[id] = 1;
        }
        break;
      }
    }
    if (this.#found.length < maxOrder) this.#found = new Int32Array(maxOrder);
    const found = this.#found;
    found.fill(0, 0, maxOrder);
    const hyp = this.#hypothesis;
    for (let i = from; i < to; i++) {
      let id = hyp[i];
      const l = left[id];
      const hit = -l >>> 31;
      left[id] = l - hit;
      found[0] += hit;
      const last = Math.min(to, i + maxOrder);
      for (let j = i + 1; j < last; j++) {
        const known = table[id * symbols + hyp[j]] - base;
        if (known < 0) break;
        id = known;
        // 1 while some of the n-gram is left to match, else 0 (no branch to mispredict).
        const l = left[id];
        const hit = -l >>> 31;
        left[id] = l - hit;
        found[j - i] += hit;
      }
    }
    for (let n = 0; n < maxOrder; n++) out[n] = found[n];
  }

  /**
   * {@link matches} given stretches the two sides share: `anchors` holds `count` triples
   * (start in the hypothesis, start in the reference, length), each a run of the hypothesis's
   * symbols equal to the reference's at its start, in increasing order of both starts and not
   * overlapping on either side. Each n-gram lying within a shared stretch has its equal at the
   * same place in the other, and min(a + c, b + c) = c + min(a, b): such n-grams match one for
   * one (per order, `length − n + 1` of each stretch), and only the others are counted and
   * matched. Their ids still run through the shared stretches (an n-gram ending past one is
   * built from its start), but a start with all of its n-grams inside one is not visited.
   * Direct table only: {@link matches} (without shared stretches) when the ids would not fit.
   *
   * @example Two texts that differ in one symbol between shared stretches
   * ```ts
   * import { NgramMatcher } from "./_ngram_ids.ts";
   * import assert from "node:assert/strict";
   *
   * const matcher = new NgramMatcher();
   * // a b c d e f and a b x d e f: symbols 0..5, x unknown to the hypothesis (-1).
   * matcher.setHypothesis(Int32Array.of(0, 1, 2, 3, 4, 5), 6, 6, 2);
   * const out = [0, 0];
   * const anchors = Int32Array.of(0, 0, 2, 3, 3, 3);
   * matcher.matchesAround(Int32Array.of(0, 1, -1, 3, 4, 5), 6, anchors, 2, out);
   * assert.deepEqual(out, [5, 3]);
   * ```
   */
  matchesAround(
    seq: Int32Array,
    length: number,
    anchors: Int32Array,
    count: number,
    out: Int32Array | number[],
  ): void {
    const maxOrder = this.#maxOrder;
    const symbols = this.#symbols;
    const hypLength = this.#length;
    const most = symbols + Math.max(0, maxOrder - 1) * hypLength;
    if (count === 0 || most * symbols > DIRECT_LIMIT || this.#isHypothesis(seq, length)) {
      this.matches(seq, length, out);
      return;
    }
    this.#built = false;
    // The symbols' counts start at 0, and each longer n-gram's when it is first met.
    const counts = this.#count = grown(this.#count, most);
    counts.fill(0, 0, symbols);
    this.#startTable(most * symbols, most);
    const table = this.#table;
    const base = this.#base;
    const hypothesis = this.#hypothesis;
    let next = symbols;
    // The hypothesis: from each start, ids of every order; counted where the n-gram reaches
    // past the shared stretch the start lies in (`inside` items of it from the start on).
    let k = 0;
    for (let i = 0; i < hypLength; i++) {
      while (k < count && anchors[3 * k] + anchors[3 * k + 2] <= i) k++;
      let inside = 0;
      if (k < count && anchors[3 * k] <= i) {
        inside = anchors[3 * k] + anchors[3 * k + 2] - i;
        // Every n-gram from a start up to `maxOrder` items before the stretch's end lies in it,
        // and every one from a start in a stretch that reaches the end.
        if (i + inside === hypLength) break;
        if (inside >= maxOrder) {
          i += inside - maxOrder;
          continue;
        }
      }
      let id = hypothesis[i];
      if (inside === 0) counts[id]++;
      const last = Math.min(hypLength, i + maxOrder);
      for (let j = i + 1; j < last; j++) {
        const at = id * symbols + hypothesis[j];
        const known = table[at] - base;
        if (known >= 0) {
          id = known;
          if (j - i >= inside) counts[id]++;
          continue;
        }
        // New, and so is each longer n-gram from this start (see #matchesByReference).
        table[at] = next + base;
        id = next++;
        counts[id] = j - i >= inside ? 1 : 0;
        for (j++; j < last; j++) {
          table[id * symbols + hypothesis[j]] = next + base;
          id = next++;
          counts[id] = j - i >= inside ? 1 : 0;
        }
        break;
      }
    }
    if (this.#found.length < maxOrder) this.#found = new Int32Array(maxOrder);
    const found = this.#found;
    found.fill(0, 0, maxOrder);
    // The reference: the same walk as #matchesFrom's, matching only past its shared stretches.
    k = 0;
    for (let i = 0; i < length; i++) {
      while (k < count && anchors[3 * k + 1] + anchors[3 * k + 2] <= i) k++;
      let inside = 0;
      if (k < count && anchors[3 * k + 1] <= i) {
        inside = anchors[3 * k + 1] + anchors[3 * k + 2] - i;
        if (i + inside === length) break;
        if (inside >= maxOrder) {
          i += inside - maxOrder;
          continue;
        }
      }
      let id = seq[i];
      if (id < 0) continue;
      if (inside === 0) {
        const l = counts[id];
        const hit = -l >>> 31;
        counts[id] = l - hit;
        found[0] += hit;
      }
      const last = Math.min(length, i + maxOrder);
      for (let j = i + 1; j < last; j++) {
        const symbol = seq[j];
        if (symbol < 0) break;
        const known = table[id * symbols + symbol] - base;
        if (known < 0) break;
        id = known;
        if (j - i >= inside) {
          const l = counts[id];
          const hit = -l >>> 31;
          counts[id] = l - hit;
          found[j - i] += hit;
        }
      }
    }
    for (let n = 1; n <= maxOrder; n++) {
      let shared = 0;
      for (let a = 0; a < count; a++) shared += Math.max(0, anchors[3 * a + 2] - n + 1);
      out[n - 1] = found[n - 1] + shared;
    }
  }

  /**
   * Raise `best[id]` (sized by {@link idCount}, zeros at first) to this reference's count of
   * each of the hypothesis's n-grams: the maximum over references, as BLEU clips with it.
   */
  raiseCounts(seq: Int32Array, length: number, best: Int32Array): void {
    this.#build();
    const own = this.#left;
    const total = this.#ids;
    own.fill(0, 0, total);
    this.#walk(seq, 0, length, (id) => own[id]++);
    for (let id = 0; id < total; id++) if (own[id] > best[id]) best[id] = own[id];
  }

  /**
   * The order of each of the built ids, found by walking the hypothesis's own n-grams (every id
   * is met there, at its order): only {@link clipped} needs it, so {@link #build} does not keep it.
   */
  #orders(): Uint8Array {
    if (this.#order.length < this.#ids) {
      this.#order = new Uint8Array(Math.max(this.#ids, 2 * this.#order.length));
    }
    const order = this.#order;
    this.#walk(this.#hypothesis, this.#from, this.#to, (id, n) => order[id] = n);
    return order;
  }

  /** How many distinct n-gram ids the hypothesis has, all orders together. */
  get idCount(): number {
    this.#build();
    return this.#ids;
  }

  /** Per order, Σ over the hypothesis's n-grams of min(its count, `clip[id]`). */
  clipped(clip: Int32Array, out: Int32Array | number[]): void {
    this.#build();
    const count = this.#count;
    const orderOf = this.#orders();
    for (let n = 0; n < this.#maxOrder; n++) out[n] = 0;
    for (let id = 0; id < this.#ids; id++) out[orderOf[id] - 1] += Math.min(count[id], clip[id]);
  }
}
