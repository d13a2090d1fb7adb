/**
 * The score report: per version × grader counts, corpus and mean-sentence BLEU and chrF with their
 * signatures, and how the file was read. Displays itself in a notebook.
 *
 * @module
 */
import type { ReadReportJson } from "../io/mod.ts";
import type { ReadView } from "./read_view.ts";
import { $display, type MimeBundle } from "../render/display_symbol.ts";
import { mimeBundle } from "../render/bundle.ts";
import type { Table } from "../render/table.ts";
import { sectionsHtml, sectionsText, type SectionsTextOptions } from "../render/sections.ts";
import type { ReportSection } from "../render/sections.ts";
import { failingTable } from "./_report_sections.ts";
import { countsTable, scoreSections, scoreTableOptions } from "./_score_sections.ts";
import type { PlotlyChart } from "../render/chart.ts";
import {
  scoreBleuChart,
  type ScoreBleuChartOptions,
  scoreNearMissChart,
  type ScoreNearMissOptions,
} from "./score_charts.ts";
import { scoreHtmlPage, type ScorePageOptions } from "./score_page.ts";
import {
  type GraderTable,
  graderTable,
  type NearMissList,
  nearMissList,
  type NearMissListOptions,
  type ScoreViewOptions,
} from "./score_views.ts";
import type { ScoreConfig } from "./score_config.ts";
import type { ScoredRow } from "./scored_file.ts";
import type { CorpusGraderName, Signature } from "../graders/mod.ts";

/** A kept row's output and reference(s), held in memory for charts and views. */
export interface RowText {
  /** The output as written. */
  output: string;
  /** The reference, or the references joined with " | ". */
  reference: string;
}

/** The key of a row's texts: version, case and repeat. */
export function rowTextKey(version: string, caseId: string, repeat: number): string {
  return JSON.stringify([version, caseId, repeat]);
}

/** A failing row, listed with what would make it pass. */
export interface FailingCase {
  /** Case id. */
  case: string;
  /** Repeat number. */
  repeat: number;
  /** The near-miss steps or probes that would flip it (empty: no near miss). */
  steps: string[];
  /** Why it failed, in words. */
  reason?: string;
}

/** Counts of per-row assertions of one kind or one version. */
export interface AssertionCounts {
  /** Assertions of known kinds that were run. */
  run: number;
  /** Assertions that passed. */
  passed: number;
  /** Assertions that failed. */
  failed: number;
  /** Graded kinds without a threshold: a score but no pass or fail. */
  scoredOnly: number;
  /** The row lacked what the check needs (no schema, an empty list). */
  notJudged: number;
  /** The assertion could not be used (no value, bad pattern or schema, bad threshold). */
  errors: number;
  /** Failing assertions that a formatting step or probe would flip. */
  nearMisses: number;
}

/** A row with an assertion of a kind verdict does not run. */
export interface UnknownAssertionRow {
  /** Case id. */
  case: string;
  /** Version. */
  version: string;
  /** Repeat number. */
  repeat: number;
  /** The assertion's type as written. */
  type: string;
}

/** A failing assertion, with what would make it pass. */
export interface FailingAssertion extends UnknownAssertionRow {
  /** The near-miss steps or probes that would flip it (empty: no near miss). */
  steps: string[];
  /** Why it failed, in words. */
  reason?: string;
}

/** One grader's counts for one version. */
export interface GraderSummary {
  /** The version (system). */
  version: string;
  /** The grader's name, or `overall` for the overall row. */
  grader: string;
  /** Rows the grader scored (passed + failed + scored without a verdict). */
  graded: number;
  /** Rows that passed. */
  passed: number;
  /** Rows that failed. */
  failed: number;
  /** Rows the grader could not judge (no reference, no schema). */
  notJudged: number;
  /** Rows where the grader itself failed (bad regex, invalid schema). */
  errors: number;
  /** Failing rows that a formatting step or probe would flip to a pass. */
  nearMisses: number;
  /** Mean score over graded rows (null when none). */
  meanScore: number | null;
  /** The threshold used (graded graders), or null. */
  threshold: number | null;
  /** The grader's settings, shown beside its figures. */
  settings: string;
  /** Near-miss rows by step. */
  nearMissSteps: Record<string, number>;
  /** Grader errors by code. */
  errorCodes: Record<string, number>;
  /** Failing rows (the first 500) with the steps that would pass them. */
  failing: FailingCase[];
}

/**
 * Corpus and mean-sentence figures of one metric (BLEU, chrF) for one version. The signatures are
 * {@linkcode Signature} objects in a report and their text in its JSON data (`S = string`).
 */
