// The paired bootstrap of corpus BLEU and chrF against sacreBLEU's paired-bs algorithm.
//
// sacreBLEU cannot run here (PyPI is unreachable), and its generator (numpy's PCG64, seed 12345)
// differs from ours (xoroshiro128+), so the figures can only agree in distribution. The expected
// figures are therefore derived from sacreBLEU's algorithm itself, computed exactly: every
// multiset of the seven cases with its multinomial weight (1,716 resamples stand for infinitely
// many), each scored by re-running corpusBleu / corpusChrf on the resampled sentences (not by
// summing cached statistics, as compare does). The p-value is sacreBLEU's: the share of resampled
// |b − a| minus their mean at or above the observed |b − a| (ties counted, see pairedBootstrap).
// compare's 1,000-resample figures must fall within 4 Monte Carlo standard deviations.
import assert from "node:assert/strict";
import { compare, corpusBleu, corpusChrf } from "../mod.ts";

const REFS = [
  "The parcel must be returned within thirty days of delivery.",
  "Refunds are issued to the original payment method.",
  "Please attach the prepaid label to the outside of the box.",
  "Items marked final sale cannot be returned.",
  "We will email you once the warehouse receives your return.",
  "Exchanges are free for a different size of the same item.",
  "Gift cards are not refundable and cannot be exchanged.",
];
const SYS_A = [
  "The parcel should be sent back within 30 days after delivery.",
  "Refunds go to the original payment method.",
  "Attach the prepaid label on the box.",
  "Final sale items can not be returned.",
  "You will get an email when the warehouse receives the return.",
  "Exchanges for another size of the same item are free.",
  "Gift cards cannot be refunded or exchanged.",
];
const SYS_B = [
  "The parcel must be returned within thirty days of delivery.",
  "Refunds are sent back to your card.",
  "Please attach the prepaid label to the box.",
  "Final sale items are not returnable.",
  "We email you when your return arrives.",
  "Exchanges for a different size are free.",
  "Gift cards are not refundable.",
];

function multisets(n: number): { counts: number[]; weight: number }[] {
  const out: { counts: number[]; weight: number }[] = [];
  const factorial = (k: number): number => k <= 1 ? 1 : k * factorial(k - 1);
  const counts = new Array(n).fill(0);
  const walk = (i: number, left: number) => {
    if (i === n - 1) {
      counts[i] = left;
      const weight = factorial(n) / counts.reduce((p, c) => p * factorial(c), 1) / n ** n;
      out.push({ counts: [...counts], weight });
      return;
    }
    for (let c = 0; c <= left; c++) (counts[i] = c, walk(i + 1, left - c));
  };
  walk(0, n);
  return out;
}

function exactPairedBs(metric: (h: string[], r: string[][]) => number) {
  const all = multisets(REFS.length);
  const pick = (xs: string[], counts: number[]) => counts.flatMap((c, i) => Array(c).fill(xs[i]));
  const diffs = all.map(({ counts, weight }) => {
    const refs = pick(REFS, counts).map((r) => [r]);
    return { d: metric(pick(SYS_B, counts), refs) - metric(pick(SYS_A, counts), refs), weight };
  });
  const refs = REFS.map((r) => [r]);
  const observed = metric(SYS_B, refs) - metric(SYS_A, refs);
  const meanAbs = diffs.reduce((s, e) => s + e.weight * Math.abs(e.d), 0);
  const p = diffs.filter((e) => Math.abs(e.d) - meanAbs >= Math.abs(observed) - 1e-12)
    .reduce((s, e) => s + e.weight, 0);
  const cdf = (x: number) => diffs.filter((e) => e.d <= x).reduce((s, e) => s + e.weight, 0);
  return { observed, p, cdf };
}

const source = REFS.flatMap((ref, i) => [
  { id: `c${i}`, version: "a", output: SYS_A[i], expected: ref },
  { id: `c${i}`, version: "b", output: SYS_B[i], expected: ref },
]);
const R = 1000;
const tolerance = (p: number) => 4 * Math.sqrt(p * (1 - p) / R) + 2 / R;

for (
  const [grader, metric] of [
    ["bleu", (h: string[], r: string[][]) => corpusBleu(h, r).score],
    ["chrf", (h: string[], r: string[][]) => corpusChrf(h, r).score],
  ] as const
) {
  Deno.test(`paired-bs of corpus ${grader}: p-value and interval within the resampling tolerance`, async () => {
    const exact = exactPairedBs(metric);
    assert.ok(exact.p > 0.001 && exact.p < 0.9, `a p-value the test can tell apart: ${exact.p}`);
    for (const seed of [0, 1, 12345]) {
      const g = (await compare("a", "b", { source, graders: [grader], seed })).grader(grader)!;
      assert.equal(g.metric, `corpus ${grader === "bleu" ? "BLEU" : "chrF"}`);
      assert.ok(
        Math.abs(g.difference - exact.observed) < 1e-12,
        `${g.difference} vs ${exact.observed}`,
      );
      assert.ok(
        Math.abs(g.pValue - exact.p) <= tolerance(exact.p),
        `seed ${seed}: p ${g.pValue} vs exact ${exact.p}`,
      );
      assert.ok(Math.abs(exact.cdf(g.ci[0]) - 0.025) <= tolerance(0.025), `lower ${g.ci[0]}`);
      assert.ok(Math.abs(exact.cdf(g.ci[1]) - 0.975) <= tolerance(0.975), `upper ${g.ci[1]}`);
    }
  });
}

Deno.test("paired-bs: the same seed gives the same figures; the seed is reported", async () => {
  const one = await compare("a", "b", { source, graders: ["bleu"], seed: 42 });
  const two = await compare("a", "b", { source, graders: ["bleu"], seed: 42 });
  assert.deepEqual(one.toJSON(), two.toJSON());
  assert.deepEqual(one.toJSON().bootstrap, { seed: 42, resamples: 1000 });
  assert.match(one.toText(), /1,000 resamples, seed 42/);
});
