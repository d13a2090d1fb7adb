/**
 * The metric interface: what a custom metric implements, and the resolved form every metric (built
 * in or custom) takes in a run.
 *
 * @module
 */
import type { EvalItem } from "./dataset.ts";
import type { AnswerRecord, Cause, MetricValue } from "./types.ts";
import { UserRangeError, UserTypeError } from "../errors/mod.ts";
import { meetsThreshold } from "../stats/meets_threshold.ts";

/** What a metric sees of one item: the answer text, the whole answer record and the item. */
export interface MetricRecord {
  /** The answer text. */
  text: string;
  /** The answer as recorded: finish reason, latency, usage, raw metadata. */
  answer: AnswerRecord;
  /** The dataset item (its fields are in `item.fields`). */
  item: EvalItem;
}

/** A metric's verdict on one item: a number (null or NaN: not scored) and why. */
export interface MetricOutcome {
  /** The value; null or NaN when the metric cannot score the item. */
  value: number | null;
  /** Why, in words. */
  reason?: string;
  /** The cause a miss names (e.g. `F2` for a format failure). */
  cause?: Cause;
}

/**
 * A custom metric. `compute` is called once per reference (with null when the item has none)
 * and the best value counts. With a `threshold` it gives pass/fail (value ≥ threshold, or ≤ for
 * `direction: "lower"`); without one it is a graded number that fails nothing.
 *
 * @example A metric that passes short answers
 * ```ts
 * import type { Metric } from "@verdict/verdict";
 *
 * const short: Metric = {
 *   name: "short",
 *   threshold: 1,
 *   compute(record) {
 *     const words = record.text.split(/\s+/).filter(Boolean).length;
 *     return { value: words <= 5 ? 1 : 0, reason: `${words} words` };
 *   },
 * };
 * ```
 */
export interface Metric {
  /** The name shown in reports (letters, digits, `_`, `-`, `@`, `.`). */
  name: string;
  /** The pass threshold; absent: a graded number without pass/fail. */
  threshold?: number;
  /** Which way is better (default `higher`). */
  direction?: "higher" | "lower";
  /** Settings shown beside the metric's figures. */
  settings?: string;
  /** Score one item against one reference (null when the item has none). */
  compute(record: MetricRecord, reference: string | null): MetricOutcome | Promise<MetricOutcome>;
}

/** A metric ready to run: built-in or custom, with its threshold settled. */
export interface ResolvedMetric {
  /** The name (as written, without the threshold). */
  name: string;
  /** `binary` metrics give 1 or 0; `graded` ones a number. */
  kind: "binary" | "graded";
  /** Which way is better. */
  direction: "higher" | "lower";
  /** Pass threshold, or null (graded without a threshold: no pass/fail). */
  threshold: number | null;
  /** Settings shown beside every figure of the metric. */
  settings: string;
  /** Units of the value, shown in reports (`ms` for latency). */
  unit?: string;
  /** The pass rule in words, when the threshold does not tell it (verdicts another tool made). */
  rule?: string;
  /** True when an item without a reference is not scored (also when its call failed). */
  needsReference: boolean;
  /**
   * Why an item cannot be scored whatever its answer (no reference, no gold ids, no tests), else
   * null; such an item stays not scored when its call fails too.
   */
  unscorable?: (item: EvalItem) => string | null;
  /** The value a failed call gets (0 for 0–1 metrics; latency keeps the time spent). */
  failedValue(answer: AnswerRecord): number;
  /** Score one item (all references at once; the best counts). */
  score(record: MetricRecord, references: readonly string[]): Promise<MetricValue>;
}

/** Whether a value passes a threshold in a direction (within 1e-9 counts as at it). */
export function passes(
  value: number,
  threshold: number | null,
  direction: "higher" | "lower",
): boolean | null {
  if (threshold === null || Number.isNaN(value)) return null;
  return meetsThreshold(value, threshold, direction);
}

/** A verdict from an outcome, with the pass decided at the threshold. */
export function verdict(
  outcome: MetricOutcome,
  threshold: number | null,
  direction: "higher" | "lower",
): MetricValue {
  const value = outcome.value ?? NaN;
  const scored = Number.isFinite(value);
  const pass = scored ? passes(value, threshold, direction) : null;
  return {
    value: scored ? value : NaN,
    pass,
    scored,
    reason: outcome.reason ?? "",
    ...(pass === false && outcome.cause ? { cause: outcome.cause } : {}),
  };
}

/**
 * Resolve a custom metric: each reference is tried and the best value kept (highest, or lowest for
 * `direction: "lower"`).
 *
 * @throws {TypeError} A metric without a name or a compute function.
 */
export function customMetric(metric: Metric): ResolvedMetric {
  if (typeof metric?.name !== "string" || !/^[\w.@-]+$/.test(metric.name)) {
    throw new UserTypeError(
      `A custom metric needs a name of letters, digits, _, -, @ or . (got ${
        JSON.stringify(metric?.name)
      })`,
    );
  }
  if (typeof metric.compute !== "function") {
    throw new UserTypeError(
      `The metric "${metric.name}" has no compute(record, reference) function`,
    );
  }
  const direction = metric.direction ?? "higher";
  const threshold = metric.threshold ?? null;
  if (threshold !== null && !Number.isFinite(threshold)) {
    throw new UserRangeError(
      `The metric "${metric.name}" has threshold ${threshold}, not a number`,
    );
  }
  const better = (a: number, b: number) => direction === "lower" ? a < b : a > b;
  return {
    name: metric.name,
    kind: "graded",
    direction,
    threshold,
    settings: metric.settings ?? "custom metric",
    needsReference: false,
    failedValue: () => 0,
    async score(record, references) {
      const refs: (string | null)[] = references.length > 0 ? [...references] : [null];
      let best: MetricOutcome | undefined;
      for (const ref of refs) {
        const out = await metric.compute(record, ref);
        const v = out?.value ?? NaN;
        if (!Number.isFinite(v)) {
          best ??= out ?? { value: null };
          continue;
        }
        if (!best || !Number.isFinite(best.value ?? NaN) || better(v, best.value!)) best = out;
      }
      return verdict(best ?? { value: null }, threshold, direction);
    },
  };
}
