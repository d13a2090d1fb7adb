// Per-metric summary of an eval: the mean of the scored values with a seeded bootstrap interval,
// the pass count, what was not scored, and how many failed calls are among the misses.
import { bootstrapInterval } from "../stats/mod.ts";
import type { ResolvedMetric } from "./metric.ts";
import type { ItemResult } from "./types.ts";

/** How intervals are computed: a percentile bootstrap of the mean. */
export interface IntervalSettings {
  /** Confidence level (default 0.95). */
  confidence: number;
  /** Resamples drawn (default 1000). */
  resamples: number;
  /** Seed of the generator (default 0): the same seed gives the same interval. */
  seed: number;
}

/** One metric over the whole run. */
export interface MetricSummary {
  /** The metric's name. */
  name: string;
  /** `binary` or `graded`. */
  kind: "binary" | "graded";
  /** Which way is better. */
  direction: "higher" | "lower";
  /** The pass threshold, or null (no pass/fail). */
  threshold: number | null;
  /** Units of the values (`ms`), if any. */
  unit?: string;
  /** The pass rule in words, when the threshold does not tell it. */
  rule?: string;
  /** Mean of the scored values (NaN when none). */
  mean: number;
  /** The bootstrap interval of the mean. */
  ci: [number, number];
  /** Items at or past the threshold; null without a threshold. */
  passed: number | null;
  /** Items with a value (failed calls included: they are misses). */
  scored: number;
  /** Items the metric could not score (no reference, nothing to measure); left out of the mean. */
  notScored: number;
  /** Failed calls among the scored items (misses with cause INFRA). */
  failedCalls: number;
  /** What the metric measures and how. */
  settings: string;
  /** The interval's settings. */
  interval: IntervalSettings & { method: "percentile bootstrap" };
}

/** Summarize one metric over the items. */
export function summarize(
  items: readonly ItemResult[],
  metric: ResolvedMetric,
  interval: IntervalSettings,
): MetricSummary {
  const values: number[] = [];
  let passed = 0;
  let failedCalls = 0;
  let notScored = 0;
  for (const item of items) {
    const v = item.metrics[metric.name];
    if (!v || !v.scored) {
      notScored++;
      continue;
    }
    values.push(v.value);
    if (v.pass === true) passed++;
    if (item.answer.error) failedCalls++;
  }
  const ci = bootstrapInterval(values, interval);
  return {
    name: metric.name,
    kind: metric.kind,
    direction: metric.direction,
    threshold: metric.threshold,
    ...(metric.unit ? { unit: metric.unit } : {}),
    ...(metric.rule ? { rule: metric.rule } : {}),
    mean: ci.estimate,
    ci: [ci.lower, ci.upper],
    passed: metric.threshold === null ? null : passed,
    scored: values.length,
    notScored,
    failedCalls,
    settings: metric.settings,
    interval: { ...interval, method: "percentile bootstrap" },
  };
}
