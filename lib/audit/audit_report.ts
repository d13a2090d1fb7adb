/**
 * The audit report: plain data, with text, HTML and notebook views built from it.
 *
 * @module
 */
import { Displayable, mimeBundle } from "../render/bundle.ts";
import type { PlotlyChart } from "../render/chart.ts";
import { $display, type MimeBundle } from "../render/display_symbol.ts";
import { envelopeChart } from "../render/envelope_chart.ts";
import { type ReportSection, sectionsHtml, sectionsText } from "../render/sections.ts";
import { offlineHtmlPage } from "../render/html_page.ts";
import type { Table } from "../render/table.ts";
import { INTERVAL_METHODS, type IntervalMethod } from "../stats/proportion_interval.ts";
import type { Interval } from "../stats/types.ts";
import type { Rate } from "./convention_rates.ts";
import type { DeclaredMatch } from "./declared_match.ts";
import type { ScoreMean } from "./score_mean.ts";
import type { ClassCounts, UnscoredRow } from "./_state.ts";
import type { DeclaredFigure, ErrorKind, RefusedRow, ScoreScale } from "./types.ts";
import { reportSections } from "./_report_sections.ts";
import { UserRangeError } from "../errors/mod.ts";

export type { ClassCounts, UnscoredRow } from "./_state.ts";

/** The each-case-once rate of a group whose cases have unequal numbers of attempts. */
export interface EachCaseOnce {
  /** Mean over cases of each case's own scored-only rate. */
  rate: number;
  /** Cases with at least one scored attempt (those averaged). */
  cases: number;
  /** Cases left out because none of their attempts was scored. */
  casesWithoutScore: number;
  /** The pooled scored-only rate, for comparison. */
  pooledRate: number;
  /** Fewest attempts of any case. */
  minRepeats: number;
  /** Most attempts of any case. */
  maxRepeats: number;
}

/** The report of one version × grader. */
export interface GroupReport {
  /** The version (system, model). */
  version: string;
  /** The grader (scorer). */
  grader: string;
  /**
   * False when the grader gave scores but never a verdict (a graded grader without a threshold):
   * the group then has no pass rate and every rate below is null.
   */
  verdicts: boolean;
  /** Counts by class; `refused` counts duplicates refused in this group. */
  counts: ClassCounts;
  /** Attempts without a usable verdict (attempted − passed − failed). */
  unscored: number;
  /** Errored attempts by kind. */
  errorKinds: Record<ErrorKind, number>;
  /** passes / scored attempts. */
  scoredOnly: Rate | null;
  /** passes / attempts. */
  allAttempted: Rate | null;
  /** (passes + unscored) / attempts. */
  upperEdge: Rate | null;
  /** All-attempted lower bound to upper-edge upper bound. */
  envelope: Interval | null;
  /**
   * For a group without verdicts (scores only): the mean over its scored attempts, the counts
   * behind it and a bootstrap interval; null when the group has a pass rate.
   */
  scoreMean: ScoreMean | null;
  /** Present only when cases have unequal numbers of attempts. */
  eachCaseOnce: EachCaseOnce | null;
  /** Declared figures that cover this group (`groups` > 1 when pooled over several). */
  declared: (DeclaredMatch & { groups: number })[];
  /** Whether the zeroing check ran for this grader, why, and how many rows it moved. */
  zeroing: { ran: boolean; reason: string; moved: number };
  /** Unscored rows with their reasons (at most 20 of each class). */
  unscoredRows: UnscoredRow[];
  /** Which number to report, in plain words: the figure with its counts and interval. */
  advice: string;
  /** Why, in sentences that several groups may share (a report says each once). */
  adviceReasons: string[];
}

