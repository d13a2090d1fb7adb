// Argument checks, the alpha and the two-sided z shared by the interval functions.
import normalQuantile from "@stdlib/stats-base-dists-normal-quantile";

/** Throw unless `value` is a whole number ≥ 0. */
export function checkCount(name: string, value: unknown): number {
  if (typeof value !== "number") {
    throw new TypeError(`${name} must be a number, got ${typeof value}`);
  }
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number ≥ 0, got ${value}`);
  }
  return value;
}

/** Throw unless `successes` and `n` are counts with successes ≤ n. */
export function checkTrials(successes: unknown, n: unknown): void {
  const k = checkCount("successes", successes);
  const total = checkCount("n", n);
  if (k > total) {
    throw new RangeError(`successes (${k}) cannot exceed n (${total})`);
  }
}

/** Throw unless `confidence` is a number strictly between 0 and 1. */
export function checkConfidence(confidence: unknown): number {
  if (typeof confidence !== "number") {
    throw new TypeError(`confidence must be a number, got ${typeof confidence}`);
  }
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError(`confidence must be between 0 and 1 (exclusive), got ${confidence}`);
  }
  return confidence;
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
