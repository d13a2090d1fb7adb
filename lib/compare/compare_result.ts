/**
 * The result of a comparison: plain data, with text, HTML, chart and notebook views built from it.
 *
 * @module
 */
import { mimeBundle, notebookHtml } from "../render/bundle.ts";
import { formatCount } from "../render/format.ts";
import type { PlotlyChart } from "../render/chart.ts";
import { $display, type MimeBundle } from "../render/display_symbol.ts";
import { forestChart } from "../render/forest_chart.ts";
import { offlineHtmlPage } from "../render/html_page.ts";
import { plotlyBundle } from "../render/plotly.ts";
import {
  type ReportSection,
  sectionsHtml,
  sectionsText,
  type SectionsTextOptions,
} from "../render/sections.ts";
import { pValue } from "./_format.ts";
import { BOOTSTRAP_TEST } from "./_settings.ts";
import { compareSections } from "./_sections.ts";
import { COMPARE_CONVENTIONS, type CompareData, type GraderComparison } from "./types.ts";

/** Options of {@link CompareResult.htmlPage}. */
export interface ComparePageOptions {
  /** The page title (default `VERSION_B vs VERSION_A`). */
  title?: string;
  /** Lines at the foot of the page, e.g. the command that made it. */
  footer?: readonly string[];
}

/**
 * The comparison of two versions: per grader, the difference b − a with its interval, the test,
 * every convention for unscored attempts, and the cases present in one version only. Displays
 * itself in a notebook as its tables and a forest chart.
 *
 * @example Two versions of three cases, from rows in memory
 * ```ts
 * import { compare } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const row = (c: string, version: string, pass: boolean) =>
 *   ({ item: c, system: version, scorer: "exact", pass });
 * const rows = [
 *   row("q1", "v2", false), row("q2", "v2", true), row("q3", "v2", false),
 *   row("q1", "v3", true), row("q2", "v3", true), row("q3", "v3", true),
 * ];
 * const result = await compare("v2", "v3", { source: rows });
 * const [exact] = result.toJSON().graders;
 * assert.deepEqual(exact.table, { bothPass: 1, onlyA: 0, onlyB: 2, bothFail: 0 });
 * assert.equal(exact.difference, 2 / 3);
 * assert.equal(exact.pValue, 0.5); // McNemar exact: 2 discordant pairs, both for v3
 * assert.match(result.toText(), /exact +pass rate +3 +33\.3% \(1\/3\) +100\.0% \(3\/3\) +\+66\.7 pp/);
 * ```
 */
export class CompareResult {
  readonly #data: CompareData;

  /** Wrap computed data; use `compare` to make one. */
  constructor(data: CompareData) {
    this.#data = data;
  }

  /** The first version (the baseline). */
  get a(): string {
    return this.#data.a;
  }

  /** The second version; every difference is b − a. */
  get b(): string {
    return this.#data.b;
  }

  /** One entry per grader. */
  get graders(): GraderComparison[] {
    return structuredClone(this.#data.graders);
  }

  /** One grader's comparison, if it has results in both versions. */
  grader(name: string): GraderComparison | undefined {
    const g = this.#data.graders.find((g) => g.grader === name);
    return g && structuredClone(g);
  }

  /** Everything as plain data (NaN where a figure is undefined; JSON writes it as null). */
  toJSON(): CompareData {
    return structuredClone(this.#data);
  }

  /**
   * The comparison as text: the summary table and the settings; with `{ verbose: true }` also
   * each grader's details (pairs, every convention, notes).
   */
  toText(options: SectionsTextOptions = {}): string {
    return sectionsText(compareSections(this.#data), () => ({ maxRows: Infinity }), options);
  }

  /** The comparison as an HTML fragment; every value from a source is escaped. */
  toHTML(): string {
    return sectionsHtml(compareSections(this.#data), "verdict-compare", () => ({
      maxRows: Infinity,
    }));
  }

  /**
   * The forest chart: per grader, the difference b − a as a point with its interval, the
   * envelope over unscored attempts as a band, coloured by verdict.
   */
  chart(): PlotlyChart {
    const d = this.#data;
    // One axis for every grader: differences × 100, so a pass rate moves in percentage points and
    // BLEU or chrF in points of sacreBLEU's 0–100 scale, as the tables show them.
    const h = (x: number) => x * 100;
    return forestChart(
      d.graders.map((g) => ({
        label: `${g.grader} (${g.metric})`,
        estimate: h(g.difference),
        lower: h(g.ci[0]),
        upper: h(g.ci[1]),
        method: g.method,
        better: g.better,
        detail:
          `p = ${
            pValue(g.pValue, g.test === BOOTSTRAP_TEST ? d.bootstrap.resamples : undefined)
          } (${g.test}); ${g.conventions[g.convention]?.cases ?? 0} cases; ` +
          COMPARE_CONVENTIONS[g.convention].name,
        envelope: g.conventions.envelope
          ? { lower: h(g.conventions.envelope.ci[0]), upper: h(g.conventions.envelope.ci[1]) }
          : null,
      })),
      {
        a: d.a,
        b: d.b,
        confidence: d.confidence,
        unit: "× 100 (percentage points; BLEU and chrF on 0–100)",
        notes: [
          `headline convention: ${COMPARE_CONVENTIONS[d.convention].name}; band: envelope over ` +
          "unscored attempts (where there are any)",
          `bootstrap: ${formatCount(d.bootstrap.resamples)} resamples, seed ${d.bootstrap.seed}`,
        ],
      },
    );
  }

  /**
   * The summary (table and settings), then everything below it, as two HTML fragments; a page
   * has its own title, so it drops the summary's heading.
   */
  #parts(page = false): [string, string] {
    const [first, ...rest] = compareSections(this.#data);
    const head = page ? { ...first, heading: undefined } : first;
    const html = (sections: ReportSection[]) =>
      sectionsHtml(sections, "verdict-compare", () => ({ maxRows: Infinity }));
    // The graders' sections keep their h3 headings behind an empty first section.
    return [html([head]), rest.length > 0 ? html([{}, ...rest]) : ""];
  }

  /**
   * The comparison as one offline HTML page: the summary table and settings, the forest chart,
   * then each grader's details (`compare --html`).
   */
  htmlPage(options: ComparePageOptions = {}): Promise<string> {
    const [summary, rest] = this.#parts(true);
    const chart = this.#data.graders.length > 0 ? this.chart() : undefined;
    return offlineHtmlPage({
      title: options.title ?? `${this.#data.b} vs ${this.#data.a}`,
      sections: [
        { html: summary },
        ...(chart ? [{ figure: chart.figure, text: chart.text }] : []),
        ...(rest ? [{ html: rest }] : []),
      ],
      footer: options.footer,
    });
  }

  /**
   * The notebook display bundle: the summary table, the forest chart (plotly.js inlined when it
   * is the session's first chart), then the details; the text, and the data as JSON.
   */
  async [$display](): Promise<MimeBundle> {
    const bundle = mimeBundle(this);
    if (this.#data.graders.length > 0) {
      const chart = this.chart();
      const drawn = await plotlyBundle(chart.figure, { text: chart.text });
      const [summary, rest] = this.#parts();
      bundle["text/html"] = notebookHtml(`${summary}\n${drawn["text/html"]}\n${rest}`);
    }
    return bundle;
  }
}
