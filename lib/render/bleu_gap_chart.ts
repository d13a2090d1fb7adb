/**
 * The corpus-vs-sentence chart for BLEU and chrF: each row's sentence score, their mean, and the
 * corpus figure, with the settings that produced them.
 *
 * @module
 */
import { cutText, num, orNull, plotText, titledLayout } from "./_chart.ts";
import { PlotlyChart } from "./chart.ts";
import { COLORS } from "./palette.ts";
import { textTable } from "./table.ts";

const rowCount = (n: number) => `${n} ${n === 1 ? "row" : "rows"}`;

/** One row's sentence-level score. */
export interface SentenceScore {
  /** The row's label (case id, or case and repeat): the x-axis shows it. */
  id: string;
  /** Its sentence score; NaN when the row was not scored (it is counted, not plotted). */
  score: number;
  /** The output, shown (escaped, cut to 200 characters) when the pointer is on the point. */
  output?: string;
  /** The reference(s), shown the same way. */
  reference?: string;
}

/** Text for a hover label: escaped for Plotly, cut to `max` characters, one line. */
function hoverText(value: string | undefined, max = 200): string {
  if (value === undefined) return "";
  return plotText(cutText(value.replace(/\s+/g, " "), max));
}

/** Tick labels longer than this are cut (the hover and the text form keep the whole id). */
const TICK_CHARS = 24;

/**
 * Case ids as distinct axis categories (a repeated id gets " (2)", " (3)"…) and their tick
 * labels, cut to `TICK_CHARS` characters before escaping.
 */
function axisLabels(rows: readonly SentenceScore[]): { labels: string[]; ticks: string[] } {
  const seen = new Map<string, number>();
  const raw = rows.map((r) => {
    const n = (seen.get(r.id) ?? 0) + 1;
    seen.set(r.id, n);
    return n === 1 ? r.id : `${r.id} (${n})`;
  });
  return { labels: raw.map(plotText), ticks: raw.map((id) => plotText(cutText(id, TICK_CHARS))) };
}

/** The corpus-level figure and the settings behind it. */
export interface CorpusFigure {
  /** The metric's name, e.g. "BLEU" or "chrF". */
  metric: string;
  /** What the figures are of, e.g. a version's name; shown in the title after the metric. */
  subject?: string;
  /** The corpus score (statistics summed over rows, one aggregation). */
  corpus: number;
  /** The settings signature (sacrebleu style), shown beside the figure. */
  signature: string;
  /** Mean of the sentence scores; computed from the finite row scores when left out. */
  sentenceMean?: number;
  /** BLEU's corpus brevity penalty. */
  brevityPenalty?: number;
  /** BLEU's corpus n-gram precisions, order 1 up. */
  precisions?: readonly number[];
  /** More settings lines (e.g. sentence smoothing), shown in the subtitle and text. */
  notes?: readonly string[];
  /**
   * The top of the score scale: 100 for sacreBLEU's 0–100 (figures with two decimals) or 1 for
   * fractions (four). Guessed from the figures when left out, which a run scoring near 0 on the
   * 0–100 scale would get wrong: give it.
   */
  scale?: 1 | 100;
}

/**
 * Chart the gap between a corpus score and the mean of sentence scores: one point per row
 * over its case id in the order given (the pointer on a point shows its output and reference,
 * escaped), a line at the mean of the sentence scores and a line at the corpus score. Points and
 * lines at 0 are drawn above the axis.
 * The title names both numbers and their gap; the subtitle carries the brevity penalty and n-gram
 * precisions (BLEU) and the signature. Rows whose score is NaN are counted in the subtitle.
 *
 * @example Corpus BLEU above the sentence mean
 * ```ts
 * import { bleuGapChart } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const chart = bleuGapChart(
 *   [{ id: "c1", score: 12.5 }, { id: "c2", score: 40 }, { id: "c3", score: NaN }],
 *   {
 *     metric: "BLEU", corpus: 31.2, brevityPenalty: 0.96, precisions: [70, 41.2, 25, 15.5],
 *     signature: "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0",
 *   },
 * );
 * assert.ok(chart.text.startsWith("BLEU: corpus 31.20 vs mean of sentence scores 26.25"));
 * assert.ok(chart.text.includes("tok:13a"));
 * assert.deepEqual(chart.figure.data[0].y, [12.5, 40, null]);
 * assert.deepEqual(chart.figure.data[0].x, ["c1", "c2", "c3"]);
 * ```
 */
