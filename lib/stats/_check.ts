// Argument checks, the alpha and the two-sided z shared by the interval functions.
import { normalQuantile } from "./_quantiles.js";
import { UserRangeError, UserTypeError } from "../errors/mod.ts";
import { checkConfidence } from "./check_confidence.ts";

/** Throw unless `value` is a whole number ≥ 0. */
export function checkCount(name: string, value: unknown): number {
  if (typeof value !== "number") {
    throw new UserTypeError(`${name} must be a number, got ${typeof value}`);
  }
  if (!Number.isInteger(value) || value < 0) {
    throw new UserRangeError(`${name} must be a whole number ≥ 0, got ${value}`);
  }
  return value;
}

/** Throw unless `successes` and `n` are counts with successes ≤ n. */
export function checkTrials(successes: unknown, n: unknown): void {
  const k = checkCount("successes", successes);
  const total = checkCount("n", n);
  if (k > total) {
    throw new UserRangeError(`successes (${k}) cannot exceed n (${total})`);
  }
}

/**
 * The two-sided alpha for a confidence level. `1 - 0.95` is 0.050000000000000044 in binary;
 * rounding to 15 significant digits gives the decimal the caller meant (0.05).
 */
export function alphaOf(confidence: number): number {
  return Number((1 - checkConfidence(confidence)).toPrecision(15));
}

/** z = Φ⁻¹(1 − α/2) of a two-sided interval, taken as −Φ⁻¹(α/2) for accuracy in the tail. */
export function twoSidedZ(confidence: number): number {
  return -normalQuantile(alphaOf(confidence) / 2, 0, 1);
}

/** The seed, resamples and alpha of a bootstrap, checked (seed 0 and 1000 resamples by default). */
export function bootstrapSettings(
  options: { seed?: number; resamples?: number; confidence?: number },
): { seed: number; resamples: number; confidence: number; alpha: number } {
  const seed = options.seed ?? 0;
  if (!Number.isInteger(seed)) throw new UserRangeError(`seed must be a whole number, got ${seed}`);
  const resamples = checkCount("resamples", options.resamples ?? 1000);
  if (resamples < 1) throw new UserRangeError("resamples must be at least 1");
  const confidence = options.confidence ?? 0.95;
  return { seed, resamples, confidence, alpha: alphaOf(confidence) };
}