/** Everything an audit found, as plain data (the shape of {@link AuditReport.toJSON}). */
export interface AuditReportData {
  /** The source's name, when known. */
  source: string | null;
  /** The harness that wrote the source, when known. */
  harness: string | null;
  /** Notes on the harness. */
  notes: string[];
  /** Confidence level of every interval. */
  confidence: number;
  /** The interval method of every rate. */
  method: IntervalMethod;
  /** The interval method spelled out for people, e.g. `"Wilson, two-sided"`. */
  interval: string;
  /** Settings of the bootstrap interval of every mean score (groups without verdicts). */
  bootstrap: { method: "percentile"; seed: number; resamples: number };
  /** The score scale applied to every row, or null for each row's own (default [0, 1]). */
  scale: ScoreScale | null;
  /** Counts over the whole source. */
  totals: ClassCounts;
  /** One entry per version × grader, in order of first appearance. */
  groups: GroupReport[];
  /**
   * The refused rows, by row number: every one, up to the first 1,000 (`refusedByReason` and
   * `totals.refused` count them all).
   */
  refusedRows: RefusedRow[];
  /** How many rows were refused for each reason (all of them, listed or not). */
  refusedByReason: Record<string, number>;
  /** Declared figures that describe no audited group. */
  unmatchedDeclared: (DeclaredFigure & { reason: string })[];
}

/** Options of the capped text and HTML views of an {@link AuditReport}. */
export interface AuditViewOptions {
  /** Rows shown at most in each table (default 20); pass `Infinity` for all kept rows. */
  maxRows?: number;
  /**
   * Text only: also the details (each group's unscored rows, the totals by class, the notes),
   * which HTML folds (default false).
   */
  verbose?: boolean;
  /** Text only: how to see the details, ending the line that names them. */
  more?: string;
}

/** Options of {@link AuditReport.htmlPage}. */
export interface AuditPageOptions extends AuditViewOptions {
  /** The page title (default `Audit of "FILE"`). */
  title?: string;
  /** Lines at the foot of the page, e.g. the command that made it. */
  footer?: readonly string[];
}

function tableOptions(t: Table, options: AuditViewOptions) {
  const maxRows = options.maxRows ?? 20;
  if (typeof maxRows !== "number" || Number.isNaN(maxRows) || maxRows < 0) {
    throw new UserRangeError(`Cannot show ${String(options.maxRows)} rows: maxRows must be ≥ 0`);
  }
  return { maxRows, more: `.show({ maxRows: ${t.rows.length} }) shows all` };
}

/**
 * The result of {@link audit}: counts by class, the three rates per version × grader with their
 * intervals and envelope, the checks, and the refused rows. Displays itself in a notebook.
 *
 * @example Render a small audit three ways
 * ```ts
 * import { audit } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = await audit([
 *   { row: 1, case: "<q1>", version: "v1", repeat: 0, grader: "exact", score: 1, pass: true },
 *   { row: 2, case: "q2", version: "v1", repeat: 0, grader: "exact", score: null, pass: null },
 * ]);
 * assert.equal(report.toJSON().totals.empty, 1);
 * assert.ok(report.toText().includes("all attempted"));
 * assert.ok(!report.toHTML().includes("<q1>"));
 * ```
 */
export class AuditReport {
  readonly #data: AuditReportData;

  /** Wrap audit data; use {@link audit} to make one. */
  constructor(data: AuditReportData) {
    this.#data = data;
  }

  /** Confidence level of every interval. */
  get confidence(): number {
    return this.#data.confidence;
  }

