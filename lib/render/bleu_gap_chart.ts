/**
 * The corpus-vs-sentence chart for BLEU and chrF: each row's sentence score, their mean, and the
 * corpus figure, with the settings that produced them.
 *
 * @module
 */
import { num, orNull, plotText, titledLayout } from "./_chart.ts";
import { PlotlyChart } from "./chart.ts";
import { textTable } from "./table.ts";

const rowCount = (n: number) => `${n} ${n === 1 ? "row" : "rows"}`;

/** One row's sentence-level score. */
export interface SentenceScore {
  /** The row's label (case id, or case and version). */
  id: string;
  /** Its sentence score; NaN when the row was not scored (it is counted, not plotted). */
  score: number;
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
}

/**
 * Chart the gap between a corpus score and the mean of sentence scores: one point per row
 * in the order given, a line at the mean of the sentence scores and a line at the corpus score.
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
  const digits = Math.abs(corpus.corpus) > 1 ? 2 : 4;
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
    `${rowCount(scored.length)} plotted in file order` +
    (unscored ? `; ${rowCount(unscored)} without a score not plotted` : ""),
    ...(corpus.notes ?? []),
  ];
  const n = rows.length;
  const line = (name: string, y: number, dash: string, color: string) => ({
    type: "scatter",
    mode: "lines",
    name: plotText(name),
    x: [0.5, n + 0.5],
    y: [orNull(y), orNull(y)],
    line: { dash, color, width: 2 },
    hovertemplate: "%{fullData.name}<extra></extra>",
  });
  const figure = {
    data: [
      {
        type: "scatter",
        mode: "markers",
        name: `sentence ${plotText(metric)} (one point per row)`,
        x: rows.map((_, i) => i + 1),
        y: rows.map((r) => orNull(r.score)),
        customdata: rows.map((r) => plotText(r.id)),
        hovertemplate: `%{customdata}: %{y:.${digits}f}<extra>row %{x}</extra>`,
        marker: { color: "#1f77b4", size: 7, opacity: 0.75 },
      },
      line(`mean of sentence scores ${f(mean)}`, mean, "dot", "#ff7f0e"),
      line(`corpus ${metric} ${f(corpus.corpus)}`, corpus.corpus, "dash", "#d62728"),
    ],
    layout: titledLayout(title, settings, {
      xaxis: {
        title: { text: "row (file order)" },
        range: [0.5, n + 0.5],
        tick0: 1,
        dtick: Math.max(1, Math.ceil(n / 15)),
        zeroline: false,
      },
      yaxis: { title: { text: plotText(`sentence ${metric}`) }, rangemode: "tozero" },
      legend: { orientation: "h", y: -0.18 },
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
