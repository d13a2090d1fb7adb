/**
 * The near-miss chart: each grader's fails, split into near misses by formatting step and real
 * misses.
 *
 * @module
 */
import { checkCount, plotText, titledLayout } from "./_chart.ts";
import { PlotlyChart } from "./chart.ts";
import { COLORS, foldSmallest, PALETTE } from "./palette.ts";
import { textTable } from "./table.ts";

/** One grader's fails, counted once each. */
export interface NearMissCounts {
  /** The grader's name. */
  grader: string;
  /** The version, when the chart compares versions: bars are then grouped by version. */
  version?: string;
  /**
   * Fails that a formatting change turns into a pass, by the label of that change ("trim",
   * "lowercase", "several formatting differences", …). Each failing row is counted under one
   * label only. Bars stack the labels from the most frequent up.
   */
  nearMisses: Readonly<Record<string, number>>;
  /** Fails that no formatting change turns into a pass. */
  realMisses: number;
  /** All fails, when known; it must equal near misses + real misses. */
  failed?: number;
}

/** Settings of a near-miss chart. */
export interface NearMissChartOptions {
  /** Settings lines for the subtitle and text (default: what the probe tries). */
  settings?: readonly string[];
}

/** Steps with a colour of their own; the rest are one "other" segment (8 colours at most). */
const STEP_COLORS = 6;
const OTHER_COLOR = PALETTE[6];

const DEFAULT_SETTINGS = [
  "near miss = a fail that one formatting step alone turns into a pass (trim, lowercase, NFKC, " +
  "collapse whitespace, strip a trailing . or !, join words with _, strip outer quotes)",
];

/**
 * Chart fails per grader as stacked bars: one segment per near-miss label and one for real
 * misses, so formatting gaps and wrong answers are told apart at a glance. Colours are
 * colour-blind safe and at most eight: the six most frequent labels get their own, the others are
 * one "other steps" segment (the text form keeps every label), real misses are grey.
 *
 * @example Exact match fails mostly on case
 * ```ts
 * import { nearMissChart } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const chart = nearMissChart([
 *   { grader: "exact", nearMisses: { lowercase: 5, trim: 1 }, realMisses: 3, failed: 9 },
 *   { grader: "contains", nearMisses: { trim: 2 }, realMisses: 4 },
 * ]);
 * assert.deepEqual(chart.figure.data.map((t) => [t.name, t.y]), [
 *   ["lowercase", [5, 0]],
 *   ["trim", [1, 2]],
 *   ["real misses", [3, 4]],
 * ]);
 * ```
 */
export function nearMissChart(
  byGrader: readonly NearMissCounts[],
  options: NearMissChartOptions = {},
): PlotlyChart {
  const steps: string[] = [];
  byGrader.forEach((g, i) => {
    const where = `near misses of grader ${i + 1} (${g?.grader})`;
    if (typeof g?.grader !== "string" || !g.nearMisses || typeof g.nearMisses !== "object") {
      throw new TypeError(`Cannot chart ${where}: needs a grader name and a nearMisses record`);
    }
    let near = 0;
    for (const [step, count] of Object.entries(g.nearMisses)) {
      near += checkCount(count, `${where}, step "${step}"`);
      if (!steps.includes(step)) steps.push(step);
    }
    checkCount(g.realMisses, `${where}.realMisses`);
    if (g.version !== undefined && typeof g.version !== "string") {
      throw new TypeError(`Cannot chart ${where}: the version must be a string`);
    }
    if (g.failed !== undefined && checkCount(g.failed, `${where}.failed`) !== near + g.realMisses) {
      throw new RangeError(
        `Cannot chart ${where}: ${near} near misses + ${g.realMisses} real misses ≠ ${g.failed} fails`,
      );
    }
  });
  // With versions, a two-level axis: grader names under each version.
  const grouped = byGrader.some((g) => g.version !== undefined);
  const graders = byGrader.map((g) => plotText(g.grader));
  const x = grouped ? [byGrader.map((g) => plotText(g.version ?? "")), graders] : graders;
  const where = grouped ? "%{x[0]} · %{x[1]}" : "%{x}";
  const bar = (name: string, y: number[], color: string) => ({
    type: "bar",
    name: plotText(name),
    x,
    y,
    hovertemplate: `%{fullData.name}: %{y}<extra>${where}</extra>`,
    marker: { color },
  });
  // Colour-blind-safe colours, at most eight: the six most frequent steps, "other" for the rest,
  // and grey for real misses.
  const { kept, folded } = foldSmallest(
    steps.map((s) => [s, byGrader.map((g) => g.nearMisses[s] ?? 0)] as const),
    STEP_COLORS,
    undefined,
  );
  const data = [
    ...kept.map(([s, y], i) => bar(s, y, PALETTE[i])),
    ...(folded
      ? [{
        ...bar(`other steps (${folded.labels.length})`, folded.values, OTHER_COLOR),
        hovertemplate: `other steps: %{y}<br>${
          folded.labels.map(plotText).join(", ")
        }<extra>${where}</extra>`,
      }]
      : []),
    bar("real misses", byGrader.map((g) => g.realMisses), COLORS.neutral),
  ];
  const title = "Fails by grader: near misses by formatting step, and real misses";
  const settings = [...(options.settings ?? DEFAULT_SETTINGS)];
  const figure = {
    data,
    layout: titledLayout(title, settings, {
      barmode: "stack",
      xaxis: {
        type: grouped ? "multicategory" : "category",
        title: { text: grouped ? "version · grader" : "grader" },
        tickangle: -30,
        automargin: true,
      },
      yaxis: { title: { text: "failing rows" }, rangemode: "tozero" },
      // Many step labels: a legend beside the plot never runs into the axis labels.
      legend: { orientation: "v", x: 1.02, xanchor: "left", y: 1, yanchor: "top" },
    }),
  };
  const table = textTable({
    columns: [...(grouped ? ["version"] : []), "grader", ...steps, "real misses", "fails"],
    rows: byGrader.map((g) => {
      const near = steps.map((s) => g.nearMisses[s] ?? 0);
      return [
        ...(grouped ? [g.version ?? ""] : []),
        g.grader,
        ...near,
        g.realMisses,
        near.reduce((a, b) => a + b, g.realMisses),
      ];
    }),
  }, { maxRows: Infinity });
  return new PlotlyChart(figure, [title, ...settings, table].join("\n"));
}
