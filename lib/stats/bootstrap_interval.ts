/**
 * A seeded percentile bootstrap interval: the same values and seed give the same interval on
 * every run and machine.
 *
 * @module
 */
// The pinned pure-rand, bundled (tools/bundle_cjs.ts): no npm package to resolve at start-up.
import { uniformInt, xoroshiro128plus } from "./_pure_rand.js";
import { bootstrapSettings } from "./_check.ts";
import { UserRangeError } from "../errors/mod.ts";
import { percentile } from "./_percentile.ts";

/** Settings of {@link bootstrapInterval}. */
export interface BootstrapOptions {
  /** Seed of the xoroshiro128+ generator, a whole number (default 0). */
  seed?: number;
  /** Number of resamples (default 1000). */
  resamples?: number;
  /** Confidence level in (0, 1) (default 0.95). */
  confidence?: number;
  /** The statistic of a sample (default: the mean). */
  statistic?: (sample: readonly number[]) => number;
}

/** A bootstrap interval with the settings that produced it. */
export interface BootstrapInterval {
  /** The statistic on the values themselves. */
  estimate: number;
  /** Lower percentile bound. */
  lower: number;
  /** Upper percentile bound. */
  upper: number;
  /** The confidence level used. */
  confidence: number;
  /** The number of resamples drawn. */
  resamples: number;
  /** The seed used. */
  seed: number;
  /** How the bounds are taken from the resampled statistics. */
  method: "percentile";
}

function mean(sample: readonly number[]): number {
  let sum = 0;
  for (const v of sample) sum += v;
  return sum / sample.length;
}

/**
 * Percentile bootstrap interval of a statistic (the mean unless another is given): draw
 * `resamples` samples of the same size with replacement, using a xoroshiro128+ generator seeded
 * with `seed`, and take the α/2 and 1 − α/2 percentiles of their statistics (linear
 * interpolation). With no values every figure is NaN.
 *
 * @param values Finite numbers, e.g. one score per item.
 * @param options Seed, number of resamples, confidence and statistic.
 * @returns The estimate, the bounds and the settings used.
 * @throws {RangeError} When a value is not finite, or a setting is out of range.
 *
 * @example The mean of ten pass/fail results, twice with the same seed
 * ```ts
 * import { bootstrapInterval } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const passes = [1, 1, 0, 1, 1, 1, 0, 1, 1, 1];
 * const first = bootstrapInterval(passes, { seed: 7 });
 * assert.equal(first.estimate, 0.8);
 * assert.ok(first.lower < 0.8 && first.upper > 0.8);
 * assert.deepEqual(bootstrapInterval(passes, { seed: 7 }), first);
 * ```
 */
export function bootstrapInterval(
  values: readonly number[],
  options: BootstrapOptions = {},
): BootstrapInterval {
  const { seed, resamples, confidence, alpha } = bootstrapSettings(options);
  const statistic = options.statistic ?? mean;
  values.forEach((v, i) => {
    if (!Number.isFinite(v)) {
      throw new UserRangeError(`values[${i}] must be a finite number, got ${v}`);
    }
  });
  const settings = { confidence, resamples, seed, method: "percentile" as const };
  const n = values.length;
  if (n === 0) return { estimate: NaN, lower: NaN, upper: NaN, ...settings };
  const rng = xoroshiro128plus(seed);
  const stats: number[] = new Array(resamples);
  if (statistic === mean) {
    // The mean summed as drawn (the same draws and additions in the same order as mean(sample),
    // so the same figures), without filling a sample: eval summaries resample every item.
    for (let r = 0; r < resamples; r++) {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += values[uniformInt(rng, 0, n - 1)];
      stats[r] = sum / n;
    }
  } else {
    const sample: number[] = new Array(n);
    for (let r = 0; r < resamples; r++) {
      for (let i = 0; i < n; i++) sample[i] = values[uniformInt(rng, 0, n - 1)];
      stats[r] = statistic(sample);
    }
  }
  stats.sort((a, b) => a - b);
  return {
    estimate: statistic(values),
    lower: percentile(stats, alpha / 2),
    upper: percentile(stats, 1 - alpha / 2),
    ...settings,
  };
}
