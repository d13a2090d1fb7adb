/**
 * The distribution chart: how a measure (latency, time to the first token) spread over the items —
 * a histogram per series with a box plot above it (median, quartiles, outliers as Plotly computes
 * them) and a dashed line at the pass threshold.
 *
 * @module
 */
import { num, plotText, titledLayout } from "./_chart.ts";
import { formatCount } from "./format.ts";
import { PlotlyChart } from "./chart.ts";

/** One set of values to draw. */
export interface DistributionSeries {
  /** Its name in the legend and the text. */
  name: string;
  /** The values (non-finite ones are left out and counted in the text). */
  values: readonly number[];
}

/** Settings of a distribution chart; they are written in its title and text. */
export interface DistributionChartOptions {
  /** The title. */
  title: string;
  /** The values' unit (`ms`). */
  unit: string;
  /** More lines for the subtitle (what was measured, the model, what was left out). */
  settings?: readonly string[];
  /** A pass threshold drawn as a line: values at or under it pass. */
  threshold?: number | null;
}

const COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd"];

const shown = (v: number, unit: string) =>
  unit === "ms" ? `${formatCount(Math.round(v))} ${unit}` : `${num(v)} ${unit}`;

/**
 * Chart how values spread: a histogram per series (overlaid), a box plot of each above it, and the
 * threshold (when given) as a dashed vertical line. The text form gives each series' count, mean,
 * least and greatest value and how many are at or under the threshold.
 *
 * @example Latencies with a threshold
 * ```ts
 * import { distributionChart } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const chart = distributionChart([{ name: "latency", values: [120, 340, 2100, NaN] }], {
 *   title: "Latency of the answers",
 *   unit: "ms",
 *   threshold: 1000,
 * });
 * assert.match(chart.text, /latency: 3 values \(1 not a number, left out\), mean 853 ms, from 120 ms to 2,100 ms; 2 of 3 at or under 1,000 ms/);
 * assert.deepEqual(chart.figure.data.map((t) => t.type), ["histogram", "box"]);
 * ```
 */
export function distributionChart(
  series: readonly DistributionSeries[],
  options: DistributionChartOptions,
): PlotlyChart {
  if (typeof options?.title !== "string" || typeof options.unit !== "string") {
    throw new TypeError("Cannot chart a distribution: title and unit must be strings");
  }
  const threshold = options.threshold ?? null;
  if (threshold !== null && !Number.isFinite(threshold)) {
    throw new RangeError(`Cannot chart a distribution: the threshold ${threshold} is not a number`);
  }
  const data: Record<string, unknown>[] = [];
  const lines: string[] = [];
  series.forEach((s, i) => {
    if (typeof s?.name !== "string" || !Array.isArray(s.values)) {
      throw new TypeError(`Cannot chart series ${i + 1}: it needs a name and a list of values`);
    }
    const values = s.values.filter((v) => typeof v === "number" && Number.isFinite(v));
    const dropped = s.values.length - values.length;
    const color = COLORS[i % COLORS.length];
    const name = plotText(s.name);
    data.push({
      type: "histogram",
      name,
      x: values,
      marker: { color },
      opacity: series.length > 1 ? 0.6 : 0.85,
      legendgroup: name,
      hovertemplate: `%{x} ${plotText(options.unit)} · answers: %{y}<extra>${name}</extra>`,
    });
    data.push({
      type: "box",
      name,
      x: values,
      yaxis: "y2",
      marker: { color },
      boxpoints: "outliers",
      legendgroup: name,
      showlegend: false,
    });
    const left = dropped > 0 ? ` (${dropped} not a number, left out)` : "";
    if (values.length === 0) {
      lines.push(`${s.name}: no values${left}`);
      return;
    }
    let sum = 0;
    let least = Infinity;
    let most = -Infinity;
    for (const v of values) {
      sum += v;
      least = Math.min(least, v);
      most = Math.max(most, v);
    }
    const under = threshold === null
      ? ""
      : `; ${values.filter((v) => v <= threshold).length} of ${values.length} at or under ${
        shown(threshold, options.unit)
      }`;
    lines.push(
      `${s.name}: ${values.length} values${left}, mean ${
        shown(sum / values.length, options.unit)
      }, ` +
        `from ${shown(least, options.unit)} to ${shown(most, options.unit)}${under}`,
    );
  });
  const settings = [
    ...(options.settings ?? []),
    ...(threshold !== null
      ? [`dashed line: the threshold, ${shown(threshold, options.unit)}`]
      : []),
  ];
  const figure = {
    data,
    layout: titledLayout(options.title, settings, {
      barmode: "overlay",
      xaxis: { title: { text: plotText(options.unit) }, rangemode: "tozero" },
      yaxis: { title: { text: "answers" }, domain: [0, 0.76] },
      yaxis2: { domain: [0.8, 1], showticklabels: false, showgrid: false },
      shapes: threshold === null ? [] : [{
        type: "line",
        xref: "x",
        yref: "paper",
        x0: threshold,
        x1: threshold,
        y0: 0,
        y1: 1,
        line: { color: "#d62728", dash: "dash", width: 2 },
      }],
      legend: { orientation: "h", x: 0, yref: "container", y: 0, yanchor: "bottom" },
    }),
  };
  const text = [options.title, ...settings, ...lines].join("\n");
  return new PlotlyChart(figure, text);
}
