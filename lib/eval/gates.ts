/**
 * Gates on an eval's figures, for CI: a metric's mean (or the lower bound of its interval) must
 * reach a value, and no item may be flagged. `eval --fail-under`, `--fail-under-lower` and
 * `--fail-on-flagged` and a suite's `fail_under`, `fail_under_lower` and `fail_on_flagged` are
 * checked here.
 *
 * @module
 */
import { wilsonInterval } from "../stats/mod.ts";
import { UserTypeError } from "../errors/mod.ts";
import type { EvalResult } from "./eval_result.ts";
import { EVAL_METRICS } from "./eval_metrics.ts";

/** The gates of a run. */
export interface EvalGates {
  /** Metric → the least its mean may be. */
  failUnder?: Readonly<Record<string, number>>;
  /**
   * Metric → the least the lower bound of its interval may be: the Wilson bound of the pass rate
   * for a pass/fail metric, the seeded bootstrap's bound for a graded mean.
   */
  failUnderLower?: Readonly<Record<string, number>>;
  /** Fail when any item is flagged (passed every metric, but a live check found a failure). */
  failOnFlagged?: boolean;
}

/** What the gates said. */
export interface EvalGateOutcome {
  /** One line per gate: the figure, the bound and passed/FAILED. */
  lines: string[];
  /** True when a gate failed. */
  failed: boolean;
}

/** How a kind of gate is written where it was given (`--fail-under` or `fail_under`). */
export interface GateLabels {
  /** The label of `failUnder`. */
  failUnder: string;
  /** The label of `failUnderLower`. */
  failUnderLower: string;
}

const metricName = (spec: string) => spec.split(":")[0];

/**
 * Refuse gates that cannot be checked, before a run: a metric the run does not have, and a mean
 * gate on a metric where lower is better (latency and ttft take a threshold instead).
 *
 * @throws {TypeError} Naming the gate as it was written.
 *
 * @example A gate on a metric the run lacks
 * ```ts
 * import { checkGateNames } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * checkGateNames({ failUnder: { exact_match: 0.8 } }, ["exact_match", "f1:0.5"]);
 * assert.throws(
 *   () => checkGateNames({ failUnder: { rouge: 0.5 } }, ["exact_match"]),
 *   /fail_under rouge: no such metric in this run \(metrics: exact_match\)/,
 * );
 * ```
 */
export function checkGateNames(
  gates: EvalGates,
  metrics: readonly string[],
  labels: GateLabels = { failUnder: "fail_under", failUnderLower: "fail_under_lower" },
): void {
  const names = metrics.map(metricName);
  const kinds = [["failUnder", gates.failUnder], ["failUnderLower", gates.failUnderLower]] as const;
  for (const [kind, gated] of kinds) {
    for (const metric of Object.keys(gated ?? {})) {
      const label = `${labels[kind]} ${metric}`;
      if (!names.includes(metric)) {
        throw new UserTypeError(
          `${label}: no such metric in this run (metrics: ${names.join(", ")})`,
        );
      }
      const builtin = EVAL_METRICS[metric.split("@")[0] as keyof typeof EVAL_METRICS];
      if (builtin?.direction === "lower") {
        throw new UserTypeError(
          `${label}: lower is better for ${metric}; give it a threshold (${metric}:MS) instead`,
        );
      }
    }
  }
}

/** The gated figure: the mean, or the lower bound of its interval. */
function gated(
  result: EvalResult,
  metric: string,
  lower: boolean,
): { value: number; what: string } {
  const m = result.metric(metric)!;
  const pct = `${Number((m.interval.confidence * 100).toPrecision(10))}%`;
  if (!lower) return { value: m.mean, what: "mean" };
  if (m.kind === "binary" && m.passed !== null) {
    const { lower } = wilsonInterval(m.passed, m.scored, m.interval.confidence);
    return { value: lower, what: `lower ${pct} Wilson bound (${m.passed}/${m.scored})` };
  }
  return { value: m.ci[0], what: `lower ${pct} bootstrap bound` };
}

/**
 * Check the gates against a result: one line per gate, and whether any failed. A metric that
 * scored nothing fails its gate (there is no figure to pass it).
 *
 * @example A mean gate that passes and one that fails
 * ```ts
 * import { checkEvalGates, evaluate } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const result = await evaluate("examples/capitals.jsonl", { metrics: ["exact_match"] });
 * const outcome = checkEvalGates(result, { failUnder: { exact_match: 0.9 } });
 * assert.equal(outcome.failed, true);
 * assert.match(outcome.lines[0], /^gate exact_match ≥ 0\.9: mean 0\.600 \(seed 0\) — FAILED$/);
 * ```
 */
export function checkEvalGates(result: EvalResult, gates: EvalGates): EvalGateOutcome {
  let failed = false;
  const lines: string[] = [];
  const kinds = [[gates.failUnder, false], [gates.failUnderLower, true]] as const;
  for (const [gatedMetrics, lower] of kinds) {
    for (const [metric, min] of Object.entries(gatedMetrics ?? {})) {
      const m = result.metric(metric);
      if (!m) throw new UserTypeError(`gate ${metric}: no such metric in this run`);
      const { value, what } = gated(result, metric, lower);
      const ok = Number.isFinite(value) && value >= min;
      if (!ok) failed = true;
      const shown = Number.isFinite(value) ? value.toFixed(3) : "not scored";
      lines.push(
        `gate ${metric} ≥ ${min}: ${what} ${shown} (seed ${m.interval.seed}) — ${
          ok ? "passed" : "FAILED"
        }`,
      );
    }
  }
  if (gates.failOnFlagged) {
    const n = result.flagged.length;
    if (n > 0) failed = true;
    const listed = result.flagged.slice(0, 5).map((f) => `${f.id} ${f.cause}`).join(", ");
    lines.push(
      `gate no flagged items: ${n} flagged${n > 0 ? ` (${listed}${n > 5 ? ", …" : ""})` : ""} — ${
        n > 0 ? "FAILED" : "passed"
      }`,
    );
  }
  return { lines, failed };
}
