// Rows' grades packed for the trip from a worker thread to the main thread. Structured cloning
// a chunk of grades (fourteen small result objects a row, with their strings and statistics)
// cost more than grading some of them: the serializer walks every object on the worker, and the
// deserializer builds each one again, property by property, on the main thread, which also reads
// the file. Packed, a chunk is two typed arrays (transferred, not copied), a list of strings and a
// few key lists; unpacking rebuilds objects of the same shapes from them.
//
// Unpacking gives back what structured cloning would: the same own keys in the same order, the
// same values (NaN and -0 included, since numbers travel as float64), fresh objects and arrays
// (an array's items, that is: grades never hang other properties on an array) — except that every
// empty array is one shared, frozen array, as on the calling thread, where rows without near-miss
// steps share one.
// A value the packer has no column for (a nested object, an array that is not all numbers, an
// object with a prototype of its own) rides in `others` and is structured-cloned as before.
//
// Where the time goes: a result object is read once, by one for…in pass that finds its shape (a
// tree of the key sequences seen, so a column switching between two shapes costs nothing extra),
// then by code written for that shape (see _grades_codec_shapes.ts), and built again on the main
// thread from an object literal of that shape.
import type { RowGrades } from "./_row_grader.ts";
import { type Maker, type Reader, shapeCode } from "./_grades_codec_shapes.ts";

/** A chunk of {@link RowGrades}, packed by {@link packGrades}. */
export interface PackedGrades {
  /** One tag a value (and one before each object), in order; a view of a buffer to transfer. */
  tags: Uint8Array<ArrayBuffer>;
  /**
   * Numbers in order: counts, shape ids, number values, numeric arrays' lengths and items; a view
   * of a buffer to transfer.
   */
  numbers: Float64Array<ArrayBuffer>;
  /** String values, in order. */
  texts: string[];
  /** Values with no column of their own, in order (structured-cloned). */
  others: unknown[];
  /** The objects' key lists; an object names its list by index. */
  shapes: string[][];
}

const NUMBER = 0;
const TRUE = 1;
const FALSE = 2;
const NULL = 3;
const UNDEFINED = 4;
const STRING = 5;
const NUMBERS = 6;
const EMPTY = 7;
const OBJECT = 8;
const OTHER = 9;
/** A string equal to an earlier one of the chunk, given by its index in `texts`. */
const TEXT_AGAIN = 10;

/** Keys of an object whose string values are remembered, to send a repeated string once. */
const REMEMBERED_KEYS = 16;

const noReader: Reader = () => {};

class Packer {
  tags: Uint8Array<ArrayBuffer>;
  tagCount = 0;
  numbers: Float64Array<ArrayBuffer>;
  numberCount = 0;
  readonly texts: string[] = [];
  readonly others: unknown[] = [];
  readonly shapes: string[][] = [];
  /** The key sequences seen, as a tree: objects of one shape follow one path. */
  readonly #root: ShapeNode = { keys: [], id: -1, next: [], read: noReader, reasonAt: -1 };
  readonly #values: unknown[] = [];
  /** By column: the shape of the last object packed there. */
  readonly #lastShape: (ShapeNode | undefined)[] = [];
  /** By column and key position: the last string packed there, and its index in `texts`. */
  readonly #lastTexts: string[] = [];
  readonly #lastTextAt: number[] = [];

  constructor(tags: number, numbers: number) {
    this.tags = new Uint8Array(Math.max(64, tags));
    this.numbers = new Float64Array(Math.max(64, numbers));
  }

  /** Make room for `tags` more tags and `numbers` more numbers. */
  room(tags: number, numbers: number): void {
    if (this.tagCount + tags > this.tags.length) {
      const size = Math.max(this.tagCount + tags, this.tags.length * 2);
      this.tags = grown(this.tags, new Uint8Array(size));
    }
    if (this.numberCount + numbers > this.numbers.length) {
      const size = Math.max(this.numberCount + numbers, this.numbers.length * 2);
      this.numbers = grown(this.numbers, new Float64Array(size));
    }
  }

  tag(tag: number): void {
    this.room(1, 0);
    this.tags[this.tagCount++] = tag;
  }

  number(value: number): void {
    this.room(0, 1);
    this.numbers[this.numberCount++] = value;
  }

