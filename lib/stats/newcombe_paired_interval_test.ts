import assert from "node:assert/strict";
import fc from "fast-check";
import normalQuantile from "@stdlib/stats-base-dists-normal-quantile";
import { newcombePairedInterval } from "./newcombe_paired_interval.ts";
import type { PairedTable } from "./types.ts";

// An independent computation of Newcombe's method 10 from its definition: each Wilson bound found
// by bisection on the score equation |p̂ − p| = z·√(p(1 − p)/n), and phi as the Pearson correlation
// of the expanded 0/1 pairs, with Newcombe's n/2 adjustment of the cross product.
function wilsonByBisection(k: number, n: number, z: number, side: "lower" | "upper"): number {
  const p = k / n;
  if (side === "lower" && k === 0) return 0;
  if (side === "upper" && k === n) return 1;
  const outside = (q: number) => Math.abs(p - q) > z * Math.sqrt(q * (1 - q) / n);
  let [lo, hi] = side === "lower" ? [0, p] : [p, 1];
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (side === "lower") outside(mid) ? lo = mid : hi = mid;
    else outside(mid) ? hi = mid : lo = mid;
  }
  return (lo + hi) / 2;
}

function expandedPhi(t: PairedTable): number {
  const pairs: [number, number][] = [
    ...Array(t.bothPass).fill([1, 1]),
    ...Array(t.onlyA).fill([1, 0]),
    ...Array(t.onlyB).fill([0, 1]),
    ...Array(t.bothFail).fill([0, 0]),
  ];
  const n = pairs.length;
  const meanA = pairs.reduce((s, [a]) => s + a, 0) / n;
  const meanB = pairs.reduce((s, [, b]) => s + b, 0) / n;
  let cov = 0, varA = 0, varB = 0;
  for (const [a, b] of pairs) {
    cov += (a - meanA) * (b - meanB);
    varA += (a - meanA) ** 2;
    varB += (b - meanB) ** 2;
  }
  if (varA === 0 || varB === 0) return 0;
  // n·cov equals AD − BC; Newcombe shrinks a positive cross product by n/2 (to 0 at most).
  const cross = n * cov;
  const adjusted = cross > n / 2 ? cross - n / 2 : cross >= 0 ? 0 : cross;
  return adjusted / n / Math.sqrt(varA * varB);
}

function reference(t: PairedTable, confidence: number) {
  const n = t.bothPass + t.onlyA + t.onlyB + t.bothFail;
  const z = -normalQuantile((1 - confidence) / 2, 0, 1);
  const kA = t.bothPass + t.onlyA;
  const kB = t.bothPass + t.onlyB;
  const [pA, pB] = [kA / n, kB / n];
  const [lA, uA] = [wilsonByBisection(kA, n, z, "lower"), wilsonByBisection(kA, n, z, "upper")];
  const [lB, uB] = [wilsonByBisection(kB, n, z, "lower"), wilsonByBisection(kB, n, z, "upper")];
  const r = expandedPhi(t);
  const d = pB - pA;
  const lower = d - Math.sqrt((pB - lB) ** 2 - 2 * r * (pB - lB) * (uA - pA) + (uA - pA) ** 2);
  const upper = d + Math.sqrt((uB - pB) ** 2 - 2 * r * (uB - pB) * (pA - lA) + (pA - lA) ** 2);
  return { difference: d, lower, upper };
}

Deno.test("Newcombe: the published Cavo et al. example (Fagerland, Lydersen & Laake 2017)", () => {
  // Their table puts the first occasion in rows: 59 both, 6 first only, 16 second only, 80 neither;
  // estimate −0.0621 (95% CI −0.1186 to −0.0046) for first − second. Here b is the first occasion.
  const d = newcombePairedInterval({ bothPass: 59, onlyA: 16, onlyB: 6, bothFail: 80 }, 0.95);
  assert.equal(d.difference.toFixed(4), "-0.0621");
  assert.equal(d.lower.toFixed(4), "-0.1186");
  assert.equal(d.upper.toFixed(4), "-0.0046");
  assert.equal(d.pairs, 161);
  assert.equal(d.method, "Newcombe hybrid score (method 10)");
});

Deno.test("Newcombe: equal to an independent computation from the definition on random tables", () => {
  fc.assert(
    fc.property(
      fc.nat(40),
      fc.nat(40),
      fc.nat(40),
      fc.nat(40),
      fc.constantFrom(0.8, 0.9, 0.95, 0.99),
      (bothPass, onlyA, onlyB, bothFail, confidence) => {
        const t = { bothPass, onlyA, onlyB, bothFail };
        if (bothPass + onlyA + onlyB + bothFail === 0) return true;
        const got = newcombePairedInterval(t, confidence);
        const want = reference(t, confidence);
        const close = (x: number, y: number) => Math.abs(x - y) <= 1e-9;
        return close(got.difference, want.difference) && close(got.lower, want.lower) &&
          close(got.upper, want.upper);
      },
    ),
    { numRuns: 400 },
  );
});

Deno.test("Newcombe: holds the difference, stays in [−1, 1], and swapping the versions mirrors it", () => {
  fc.assert(
    fc.property(fc.nat(30), fc.nat(30), fc.nat(30), fc.nat(30), (p, a, b, f) => {
      if (p + a + b + f === 0) return true;
      const d = newcombePairedInterval({ bothPass: p, onlyA: a, onlyB: b, bothFail: f });
      const m = newcombePairedInterval({ bothPass: p, onlyA: b, onlyB: a, bothFail: f });
      return d.lower <= d.difference && d.difference <= d.upper && d.lower >= -1 &&
        d.upper <= 1 && Math.abs(d.lower + m.upper) < 1e-12 && Math.abs(d.upper + m.lower) < 1e-12;
    }),
    { numRuns: 300 },
  );
});

Deno.test("Newcombe: no discordant pairs still gives an interval around 0; no pairs gives NaN", () => {
  const d = newcombePairedInterval({ bothPass: 30, onlyA: 0, onlyB: 0, bothFail: 10 });
  assert.equal(d.difference, 0);
  assert.ok(d.lower < 0 && d.upper > 0);
  const all = newcombePairedInterval({ bothPass: 12, onlyA: 0, onlyB: 0, bothFail: 0 });
  assert.equal(all.difference, 0);
  assert.ok(all.lower < 0 && all.upper > 0 && all.upper < 0.3);
  const none = newcombePairedInterval({ bothPass: 0, onlyA: 0, onlyB: 0, bothFail: 0 });
  assert.ok(Number.isNaN(none.lower) && Number.isNaN(none.difference));
  assert.throws(() => newcombePairedInterval({ bothPass: -1, onlyA: 0, onlyB: 0, bothFail: 0 }));
  assert.throws(() => newcombePairedInterval({ bothPass: 1, onlyA: 0, onlyB: 0, bothFail: 0 }, 1));
});
