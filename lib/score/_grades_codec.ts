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
// A value the packer has no column for (a nested object, an array that is not all numbers) rides
// in `others` and is structured-cloned as before.
import type { RowGrades } from "./_row_grader.ts";

/** A chunk of {@link RowGrades}, packed by {@link packGrades}. */
export interface PackedGrades {
  /** One tag a value (and one before each object), in order. */
  tags: Uint8Array<ArrayBuffer>;
  /** Numbers in order: counts, shape ids, number values, numeric arrays' lengths and items. */
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

class Packer {
  tags: Uint8Array<ArrayBuffer>;
  tagCount = 0;
  numbers: Float64Array<ArrayBuffer>;
  numberCount = 0;
  readonly texts: string[] = [];
  readonly others: unknown[] = [];
  readonly shapes: string[][] = [];
  /** The key sequences seen, as a tree: objects of one shape follow one path. */
  readonly #root: ShapeNode = { keys: [], id: -1, next: [] };

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
    if (Array.isArray(value) && isNumberArray(value)) {
      if (value.length === 0) return this.tag(EMPTY);
      this.room(1, 1 + value.length);
      this.tags[this.tagCount++] = NUMBERS;
      const numbers = this.numbers;
      let n = this.numberCount;
      numbers[n++] = value.length;
      for (let i = 0; i < value.length; i++) numbers[n++] = value[i];
      this.numberCount = n;
      return;
    }
    this.tag(OTHER);
    this.others.push(value);
  }

  /**
   * A plain object: its shape's id, then its values one by one. One pass over its keys both finds
   * its shape, following the tree of key sequences seen so far, and packs the values (leaves
   * inline). The shape's id, known at the end, goes in a number slot kept for it.
   */
  object(object: Record<string, unknown>): void {
    this.room(1, 1);
    this.tags[this.tagCount++] = OBJECT;
    const idAt = this.numberCount++;
    let tags = this.tags;
    let numbers = this.numbers;
    const texts = this.texts;
    let t = this.tagCount;
    let n = this.numberCount;
    let node = this.#root;
    for (const key in object) {
      node = nextNode(node, key);
      if (t === tags.length || n === numbers.length) {
        this.tagCount = t;
        this.numberCount = n;
        this.room(1, 1);
        tags = this.tags;
        numbers = this.numbers;
      }
      const value = object[key];
      if (typeof value === "number") {
        tags[t++] = NUMBER;
        numbers[n++] = value;
      } else if (typeof value === "string") {
        tags[t++] = STRING;
        texts.push(value);
      } else if (typeof value === "boolean") tags[t++] = value ? TRUE : FALSE;
      else if (value === null) tags[t++] = NULL;
      else if (value === undefined) tags[t++] = UNDEFINED;
      else {
        this.tagCount = t;
        this.numberCount = n;
        this.value(value);
        tags = this.tags;
        numbers = this.numbers;
        t = this.tagCount;
        n = this.numberCount;
      }
    }
    this.tagCount = t;
    this.numberCount = n;
    if (node.id < 0) {
      node.id = this.shapes.length;
      this.shapes.push(node.keys);
    }
    numbers[idAt] = node.id;
  }
}

/** A sequence of keys seen (the path from the root), and the shape id of objects ending there. */
interface ShapeNode {
  keys: string[];
  id: number;
  next: ShapeNode[];
}

/** The node after `node` for `key`, made on first sight. */
function nextNode(node: ShapeNode, key: string): ShapeNode {
  const next = node.next;
  for (let i = 0; i < next.length; i++) {
    const child = next[i];
    if (child.keys[child.keys.length - 1] === key) return child;
  }
  const child = { keys: [...node.keys, key], id: -1, next: [] };
  next.push(child);
  return child;
}

function grown<T extends Uint8Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** An array of numbers only (a hole reads as undefined, so an array with one is not). */
function isNumberArray(array: unknown[]): array is number[] {
  for (let i = 0; i < array.length; i++) if (typeof array[i] !== "number") return false;
  return true;
}

/** Tags and numbers a row took in the last chunk packed (a first guess for the next one). */
const sizes = { tags: 64, numbers: 64 };

/** Pack a chunk's grades; the buffers of `tags` and `numbers` are the packer's own (transferable). */
export function packGrades(grades: readonly RowGrades[]): PackedGrades {
  const p = new Packer(sizes.tags * grades.length, sizes.numbers * grades.length);
  p.number(grades.length);
  for (const row of grades) {
    const { results, steps, thresholds } = row;
    p.number(results.length);
    for (let j = 0; j < results.length; j++) {
      p.object(results[j] as unknown as Record<string, unknown>);
    }
    // Steps are mostly the shared empty array, thresholds mostly undefined: written inline.
    p.room(2 * results.length, results.length);
    for (let j = 0; j < results.length; j++) {
      const s = steps[j];
      if (Array.isArray(s) && s.length === 0) p.tags[p.tagCount++] = EMPTY;
      else p.value(s);
    }
    p.room(results.length, results.length);
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

/** Builds one object of a shape, taking its values in key order from `next`. */
type Maker = (next: () => unknown) => Record<string, unknown>;

/**
 * Object literals for the shapes grade results usually have. An object made from a literal is
 * built at once with its final hidden class (about twice as quick as adding keys one by one);
 * a literal's values are evaluated in order, so `next` yields them as they were packed.
 */
const LITERALS: [string[], Maker][] = [
  [["score", "pass"], (next) => ({ score: next(), pass: next() })],
  [["score", "pass", "reason"], (next) => ({ score: next(), pass: next(), reason: next() })],
  [
    ["score", "pass", "referenceIndex"],
    (next) => ({ score: next(), pass: next(), referenceIndex: next() }),
  ],
  [
    ["score", "pass", "reason", "referenceIndex"],
    (next) => ({ score: next(), pass: next(), reason: next(), referenceIndex: next() }),
  ],
  [["score", "pass", "stats"], (next) => ({ score: next(), pass: next(), stats: next() })],
  [
    ["score", "pass", "referenceIndex", "stats"],
    (next) => ({ score: next(), pass: next(), referenceIndex: next(), stats: next() }),
  ],
  [
    ["score", "pass", "error", "reason"],
    (next) => ({ score: next(), pass: next(), error: next(), reason: next() }),
  ],
  [
    ["score", "pass", "error", "notJudged", "reason"],
    (next) => ({ score: next(), pass: next(), error: next(), notJudged: next(), reason: next() }),
  ],
];

/** How objects of the shape `keys` are built: from a literal if one has exactly these keys. */
function makerOf(keys: readonly string[]): Maker {
  for (const [literalKeys, make] of LITERALS) {
    if (literalKeys.length === keys.length && literalKeys.every((k, i) => k === keys[i])) {
      return make;
    }
  }
  if (keys.includes("__proto__")) {
    // An own "__proto__" key (as JSON.parse makes): defined, since assigning it sets the prototype.
    return (next) => {
      const object: Record<string, unknown> = {};
      for (const key of keys) {
        Object.defineProperty(object, key, {
          value: next(),
          writable: true,
          enumerable: true,
          configurable: true,
        });
      }
      return object;
    };
  }
  return (next) => {
    const object: Record<string, unknown> = {};
    for (const key of keys) object[key] = next();
    return object;
  };
}

/** The grades {@link packGrades} packed, as structured cloning would have delivered them. */
export function unpackGrades(packed: PackedGrades): RowGrades[] {
  const { tags, numbers, texts, others, shapes } = packed;
  const makers = shapes.map(makerOf);
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