export interface CorpusScore<S extends Signature | string = Signature> {
  /** The version (system). */
  version: string;
  /** Corpus score: statistics summed over the rows, one aggregation. */
  score: number;
  /** Mean of the per-row sentence scores. */
  meanSentence: number;
  /** Signature of the corpus figure. */
  signature: S;
  /** Signature of the sentence figures. */
  sentenceSignature: S;
  /** Rows that contributed. */
  segments: number;
  /** BLEU only: the brevity penalty. */
  bp?: number;
  /** BLEU only: the 1- to 4-gram precisions. */
  precisions?: number[];
  /** BLEU only: the summed output length in tokens. */
  sysLen?: number;
  /** BLEU only: the summed reference length in tokens (closest reference per row). */
  refLen?: number;
}

/** The corpus section of a report for one metric. */
export interface CorpusSection<S extends Signature | string = Signature> {
  /** The corpus score when the file has one version; null with several (see `versions`). */
  score: number | null;
  /** The corpus signature when the file has one version (else the first version's). */
  signature: S;
  /** The figures of each version. */
  versions: CorpusScore<S>[];
}

/** The corpus sections of a report, one per grader with a corpus figure that ran. */
export type CorpusSections<S extends Signature | string = Signature> = {
  [N in CorpusGraderName]?: CorpusSection<S>;
};

/** The corpus sections with their signatures as text (plain data). */
function corpusJson(corpus: CorpusSections): CorpusSections<string> {
  const text = (s: CorpusSection): CorpusSection<string> => ({
    ...s,
    signature: s.signature.toString(),
    versions: s.versions.map((v) => ({
      ...v,
      signature: v.signature.toString(),
      sentenceSignature: v.sentenceSignature.toString(),
    })),
  });
  return Object.fromEntries(
    Object.entries(corpus).map(([name, section]) => [name, text(section)]),
  ) as CorpusSections<string>;
}

/** The per-row assertions of a run: counts, unknown kinds and failing rows. */
export interface AssertionSummary {
  /** Assertions of known kinds that were run. */
  run: number;
  /** Assertions that passed. */
  passed: number;
  /** Assertions that failed. */
  failed: number;
  /** Unknown kinds by name: not run, never counted as passes. */
  unknown: Record<string, number>;
  /** The first 100 rows with an unknown kind. */
  unknownRows: UnknownAssertionRow[];
  /** Graded kinds without a threshold: a score but no pass or fail. */
  scoredOnly: number;
  /** The row lacked what the check needs (no schema, an empty list). */
  notJudged: number;
  /** The assertion could not be used (no value, bad pattern or schema, bad threshold). */
  errors: number;
  /** Failing assertions that a formatting step or probe would flip. */
  nearMisses: number;
  /** Near-miss assertions by step (a fail that several steps fix counts under each). */
  nearMissSteps: Record<string, number>;
  /** Counts by assertion kind (known kinds). */
  byType: Record<string, AssertionCounts>;
  /** Counts by version (known kinds). */
  byVersion: Record<string, AssertionCounts>;
  /** The first 500 failing assertions with the steps that would pass them. */
  failing: FailingAssertion[];
  /** How assertions are run, shown beside their figures. */
  settings: string;
}

/** What assertions do, beside every assertion figure. */
export const ASSERTION_SETTINGS: string =
  "assertions: known kinds run with the graders' default settings on their own row; graded " +
  "kinds pass only with their own threshold; unknown kinds are not run and never pass";

/** An assertion summary with nothing counted. */
export function emptyAssertionSummary(): AssertionSummary {
  return {
    run: 0,
    passed: 0,
    failed: 0,
    unknown: {},
    unknownRows: [],
    scoredOnly: 0,
    notJudged: 0,
    errors: 0,
    nearMisses: 0,
    nearMissSteps: {},
    byType: {},
    byVersion: {},
    failing: [],
    settings: ASSERTION_SETTINGS,
  };
}

/** The plain data of a score report (what `score --json` prints). */
export interface ScoreReportJson extends ReadReportJson {
  /**
   * Every score, mean and corpus figure is a fraction (BLEU 0.3799, not 37.99), as in the scored
   * file; the text, HTML and notebook views show BLEU, chrF and TER on sacreBLEU's 0–100 scale.
   */
  scale: "fraction";
  /** The whole configuration of the run (what `--save-config` writes). */
  config: ScoreConfig;
  /** Counts per version × grader, and the overall row's when it is on. */
  graders: GraderSummary[];
  /** Corpus and mean-sentence figures (BLEU, chrF), with signatures as text. */
  corpus: CorpusSections<string>;
  /** The per-row assertions. */
  assertions: AssertionSummary;
  /** Where the scored file was written, or null. */
  scoredFile: string | null;
}