  value(value: unknown): void {
    switch (typeof value) {
      case "number":
        this.tag(NUMBER);
        this.number(value);
        return;
      case "boolean":
        this.tag(value ? TRUE : FALSE);
        return;
      case "string":
        this.tag(STRING);
        this.texts.push(value);
        return;
      case "undefined":
        this.tag(UNDEFINED);
        return;
    }
    if (value === null) return this.tag(NULL);
    if (Array.isArray(value) && this.#numbers(value)) return;
    this.tag(OTHER);
    this.others.push(value);
  }

  /**
   * Pack an array of numbers only (empty, or its length and items) and say true; else pack
   * nothing and say false. The items are checked as they are written (a hole reads as
   * undefined, so an array with one is not all numbers).
   */
  #numbers(array: unknown[]): boolean {
    if (array.length === 0) {
      this.tag(EMPTY);
      return true;
    }
    this.room(1, 1 + array.length);
    const numbers = this.numbers;
    let n = this.numberCount;
    numbers[n++] = array.length;
    for (let i = 0; i < array.length; i++) {
      const item = array[i];
      if (typeof item !== "number") return false;
      numbers[n++] = item;
    }
    this.tags[this.tagCount++] = NUMBERS;
    this.numberCount = n;
    return true;
  }

  /**
   * A plain object: its shape's id, then its values one by one. One pass over its keys both finds
   * its shape, following the tree of key sequences seen so far, and packs the values (leaves
   * inline). The shape's id, known at the end, goes in a number slot kept for it. With
   * `withoutReason`, a `reason` key is packed as undefined (the reader will not read it).
   */
  object(object: Record<string, unknown>, column: number, withoutReason = false): void {
    const proto = Object.getPrototypeOf(object);
    if (proto !== Object.prototype && proto !== null) {
      // for…in would see inherited keys too: such an object is cloned instead.
      this.tag(OTHER);
      this.others.push(object);
      return;
    }
    // A column's results mostly have the shape of the column's last one: its keys are compared
    // first, and the tree walked only when they differ.
    let node = this.#lastShape[column];
    if (node === undefined || !sameKeys(object, node.keys)) {
      node = this.#root;
      for (const key in object) node = nextNode(node, key);
      this.#lastShape[column] = node;
    }
    if (node.id < 0) {
      node.id = this.shapes.length;
      this.shapes.push(node.keys);
      node.read = shapeCode(node.keys).read;
    }
    const count = node.keys.length;
    const values = this.#values;
    node.read(object, values);
    this.room(1 + count, 1 + count);
    const tags = this.tags;
    const numbers = this.numbers;
    const texts = this.texts;
    const lastTexts = this.#lastTexts;
    const lastTextAt = this.#lastTextAt;
    let t = this.tagCount;
    let n = this.numberCount;
    tags[t++] = OBJECT;
    numbers[n++] = node.id;
    if (withoutReason && node.reasonAt >= 0) values[node.reasonAt] = undefined;
    for (let i = 0; i < count; i++) {
      const value = values[i];
      if (typeof value === "number") {
        tags[t++] = NUMBER;
        numbers[n++] = value;
      } else if (typeof value === "string") {
        // Many strings repeat in a column (error codes, reasons of rows not judged): the last
        // one of each of the column's first keys is remembered, and a repeat sent by index.
        const slot = i < REMEMBERED_KEYS ? column * REMEMBERED_KEYS + i : -1;
        if (slot >= 0 && lastTexts[slot] === value) {
          tags[t++] = TEXT_AGAIN;
          numbers[n++] = lastTextAt[slot];
        } else {
          if (slot >= 0) {
            lastTexts[slot] = value;
            lastTextAt[slot] = texts.length;
          }
          tags[t++] = STRING;
          texts.push(value);
        }
      } else if (typeof value === "boolean") tags[t++] = value ? TRUE : FALSE;
      else if (value === null) tags[t++] = NULL;
      else if (value === undefined) tags[t++] = UNDEFINED;
      else {
        // An array or the like, and the values after it: the general way (which may grow the
        // buffers).
        this.tagCount = t;
        this.numberCount = n;
        for (let j = i; j < count; j++) this.value(values[j]);
        return;
      }
    }
    this.tagCount = t;
    this.numberCount = n;
  }
}

/** A sequence of keys seen (the path from the root), and the shape id of objects ending there. */
interface ShapeNode {
  keys: string[];
  /** The shape's id in this chunk, once an object ended here (else -1). */
  id: number;
  next: ShapeNode[];
  /** How to read objects of this shape (once an object ended here). */
  read: Reader;
  /** Where `reason` is among the keys (-1: not there), for reasons left out. */
  reasonAt: number;
}

/** Whether the keys for…in gives for `object` are `keys`, in this order. */
function sameKeys(object: Record<string, unknown>, keys: readonly string[]): boolean {
  let i = 0;
  for (const key in object) {
    if (i === keys.length || keys[i] !== key) return false;
    i++;
  }
  return i === keys.length;
}

/** The node after `node` for `key`, made on first sight. */
function nextNode(node: ShapeNode, key: string): ShapeNode {
  const next = node.next;
  for (let i = 0; i < next.length; i++) {
    const child = next[i];
    if (child.keys[child.keys.length - 1] === key) return child;
  }
  const keys = [...node.keys, key];
  const child = { keys, id: -1, next: [], read: noReader, reasonAt: keys.indexOf("reason") };
  next.push(child);
  return child;
}

