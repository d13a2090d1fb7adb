/**
 * The envelope chart: per version × grader, the three pass rates with their intervals and the
 * band between the all-attempted lower bound and the upper-edge upper bound.
 *
 * @module
 */
import { checkCount, confidenceLabel, num, orNull, plotText, titledLayout } from "./_chart.ts";
import { PlotlyChart } from "./chart.ts";
import { COLORS } from "./palette.ts";
import { textTable } from "./table.ts";

/** A rate with its two-sided interval, and the counts it came from. */
export interface IntervalRate {
  /** successes / trials, in [0, 1]; NaN when trials is 0. */
  rate: number;
  /** Lower bound of the interval. */
  lower: number;
  /** Upper bound of the interval. */
  upper: number;
  /** The numerator (passes, or passes + unscored for the upper edge). */
  successes: number;
  /** The denominator (scored rows or attempts). */
  trials: number;
}

/** One version × grader group of an audit, as plain numbers. */
export interface EnvelopeGroup {
  /** Version (system, model, prompt). */
  version: string;
  /** Grader (scorer, metric). */
  grader: string;
  /** Passes / scored rows. */
  scoredOnly: IntervalRate;
  /** Passes / attempts (unscored attempts count as failures). */
  allAttempted: IntervalRate;
  /** (Passes + unscored) / attempts. */
  upperEdge: IntervalRate;
  /** Attempts that ended without a usable verdict. With 0, one rate is shown. */
  unscored: number;
}

/** Settings of an envelope chart; they are written in its title and text. */
export interface EnvelopeChartOptions {
  /** The confidence level of every interval, in (0, 1), e.g. 0.95. */
  confidence: number;
  /** The interval method's name (default "Wilson"). */
  method?: string;
  /** More lines for the subtitle, e.g. what counted as unscored. */
  notes?: readonly string[];
}

const RATES = [
  ["scoredOnly", "scored only", COLORS.primary],
  ["allAttempted", "all attempted", COLORS.worse],
  ["upperEdge", "upper edge", COLORS.better],
] as const;

function checkRate(r: IntervalRate, where: string): void {
  if (!r || typeof r !== "object") throw new TypeError(`Cannot chart ${where}: not a rate`);
  checkCount(r.successes, `${where}.successes`);
  checkCount(r.trials, `${where}.trials`);
  for (const key of ["rate", "lower", "upper"] as const) {
    const v = r[key];
    if (typeof v !== "number" || (!Number.isNaN(v) && !(v >= 0 && v <= 1))) {
      throw new RangeError(`Cannot chart ${where}.${key}: ${String(v)} is not a rate in [0, 1]`);
    }
  }
  if (r.lower > r.rate + 1e-12 || r.rate > r.upper + 1e-12) {
    throw new RangeError(
      `Cannot chart ${where}: the interval [${r.lower}, ${r.upper}] does not hold the rate ${r.rate}`,
    );
  }
}

function cell(r: IntervalRate): string {
  return `${num(r.rate)} [${num(r.lower)}, ${num(r.upper)}] ${r.successes}/${r.trials}`;
}

/**
 * Chart the audit envelope: for each version × grader, the scored-only, all-attempted and
 * upper-edge rates as points with interval bars, and the envelope as a band. A group with no
 * unscored attempts shows one rate and no band. The confidence level and method are in the title.
 *
 * @example One model with two errored attempts
 * ```ts
 * import { envelopeChart } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const chart = envelopeChart([{
 *   version: "model-a", grader: "exact", unscored: 2,
 *   scoredOnly: { rate: 0.8, lower: 0.49, upper: 0.94, successes: 8, trials: 10 },
 *   allAttempted: { rate: 0.667, lower: 0.39, upper: 0.86, successes: 8, trials: 12 },
 *   upperEdge: { rate: 0.833, lower: 0.55, upper: 0.95, successes: 10, trials: 12 },
 * }], { confidence: 0.95 });
 * assert.ok(chart.text.includes("95% Wilson"));
 * assert.deepEqual(chart.figure.data.map((t) => t.name), [
 *   "envelope", "scored only", "all attempted", "upper edge",
 * ]);
 * ```
 */