/**
 * The result of scoring a file. `rows` holds the scored rows when the run kept them (the default
 * for files up to `keepRows` rows); the scored file has them all.
 *
 * @example Score two rows and read the counts
 * ```ts
 * import { score } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = await score([
 *   { id: "q1", output: "Paris", expected: "Paris" },
 *   { id: "q2", output: "paris ", expected: "Paris" },
 * ], { graders: ["exact"] });
 * const exact = report.graders[0];
 * assert.deepEqual([exact.graded, exact.passed, exact.failed], [2, 1, 1]);
 * ```
 */
export class ScoreReport {
  /** How the file was read: format, mapping, rows used and left out. */
  readonly read: ReadView;
  /** The whole configuration of the run. */
  readonly config: ScoreConfig;
  /** Counts per version × grader, and the overall row's when it is on. */
  readonly graders: GraderSummary[];
  /** Corpus and mean-sentence figures (BLEU, chrF), with their signatures. */
  readonly corpus: CorpusSections;
  /** The per-row assertions (all zero when the file has none). */
  readonly assertions: AssertionSummary;
  /** Where the scored file was written, or null. */
  readonly scoredFile: string | null;
  /** The scored rows, when the run kept them (else null). */
  readonly rows: ScoredRow[] | null;
  readonly #texts: ReadonlyMap<string, RowText>;

  /** Build a report from its parts (as {@link score} does). */
  constructor(init: {
    read: ReadView;
    config: ScoreConfig;
    graders: GraderSummary[];
    corpus: CorpusSections;
    assertions?: AssertionSummary;
    scoredFile: string | null;
    rows: ScoredRow[] | null;
    texts?: ReadonlyMap<string, RowText>;
  }) {
    this.read = init.read;
    this.config = init.config;
    this.graders = init.graders;
    this.corpus = init.corpus;
    this.assertions = init.assertions ?? emptyAssertionSummary();
    this.scoredFile = init.scoredFile;
    this.rows = init.rows;
    this.#texts = init.texts ?? new Map();
  }

  /**
   * The output and reference of a kept row (in memory only: the scored file has the output when
   * asked, never the reference), or undefined when the run did not keep the row.
   *
   * @example The texts behind a row
   * ```ts
   * import { score } from "@verdict/verdict";
   * import assert from "node:assert/strict";
   *
   * const report = await score([{ id: "a", output: "Paris.", expected: ["Paris", "paris"] }], { graders: ["exact"] });
   * assert.deepEqual(report.rowText("default", "a", 0), { output: "Paris.", reference: "Paris | paris" });
   * ```
   */
  rowText(version: string, caseId: string, repeat: number): RowText | undefined {
    return this.#texts.get(rowTextKey(version, caseId, repeat));
  }

  /** The versions, in the order they first appeared. */
  get versions(): string[] {
    return [...new Set(this.graders.map((g) => g.version))];
  }

  /** One grader's summary for one version (the only version when there is one). */
  grader(name: string, version?: string): GraderSummary | undefined {
    return this.graders.find((g) =>
      g.grader === name && (version === undefined || g.version === version)
    );
  }

  /** Plain data: the read report's keys plus graders, corpus figures and the configuration. */
  toJSON(): ScoreReportJson {
    return {
      ...this.read.toJSON(),
      scale: "fraction",
      config: this.config,
      graders: this.graders,
      corpus: corpusJson(this.corpus),
      assertions: this.assertions,
      scoredFile: this.scoredFile,
    };
  }

  /** The counts table of one version: graded, passed, failed, not judged, errors, near misses, mean. */
  countsTable(version: string): Table {
    return countsTable(this.graders, version);
  }

  /** The report as sections: the summary, near misses and settings, then the details. */
  sections(): ReportSection[] {
    const leftOut = this.read.report.leftOutTable();
    return scoreSections({
      source: this.read.source,
      readLine: this.read.report.summary(),
      mappingLine: this.read.report.mappingLine(),
      leftOut,
      warnings: this.read.report.warningLines(),
      graders: this.graders,
      corpus: this.corpus,
      assertions: this.assertions,
      scoredFile: this.scoredFile,
    });
  }

