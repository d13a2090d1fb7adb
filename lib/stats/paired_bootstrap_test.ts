import assert from "node:assert/strict";
import { pairedBootstrap } from "./paired_bootstrap.ts";

const A = [0.31, 0.52, 0.18, 0.77, 0.4, 0.66, 0.25];
const B = [0.45, 0.5, 0.36, 0.81, 0.62, 0.7, 0.21];
const mean = (xs: readonly number[], idx: Uint32Array) =>
  idx.reduce((s, i) => s + xs[i], 0) / idx.length;
const means = (idx: Uint32Array) => [mean(A, idx), mean(B, idx)] as const;

/**
 * The exact bootstrap distribution of b − a (every multiset of n cases with its multinomial
 * weight), computed without the generator: what infinitely many resamples would give.
 */
function exactDistribution(n: number, diff: (counts: number[]) => number) {
  const out: { d: number; w: number }[] = [];
  const factorial = (k: number): number => k <= 1 ? 1 : k * factorial(k - 1);
  const counts = new Array(n).fill(0);
  const walk = (i: number, left: number) => {
    if (i === n - 1) {
      counts[i] = left;
      const w = factorial(n) / counts.reduce((p, c) => p * factorial(c), 1) / n ** n;
      out.push({ d: diff(counts), w });
      return;
    }
    for (let c = 0; c <= left; c++) {
      counts[i] = c;
      walk(i + 1, left - c);
    }
  };
  walk(0, n);
  return out;
}

// B is clearly better than A (exact p ≈ 0.010); C is close to A (exact p ≈ 0.4).
const C = [0.35, 0.48, 0.22, 0.74, 0.47, 0.61, 0.27];

for (const [name, other, range] of [["B", B, [0.005, 0.02]], ["C", C, [0.2, 0.6]]] as const) {
  Deno.test(`paired bootstrap: A vs ${name}, p-value and bounds agree with the exact bootstrap distribution`, () => {
    const n = A.length;
    const exact = exactDistribution(n, (counts) => {
      let d = 0;
      counts.forEach((c, i) => d += c * (other[i] - A[i]));
      return d / n;
    });
    assert.ok(Math.abs(exact.reduce((s, e) => s + e.w, 0) - 1) < 1e-12);
    const observed = other.reduce((s, b, i) => s + b - A[i], 0) / n;
    const meanAbs = exact.reduce((s, e) => s + e.w * Math.abs(e.d), 0);
    const pExact = exact.filter((e) => Math.abs(e.d) - meanAbs >= Math.abs(observed))
      .reduce((s, e) => s + e.w, 0);
    assert.ok(pExact > range[0] && pExact < range[1], `exact p ${pExact}`);
    const cdf = (x: number) => exact.filter((e) => e.d <= x).reduce((s, e) => s + e.w, 0);
    const R = 1000;
    // The Monte Carlo error of a share estimated from R resamples: 4 standard deviations.
    const tolerance = (p: number) => 4 * Math.sqrt(p * (1 - p) / R) + 1 / R;
    const pair = (idx: Uint32Array) => [mean(A, idx), mean(other, idx)] as const;
    for (const seed of [0, 1, 2, 12345]) {
      const r = pairedBootstrap(n, pair, { seed, resamples: R });
      assert.ok(Math.abs(r.difference - observed) < 1e-12);
      assert.ok(
        Math.abs(r.pValue - pExact) <= tolerance(pExact),
        `seed ${seed}: ${r.pValue} vs ${pExact}`,
      );
      assert.ok(Math.abs(cdf(r.lower) - 0.025) <= tolerance(0.025), `lower ${r.lower}`);
      assert.ok(Math.abs(cdf(r.upper) - 0.975) <= tolerance(0.975), `upper ${r.upper}`);
    }
  });
}

Deno.test("paired bootstrap: the same seed gives the same resamples, another seed others", () => {
  const a = pairedBootstrap(A.length, means, { seed: 9 });
  assert.deepEqual(pairedBootstrap(A.length, means, { seed: 9 }), a);
  const b = pairedBootstrap(A.length, means, { seed: 10 });
  assert.notDeepEqual([a.lower, a.upper], [b.lower, b.upper]);
  assert.equal(a.resamples, 1000);
  assert.equal(a.seed, 9);
  // The statistic sees exactly `cases` indices, each in range.
  let calls = 0;
  pairedBootstrap(5, (idx) => {
    calls++;
    assert.equal(idx.length, 5);
    assert.ok(idx.every((i) => i < 5));
    return [0, 0];
  }, { resamples: 20 });
  assert.equal(calls, 21); // the observed cases once, then each resample
});

Deno.test("paired bootstrap: identical versions give p = 1 and a zero-width interval", () => {
  const r = pairedBootstrap(A.length, (idx) => [mean(A, idx), mean(A, idx)], { seed: 3 });
  assert.deepEqual([r.difference, r.lower, r.upper, r.pValue], [0, 0, 0, 1]);
});

Deno.test("paired bootstrap: no cases gives NaN; bad settings and non-finite figures throw", () => {
  const r = pairedBootstrap(0, () => [0, 0]);
  assert.ok(Number.isNaN(r.difference) && Number.isNaN(r.pValue));
  assert.throws(() => pairedBootstrap(3, means, { seed: 0.5 }), RangeError);
  assert.throws(() => pairedBootstrap(3, means, { resamples: 0 }), RangeError);
  assert.throws(() => pairedBootstrap(3, means, { confidence: 2 }), RangeError);
  assert.throws(() => pairedBootstrap(3, () => [NaN, 1]), /must be finite/);
});
