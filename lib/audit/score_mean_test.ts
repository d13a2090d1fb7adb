import assert from "node:assert/strict";
import fc from "fast-check";
import { scoreMean } from "./score_mean.ts";

Deno.test("scoreMean: the mean is over scored attempts only; the unscored are counted beside it", () => {
  const m = scoreMean([0.2, 0.4, 0.9], 5);
  assert.ok(Math.abs(m.mean - 0.5) < 1e-12);
  assert.deepEqual([m.scored, m.attempted, m.unscored], [3, 5, 2]);
  assert.equal(m.interval.method, "percentile");
  assert.deepEqual([m.interval.seed, m.interval.resamples, m.interval.confidence], [0, 1000, 0.95]);
});

Deno.test("scoreMean: nothing scored gives NaN figures, never a zero", () => {
  const m = scoreMean([], 10);
  assert.ok(Number.isNaN(m.mean) && Number.isNaN(m.interval.lower));
  assert.deepEqual([m.scored, m.unscored], [0, 10]);
});

Deno.test("scoreMean: bad counts and non-finite scores are refused", () => {
  assert.throws(() => scoreMean([1, 2], 1), RangeError);
  assert.throws(() => scoreMean([1, NaN], 3), RangeError);
});

Deno.test("scoreMean: the same seed gives the same interval, inside the range of the scores", () => {
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }),
      fc.nat(20),
      fc.integer({ min: 0, max: 1000 }),
      (scores, extra, seed) => {
        const a = scoreMean(scores, scores.length + extra, { seed, resamples: 200 });
        const b = scoreMean(scores, scores.length + extra, { seed, resamples: 200 });
        assert.deepEqual(a, b);
        const mean = scores.reduce((s, v) => s + v, 0) / scores.length;
        assert.ok(Math.abs(a.mean - mean) < 1e-12);
        assert.ok(a.interval.lower <= a.interval.upper);
        assert.ok(a.interval.lower >= Math.min(...scores) - 1e-12);
        assert.ok(a.interval.upper <= Math.max(...scores) + 1e-12);
      },
    ),
    { numRuns: 60 },
  );
});
