/**
 * A score report as one self-contained HTML page: the tables, the near-miss chart and list, and
 * the corpus-vs-sentence charts of BLEU and chrF, with plotly.js inlined once.
 *
 * @module
 */
import { offlineHtmlPage, type PageSection } from "../render/html_page.ts";
import { scoreBleuChart, type ScoreChartSource, scoreNearMissChart } from "./score_charts.ts";
import { nearMissList } from "./score_views.ts";
import { CORPUS_GRADERS } from "../graders/mod.ts";

/** What the page is built from: a {@linkcode ScoreReport} (anything with its HTML and data). */
export interface ScorePageSource extends ScoreChartSource {
  /** The report's tables as an HTML fragment with every value escaped. */
  toHTML(): string;
  /** How the file was read (its name titles the page). */
  readonly read: { readonly source: string };
}

/** Options of {@linkcode scoreHtmlPage}. */
export interface ScorePageOptions {
  /** The page title (default `Score of FILE`). */
  title?: string;
  /** Lines at the foot of the page, e.g. the command that made it. */
  footer?: readonly string[];
  /** Rows of the near-miss list shown at most (default 500). */
  maxRows?: number;
}

/**
 * Build the offline HTML page of a score report (what `score --html` writes): the report's
 * tables, the near-miss chart of every version, the near-miss list, and one corpus-vs-sentence
 * chart per metric and version. It loads nothing from the network.
 *
 * @example A page with the tables and charts
 * ```ts
 * import { score, scoreHtmlPage } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = await score([
 *   { id: "a", output: "Pack it in the box.", expected: "Pack it in the original box." },
 *   { id: "b", output: "paris", expected: "Paris" },
 * ], { graders: ["exact", "bleu"] });
 * const page = await scoreHtmlPage(report, { footer: ["made in a test"] });
 * assert.ok(page.startsWith("<!doctype html>"));
 * assert.equal(page.match(/class="verdict-chart"/g)?.length, 2); // near misses, BLEU
 * assert.ok(page.includes("made in a test"));
 * ```
 */
export function scoreHtmlPage(
  report: ScorePageSource,
  options: ScorePageOptions = {},
): Promise<string> {
  const sections: PageSection[] = [{ html: report.toHTML() }];
  const charted = report.graders.some((g) => g.grader !== "overall" && g.passed + g.failed > 0);
  if (charted) {
    const nearMisses = scoreNearMissChart(report);
    sections.push({ figure: nearMisses.figure, text: nearMisses.text });
    const list = nearMissList(report, { maxRows: options.maxRows ?? 500 });
    sections.push({ html: list.toHTML() });
  }
  for (const metric of CORPUS_GRADERS) {
    for (const figure of report.corpus[metric]?.versions ?? []) {
      const gap = scoreBleuChart(report, { metric, version: figure.version });
      sections.push({ figure: gap.figure, text: gap.text });
    }
  }
  return offlineHtmlPage({
    title: options.title ?? `Score of ${report.read.source}`,
    sections,
    footer: options.footer,
  });
}
