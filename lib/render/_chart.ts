/**
 * Private helpers shared by the chart builders.
 *
 * @module
 */
import { formatConfidence } from "./format.ts";
const PLOTLY_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&#34;",
  "'": "&#39;",
};

/**
 * Plotly reads labels as a small subset of HTML and decodes only some entities (`&lt;`, `&gt;`,
 * `&amp;` and numeric ones, not `&quot;`): escape text that comes from data with those.
 */
export function plotText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return String(value).replace(/[&<>"']/g, (c) => PLOTLY_ENTITIES[c]);
}

/**
 * Text cut to `max` characters (code points) with "…" at the cut, for axis labels and titles whose
 * full value is shown elsewhere (the hover, the text form). Not escaped: pass the result to
 * {@link plotText}.
 */
export function cutText(value: string, max: number): string {
  const chars = [...value];
  return chars.length > max ? chars.slice(0, max - 1).join("") + "…" : value;
}

/** A number for a label: fixed digits, "NaN" for NaN. */
export function num(value: number, digits = 4): string {
  return Number.isFinite(value) ? value.toFixed(digits) : String(value);
}

/** A confidence level as a percentage label: 0.95 → "95%", 0.999 → "99.9%". */
export function confidenceLabel(confidence: number): string {
  if (typeof confidence !== "number" || !(confidence > 0 && confidence < 1)) {
    throw new RangeError(
      `Cannot label a confidence level of ${confidence}: it must be a number between 0 and 1`,
    );
  }
  return formatConfidence(confidence);
}

/** `null` for NaN and ±Infinity, which Plotly draws as gaps. */
export function orNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/**
 * A layout whose title carries the chart's settings in a subtitle, one line each, with the top
 * margin grown to fit them. Settings are escaped for Plotly.
 */
export function titledLayout(
  title: string,
  settings: readonly string[],
  rest: Record<string, unknown>,
): Record<string, unknown> {
  const lines = settings.filter((s) => s.length > 0).map(plotText);
  // The title block is pinned to the top of the figure and the plot starts below its last
  // subtitle line, however many settings lines there are.
  return {
    title: {
      text: plotText(title),
      x: 0,
      xanchor: "left",
      yref: "container",
      y: 1,
      yanchor: "top",
      pad: { t: 14 },
      subtitle: { text: lines.join("<br>"), font: { size: 12 } },
    },
    margin: { t: 64 + 17 * lines.length, l: 70, r: 30, b: 70 },
    height: 460 + 17 * lines.length,
    ...rest,
  };
}

/** Check that a count is a whole number ≥ 0, naming where it came from. */
export function checkCount(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new RangeError(`Cannot chart ${where}: ${String(value)} is not a whole number ≥ 0`);
  }
  return value;
}
