/**
 * The forest chart: one row per comparison (a grader), the difference between two versions as a
 * point with its interval as a bar, a line at zero, and an optional envelope band behind it.
 *
 * @module
 */
import { confidenceLabel, cutText, num, orNull, plotText, titledLayout } from "./_chart.ts";
import { PlotlyChart } from "./chart.ts";
import { COLORS } from "./palette.ts";
import { textTable } from "./table.ts";

/** One row of a forest chart. */
export interface ForestRow {
  /** What the row compares, e.g. a grader's name. */
  label: string;
  /** The difference (second minus first); NaN when undefined. */
  estimate: number;
  /** Lower bound of its interval. */
  lower: number;
  /** Upper bound of its interval. */
  upper: number;
  /** How the interval was computed, e.g. `"Newcombe hybrid score"`; shown on hover and in text. */
  method: string;
  /** One more line for hover and text, e.g. the p-value and counts. */
  detail?: string;
  /** The range the difference could take over unknowns (unscored rows), drawn as a band. */
  envelope?: { lower: number; upper: number } | null;
  /** `"lower"` for a cost (latency): then a difference above 0 is the worse one. */
  better?: "higher" | "lower";
}

/** Settings of a forest chart; they are written in its title and text. */
export interface ForestChartOptions {
  /** The first version (the baseline). */
  a: string;
  /** The second version; every difference is b − a. */
  b: string;
  /** Confidence level of every interval, in (0, 1). */
  confidence: number;
  /** More lines for the subtitle (conventions, seed, resamples…). */
  notes?: readonly string[];
  /**
   * The unit of the differences, named on the axis, e.g. `"points on a 0–100 scale"`; then the
   * figures show two decimals (default: fractions, four decimals).
   */
  unit?: string;
}

function check(row: ForestRow, i: number): void {
  const where = `forest row ${i + 1}`;
  if (typeof row?.label !== "string" || typeof row.method !== "string") {
    throw new TypeError(`Cannot chart ${where}: label and method must be strings`);
  }
  for (const key of ["estimate", "lower", "upper"] as const) {
    if (typeof row[key] !== "number") {
      throw new TypeError(`Cannot chart ${where} (${row.label}): ${key} must be a number`);
    }
  }
  if (
    !Number.isNaN(row.estimate) &&
    (row.lower > row.estimate + 1e-12 || row.estimate > row.upper + 1e-12)
  ) {
    throw new RangeError(
      `Cannot chart ${where} (${row.label}): the interval [${row.lower}, ${row.upper}] does not ` +
        `hold the difference ${row.estimate}`,
    );
  }
}

/** The colour of a row: worse (interval below 0), better (above 0), or neither. */
function verdictOf(row: ForestRow): "worse" | "better" | "no clear difference" | "undefined" {
  if (Number.isNaN(row.estimate) || Number.isNaN(row.lower)) return "undefined";
  const flip = row.better === "lower";
  if (row.upper < 0) return flip ? "better" : "worse";
  if (row.lower > 0) return flip ? "worse" : "better";
  return "no clear difference";
}

const VERDICT_COLORS = {
  worse: COLORS.worse,
  better: COLORS.better,
  "no clear difference": COLORS.primary,
  undefined: COLORS.neutral,
} as const;

/** Version names longer than this are cut in the chart's title and axis title. */
const NAME_CHARS = 32;
/** Row labels longer than this are cut on the axis. */
const LABEL_CHARS = 48;

const signedWith = (digits: number) => (v: number) =>
  Number.isNaN(v) ? "NaN" : `${v >= 0 ? "+" : ""}${num(v, digits)}`;

/**
 * Chart differences between two versions as a forest plot: one row per comparison, the difference
 * b − a as a point with its interval as a horizontal bar (red when the whole interval is on the
 * worse side of 0 — below it, or above it for a row where lower is better — green on the better
 * side, blue otherwise), a vertical line at 0, and the envelope (where the difference
 * could lie over the unscored rows) as a grey band behind the row. Versions, confidence and the
 * notes are in the title; the text form lists every number.
 *
 * @example Two graders, one clearly worse
 * ```ts
 * import { forestChart } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const chart = forestChart([
 *   { label: "exact", estimate: -0.1, lower: -0.18, upper: -0.02, method: "Newcombe" },
 *   { label: "bleu", estimate: 0.01, lower: -0.02, upper: 0.04, method: "paired bootstrap" },
 * ], { a: "v2", b: "v3", confidence: 0.95 });
 * assert.match(chart.text, /^v3 − v2 by grader, 95% intervals/);
 * assert.match(chart.text, /exact +-0\.1000 +\[-0\.1800, -0\.0200\] +worse/);
 * ```
 */
