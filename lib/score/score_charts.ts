/**
 * Charts of a score report: corpus vs sentence BLEU and chrF, and fails split into near
 * misses and real misses. They take a {@linkcode ScoreReport} or its plain data and hand
 * plain numbers to the render layer.
 *
 * @module
 */
import { bleuGapChart, type SentenceScore } from "../render/bleu_gap_chart.ts";
import type { PlotlyChart } from "../render/chart.ts";
import { nearMissChart, type NearMissCounts } from "../render/near_miss_chart.ts";
import type { CorpusSections, GraderSummary, RowText } from "./score_report.ts";
import { sacrebleuName } from "./_score_sections.ts";
import { CORPUS_GRADERS, type CorpusGraderName, GRADERS, type Signature } from "../graders/mod.ts";
import type { ScoredRow } from "./scored_file.ts";
import { UserRangeError } from "../errors/mod.ts";

/**
 * What the charts read: a {@linkcode ScoreReport}, or its JSON data (`score --json`), which has no
 * per-row scores.
 */
export interface ScoreChartSource {
  /** Per version × grader counts. */
  readonly graders: readonly GraderSummary[];
  /** Corpus and mean-sentence figures (BLEU, chrF); signatures as objects or as text. */
  readonly corpus: Readonly<CorpusSections<Signature | string>>;
  /**
   * The scored rows when the run kept them (an array). Anything else, such as the row counts
   * under `rows` in the JSON data, means there are none.
   */
  readonly rows?: unknown;
  /** A kept row's output and reference (a {@linkcode ScoreReport} has it), shown on hover. */
  rowText?(version: string, caseId: string, repeat: number): RowText | undefined;
}

/**
 * The scored rows of a source, or null when it kept none.
 *
 * @example A report keeps its rows; its JSON data does not
 * ```ts
 * import { keptRows, score } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = await score([{ id: "a", output: "x", expected: "x" }], { graders: ["exact"] });
 * assert.equal(keptRows(report)?.length, 1);
 * assert.equal(keptRows(JSON.parse(JSON.stringify(report))), null);
 * ```
 */
export function keptRows(source: ScoreChartSource): readonly ScoredRow[] | null {
  return Array.isArray(source.rows) ? source.rows as ScoredRow[] : null;
}

/** Options of {@linkcode scoreBleuChart}. */
export interface ScoreBleuChartOptions {
  /** Which metric: a grader with a corpus figure (default `"bleu"`). */
  metric?: CorpusGraderName;
  /** Which version; may be left out when the report has one. */
  version?: string;
}

function versionsOf(source: ScoreChartSource): string[] {
  return [...new Set(source.graders.map((g) => g.version))];
}

/** The label of each scored row: its case, with the repeat when any row repeats. */
function rowLabels(rows: readonly ScoredRow[]): string[] {
  const repeats = rows.some((r) => r.repeat !== 0);
  return rows.map((r) => repeats ? `${r.item} #${r.repeat}` : r.item);
}

/**
 * The corpus-vs-sentence chart of one version, on sacreBLEU's 0–100 scale: every row's sentence
 * BLEU (or chrF) over its case id in file order (the pointer on a point shows the output and
 * reference), their mean, and the corpus figure, with the brevity penalty and n-gram precisions that explain
 * the gap (BLEU) and both signatures. Rows without a score (not judged, errors) are counted, not
 * plotted. Without per-row scores (plain JSON data, or a file above `keepRows`) the chart shows
 * the two figures and says why there are no points.
 *
 * @throws {RangeError} When the report has no figure of that metric, or the version is unknown
 * or must be named.
 *
 * @example Corpus and sentence BLEU of two rows
 * ```ts
 * import { score, scoreBleuChart } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = await score([
 *   { id: "a", output: "Pack it in the original box.", expected: "Pack it in the original box." },
 *   { id: "b", output: "Use the label.", expected: "Attach the prepaid label to the box." },
 * ], { graders: ["bleu"] });
 * const chart = scoreBleuChart(report);
 * assert.equal((chart.figure.data[0].y as unknown[]).length, 2);
 * assert.match(chart.text, /^BLEU: corpus \d+\.\d\d vs mean of sentence scores \d+\.\d\d/);
 * assert.match(chart.text, /brevity penalty/);
 * ```
 */
