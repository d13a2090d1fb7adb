/**
 * The seeded paired bootstrap of a difference between two versions on the same cases, with
 * sacreBLEU's paired-bs p-value.
 *
 * @module
 */
// The pinned pure-rand, bundled (tools/bundle_cjs.ts): no npm package to resolve at start-up.
import { uniformInt, xoroshiro128plus } from "./_pure_rand.js";
import { bootstrapSettings, checkCount } from "./_check.ts";
import { percentile } from "./_percentile.ts";

/** Settings of {@link pairedBootstrap}. */
export interface PairedBootstrapOptions {
  /** Seed of the xoroshiro128+ generator, a whole number (default 0). */
  seed?: number;
  /** Number of resamples (default 1000). */
  resamples?: number;
  /** Confidence level of the interval, in (0, 1) (default 0.95). */
  confidence?: number;
}

/** The result of {@link pairedBootstrap}: the observed figures, the interval and the test. */
export interface PairedBootstrapResult {
  /** The statistic of version a on all cases. */
  a: number;
  /** The statistic of version b on all cases. */
  b: number;
  /** b − a on all cases. */
  difference: number;
  /** Lower percentile bound of b − a over the resamples. */
  lower: number;
  /** Upper percentile bound of b − a over the resamples. */
  upper: number;
  /**
   * sacreBLEU's paired-bs p-value for "no difference": (1 + #{r : |d_r| − mean|d| ≥ |d|}) / (R + 1),
   * where d_r is b − a on resample r and d the observed difference.
   */
  pValue: number;
  /** Resamples of b − a below 0, as a share (how often a came out ahead). */
  shareWorse: number;
  /** The number of cases (clusters) resampled. */
  cases: number;
  /** The confidence level. */
  confidence: number;
  /** The number of resamples. */
  resamples: number;
  /** The seed. */
  seed: number;
  /** How resamples are drawn and the bounds taken. */
  method: "paired bootstrap over cases, percentile";
}

/**
 * Paired bootstrap of the difference b − a of a statistic of two versions measured on the same
 * `cases`. Each resample draws `cases` case indices with replacement (xoroshiro128+ seeded with
 * `seed`, so the same seed gives the same resamples on every machine) and hands them to
 * `statistic`, which returns the figures of both versions on that sample — the same cases for a
 * and b, which is what makes the bootstrap paired. A case may stand for several rows (repeats):
 * resampling cases, not rows, is the cluster bootstrap.
 *
 * The interval is the α/2 and 1 − α/2 percentiles of the resampled differences (linear
 * interpolation). The p-value is computed as sacreBLEU's `--paired-bs` does (after Koehn 2004 and
 * Clark et al.'s MultEval): the resampled absolute differences are centred on their mean, and the
 * share of them at or above the observed absolute difference, with one added above and below, is
 * the p-value. Two deliberate differences: a tie counts as beyond (sacreBLEU needs strictly
 * greater, so two identical versions get p = 1/(R + 1) there and 1 here), and the generator:
 * sacreBLEU draws its indices with numpy's PCG64 seeded 12345, so the figures agree with it in
 * distribution, not digit for digit.
 *
 * @param cases The number of cases (clusters), a whole number ≥ 0.
 * @param statistic The figures `[a, b]` of a sample given as case indices (`Uint32Array`); it is
 * called once with every case in order (the observed figures) and once per resample.
 * @param options Seed, resamples and confidence.
 * @returns The observed figures, the interval and the p-value; NaN throughout with no cases.
 * @throws {RangeError} When a setting is out of range or the statistic gives a non-finite figure.
 *
 * @example Mean scores of two versions on six cases
 * ```ts
 * import { pairedBootstrap } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const a = [0.2, 0.4, 0.5, 0.1, 0.3, 0.6];
 * const b = [0.5, 0.7, 0.6, 0.4, 0.5, 0.9];
 * const mean = (xs: number[], idx: Uint32Array) => idx.reduce((s, i) => s + xs[i], 0) / idx.length;
 * const r = pairedBootstrap(6, (idx) => [mean(a, idx), mean(b, idx)], { seed: 1 });
 * assert.equal(r.difference.toFixed(4), "0.2500");
 * assert.ok(r.lower > 0 && r.upper < 0.4);
 * assert.ok(r.pValue < 0.05);
 * assert.deepEqual(pairedBootstrap(6, (idx) => [mean(a, idx), mean(b, idx)], { seed: 1 }), r);
 * ```
 */
export function pairedBootstrap(
  cases: number,
  statistic: (sample: Uint32Array) => readonly [number, number],
  options: PairedBootstrapOptions = {},
): PairedBootstrapResult {
  checkCount("cases", cases);
  const { seed, resamples, confidence, alpha } = bootstrapSettings(options);
  const settings = {
    cases,
    confidence,
    resamples,
    seed,
    method: "paired bootstrap over cases, percentile" as const,
  };
  if (cases === 0) {
    const none = NaN;
    return {
      a: none,
      b: none,
      difference: none,
      lower: none,
      upper: none,
      pValue: none,
      shareWorse: none,
      ...settings,
    };
  }
  const figures = (sample: Uint32Array, where: string): [number, number] => {
    const [a, b] = statistic(sample);
    if (!Number.isFinite(a) || !Number.isFinite(b)) {
      // A misuse by the calling program (its statistic), so a plain RangeError, not a user error.
      throw new RangeError(`the statistic gave [${a}, ${b}] on ${where}; both must be finite`);
    }
    return [a, b];
  };
  const all = new Uint32Array(cases).map((_, i) => i);
  const [a, b] = figures(all, "the observed cases");
  const difference = b - a;
  const rng = xoroshiro128plus(seed);
  const diffs = new Float64Array(resamples);
  const sample = new Uint32Array(cases);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < cases; i++) sample[i] = uniformInt(rng, 0, cases - 1);
    const [ra, rb] = figures(sample, `resample ${r + 1}`);
    diffs[r] = rb - ra;
  }
  let meanAbs = 0;
  let worse = 0;
  for (const d of diffs) {
    meanAbs += Math.abs(d);
    if (d < 0) worse++;
  }
  meanAbs /= resamples;
  let beyond = 0;
  // Ties count as beyond (sacreBLEU counts only strictly greater ones, which gives two identical
  // versions p = 1 / (R + 1) instead of 1).
  for (const d of diffs) if (Math.abs(d) - meanAbs >= Math.abs(difference)) beyond++;
  diffs.sort();
  return {
    a,
    b,
    difference,
    lower: percentile(diffs, alpha / 2),
    upper: percentile(diffs, 1 - alpha / 2),
    pValue: (beyond + 1) / (resamples + 1),
    shareWorse: worse / resamples,
    ...settings,
  };
}