function grown<T extends Uint8Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** Tags and numbers a row took in the last chunk packed (a first guess for the next one). */
const sizes = { tags: 64, numbers: 64 };

/**
 * Pack a chunk's grades; the buffers of `tags` and `numbers` are the packer's own (transferable).
 *
 * `unread`, when given, says per row and result (`unread[row × results + result]`, 1 or 0) which
 * results' reasons nobody will read: those go as undefined (the key stays), rather than as text.
 * Reasons are most of a chunk's text (a failing row's regex, numeric and normalized reasons
 * quote its output), and once a run has listed enough failing rows it reads none.
 */
export function packGrades(
  grades: readonly RowGrades[],
  unread: Uint8Array | null = null,
): PackedGrades {
  const p = new Packer(sizes.tags * grades.length, sizes.numbers * grades.length);
  p.number(grades.length);
  for (let r = 0; r < grades.length; r++) {
    const row = grades[r];
    const { results, steps, thresholds } = row;
    p.number(results.length);
    const at = r * results.length;
    for (let j = 0; j < results.length; j++) {
      const withoutReason = unread !== null && unread[at + j] === 1;
      p.object(results[j] as unknown as Record<string, unknown>, j, withoutReason);
    }
    // Steps are mostly the shared empty array, thresholds mostly undefined: written inline.
    // (Each takes one tag; p.value makes room for any numbers.)
    p.room(results.length, 0);
    for (let j = 0; j < results.length; j++) {
      const s = steps[j];
      if (Array.isArray(s) && s.length === 0) p.tags[p.tagCount++] = EMPTY;
      else p.value(s);
    }
    p.room(results.length, 0);
    for (let j = 0; j < results.length; j++) {
      const threshold = thresholds[j];
      if (threshold === undefined) p.tags[p.tagCount++] = UNDEFINED;
      else p.value(threshold);
    }
    p.value(row.assertions);
  }
  if (grades.length > 0) {
    // The next chunk's buffers start at this one's size a row (plus a little), to grow rarely.
    sizes.tags = Math.ceil(p.tagCount / grades.length) + 8;
    sizes.numbers = Math.ceil(p.numberCount / grades.length) + 8;
  }
  return {
    // Views of the buffers, not copies: the worker transfers the buffers, a little too long.
    tags: p.tags.subarray(0, p.tagCount),
    numbers: p.numbers.subarray(0, p.numberCount),
    texts: p.texts,
    others: p.others,
    shapes: p.shapes,
  };
}

/**
 * What an empty array unpacks to: one frozen array shared by every row, as the row grader shares
 * one for rows without near-miss steps (nothing downstream adds to a row's arrays; freezing makes
 * sure of it). About fourteen arrays a row fewer for the collector.
 */
const NONE: never[] = Object.freeze([]) as unknown as never[];

/** The grades {@link packGrades} packed, as structured cloning would have delivered them. */
export function unpackGrades(packed: PackedGrades): RowGrades[] {
  const { tags, numbers, texts, others, shapes } = packed;
  const makers: Maker[] = shapes.map((keys) => shapeCode(keys).make);
  let t = 0;
  let n = 0;
  let s = 0;
  let o = 0;
  const value = (): unknown => {
    switch (tags[t++]) {
      case NUMBER:
        return numbers[n++];
      case TRUE:
        return true;
      case FALSE:
        return false;
      case NULL:
        return null;
      case UNDEFINED:
        return undefined;
      case STRING:
        return texts[s++];
      case TEXT_AGAIN:
        return texts[numbers[n++]];
      case EMPTY:
        return NONE;
      case NUMBERS: {
        const items = new Array<number>(numbers[n++]);
        for (let i = 0; i < items.length; i++) items[i] = numbers[n++];
        return items;
      }
      case OBJECT:
        return makers[numbers[n++]](value);
      case OTHER:
        return others[o++];
    }
    throw new Error(`Cannot unpack grades: unknown tag at ${t - 1} (a bug in the packer)`);
  };
  const rows = new Array<RowGrades>(numbers[n++]);
  for (let i = 0; i < rows.length; i++) {
    const count = numbers[n++];
    const results = new Array(count);
    const steps = new Array(count);
    const thresholds = new Array(count);
    for (let j = 0; j < count; j++) results[j] = value();
    for (let j = 0; j < count; j++) steps[j] = tags[t] === EMPTY ? (t++, NONE) : value();
    for (let j = 0; j < count; j++) {
      thresholds[j] = tags[t] === UNDEFINED ? (t++, undefined) : value();
    }
    rows[i] = { results, steps, thresholds, assertions: value() as RowGrades["assertions"] };
  }
  return rows;
}
