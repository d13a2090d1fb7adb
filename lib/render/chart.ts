/**
 * A chart: a Plotly figure with its text form, displayable in notebooks.
 *
 * @module
 */
import { $display, type MimeBundle } from "./display_symbol.ts";
import { plotlyBundle, type PlotlyFigure, plotlyHtml } from "./plotly.ts";

/**
 * A Plotly figure plus a plain-text form of the same numbers and settings. Shown as a chart in a
 * notebook; `text` is what terminals and `text/plain` get. Pass it as a section to
 * {@linkcode offlineHtmlPage} to put it in a report file.
 *
 * @example A chart's text and figure
 * ```ts
 * import { $display, PlotlyChart } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const chart = new PlotlyChart({ data: [{ type: "bar", x: ["a"], y: [2] }] }, "a: 2");
 * assert.equal(String(chart), "a: 2");
 * const bundle = await chart[$display]();
 * assert.equal(bundle["text/plain"], "a: 2");
 * assert.ok("application/vnd.plotly.v1+json" in bundle);
 * ```
 */
export class PlotlyChart {
  /** The figure (traces, layout, config). */
  readonly figure: PlotlyFigure;
  /** The same numbers and settings as plain text. */
  readonly text: string;

  /** Pair a figure with its text form (title, settings and the plotted numbers). */
  constructor(figure: PlotlyFigure, text: string) {
    this.figure = figure;
    this.text = text;
  }

  /** Plain text: title, settings and the plotted numbers. */
  toText(): string {
    return this.text;
  }

  /** The figure as JSON data. */
  toJSON(): PlotlyFigure {
    return this.figure;
  }

  /**
   * An HTML fragment that draws the chart once `window.Plotly` exists (it never inlines the
   * library; use {@linkcode offlineHtmlPage} for a file that stands alone).
   */
  toHTML(): string {
    return plotlyHtml(this.figure, { text: this.text });
  }

  /**
   * The notebook bundle (Plotly JSON, offline HTML, text). Deno's kernel awaits it; the first
   * chart of a session reads plotly.js here and carries it.
   */
  [$display](): Promise<MimeBundle> {
    return plotlyBundle(this.figure, { text: this.text });
  }

  /** The plain-text form. */
  toString(): string {
    return this.text;
  }
}
