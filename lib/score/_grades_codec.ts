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
  tags = new Uint8Array(4096);
  tagCount = 0;
  numbers = new Float64Array(4096);
  numberCount = 0;
  readonly texts: string[] = [];
  readonly others: unknown[] = [];
  readonly shapes: string[][] = [];
  readonly #shapeIds = new Map<string, number>();
  /** The last shape seen in each result column: most columns keep one or two shapes. */
  readonly #lastShape: number[] = [];

  tag(tag: number): void {
    if (this.tagCount === this.tags.length) {
      this.tags = grown(this.tags, new Uint8Array(this.tagCount * 2));
    }
    this.tags[this.tagCount++] = tag;
  }

  number(value: number): void {
    if (this.numberCount === this.numbers.length) {
      this.numbers = grown(this.numbers, new Float64Array(this.numberCount * 2));
    }
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
      this.tag(NUMBERS);
      this.number(value.length);
      for (let i = 0; i < value.length; i++) this.number(value[i]);
      return;
    }
    this.tag(OTHER);
    this.others.push(value);
  }

  /** A plain object whose values are packed one by one; `column` picks the shape to try first. */
  object(object: Record<string, unknown>, column: number): void {
    let id = this.#lastShape[column] ?? -1;
    let keys = id >= 0 ? this.shapes[id] : undefined;
    if (keys === undefined || !hasKeys(object, keys)) {
      keys = Object.keys(object);
      const signature = keys.join("\u0000");
      id = this.#shapeIds.get(signature) ?? -1;
      if (id < 0) {
        id = this.shapes.length;
        this.shapes.push(keys);
        this.#shapeIds.set(signature, id);
      }
      this.#lastShape[column] = id;
    }
    this.tag(OBJECT);
    this.number(id);
    for (const key of keys) this.value(object[key]);
  }
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

/** The object's enumerable keys (own and inherited) are exactly `keys`, in order. */
function hasKeys(object: Record<string, unknown>, keys: string[]): boolean {
  let i = 0;
  for (const key in object) if (key !== keys[i++]) return false;
  return i === keys.length;
}

/** Pack a chunk's grades; the buffers of `tags` and `numbers` are the packer's own (transferable). */
export function packGrades(grades: readonly RowGrades[]): PackedGrades {
  const p = new Packer();
  p.number(grades.length);
  for (const row of grades) {
    const { results, steps, thresholds } = row;
    p.number(results.length);
    for (let j = 0; j < results.length; j++) {
      p.object(results[j] as unknown as Record<string, unknown>, j);
    }
    for (let j = 0; j < results.length; j++) p.value(steps[j]);
    for (let j = 0; j < results.length; j++) p.value(thresholds[j]);
    p.value(row.assertions);
  }
  return {
    tags: p.tags.slice(0, p.tagCount),
    numbers: p.numbers.slice(0, p.numberCount),
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
      case OBJECT: {
        const keys = shapes[numbers[n++]];
        const object: Record<string, unknown> = {};
        for (const key of keys) object[key] = value();
        return object;
      }
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
    for (let j = 0; j < count; j++) steps[j] = value();
    for (let j = 0; j < count; j++) thresholds[j] = value();
    rows[i] = { results, steps, thresholds, assertions: value() as RowGrades["assertions"] };
  }
  return rows;
}
