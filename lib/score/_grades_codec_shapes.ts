// Code written for each shape grade results usually have (their keys are a subsequence of
// score, pass, error, notJudged, reason, referenceIndex, stats). Reading and building objects of
// many shapes at one place in the code is slow in V8: the place sees too many hidden classes and
// falls back to a generic lookup for each key. Code of its own for a shape sees one or two: the
// reader reads each key by name, and the maker builds the object from a literal, at once, with
// its final hidden class (about twice as quick as adding the keys one by one). Any other shape
// gets general code doing the same.

/** Copies an object's values, in the order of its shape's keys, into `out`. */
export type Reader = (object: Record<string, unknown>, out: unknown[]) => void;

/** Builds an object of one shape, taking its values in the order of the keys from `next`. */
export type Maker = (next: () => unknown) => Record<string, unknown>;

/** How objects of one shape (its keys, in order) are read and built. */
export interface ShapeCode {
  readonly keys: readonly string[];
  readonly read: Reader;
  readonly make: Maker;
}

// A literal's values are evaluated in order, so `next` yields them as they were read.
const KNOWN: ShapeCode[] = [
  {
    keys: ["score", "pass"],
    read: (o, out) => {
      out[0] = o.score, out[1] = o.pass;
    },
    make: (next) => ({ score: next(), pass: next() }),
  },
  {
    keys: ["score", "pass", "reason"],
    read: (o, out) => {
      out[0] = o.score, out[1] = o.pass, out[2] = o.reason;
    },
    make: (next) => ({ score: next(), pass: next(), reason: next() }),
  },
  {
    keys: ["score", "pass", "referenceIndex"],
    read: (o, out) => {
      out[0] = o.score, out[1] = o.pass, out[2] = o.referenceIndex;
    },
    make: (next) => ({ score: next(), pass: next(), referenceIndex: next() }),
  },
  {
    keys: ["score", "pass", "reason", "referenceIndex"],
    read: (o, out) => {
      out[0] = o.score, out[1] = o.pass, out[2] = o.reason, out[3] = o.referenceIndex;
    },
    make: (next) => ({ score: next(), pass: next(), reason: next(), referenceIndex: next() }),
  },
  {
    keys: ["score", "pass", "stats"],
    read: (o, out) => {
      out[0] = o.score, out[1] = o.pass, out[2] = o.stats;
    },
    make: (next) => ({ score: next(), pass: next(), stats: next() }),
  },
  {
    keys: ["score", "pass", "referenceIndex", "stats"],
    read: (o, out) => {
      out[0] = o.score, out[1] = o.pass, out[2] = o.referenceIndex, out[3] = o.stats;
    },
    make: (next) => ({ score: next(), pass: next(), referenceIndex: next(), stats: next() }),
  },
  {
    keys: ["score", "pass", "error", "reason"],
    read: (o, out) => {
      out[0] = o.score, out[1] = o.pass, out[2] = o.error, out[3] = o.reason;
    },
    make: (next) => ({ score: next(), pass: next(), error: next(), reason: next() }),
  },
  {
    keys: ["score", "pass", "error", "notJudged", "reason"],
    read: (o, out) => {
      out[0] = o.score, out[1] = o.pass, out[2] = o.error, out[3] = o.notJudged, out[4] = o.reason;
    },
    make: (next) => ({
      score: next(),
      pass: next(),
      error: next(),
      notJudged: next(),
      reason: next(),
    }),
  },
];

/**
 * The code for objects whose own enumerable keys are `keys`, in this order: a known shape's, or
 * general code. (An own `__proto__` key is assigned like any other: Deno has no `__proto__`
 * setter on `Object.prototype`, so assigning it makes an own property, as cloning does.)
 *
 * @example Read an object's values and build a copy
 * ```ts
 * import { shapeCode } from "./_grades_codec_shapes.ts";
 * import assert from "node:assert/strict";
 *
 * const code = shapeCode(["score", "pass", "reason"]);
 * const values: unknown[] = [];
 * code.read({ score: 0, pass: false, reason: "no" }, values);
 * assert.deepEqual(values, [0, false, "no"]);
 * const next = () => values.shift();
 * assert.deepEqual(code.make(next), { score: 0, pass: false, reason: "no" });
 * ```
 */
export function shapeCode(keys: readonly string[]): ShapeCode {
  const known = KNOWN.find((k) =>
    k.keys.length === keys.length && k.keys.every((key, i) => key === keys[i])
  );
  if (known !== undefined) return known;
  const read: Reader = (o, out) => {
    for (let i = 0; i < keys.length; i++) out[i] = o[keys[i]];
  };
  return {
    keys,
    read,
    make: (next) => {
      const object: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) object[keys[i]] = next();
      return object;
    },
  };
}
