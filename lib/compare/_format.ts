// Numbers as the comparison's reports write them: pass rates as percentages and their differences
// in percentage points, corpus BLEU/chrF/TER on sacreBLEU's 0–100 scale, other scores to three or
// four significant digits. The data keep fractions.
import { formatConfidence, formatCount, formatHundred, formatScore } from "../render/format.ts";
import type { ConventionFigures, GraderComparison } from "./types.ts";
import { corpusLabel } from "./_corpus.ts";

/** A confidence level as a percentage ("95%"). */
export const confidenceLabel: (confidence: number) => string = formatConfidence;

/** How a grader's figures are shown. */
export type Scale = "percent" | "hundred" | "score";

/** The scale of a grader's figures: pass rates as percentages, corpus metrics on 0–100. */
export function scaleOf(g: Pick<GraderComparison, "kind" | "metric">): Scale {
  if (g.kind === "pass/fail") return "percent";
  return corpusLabel(g.metric) !== null ? "hundred" : "score";
}

/** The unit after a difference: percentage points for rates, none otherwise. */
export function unitOf(scale: Scale): string {
  return scale === "percent" ? " pp" : "";
}

function plain(value: number, scale: Scale): string {
  if (scale === "score") return value.toFixed(3);
  return scale === "percent" ? (value * 100).toFixed(1) : formatHundred(value);
}

/**
 * A difference with its sign: "+52.5 pp" for pass rates, "+14.04" for a corpus BLEU, "+0.222" for
 * a mean score; "n/a" when undefined.
 */
export function signed(value: number, scale: Scale = "score"): string {
  if (Number.isNaN(value)) return "n/a";
  const text = plain(value, scale);
  const zero = /^-?0(\.0+)?$/.test(text);
  return (zero ? `+${text.replace("-", "")}` : value > 0 ? `+${text}` : text) + unitOf(scale);
}

/** An interval of differences: "[+28.7, +69.1] pp", "[-0.021, +0.310]". */
export function signedInterval(
  [lower, upper]: readonly [number, number],
  scale: Scale = "score",
): string {
  if (Number.isNaN(lower)) return "n/a";
  const bare = (v: number) => signed(v, scale).replace(/ pp$/, "");
  return `[${bare(lower)}, ${bare(upper)}]${unitOf(scale)}`;
}

/** A version's figure: a pass rate as a percentage, a corpus metric on 0–100, a score. */
export function figure(value: number, scale: Scale): string {
  if (Number.isNaN(value)) return "n/a";
  if (scale === "percent") return `${(value * 100).toFixed(1)}%`;
  return scale === "hundred" ? formatHundred(value) : formatScore(value);
}

/** A version's figure with its counts: "72.5% (29/40)" for a pass rate, "0.809 (n=40)" else. */
export function figureWithCounts(f: ConventionFigures, side: "a" | "b", scale: Scale): string {
  if (f.passes) {
    return `${figure(f[side], "percent")} (${formatCount(f.passes[side])}/${
      formatCount(f.rows[side])
    })`;
  }
  return `${figure(f[side], scale)} (n=${formatCount(f.rows[side])})`;
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