  /** Counts over the whole source. */
  get totals(): ClassCounts {
    return { ...this.#data.totals };
  }

  /** One report per version × grader. */
  get groups(): GroupReport[] {
    return structuredClone(this.#data.groups);
  }

  /** The report of one version × grader, if audited. */
  group(version: string, grader: string): GroupReport | undefined {
    const g = this.#data.groups.find((g) => g.version === version && g.grader === grader);
    return g && structuredClone(g);
  }

  /** The report as plain data (NaN where a rate is undefined; JSON writes it as null). */
  toJSON(): AuditReportData {
    return structuredClone(this.#data);
  }

  /**
   * The report as text: the summary (one line per version × grader), then for each group which
   * number to report and its rates three ways; with `verbose`, also the unscored rows, the totals
   * by class and the notes. Tables show at most `maxRows` rows (default 20) and say how many they
   * left out.
   */
  toText(options: AuditViewOptions = {}): string {
    return sectionsText(reportSections(this.#data), (t) => tableOptions(t, options), {
      verbose: options.verbose,
      more: options.more ?? "toText({ verbose: true }) shows them",
    });
  }

  /** The report as an HTML fragment; every value from the source is escaped. */
  toHTML(options: AuditViewOptions = {}): string {
    return sectionsHtml(
      reportSections(this.#data),
      "verdict-audit",
      (t) => tableOptions(t, options),
    );
  }

  /**
   * The report for a notebook with longer (or shorter) tables, e.g. `report.show({ maxRows: 100 })`.
   *
   * @example Show every kept row
   * ```ts
   * import { $display, audit } from "@verdict/verdict";
   * import assert from "node:assert/strict";
   *
   * const rows = Array.from({ length: 25 }, (_, i) => ({
   *   row: i + 1, case: `q${i}`, version: "v1", repeat: 0, grader: "exact",
   *   score: null, pass: null, error: i < 15 ? "timeout" : "", // 15 errored, 10 empty
   * }));
   * const report = await audit(rows);
   * const verbose = report.toText({ verbose: true });
   * assert.match(verbose, /showing 20 of 25 rows; \.show\(\{ maxRows: 25 \}\) shows all/);
   * const all = report.show({ maxRows: 25, verbose: true })[$display]()["text/plain"] as string;
   * assert.match(all, /errored/);
   * assert.doesNotMatch(all, /showing/);
   * ```
   */
  show(options: AuditViewOptions = {}): Displayable {
    return new AuditView(this, options);
  }

  /**
   * The envelope chart (Plotly) of every version × grader that has a pass rate, with the
   * confidence level in its title.
   */
  chart(): PlotlyChart {
    const groups = this.#data.groups.flatMap((g) =>
      g.scoredOnly && g.allAttempted && g.upperEdge
        ? [{
          version: g.version,
          grader: g.grader,
          unscored: g.unscored,
          scoredOnly: g.scoredOnly,
          allAttempted: g.allAttempted,
          upperEdge: g.upperEdge,
        }]
        : []
    );
    const method = INTERVAL_METHODS[this.#data.method].label;
    return envelopeChart(groups, { confidence: this.#data.confidence, method });
  }

  /**
   * The report as one offline HTML page (what `audit --html` writes): the summary and the
   * envelope chart at the top, then each group's advice and rates, then the details folded.
   *
   * @example A page with the chart after the summary
   * ```ts
   * import { audit } from "@verdict/verdict";
   * import assert from "node:assert/strict";
   *
   * const report = await audit({
   *   source: "runs.jsonl",
   *   rows: [
   *     { row: 1, case: "q1", version: "v1", repeat: 0, grader: "exact", score: 1, pass: true },
   *     { row: 2, case: "q2", version: "v1", repeat: 0, grader: "exact", score: null, pass: null, error: "timeout" },
   *   ],
   * });
   * const page = await report.htmlPage({ footer: ["made in a test"] });
   * assert.ok(page.includes("<title>Audit of &quot;runs.jsonl&quot;</title>"));
   * assert.ok(page.indexOf("Summary") < page.indexOf('class="verdict-chart"'));
   * assert.ok(page.indexOf('class="verdict-chart"') < page.indexOf("Which number to report"));
   * ```
   */
  htmlPage(options: AuditPageOptions = {}): Promise<string> {
    const [head, ...rest] = reportSections(this.#data);
    const html = (sections: ReportSection[]) =>
      sectionsHtml(sections, "verdict-audit", (t) => tableOptions(t, options));
    const chart = this.chart();
    return offlineHtmlPage({
      title: options.title ?? head.heading ?? "Audit",
      sections: [
        { html: html([{ ...head, heading: undefined }]) },
        ...(this.#data.groups.some((g) => g.verdicts)
          ? [{ figure: chart.figure, text: chart.text }]
          : []),
        { html: html([{}, ...rest]) }, // the groups keep their h3 headings
      ],
      footer: options.footer,
    });
  }

  /** The notebook display bundle: HTML, text and JSON (NaN written as the string "NaN"). */
  [$display](): MimeBundle {
    return mimeBundle(this);
  }
}

/** A view of an audit report with its own table caps; made by {@link AuditReport.show}. */
class AuditView extends Displayable {
  readonly #report: AuditReport;
  readonly #options: AuditViewOptions;

  constructor(report: AuditReport, options: AuditViewOptions) {
    super();
    this.#report = report;
    this.#options = options;
    tableOptions({ columns: [], rows: [] }, options); // check maxRows now, not at display time
  }

  toText(): string {
    return this.#report.toText(this.#options);
  }

  toHTML(): string {
    return this.#report.toHTML(this.#options);
  }

  toJSON(): AuditReportData {
    return this.#report.toJSON();
  }
}
