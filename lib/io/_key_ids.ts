// Exact interning of strings (case ids, versions) into dense numbers, in compact memory: each distinct
// string's UTF-16 code units are packed into one growing byte arena (one byte for ASCII, two or
// three otherwise), and an open-addressing table of 32-bit slots finds them. A lookup compares
// the stored units with the string's own, so two strings never share a number, whatever their
// hashes. Memory: about the string's length in bytes + 16 per distinct string, nothing per row.

const EMPTY = 0;

/** FNV-1a over UTF-16 code units, with a final avalanche so linear probing spreads well. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** A 32-bit finalizer (murmur3's): every input bit moves every output bit. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Strings ↔ dense ids 0, 1, 2… in first-seen order. */
export class StringIds {
  #slots = new Int32Array(1024); // id + 1, or EMPTY
  #hashes = new Uint32Array(256);
  #starts = new Uint32Array(257); // #starts[id] .. #starts[id + 1] in #bytes
  #bytes = new Uint8Array(4096);
  #size = 0;

  /** How many distinct strings are stored. */
  get size(): number {
    return this.#size;
  }

  /** Bytes held by the tables (for the documented memory figure). */
  get bytes(): number {
    return this.#slots.byteLength + this.#hashes.byteLength + this.#starts.byteLength +
      this.#bytes.byteLength;
  }

  /** The id of `s`, adding it when new. */
  id(s: string): number {
    const h = hashString(s);
    const mask = this.#slots.length - 1;
    for (let i = h & mask;; i = (i + 1) & mask) {
      const slot = this.#slots[i];
      if (slot === EMPTY) return this.#add(s, h, i);
      const id = slot - 1;
      if (this.#hashes[id] === h && this.#equals(id, s)) return id;
    }
  }

  #equals(id: number, s: string): boolean {
    const bytes = this.#bytes;
    let p = this.#starts[id];
    const end = this.#starts[id + 1];
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (p >= end) return false;
      if (c < 0x80) {
        if (bytes[p++] !== c) return false;
      } else if (c < 0x800) {
        if (bytes[p++] !== (0xc0 | (c >> 6)) || bytes[p++] !== (0x80 | (c & 0x3f))) return false;
      } else if (
        bytes[p++] !== (0xe0 | (c >> 12)) || bytes[p++] !== (0x80 | ((c >> 6) & 0x3f)) ||
        bytes[p++] !== (0x80 | (c & 0x3f))
      ) return false;
    }
    return p === end;
  }

  #add(s: string, h: number, slot: number): number {
    const id = this.#size++;
    if (id + 1 >= this.#hashes.length) {
      this.#hashes = grow(this.#hashes, this.#hashes.length * 2);
      this.#starts = grow(this.#starts, this.#hashes.length + 1);
    }
    let p = this.#starts[id];
    if (p + 3 * s.length > this.#bytes.length) {
      this.#bytes = grow(this.#bytes, Math.max(this.#bytes.length * 2, p + 3 * s.length));
    }
    const bytes = this.#bytes;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) bytes[p++] = c;
      else if (c < 0x800) {
        bytes[p++] = 0xc0 | (c >> 6);
        bytes[p++] = 0x80 | (c & 0x3f);
      } else {
        bytes[p++] = 0xe0 | (c >> 12);
        bytes[p++] = 0x80 | ((c >> 6) & 0x3f);
        bytes[p++] = 0x80 | (c & 0x3f);
      }
    }
    this.#starts[id + 1] = p;
    this.#hashes[id] = h;
    this.#slots[slot] = id + 1;
    if (this.#size * 4 > this.#slots.length * 3) this.#rehash();
    return id;
  }

  #rehash(): void {
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.#size; id++) {
      let i = this.#hashes[id] & mask;
      while (slots[i] !== EMPTY) i = (i + 1) & mask;
      slots[i] = id + 1;
    }
    this.#slots = slots;
  }
}

/** A copy of `a` in a larger array of the same kind. */
export function grow<T extends Uint8Array | Uint32Array | Int32Array>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a);
  return b;
}
