/**
 * The mean score of a grader that gives scores but no verdicts (Ragas metrics, a graded grader
 * without a threshold): the mean over the attempts that have a usable score, with that count and
 * the count left out beside it, and a seeded percentile bootstrap interval.
 *
 * @module
 */
import { type BootstrapInterval, bootstrapInterval } from "../stats/bootstrap_interval.ts";
import { UserRangeError } from "../errors/mod.ts";

/** Settings of {@link scoreMean}. */
export interface ScoreMeanOptions {
  /** Confidence level of the interval, in (0, 1) (default 0.95). */
  confidence?: number;
  /** Seed of the bootstrap's generator (default 0). */
  seed?: number;
  /** Number of bootstrap resamples (default 1000). */
  resamples?: number;
}

/** A mean score with the counts behind it and its interval. */
export interface ScoreMean {
  /** Mean over the scored attempts; NaN when none was scored. */
  mean: number;
  /** Attempts with a usable score: the ones averaged. */
  scored: number;
  /** Every attempt of the group. */
  attempted: number;
  /** Attempts left out of the mean (NaN scores, errors, unreadable or empty rows). */
  unscored: number;
  /** Percentile bootstrap interval of the mean, with the settings that produced it. */
  interval: BootstrapInterval;
}

/**
 * The mean of the scored attempts of a group, the counts behind it, and a seeded percentile
 * bootstrap interval. Unscored attempts are never averaged in and never dropped from the count:
 * `unscored = attempted − scored`.
 *
 * @param scores The finite scores of the scored attempts.
 * @param attempted Every attempt of the group (at least `scores.length`).
 * @param options Confidence level, seed and number of resamples.
 * @throws {RangeError} When a score is not finite or `attempted` is smaller than the scores.
 *
 * @example Eight scored rows out of twenty-five
 * ```ts
 * import { scoreMean } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const m = scoreMean([0.5, 0.75, 0.25, 1, 0.5, 0.5, 0.75, 0.25], 25, { seed: 1 });
 * assert.deepEqual([m.mean, m.scored, m.unscored], [0.5625, 8, 17]);
 * assert.ok(m.interval.lower < 0.5625 && m.interval.upper > 0.5625);
 * assert.deepEqual([m.interval.seed, m.interval.resamples], [1, 1000]);
 * ```
 */
export function scoreMean(
  scores: readonly number[],
  attempted: number,
  options: ScoreMeanOptions = {},
): ScoreMean {
  if (!Number.isInteger(attempted) || attempted < scores.length) {
    throw new UserRangeError(
      `attempted must be a whole number no smaller than the ${scores.length} scores, got ${attempted}`,
    );
  }
  const interval = bootstrapInterval(scores, {
    confidence: options.confidence ?? 0.95,
    seed: options.seed ?? 0,
    resamples: options.resamples ?? 1000,
  });
  return {
    mean: interval.estimate,
    scored: scores.length,
    attempted,
    unscored: attempted - scores.length,
    interval,
  };
}