export function envelopeChart(
  groups: readonly EnvelopeGroup[],
  options: EnvelopeChartOptions,
): PlotlyChart {
  const conf = confidenceLabel(options?.confidence);
  const method = options.method ?? "Wilson";
  const seen = new Set<string>();
  groups.forEach((g, i) => {
    const where = `envelope group ${i + 1} (${g?.version} · ${g?.grader})`;
    if (typeof g?.version !== "string" || typeof g.grader !== "string") {
      throw new TypeError(`Cannot chart ${where}: version and grader must be strings`);
    }
    const key = JSON.stringify([g.version, g.grader]);
    if (seen.has(key)) throw new RangeError(`Cannot chart ${where}: the group appears twice`);
    seen.add(key);
    checkCount(g.unscored, `${where}.unscored`);
    for (const [field] of RATES) checkRate(g[field], `${where}.${field}`);
  });
  // Numeric positions, one per group, so the three rates sit side by side over the band.
  const labels = groups.map((g) => plotText(`${g.version} · ${g.grader}`));
  const ticks = groups.map((g) => `${plotText(g.version)}<br>${plotText(g.grader)}`);
  const center = groups.map((_, i) => i);
  const one = (g: EnvelopeGroup) => g.unscored === 0;
  const band = {
    type: "bar",
    name: "envelope",
    x: center,
    base: groups.map((g) => one(g) ? null : orNull(g.allAttempted.lower)),
    y: groups.map((g) => one(g) ? null : orNull(g.upperEdge.upper - g.allAttempted.lower)),
    customdata: groups.map((g, i) => [g.allAttempted.lower, g.upperEdge.upper, labels[i]]),
    hovertemplate: "envelope %{customdata[0]:.1%} to %{customdata[1]:.1%}" +
      "<extra>%{customdata[2]}</extra>",
    marker: { color: COLORS.band },
    width: 0.8,
  };
  const points = RATES.map(([field, name, color], k) => {
    const shown = groups.map((g) => field === "scoredOnly" || !one(g));
    const side = (g: EnvelopeGroup, i: number) => one(g) ? i : i + (k - 1) * 0.22;
    const part = (i: number, v: number) => shown[i] ? orNull(v) : null;
    return {
      type: "scatter",
      mode: "markers",
      name,
      x: groups.map(side),
      y: groups.map((g, i) => part(i, g[field].rate)),
      error_y: {
        type: "data",
        symmetric: false,
        array: groups.map((g, i) => part(i, g[field].upper - g[field].rate)),
        arrayminus: groups.map((g, i) => part(i, g[field].rate - g[field].lower)),
        color,
      },
      customdata: groups.map((g, i) => {
        const r = g[field];
        return [r.successes, r.trials, r.lower, r.upper, labels[i]];
      }),
      hovertemplate: `${name}: %{y:.1%} (%{customdata[0]}/%{customdata[1]})<br>` +
        `${conf} ${plotText(method)}: %{customdata[2]:.1%} to %{customdata[3]:.1%}` +
        "<extra>%{customdata[4]}</extra>",
      marker: { color, size: 9 },
      cliponaxis: false,
    };
  });
  const title = `Pass rates with ${conf} ${method} intervals, by version × grader`;
  const settings = [
    `scored only = passes / scored rows; all attempted = passes / attempts; ` +
    `upper edge = (passes + unscored) / attempts`,
    `envelope (band) = all-attempted lower bound to upper-edge upper bound; ` +
    `groups with no unscored attempts show one rate`,
    ...(options.notes ?? []),
  ];
  const figure = {
    data: [band, ...points],
    layout: titledLayout(title, settings, {
      barmode: "overlay",
      xaxis: {
        title: { text: "version · grader" },
        tickmode: "array",
        tickvals: center,
        ticktext: ticks,
        range: [-0.5, groups.length - 0.5],
        zeroline: false,
        showgrid: false,
      },
      // A little room beyond 0% and 100%, so rates there sit off the axis lines.
      yaxis: {
        range: [-0.04, 1.04],
        tickformat: ".0%",
        tickvals: [0, 0.2, 0.4, 0.6, 0.8, 1],
        title: { text: "pass rate" },
        zeroline: false,
        layer: "below traces",
      },
      legend: { orientation: "h", y: -0.18 },
    }),
  };
  const table = textTable({
    columns: [
      "version",
      "grader",
      "unscored",
      "scored only",
      "all attempted",
      "upper edge",
      "envelope",
    ],
    rows: groups.map((g) => [
      g.version,
      g.grader,
      g.unscored,
      cell(g.scoredOnly),
      one(g) ? "same" : cell(g.allAttempted),
      one(g) ? "same" : cell(g.upperEdge),
      one(g) ? "" : `[${num(g.allAttempted.lower)}, ${num(g.upperEdge.upper)}]`,
    ]),
  }, { maxRows: Infinity });
  return new PlotlyChart(figure, [title, ...settings, table].join("\n"));
}