export function scoreBleuChart(
  source: ScoreChartSource,
  options: ScoreBleuChartOptions = {},
): PlotlyChart {
  const metric = options.metric ?? "bleu";
  if (!(CORPUS_GRADERS as readonly string[]).includes(metric)) {
    throw new UserRangeError(
      `Cannot chart the metric "${metric}": use ${
        CORPUS_GRADERS.map((m) => `"${m}"`).join(" or ")
      }`,
    );
  }
  const name = GRADERS[metric].corpus.label;
  const section = source.corpus[metric];
  if (!section || section.versions.length === 0) {
    throw new UserRangeError(
      `Cannot chart corpus ${name}: the report has no ${name} figures (score with the ` +
        `"${metric}" grader)`,
    );
  }
  const known = section.versions.map((v) => v.version);
  const version = options.version ?? (known.length === 1 ? known[0] : undefined);
  if (version === undefined) {
    throw new UserRangeError(
      `Cannot chart corpus ${name}: the report has ${known.length} versions; pass one of ` +
        `${known.map((v) => JSON.stringify(v)).join(", ")} as { version }`,
    );
  }
  const figure = section.versions.find((v) => v.version === version);
  if (!figure) {
    throw new UserRangeError(
      `Cannot chart corpus ${name} of version ${JSON.stringify(version)}: the report has ` +
        `${known.map((v) => JSON.stringify(v)).join(", ")}`,
    );
  }
  // Shown on sacreBLEU's 0–100 scale, as its own reports do; the data keep fractions.
  const hundred = (x: number) => x * 100;
  const signature = figure.signature.toString();
  const sentenceName = sacrebleuName(metric, figure.sentenceSignature.toString());
  const notes = [`sentence scores: ${sentenceName}|${figure.sentenceSignature}`];
  if (GRADERS[metric].scale.direction === "lower") notes.unshift(`lower ${name} is better`);
  let points: SentenceScore[] = [];
  const kept = keptRows(source);
  if (kept) {
    const rows = kept.filter((r) => r.scorer === metric && r.system === version);
    const labels = rowLabels(rows);
    points = rows.map((r, i) => {
      const text = source.rowText?.(r.system, r.item, r.repeat);
      return {
        id: labels[i],
        score: r.score === null ? NaN : hundred(r.score),
        ...(text ? { output: text.output, reference: text.reference } : {}),
      };
    });
  } else {
    notes.push(
      `per-row scores were not kept (plain JSON data, or more rows than keepRows), so no ` +
        `points; the mean is over ${figure.segments} rows`,
    );
  }
  if (figure.sysLen !== undefined && figure.refLen !== undefined) {
    notes.push(`corpus lengths: output ${figure.sysLen} tokens, reference ${figure.refLen} tokens`);
  }
  return bleuGapChart(points, {
    metric: name,
    ...(known.length === 1 ? {} : { subject: version }),
    corpus: hundred(figure.score),
    sentenceMean: hundred(figure.meanSentence),
    scale: 100,
    signature: `${sacrebleuName(metric, signature)}|${signature}`,
    ...(figure.bp === undefined ? {} : { brevityPenalty: figure.bp }),
    ...(figure.precisions ? { precisions: figure.precisions.map(hundred) } : {}),
    notes,
  });
}

/**
 * The label one failing row is counted under: nothing for a real miss, the step when one step
 * flips it, and the steps joined with " or " when each of several would (the row is counted
 * once). `several` stays as it is: no step alone, all seven together.
 *
 * @example Labels
 * ```ts
 * import { nearMissLabel } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(nearMissLabel(["trim"]), "trim");
 * assert.equal(nearMissLabel(["trim", "underscores"]), "trim or underscores");
 * assert.equal(nearMissLabel([]), undefined);
 * ```
 */
export function nearMissLabel(steps: readonly string[]): string | undefined {
  return steps.length === 0 ? undefined : steps.join(" or ");
}

/** Options of {@linkcode scoreNearMissCounts} and {@linkcode scoreNearMissChart}. */
export interface ScoreNearMissOptions {
  /** Only this version (default: every version; with several, each count names its version). */
  version?: string;
}