export function bleuGapChart(rows: readonly SentenceScore[], corpus: CorpusFigure): PlotlyChart {
  if (!Array.isArray(rows)) {
    throw new TypeError("Cannot chart sentence scores: rows must be an array");
  }
  rows.forEach((r, i) => {
    if (typeof r?.id !== "string" || typeof r.score !== "number") {
      throw new TypeError(
        `Cannot chart sentence score ${i + 1}: needs a string id and a number score`,
      );
    }
  });
  if (typeof corpus?.metric !== "string" || typeof corpus.signature !== "string") {
    throw new TypeError("Cannot chart a corpus figure without its metric name and signature");
  }
  if (typeof corpus.corpus !== "number") {
    throw new TypeError(`Cannot chart corpus ${corpus.metric}: the corpus score is not a number`);
  }
  const scored = rows.filter((r) => Number.isFinite(r.score));
  const mean = corpus.sentenceMean ??
    (scored.length ? scored.reduce((s, r) => s + r.score, 0) / scored.length : NaN);
  const values = [corpus.corpus, mean, ...scored.map((r) => r.score)].filter(Number.isFinite);
  const highest = values.reduce((m, v) => Math.max(m, v), 0);
  const scale = corpus.scale ?? (highest > 1 ? 100 : 1);
  const digits = scale === 100 ? 2 : 4;
  const f = (v: number) => num(v, digits);
  const metric = corpus.metric;
  const about = corpus.subject === undefined ? metric : `${metric} · ${corpus.subject}`;
  const title = `${about}: corpus ${f(corpus.corpus)} vs mean of sentence scores ${f(mean)} ` +
    `(gap ${f(corpus.corpus - mean)})`;
  const bleuParts: string[] = [];
  if (corpus.brevityPenalty !== undefined) {
    bleuParts.push(`brevity penalty ${num(corpus.brevityPenalty, 4)}`);
  }
  if (corpus.precisions?.length) {
    bleuParts.push(`n-gram precisions ${corpus.precisions.map(f).join(" / ")}`);
  }
  const unscored = rows.length - scored.length;
  const settings = [
    ...(bleuParts.length ? [bleuParts.join("; ")] : []),
    `signature: ${corpus.signature}`,
    `${rowCount(scored.length)} plotted by case id in file order` +
    (unscored ? `; ${rowCount(unscored)} without a score not plotted` : ""),
    ...(corpus.notes ?? []),
  ];
  // Case ids on a category axis; the lines span it from the first case to the last.
  const { labels, ticks } = axisLabels(rows);
  const first = labels[0] ?? "";
  const last = labels[labels.length - 1] ?? "";
  // One case leaves a line from the first case to the last no length: draw it as a wide dash.
  const single = labels.length === 1;
  const line = (name: string, y: number, dash: string, color: string) => ({
    type: "scatter",
    mode: single ? "markers" : "lines",
    name: plotText(name),
    x: [first, last],
    y: [orNull(y), orNull(y)],
    line: { dash, color, width: 2 },
    ...(single
      ? { marker: { symbol: "line-ew-open", size: 60, color, line: { color, width: 2 } } }
      : {}),
    hovertemplate: "%{fullData.name}<extra></extra>",
    cliponaxis: false,
  });
  // The top of the scale and a margin below 0, so that points and lines at 0 sit visibly above
  // the axis.
  const top = Math.max(scale, highest);

  const withText = rows.some((r) => r.output !== undefined || r.reference !== undefined);
  const figure = {
    data: [
      {
        type: "scatter",
        mode: "markers",
        name: `sentence ${plotText(metric)} (one point per case)`,
        x: labels,
        y: rows.map((r) => orNull(r.score)),
        customdata: rows.map((r) => [hoverText(r.output), hoverText(r.reference)]),
        hovertemplate: `%{x}: %{y:.${digits}f}` +
          (withText ? "<br>output: %{customdata[0]}<br>reference: %{customdata[1]}" : "") +
          "<extra></extra>",
        marker: { color: COLORS.primary, size: 8, opacity: 0.8, line: { width: 0 } },
        cliponaxis: false,
      },
      line(`mean of sentence scores ${f(mean)}`, mean, "dot", COLORS.secondary),
      line(`corpus ${metric} ${f(corpus.corpus)}`, corpus.corpus, "dash", COLORS.worse),
    ],
    layout: titledLayout(title, settings, {
      xaxis: {
        type: "category",
        title: { text: "case (file order)" },
        categoryorder: "array",
        categoryarray: labels,
        tickmode: "array",
        tickvals: labels,
        ticktext: ticks,
        tickangle: -60,
        automargin: true,
        showgrid: false,
      },
      yaxis: {
        title: { text: plotText(`sentence ${metric}`) },
        range: [-0.04 * top, 1.04 * top],
        zeroline: false,
        layer: "below traces",
      },
      // Below the ticks and the axis title, pinned to the bottom of the figure.
      legend: { orientation: "h", x: 0, yref: "container", y: 0, yanchor: "bottom" },
    }),
  };
  const table = textTable(
    {
      columns: ["row", "id", `sentence ${metric}`],
      rows: rows.map((r, i) => [i + 1, r.id, r.score]),
    },
    { maxRows: 20, digits },
  );
  return new PlotlyChart(figure, [title, ...settings, table].join("\n"));
}