export function forestChart(rows: readonly ForestRow[], options: ForestChartOptions): PlotlyChart {
  const conf = confidenceLabel(options?.confidence);
  if (typeof options.a !== "string" || typeof options.b !== "string") {
    throw new TypeError("Cannot chart a comparison: the versions a and b must be strings");
  }
  rows.forEach(check);
  const fmt = options.unit ? "+.2f" : "+.4f";
  const signed = signedWith(options.unit ? 2 : 4);
  // Rows from the top down in the order given.
  const y = rows.map((_, i) => rows.length - 1 - i);
  const labels = rows.map((r) => plotText(r.label));
  // Long names are cut on the chart (title, axis, ticks); the hover and the text form keep them.
  const short = { a: cutText(options.a, NAME_CHARS), b: cutText(options.b, NAME_CHARS) };
  const difference = `difference = ${options.b} − ${options.a}`;
  const verdicts = rows.map(verdictOf);
  const band = {
    type: "bar",
    orientation: "h",
    name: "envelope over unscored rows",
    y,
    base: rows.map((r) => r.envelope ? orNull(r.envelope.lower) : null),
    x: rows.map((r) => r.envelope ? orNull(r.envelope.upper - r.envelope.lower) : null),
    customdata: rows.map((
      r,
      i,
    ) => [r.envelope?.lower ?? null, r.envelope?.upper ?? null, labels[i]]),
    hovertemplate: `envelope %{customdata[0]:${fmt}} to %{customdata[1]:${fmt}}` +
      "<extra>%{customdata[2]}</extra>",
    marker: { color: COLORS.band },
    width: 0.6,
    showlegend: rows.some((r) => r.envelope),
  };
  const points = {
    type: "scatter",
    mode: "markers",
    name: `difference with its ${conf} interval`,
    y,
    x: rows.map((r) => orNull(r.estimate)),
    error_x: {
      type: "data",
      symmetric: false,
      array: rows.map((r) => orNull(r.upper - r.estimate)),
      arrayminus: rows.map((r) => orNull(r.estimate - r.lower)),
      color: "#444",
    },
    marker: { size: 11, color: verdicts.map((v) => VERDICT_COLORS[v]) },
    customdata: rows.map((r, i) => [
      r.lower,
      r.upper,
      plotText(r.method),
      plotText(r.detail ?? ""),
      verdicts[i],
      labels[i],
      plotText(difference),
    ]),
    hovertemplate:
      `%{x:${fmt}} [%{customdata[0]:${fmt}}, %{customdata[1]:${fmt}}] %{customdata[4]}` +
      "<br>%{customdata[6]}<br>%{customdata[2]}<br>%{customdata[3]}" +
      "<extra>%{customdata[5]}</extra>",
  };
  const titleOf = (n: { a: string; b: string }) => `${n.b} − ${n.a} by grader, ${conf} intervals`;
  const title = titleOf(short);
  const notes = [
    "vermillion: the whole interval on the worse side of 0; green: on the better side (above 0, " +
    "or below it where lower is better); blue: neither",
    ...(options.notes ?? []),
  ];
  const settings = [`difference = ${short.b} − ${short.a}`, ...notes];
  const figure = {
    data: [band, points],
    layout: titledLayout(title, settings, {
      barmode: "overlay",
      height: Math.max(300, 140 + 56 * rows.length) + 17 * settings.length,
      xaxis: {
        title: {
          text: `difference (${plotText(short.b)} − ${plotText(short.a)})` +
            (options.unit ? `<br>${plotText(options.unit)}` : ""),
        },
        zeroline: true,
        zerolinewidth: 2,
        zerolinecolor: "#333",
        tickformat: options.unit ? "+.0f" : "+.2f",
      },
      yaxis: {
        tickmode: "array",
        tickvals: y,
        ticktext: rows.map((r) => plotText(cutText(r.label, LABEL_CHARS))),
        range: [-0.6, rows.length - 0.4],
        showgrid: false,
        automargin: true,
      },
      // Below the axis title, pinned to the bottom of the figure whatever its height.
      legend: { orientation: "h", x: 0, yref: "container", y: 0, yanchor: "bottom" },
    }),
  };
  const layout = figure.layout as { margin: { b: number } };
  layout.margin.b = options.unit ? 130 : 110;
  const table = textTable({
    columns: [
      "grader",
      "difference",
      `${conf} interval`,
      "verdict",
      "method",
      "envelope",
      "detail",
    ],
    rows: rows.map((r, i) => [
      r.label,
      signed(r.estimate),
      `[${signed(r.lower)}, ${signed(r.upper)}]`,
      verdicts[i],
      r.method,
      r.envelope ? `[${signed(r.envelope.lower)}, ${signed(r.envelope.upper)}]` : "",
      r.detail ?? "",
    ]),
  }, { maxRows: Infinity });
  return new PlotlyChart(figure, [titleOf(options), difference, ...notes, table].join("\n"));
}