const NOT_LISTED = "near miss, steps not listed";

function countLabels(steps: readonly (readonly string[])[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of steps) {
    const label = nearMissLabel(s);
    if (label !== undefined) counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return counts;
}

/** Each failing row's steps for one summary, from the kept rows or the summary's failing list. */
function labelCounts(g: GraderSummary, rows: readonly ScoredRow[] | null) {
  if (rows) {
    const failing = rows.filter((r) =>
      r.scorer === g.grader && r.system === g.version && r.pass === false
    );
    return countLabels(failing.map((r) => r.near_miss));
  }
  const counts = countLabels((g.failing ?? []).map((f) => f.steps));
  // Past the listed rows only the total is known: keep the sum right under one label.
  const listed = [...counts.values()].reduce((a, b) => a + b, 0);
  if (g.nearMisses > listed) counts.set(NOT_LISTED, g.nearMisses - listed);
  return counts;
}

/**
 * Fails per version × grader as near misses by label and real misses, ready for
 * {@linkcode nearMissChart}. Each failing row is counted once: under its step, or under the
 * steps joined with " or " when several would each flip it (see {@linkcode nearMissLabel}).
 * Graders that gave no pass/fail verdict (graded without a threshold) and the overall row are
 * left out.
 *
 * @example Two near misses and a real miss
 * ```ts
 * import { score, scoreNearMissCounts } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = await score([
 *   { id: "a", output: "Paris", expected: "Paris" },
 *   { id: "b", output: "Lyon", expected: "Paris" },
 * ], { graders: ["exact"] });
 * const [exact] = scoreNearMissCounts(report);
 * assert.equal(exact.grader, "exact");
 * assert.equal(exact.failed, 1);
 * ```
 */
export function scoreNearMissCounts(
  source: ScoreChartSource,
  options: ScoreNearMissOptions = {},
): NearMissCounts[] {
  const versions = versionsOf(source);
  if (options.version !== undefined && !versions.includes(options.version)) {
    throw new UserRangeError(
      `Cannot count near misses of version ${JSON.stringify(options.version)}: the report has ` +
        `${versions.map((v) => JSON.stringify(v)).join(", ")}`,
    );
  }
  const prefix = options.version === undefined && versions.length > 1;
  return source.graders
    .filter((g) => options.version === undefined || g.version === options.version)
    // The overall row is not probed (its near misses are those of the graders it combines).
    .filter((g) => g.grader !== "overall" && g.passed + g.failed > 0)
    .map((g) => {
      const labels = [...labelCounts(g, keptRows(source))].sort((a, b) =>
        b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)
      );
      return {
        grader: g.grader,
        ...(prefix ? { version: g.version } : {}),
        nearMisses: Object.fromEntries(labels),
        realMisses: g.failed - g.nearMisses,
        failed: g.failed,
      };
    });
}

/**
 * The near-miss chart: each grader's fails as stacked bars, near misses by label and real misses
 * (see {@linkcode scoreNearMissCounts}).
 *
 * @example Every grader with verdicts gets a bar
 * ```ts
 * import { score, scoreNearMissChart } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = await score([
 *   { id: "a", output: "Paris", expected: "Paris" },
 *   { id: "b", output: "Lyon", expected: "Paris" },
 * ], { graders: ["exact", "contains", "bleu"] });
 * const chart = scoreNearMissChart(report);
 * const real = chart.figure.data.find((t) => t.name === "real misses")!;
 * assert.deepEqual(real.x, ["exact", "contains"]);
 * assert.deepEqual(real.y, [1, 1]);
 * ```
 */
export function scoreNearMissChart(
  source: ScoreChartSource,
  options: ScoreNearMissOptions = {},
): PlotlyChart {
  const counts = scoreNearMissCounts(source, options);
  return nearMissChart(counts, {
    settings: [
      "near miss = a fail that a formatting step or a grader's probe turns into a pass; a row " +
      'that several steps would each fix is counted once, under "step or step"',
      ...(options.version === undefined ? [] : [`version: ${options.version}`]),
    ],
  });
}
