/**
 * A gate for `Deno.test`: fail a test when a metric's mean is on the wrong side of a value.
 *
 * @module
 */
import { AssertionError } from "node:assert";
import type { EvalResult } from "./eval_result.ts";
import { UserTypeError } from "../errors/mod.ts";
import { formatCount } from "../render/format.ts";

/** Comparisons {@link assertMetric} understands. */
export type MetricComparison = ">=" | ">" | "<=" | "<" | "==";

const COMPARE: Record<MetricComparison, (a: number, b: number) => boolean> = {
  ">=": (a, b) => a >= b,
  ">": (a, b) => a > b,
  "<=": (a, b) => a <= b,
  "<": (a, b) => a < b,
  "==": (a, b) => a === b,
};

/** Options of {@link assertMetric}. */
export interface AssertMetricOptions {
  /** Compare the mean (default) or a bound of its interval (`ci-lower` is the strict choice for `>=`). */
  use?: "mean" | "ci-lower" | "ci-upper";
}

/**
 * Throw an `AssertionError` unless `result`'s metric compares as asked with `value`. The message
 * names the metric, its mean with the interval, the pass count and the run's settings.
 *
 * @throws {AssertionError} When the comparison fails, or the metric was not scored at all.
 * @throws {TypeError} An unknown metric or comparison.
 *
 * @example Gate a test on exact match
 * ```ts
 * import { assertMetric, evaluate } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const result = await evaluate([
 *   { id: "a", question: "2+2?", answer: "4", response: "4" },
 *   { id: "b", question: "3+3?", answer: "6", response: "5" },
 * ], { metrics: ["exact_match"] });
 * assertMetric(result, "exact_match", ">=", 0.5);
 * assert.throws(() => assertMetric(result, "exact_match", ">=", 0.8), /exact_match mean 0.500/);
 * ```
 */
export function assertMetric(
  result: EvalResult,
  metric: string,
  op: MetricComparison,
  value: number,
  options: AssertMetricOptions = {},
): void {
  const m = result.metric(metric);
  if (!m) {
    throw new UserTypeError(
      `The result has no metric "${metric}" (it has ${
        result.metrics.map((x) => x.name).join(", ")
      })`,
    );
  }
  const compare = COMPARE[op];
  if (!compare) throw new UserTypeError(`Unknown comparison "${op}": use >=, >, <=, < or ==`);
  const use = options.use ?? "mean";
  const actual = use === "mean" ? m.mean : use === "ci-lower" ? m.ci[0] : m.ci[1];
  if (Number.isFinite(actual) && compare(actual, value)) return;
  const pct = Math.round(m.interval.confidence * 100);
  const pass = m.passed === null ? "" : `, ${m.passed}/${m.scored} passed`;
  const shown = (x: number) => Number.isFinite(x) ? x.toFixed(3) : "not scored";
  throw new AssertionError({
    message: `${metric} ${use === "mean" ? "mean" : use} ${shown(actual)} is not ${op} ${value} ` +
      `(mean ${shown(m.mean)}, ${pct}% CI ${shown(m.ci[0])} to ${shown(m.ci[1])}${pass}, ` +
      `${m.notScored} not scored; model ${result.settings.model}, seed ${m.interval.seed}, ` +
      `${formatCount(m.interval.resamples)} resamples)`,
    actual,
    expected: value,
    operator: op,
  });
}
