import assert from "node:assert/strict";
import fc from "fast-check";
import { bootstrapInterval } from "./bootstrap_interval.ts";

const scores = [0.2, 0.9, 0.4, 1, 0, 0.75, 0.6, 0.3, 0.95, 0.5, 0.1, 0.8];

Deno.test("the same seed gives the same interval; another seed a different one", () => {
  const a = bootstrapInterval(scores, { seed: 42 });
  const b = bootstrapInterval(scores, { seed: 42 });
  const c = bootstrapInterval(scores, { seed: 43 });
  assert.deepEqual(a, b);
  assert.notDeepEqual([a.lower, a.upper], [c.lower, c.upper]);
  assert.equal(a.resamples, 1000);
  assert.equal(a.confidence, 0.95);
});

Deno.test("the bootstrap interval brackets the mean and is close to the normal approximation", () => {
  const r = bootstrapInterval(scores, { seed: 1, resamples: 4000 });
  const mean = scores.reduce((s, v) => s + v, 0) / scores.length;
  assert.equal(r.estimate, mean);
  const sd = Math.sqrt(scores.reduce((s, v) => s + (v - mean) ** 2, 0) / scores.length);
  const half = 1.96 * sd / Math.sqrt(scores.length);
  assert.ok(Math.abs(r.lower - (mean - half)) < 0.04, `${r.lower} vs ${mean - half}`);
  assert.ok(Math.abs(r.upper - (mean + half)) < 0.04, `${r.upper} vs ${mean + half}`);
});

Deno.test("bounds lie within the range of the values and the lower bound is not above the upper", () => {
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 1, maxLength: 30 }),
      fc.integer(),
      (values, seed) => {
        const r = bootstrapInterval(values, { seed, resamples: 200 });
        const min = Math.min(...values);
        const max = Math.max(...values);
        return r.lower <= r.upper && r.lower >= min - 1e-9 && r.upper <= max + 1e-9;
      },
    ),
    { numRuns: 100 },
  );
});

Deno.test("a constant sample gives a zero-width interval; no values give NaN", () => {
  const r = bootstrapInterval([3, 3, 3], { seed: 5 });
  assert.deepEqual([r.lower, r.estimate, r.upper], [3, 3, 3]);
  assert.ok(Number.isNaN(bootstrapInterval([], {}).lower));
});

Deno.test("another statistic and bad settings", () => {
  const median = (s: readonly number[]) => [...s].sort((a, b) => a - b)[Math.floor(s.length / 2)];
  const r = bootstrapInterval([1, 2, 3, 100], { seed: 3, statistic: median });
  assert.equal(r.estimate, 3);
  assert.throws(() => bootstrapInterval([1, NaN]), RangeError);
  assert.throws(() => bootstrapInterval([1], { seed: 1.5 }), RangeError);
  assert.throws(() => bootstrapInterval([1], { resamples: 0 }), RangeError);
  assert.throws(() => bootstrapInterval([1], { confidence: 95 }), RangeError);
});
