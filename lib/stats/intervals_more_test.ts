// The Agresti–Coull, normal (Wald), Jeffreys and Wilson intervals against statsmodels 0.13.5
// (tests/testdata/intervals_more.json, a copy of ../shared/reference/intervals_more.json).
import assert from "node:assert/strict";
import fc from "fast-check";
import { agrestiCoullInterval } from "./agresti_coull_interval.ts";
import { jeffreysInterval } from "./jeffreys_interval.ts";
import { normalInterval } from "./normal_interval.ts";
import {
  INTERVAL_METHOD_NAMES,
  INTERVAL_METHODS,
  intervalMethod,
  proportionInterval,
} from "./proportion_interval.ts";
import type { Interval } from "./types.ts";
import { wilsonInterval } from "./wilson_interval.ts";

type Bounds = { lower: number; upper: number };
interface Case {
  id: string;
  tags: string[];
  successes: number;
  n: number;
  confidence: number;
  expected: Record<"agresti_coull" | "normal" | "jeffreys" | "wilson", Bounds>;
  other_versions?: Record<string, { wilson?: Partial<Bounds> }>;
}

const vectors = JSON.parse(
  await Deno.readTextFile(new URL("../../tests/testdata/intervals_more.json", import.meta.url)),
) as { cases: Case[] };

const close = (actual: number, expected: number) =>
  Math.abs(actual - expected) <= 1e-9 * Math.abs(expected) + 1e-12;

function failures(
  key: keyof Case["expected"],
  fn: (k: number, n: number, c: number) => Interval,
): string[] {
  const bad: string[] = [];
  for (const c of vectors.cases) {
    const got = fn(c.successes, c.n, c.confidence);
    const want = c.expected[key];
    if (!close(got.lower, want.lower) || !close(got.upper, want.upper)) {
      bad.push(`${c.id}: got [${got.lower}, ${got.upper}], want [${want.lower}, ${want.upper}]`);
    }
  }
  return bad;
}

Deno.test("the reference file covers the grid and its edges", () => {
  assert.equal(vectors.cases.length, 135);
  const tags = new Set(vectors.cases.flatMap((c) => c.tags));
  for (const t of ["k0", "kn", "n1"]) assert.ok(tags.has(t), t);
  assert.deepEqual([...new Set(vectors.cases.map((c) => c.confidence))].sort(), [0.9, 0.95, 0.99]);
});

Deno.test("agrestiCoullInterval reproduces statsmodels' agresti_coull on every case", () => {
  assert.deepEqual(failures("agresti_coull", agrestiCoullInterval), []);
});

Deno.test("normalInterval reproduces statsmodels' normal on every case", () => {
  assert.deepEqual(failures("normal", normalInterval), []);
});

Deno.test("jeffreysInterval reproduces statsmodels' jeffreys on every case", () => {
  assert.deepEqual(failures("jeffreys", jeffreysInterval), []);
});

Deno.test("wilsonInterval reproduces statsmodels' wilson on every case, clipped as on its main branch", () => {
  assert.deepEqual(failures("wilson", wilsonInterval), []);
  // Where statsmodels' main branch differs (the clipped ±2e-16 noise), we agree with main exactly.
  const clipped = vectors.cases.filter((c) => c.other_versions?.["main@82c59e3"]?.wilson);
  assert.ok(clipped.length >= 5, "the file marks the clipped bounds");
  for (const c of clipped) {
    const got = wilsonInterval(c.successes, c.n, c.confidence);
    const main = c.other_versions!["main@82c59e3"].wilson!;
    if (main.lower !== undefined) assert.equal(got.lower, main.lower, c.id);
    if (main.upper !== undefined) assert.equal(got.upper, main.upper, c.id);
  }
  assert.equal(wilsonInterval(13, 13, 0.95).upper, 1);
});

Deno.test("proportionInterval gives each registered method's figures with its settings", () => {
  const names: Record<string, keyof Case["expected"]> = {
    "agresti-coull": "agresti_coull",
    normal: "normal",
    jeffreys: "jeffreys",
    wilson: "wilson",
  };
  for (const c of vectors.cases) {
    for (const [method, key] of Object.entries(names)) {
      const got = proportionInterval(c.successes, c.n, { method, confidence: c.confidence });
      assert.equal(got.method, method);
      assert.equal(got.confidence, c.confidence);
      assert.equal(got.estimate, c.successes / c.n);
      assert.ok(close(got.lower, c.expected[key].lower) && close(got.upper, c.expected[key].upper));
    }
  }
  // statsmodels' spelling of the same method gives the same interval.
  for (const method of INTERVAL_METHOD_NAMES) {
    const sm = INTERVAL_METHODS[method].statsmodels;
    assert.deepEqual(
      proportionInterval(3, 11, { method: sm }),
      proportionInterval(3, 11, { method }),
    );
  }
});

Deno.test("n = 0: every method gives NaN bounds (the documented policy)", () => {
  for (const method of INTERVAL_METHOD_NAMES) {
    const r = proportionInterval(0, 0, { method, confidence: 0.9 });
    assert.ok(Number.isNaN(r.lower) && Number.isNaN(r.upper) && Number.isNaN(r.estimate), method);
  }
});

Deno.test("every method's bounds lie in [0, 1] and bracket the estimate (Jeffreys: away from 0 and n)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 5000 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.constantFrom(0.5, 0.8, 0.9, 0.95, 0.99, 0.999),
      fc.constantFrom(...INTERVAL_METHOD_NAMES),
      (n, share, confidence, method) => {
        const k = Math.round(share * n);
        const r = proportionInterval(k, n, { method, confidence });
        const brackets = r.lower <= r.estimate && r.estimate <= r.upper;
        // Jeffreys has no edge rule (as in statsmodels): at 0 or n successes it excludes p̂.
        const edge = method === "jeffreys" && (k === 0 || k === n);
        return r.lower >= 0 && r.upper <= 1 && r.lower <= r.upper && (brackets || edge);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("unknown methods and bad counts are refused", () => {
  assert.throws(() => intervalMethod("bayes"), /Unknown interval method "bayes"; expected one of/);
  assert.throws(() => proportionInterval(1, 5, { method: "binom_test" }), RangeError);
  assert.throws(() => proportionInterval(1, 5, { confidence: 1.5 }), RangeError);
  for (const fn of [agrestiCoullInterval, normalInterval, jeffreysInterval]) {
    assert.throws(() => fn(6, 5, 0.95), RangeError);
    assert.throws(() => fn(1, 5, 0), RangeError);
    assert.throws(() => fn("1" as unknown as number, 5, 0.95), TypeError);
  }
});
