import assert from "node:assert/strict";
import { wilsonInterval } from "./wilson_interval.ts";
import { clopperPearsonInterval } from "./clopper_pearson_interval.ts";
import type { Interval } from "./types.ts";

interface Case {
  id: string;
  successes: number;
  n: number;
  confidence: number;
  expected: {
    defined: boolean;
    wilson: { lower: number | null; upper: number | null };
    clopper_pearson: { lower: number | null; upper: number | null };
  };
}

const vectors = JSON.parse(
  await Deno.readTextFile(new URL("../../tests/testdata/intervals.json", import.meta.url)),
) as { cases: Case[] };

// Tolerance from the reference notes: relative 1e-9 plus absolute 1e-12.
function close(actual: number, expected: number | null): boolean {
  if (expected === null) return Number.isNaN(actual);
  return Math.abs(actual - expected) <= 1e-9 * Math.abs(expected) + 1e-12;
}

function failures(
  method: "wilson" | "clopper_pearson",
  fn: (k: number, n: number, c: number) => Interval,
): string[] {
  const bad: string[] = [];
  for (const c of vectors.cases) {
    const got = fn(c.successes, c.n, c.confidence);
    const want = c.expected[method];
    if (!close(got.lower, want.lower) || !close(got.upper, want.upper)) {
      bad.push(`${c.id}: got [${got.lower}, ${got.upper}], want [${want.lower}, ${want.upper}]`);
    }
  }
  return bad;
}

Deno.test("the reference file has cases at every confidence level", () => {
  assert.ok(vectors.cases.length >= 100);
  const levels = new Set(vectors.cases.map((c) => c.confidence));
  assert.deepEqual([...levels].sort(), [0.9, 0.95, 0.99]);
});

Deno.test("wilsonInterval reproduces every reference case", () => {
  assert.deepEqual(failures("wilson", wilsonInterval), []);
});

Deno.test("clopperPearsonInterval reproduces every reference case", () => {
  assert.deepEqual(failures("clopper_pearson", clopperPearsonInterval), []);
});

Deno.test("Clopper-Pearson bounds are exactly 0 and 1 at the edges", () => {
  for (const n of [1, 7, 250]) {
    assert.equal(clopperPearsonInterval(0, n, 0.95).lower, 0);
    assert.equal(clopperPearsonInterval(n, n, 0.95).upper, 1);
  }
});

Deno.test("n = 0 gives NaN bounds from both methods", () => {
  for (const fn of [wilsonInterval, clopperPearsonInterval]) {
    const { lower, upper } = fn(0, 0, 0.9);
    assert.ok(Number.isNaN(lower) && Number.isNaN(upper));
  }
});

Deno.test("impossible input is a RangeError, a wrong type a TypeError", () => {
  for (const fn of [wilsonInterval, clopperPearsonInterval]) {
    assert.throws(() => fn(6, 5, 0.95), RangeError);
    assert.throws(() => fn(-1, 5, 0.95), RangeError);
    assert.throws(() => fn(1.5, 5, 0.95), RangeError);
    assert.throws(() => fn(1, 5, 1), RangeError);
    assert.throws(() => fn(1, 5, 0), RangeError);
    assert.throws(() => fn(1, 5, NaN), RangeError);
    assert.throws(() => fn(1, 0, 0.95), RangeError);
    assert.throws(() => fn("1" as unknown as number, 5, 0.95), TypeError);
  }
});

Deno.test("a higher confidence gives a wider interval, and Clopper-Pearson is wider than Wilson", () => {
  for (const [k, n] of [[3, 10], [34, 40], [500, 1000]]) {
    const w90 = wilsonInterval(k, n, 0.9);
    const w99 = wilsonInterval(k, n, 0.99);
    assert.ok(w99.lower < w90.lower && w99.upper > w90.upper);
    const cp = clopperPearsonInterval(k, n, 0.95);
    const w = wilsonInterval(k, n, 0.95);
    assert.ok(cp.upper - cp.lower > w.upper - w.lower);
  }
});
