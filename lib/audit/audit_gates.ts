/**
 * Release gates on an audit: a pass rate (or its lower confidence bound) under a named convention
 * must reach a threshold.
 *
 * @module
 */
import { UserRangeError } from "../errors/mod.ts";
import { INTERVAL_METHODS } from "../stats/proportion_interval.ts";
import { meetsThreshold } from "../stats/meets_threshold.ts";

// The threshold rule, for the readers above the audit (harness) that may not reach stats.
export { meetsThreshold, THRESHOLD_TOLERANCE } from "../stats/meets_threshold.ts";
import type { AuditReport } from "./audit_report.ts";
import { type Convention, CONVENTIONS } from "./convention_rates.ts";

/** A gate: a grader's pass rate, or its lower bound, must be at least `threshold`. */
export interface RateGate {
  /** The grader whose rate is gated (every version that has it). */
  grader: string;
  /** The smallest acceptable value, a fraction in [0, 1]. */
  threshold: number;
  /** `"point"` gates the rate itself; `"lower"` gates the lower bound of its interval. */
  bound: "point" | "lower";
}

/** The outcome of one gate on one version. */
export interface GateOutcome {
  /** The version. */
  version: string;
  /** The grader. */
  grader: string;
  /** The convention the rate was taken under. */
  convention: Convention;
  /** What was gated. */
  bound: "point" | "lower";
  /** The threshold. */
  threshold: number;
  /** The gated value (the rate or its lower bound); NaN when undefined (no attempts). */
  value: number;
  /** True when the value reaches the threshold; an undefined value does not. */
  passed: boolean;
  /** The value in words, with its settings: "all attempted lower 95% Wilson bound 48.2%". */
  description: string;
}

/**
 * Check gates against an audit: for every version with the gate's grader, its rate under the
 * convention (default all attempted: unscored attempts count as failures) — or, for a `"lower"`
 * gate, the lower bound of the rate's interval at the report's confidence and method — must be
 * at least the threshold. A rate that is undefined (no attempts) fails its gate.
 *
 * @param report An audit report.
 * @param gates The gates.
 * @param convention The convention of every gated rate (default `"allAttempted"`).
 * @returns One outcome per gate and version, in report order.
 * @throws {RangeError} When a gate names a grader without a pass rate in the report, or its
 * threshold is not a fraction.
 *
 * @example Gate the lower bound, not the point estimate
 * ```ts
 * import { audit, checkAuditGates } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const rows = Array.from({ length: 20 }, (_, i) => ({
 *   row: i + 1, case: `q${i}`, version: "v1", repeat: 0, grader: "exact",
 *   score: i < 17 ? 1 : 0, pass: i < 17,
 * }));
 * const report = await audit(rows);
 * const [point, lower] = checkAuditGates(report, [
 *   { grader: "exact", threshold: 0.8, bound: "point" },
 *   { grader: "exact", threshold: 0.8, bound: "lower" },
 * ]);
 * assert.equal(point.passed, true); // 85% ≥ 80%
 * assert.equal(lower.passed, false); // the 95% Wilson lower bound is 64.0%
 * assert.equal(lower.description, "all attempted lower 95% Wilson bound 64.0%");
 * ```
 */
export function checkAuditGates(
  report: AuditReport,
  gates: readonly RateGate[],
  convention: Convention = "allAttempted",
): GateOutcome[] {
  if (!(convention in CONVENTIONS)) {
    throw new UserRangeError(
      `Unknown convention "${convention}"; expected one of ${Object.keys(CONVENTIONS).join(", ")}`,
    );
  }
  const data = report.toJSON();
  const label = `${Number((data.confidence * 100).toPrecision(10))}% ${
    INTERVAL_METHODS[data.method].label
  }`;
  const out: GateOutcome[] = [];
  for (const gate of gates) {
    if (!(gate.threshold >= 0 && gate.threshold <= 1)) {
      throw new UserRangeError(
        `The gate on ${gate.grader} needs a threshold between 0 and 1, got ${gate.threshold}`,
      );
    }
    const groups = data.groups.filter((g) => g.grader === gate.grader && g[convention]);
    if (groups.length === 0) {
      const graders = [...new Set(data.groups.filter((g) => g.verdicts).map((g) => g.grader))];
      throw new UserRangeError(
        `Cannot gate "${gate.grader}": no pass rate for it in this audit (graders with a pass ` +
          `rate: ${graders.join(", ") || "none"})`,
      );
    }
    for (const g of groups) {
      const rate = g[convention]!;
      const value = gate.bound === "point" ? rate.rate : rate.lower;
      const shown = Number.isNaN(value) ? "undefined" : `${(value * 100).toFixed(1)}%`;
      const what = gate.bound === "point" ? "rate" : `lower ${label} bound`;
      out.push({
        version: g.version,
        grader: g.grader,
        convention,
        bound: gate.bound,
        threshold: gate.threshold,
        value,
        passed: meetsThreshold(value, gate.threshold),
        description: `${CONVENTIONS[convention].name} ${what} ${shown}`,
      });
    }
  }
  return out;
}
