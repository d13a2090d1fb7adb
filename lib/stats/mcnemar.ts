/**
 * The exact (binomial) McNemar test for paired pass/fail results.
 *
 * @module
 */
import { checkCount } from "./_check.ts";

// P(X ≤ m) for X ~ Binomial(n, 1/2), summing C(n, k)/2^n term by term from 2^-n (a normal
// double while n ≤ 1000, and exact for small n).
function directTail(n: number, m: number): number {
  let term = 2 ** -n;
  let sum = term;
  for (let k = 1; k <= m; k++) {
    term *= (n - k + 1) / k;
    sum += term;
  }
  return sum;
}

// The same sum in logarithms for large n, taken relative to the largest term (k = m ≤ n/2) so
// nothing underflows.
function logTail(n: number, m: number): number {
  const logTerms: number[] = [-n * Math.LN2];
  for (let k = 1; k <= m; k++) logTerms.push(logTerms[k - 1] + Math.log((n - k + 1) / k));
  const top = logTerms[m];
  let relative = 0;
  for (const t of logTerms) relative += Math.exp(t - top);
  return Math.exp(top) * relative;
}

/** The result of {@link mcnemarTest}. */
export interface McNemarResult {
  /** Pairs where only the first system passed. */
  onlyFirst: number;
  /** Pairs where only the second system passed. */
  onlySecond: number;
  /** Discordant pairs (onlyFirst + onlySecond). */
  discordant: number;
  /** Two-sided exact p-value. */
  pValue: number;
  /** How the p-value was computed. */
  method: "exact binomial, two-sided";
}

/**
 * Exact two-sided McNemar test: under the null hypothesis each discordant pair is equally likely
 * to favour either system, so the smaller discordant count follows Binomial(discordant, 1/2). The
 * p-value is twice its lower tail, capped at 1; with no discordant pairs it is 1.
 *
 * @param onlyFirst Pairs (same case) where only the first system passed.
 * @param onlySecond Pairs where only the second system passed.
 * @returns The counts and the p-value.
 * @throws {RangeError} When a count is not a whole number ≥ 0.
 *
 * @example One pair against five
 * ```ts
 * import { mcnemarTest } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * // P(X ≤ 1) for X ~ Binomial(6, 1/2) is 7/64; two-sided: 14/64.
 * assert.equal(mcnemarTest(1, 5).pValue, 0.21875);
 * ```
 */
export function mcnemarTest(onlyFirst: number, onlySecond: number): McNemarResult {
  checkCount("onlyFirst", onlyFirst);
  checkCount("onlySecond", onlySecond);
  const n = onlyFirst + onlySecond;
  const m = Math.min(onlyFirst, onlySecond);
  const tail = n <= 1000 ? directTail(n, m) : logTail(n, m);
  return {
    onlyFirst,
    onlySecond,
    discordant: n,
    pValue: Math.min(1, 2 * tail),
    method: "exact binomial, two-sided",
  };
}
