/**
 * A score report as one self-contained HTML page: the summary, the main chart (near misses, or the
 * corpus-vs-sentence chart when no grader gave pass/fail verdicts) and the settings on top; the
 * details folded below; then the corpus-vs-sentence charts of BLEU and chrF. plotly.js is inlined
 * once.
 *
 * @module
 */
import { offlineHtmlPage, type PageSection } from "../render/html_page.ts";
import type { ReportSection } from "../render/sections.ts";
import { sectionsHtml } from "../render/sections.ts";
import { scoreBleuChart, type ScoreChartSource, scoreNearMissChart } from "./score_charts.ts";
import { nearMissList } from "./score_views.ts";
import { scoreTableOptions } from "./_score_sections.ts";
import { CORPUS_GRADERS } from "../graders/mod.ts";

/** What the page is built from: a {@linkcode ScoreReport} (its sections, charts and data). */
export interface ScorePageSource extends ScoreChartSource {
  /** The report as sections, summary first (details marked as such). */
  sections(): ReportSection[];
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
 * Build the offline HTML page of a score report (what `score --html` writes): the summary table
 * and the main chart at the top, then the settings and the folded details (with the near-miss
 * list), then one corpus-vs-sentence chart per metric and version. It loads nothing from the
 * network.
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
 * assert.ok(page.indexOf("Summary") < page.indexOf('class="verdict-chart"'));
 * assert.ok(page.includes("made in a test"));
 * ```
 */
export function scoreHtmlPage(
  report: ScorePageSource,
  options: ScorePageOptions = {},
): Promise<string> {
  const all = report.sections();
  // The summary (the first section) with its near-miss table; the settings after the chart.
  const settingsAt = all.findIndex((s) => s.heading === "Settings");
  const top = settingsAt < 0 ? all.filter((s) => !s.details) : all.slice(0, settingsAt);
  const rest = all.filter((s) => !top.includes(s));
  // The page's own title heads the page; the report's first heading would say it again.
  if (top[0]) top[0] = { ...top[0], heading: undefined };
  const html = (sections: ReportSection[]) =>
    sectionsHtml(sections, "verdict-score-report", scoreTableOptions);
  const sections: PageSection[] = [{ html: html(top) }];
  const gaps: PageSection[] = [];
  for (const metric of CORPUS_GRADERS) {
    for (const figure of report.corpus[metric]?.versions ?? []) {
      const gap = scoreBleuChart(report, { metric, version: figure.version });
      gaps.push({ figure: gap.figure, text: gap.text });
    }
  }
  const charted = report.graders.some((g) => g.grader !== "overall" && g.passed + g.failed > 0);
  const details: string[] = [html([{}, ...rest])]; // "Settings" stays an h3
  if (charted) {
    const nearMisses = scoreNearMissChart(report);
    sections.push({ figure: nearMisses.figure, text: nearMisses.text });
    const list = nearMissList(report, { maxRows: options.maxRows ?? 500 });
    details.push(
      `<details class="verdict-details"><summary>Near misses, row by row: ` +
        `${list.counts.nearMisses} of ${list.counts.failed} failing rows</summary>\n` +
        `${list.toHTML()}\n</details>`,
    );
  } else if (gaps.length > 0) {
    sections.push(gaps.shift()!);
  }
  sections.push({ html: details.join("\n") }, ...gaps);
  return offlineHtmlPage({
    title: options.title ?? `Score of ${report.read.source}`,
    sections,
    footer: options.footer,
  });
}