  /**
   * Text for terminals: the summary table, the near misses and the settings; with
   * `{ verbose: true }` also the details (counts per version, near-miss steps, failing cases,
   * corpus details, assertions).
   *
   * @example Short by default, everything when verbose
   * ```ts
   * import { score } from "@verdict/verdict";
   * import assert from "node:assert/strict";
   *
   * const report = await score([
   *   { id: "a", output: "Paris.", expected: "Paris" },
   *   { id: "b", output: "Rome", expected: "Rome" },
   * ], { graders: ["exact", "bleu"] });
   * assert.match(report.toText(), /exact +pass rate +50\.0% \(1\/2\)/);
   * assert.match(report.toText(), /corpus BLEU: BLEU\|nrefs:1\|case:mixed\|eff:no\|tok:13a\|smooth:exp\|version:\S+ = \d+\.\d\d/);
   * assert.doesNotMatch(report.toText(), /strip-trailing-punctuation/);
   * assert.match(report.toText({ verbose: true }), /a +exact +strip-trailing-punctuation/);
   * ```
   */
  toText(options: SectionsTextOptions = {}): string {
    return sectionsText(this.sections(), scoreTableOptions, options).trimEnd();
  }

  /** An HTML fragment, details folded; every value from the file is escaped. */
  toHTML(): string {
    return sectionsHtml(this.sections(), "verdict-score-report", scoreTableOptions);
  }

  /** The failing cases of one version, near misses first, with the step that would pass each. */
  failingTable(version: string): Table {
    return failingTable(version, this.graders);
  }

  /**
   * One grader's scored rows as a capped table that displays itself (see {@linkcode graderTable}).
   *
   * @example The first 10 rows of exact match
   * ```ts
   * import { score } from "@verdict/verdict";
   * import assert from "node:assert/strict";
   *
   * const rows = Array.from({ length: 12 }, (_, i) => ({ id: `q${i}`, output: "a", expected: "a" }));
   * const report = await score(rows, { graders: ["exact"] });
   * assert.match(report.table("exact", { maxRows: 10 }).toText(), /showing 10 of 12 rows/);
   * ```
   */
  table(grader: string, options: ScoreViewOptions = {}): GraderTable {
    return graderTable(this, grader, options);
  }

  /**
   * The near misses as a capped list that displays itself (see {@linkcode nearMissList}).
   *
   * @example One near miss
   * ```ts
   * import { score } from "@verdict/verdict";
   * import assert from "node:assert/strict";
   *
   * const report = await score([{ id: "a", output: "Paris.", expected: "Paris" }], { graders: ["exact"] });
   * assert.deepEqual(report.nearMisses().toJSON().rows, [["exact", "a", "strip-trailing-punctuation", "output differs from the reference at character 6"]]);
   * ```
   */
  nearMisses(options: NearMissListOptions = {}): NearMissList {
    return nearMissList(this, options);
  }

  /**
   * The corpus-vs-sentence chart of BLEU (or chrF) for one version (see
   * {@linkcode scoreBleuChart}).
   *
   * @example BLEU of a one-version report
   * ```ts
   * import { score } from "@verdict/verdict";
   * import assert from "node:assert/strict";
   *
   * const report = await score([{ id: "a", output: "pack it in the box", expected: "pack it in the box" }], { graders: ["bleu"] });
   * assert.match(report.corpusChart().text, /^BLEU: corpus 100\.00 vs mean of sentence scores 100\.00/);
   * ```
   */
  corpusChart(options: ScoreBleuChartOptions = {}): PlotlyChart {
    return scoreBleuChart(this, options);
  }

  /**
   * The near-miss chart: fails per grader split into near misses by step and real misses (see
   * {@linkcode scoreNearMissChart}).
   *
   * @example A real miss
   * ```ts
   * import { score } from "@verdict/verdict";
   * import assert from "node:assert/strict";
   *
   * const report = await score([{ id: "a", output: "Lyon", expected: "Paris" }], { graders: ["exact"] });
   * assert.deepEqual(report.nearMissChart().figure.data.map((t) => t.name), ["real misses"]);
   * ```
   */
  nearMissChart(options: ScoreNearMissOptions = {}): PlotlyChart {
    return scoreNearMissChart(this, options);
  }

  /**
   * The report as one offline HTML page with its tables and charts (see
   * {@linkcode scoreHtmlPage}); `score --html` writes it.
   *
   * @example A page for a file
   * ```ts
   * import { score } from "@verdict/verdict";
   * import assert from "node:assert/strict";
   *
   * const report = await score([{ id: "a", output: "x", expected: "x" }], { graders: ["exact"] });
   * assert.ok((await report.htmlPage({ title: "Scores" })).includes("<title>Scores</title>"));
   * ```
   */
  htmlPage(options: ScorePageOptions = {}): Promise<string> {
    return scoreHtmlPage(this, options);
  }

  /** The notebook display bundle. */
  [$display](): MimeBundle {
    return mimeBundle(this);
  }
}
