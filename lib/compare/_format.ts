// Numbers as the comparison's reports write them.
import type { ConventionFigures, GraderComparison } from "./types.ts";

/** A confidence level as a percentage ("95%"). */
export function confidenceLabel(confidence: number): string {
  return `${Number((confidence * 100).toPrecision(10))}%`;
}

/** A difference with its sign, three decimals ("+0.175", "-0.020"); "n/a" when undefined. */
export function signed(value: number): string {
  if (Number.isNaN(value)) return "n/a";
  const text = value.toFixed(3);
  return value >= 0 && text !== "-0.000" ? `+${text}` : text === "-0.000" ? "+0.000" : text;
}

/** An interval of differences, "[-0.021, +0.310]". */
export function signedInterval([lower, upper]: readonly [number, number]): string {
  return Number.isNaN(lower) ? "n/a" : `[${signed(lower)}, ${signed(upper)}]`;
}

/** A version's figure: a pass rate as a percentage, a score with four decimals. */
export function figure(value: number, kind: GraderComparison["kind"]): string {
  if (Number.isNaN(value)) return "n/a";
  return kind === "pass/fail" ? `${(value * 100).toFixed(1)}%` : value.toFixed(4);
}

/** A version's figure with its counts: "72.5% (29/40)" for a pass rate, "0.8092 (40)" else. */
export function figureWithCounts(f: ConventionFigures, side: "a" | "b"): string {
  if (f.passes) return `${figure(f[side], "pass/fail")} (${f.passes[side]}/${f.rows[side]})`;
  return `${figure(f[side], "graded")} (${f.rows[side]})`;
}

/**
 * A p-value with three significant digits ("0.0350", "< 0.0001"). A bootstrap p-value cannot go
 * below 1/(resamples + 1); at that floor it reads "≤ 0.001" (for 1000 resamples).
 */
export function pValue(p: number, resamples?: number): string {
  if (Number.isNaN(p)) return "n/a";
  if (resamples !== undefined && p <= 1 / (resamples + 1) * (1 + 1e-12)) {
    return `≤ ${Number((1 / (resamples + 1)).toPrecision(1))}`;
  }
  if (p < 0.0001) return "< 0.0001";
  return String(Number(p.toPrecision(3)));
}
