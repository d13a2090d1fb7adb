/**
 * Scoring a results file: every selected grader on every row, counted per version × grader, with
 * corpus BLEU and chrF aggregated from per-row statistics, and an optional scored file.
 *
 * @module
 */
import { openResults, type ResultRow, type Source } from "../io/mod.ts";
import { bleuFromStats } from "./bleu_metric.ts";
import { chrfFromStats } from "./chrf_metric.ts";
import { bleuSignature, chrfSignature, nrefsLabel } from "./signature.ts";
import { GRADERS } from "./registry.ts";
import { resolveScoreConfig, type ScoreConfig, type ScoreSettings } from "./score_config.ts";
import { ScoredFileWriter, type ScoredRow } from "./scored_file.ts";
import {
  type CorpusScore,
  type CorpusSection,
  type GraderSummary,
  ScoreReport,
} from "./score_report.ts";
import { Tallies, type Tally } from "./_tally.ts";
import type { GradeInput, Grader, GradeResult, GraderName } from "./types.ts";

/** Options of {@link score}: the scoring settings plus where the input and output go. */
export interface ScoreOptions extends ScoreSettings {
  /** A name for messages (defaults to the path). */
  name?: string;
  /** Write the scored file here (`.csv`/`.tsv` → CSV/TSV, otherwise JSON lines). */
  scored?: string;
  /** Keep scored rows in the report (`report.rows`) for files up to this many input rows (default 50,000). */
  keepRows?: number;
}

const WRITE_BATCH = 2000;

/** A grader looked up by name, with its options typed loosely (they come from files and flags). */
export function graderFor(name: GraderName): Grader<Record<string, unknown>> {
  return GRADERS[name] as unknown as Grader<Record<string, unknown>>;
}

/** Grade one row with one grader, resolving its threshold and schema. */
export function gradeRow(
  row: ResultRow,
  name: GraderName,
  config: ScoreConfig,
): { input: GradeInput; result: GradeResult; threshold: number | undefined } {
  const grader = graderFor(name);
  const options = config.graderOptions[name];
  const threshold = grader.kind === "graded" ? row.threshold ?? config.thresholds[name] : undefined;
  const input: GradeInput = {
    output: row.output,
    references: row.reference?.values ?? [],
    schema: row.schema ?? options?.schema,
    threshold,
  };
  return { input, result: grader.grade(input, options), threshold };
}

/** Turn one grader result into a scored row. */
export function scoredRow(
  row: ResultRow,
  scorer: string,
  result: GradeResult,
  extra: {
    nearMiss: readonly string[];
    threshold?: number;
    settings: string;
    includeOutput: boolean;
  },
): ScoredRow {
  const metadata: Record<string, unknown> = { settings: extra.settings };
  if (extra.threshold !== undefined) metadata.threshold = extra.threshold;
  if (result.reason) metadata.reason = result.reason;
  if (result.referenceIndex !== undefined && (row.reference?.values.length ?? 0) > 1) {
    metadata.referenceIndex = result.referenceIndex;
  }
  const out: ScoredRow = {
    item: row.case,
    system: row.version,
    repeat: row.repeat,
    scorer,
    score: Number.isFinite(result.score) && !result.error ? result.score : null,
    pass: result.pass,
    error: result.error ?? null,
    near_miss: [...extra.nearMiss],
    metadata,
  };
  if (extra.includeOutput) out.output = row.output;
  return out;
}

function summarize(t: Tally, config: ScoreConfig): GraderSummary {
  const name = t.grader as GraderName;
  const grader = graderFor(name);
  return {
    version: t.version,
    grader: t.grader,
    graded: t.graded,
    passed: t.passed,
    failed: t.failed,
    notJudged: t.notJudged,
    errors: t.errors,
    nearMisses: t.nearMisses,
    meanScore: t.scoreCount === 0 ? null : t.meanScore,
    threshold: config.thresholds[name] ?? null,
    settings: grader ? grader.describe(config.graderOptions[name]) : "",
    nearMissSteps: Object.fromEntries(t.steps),
    errorCodes: Object.fromEntries(t.errorCodes),
    failing: t.failing,
  };
}

function corpusSection(tallies: Tally[], metric: "bleu" | "chrf"): CorpusSection | undefined {
  const figures: CorpusScore[] = [];
  for (const t of tallies) {
    if (t.grader !== metric || t.stats === null) continue;
    const nrefs = nrefsLabel([...t.refCounts]);
    if (metric === "bleu") {
      const b = bleuFromStats(t.stats, { effectiveOrder: false, nrefs });
      figures.push({
        version: t.version,
        score: b.score,
        meanSentence: t.meanScore,
        signature: b.signature,
        sentenceSignature: bleuSignature({ nrefs, effectiveOrder: true }),
        segments: t.scoreCount,
        bp: b.bp,
        precisions: b.precisions,
        sysLen: b.sysLen,
        refLen: b.refLen,
      });
    } else {
      figures.push({
        version: t.version,
        score: chrfFromStats(t.stats),
        meanSentence: t.meanScore,
        signature: chrfSignature({ nrefs }),
        sentenceSignature: chrfSignature({ nrefs }),
        segments: t.scoreCount,
      });
    }
  }
  if (figures.length === 0) return undefined;
  return {
    score: figures.length === 1 ? figures[0].score : null,
    signature: figures[0].signature,
    versions: figures,
  };
}

/**
 * Score a results file with code graders. Each grader scores every used row on its own; counts
 * are kept per version × grader; BLEU and chrF are reported both as corpus figures (statistics
 * summed over rows) and as means of sentence scores, each with its signature. Rows the reader
 * left out are in `report.read` with their reasons.
 *
 * @example Corpus and mean sentence BLEU side by side
 * ```ts
 * import { score } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = await score([
 *   { id: "a", output: "Pack it in the original box.", expected: "Pack it in the original box." },
 *   { id: "b", output: "Use the label.", expected: "Attach the prepaid label to the box." },
 * ], { graders: ["bleu"] });
 * const bleu = report.corpus.bleu!.versions[0];
 * assert.ok(bleu.score > 0 && bleu.score < 1);
 * assert.notEqual(bleu.score, bleu.meanSentence);
 * assert.match(bleu.signature, /eff:no\|tok:13a\|smooth:exp/);
 * ```
 */
export async function score(source: Source, options: ScoreOptions): Promise<ScoreReport> {
  const config = resolveScoreConfig(options);
  for (const name of config.graders) {
    config.graderOptions[name] = { ...GRADERS[name].defaults, ...config.graderOptions[name] };
  }
  const reader = await openResults(source, {
    name: options.name,
    format: config.format ?? undefined,
    mapping: config.mapping,
    defaultVersion: config.defaultVersion,
    referenceRequired: config.graders.every((n) => GRADERS[n].needsReference),
  });
  const writer = options.scored
    ? await ScoredFileWriter.create(options.scored, { output: config.includeOutput })
    : null;
  const keepLimit = options.keepRows ?? 50_000;
  let kept: ScoredRow[] | null = [];
  const tallies = new Tallies();
  const settings = new Map(
    config.graders.map((n) => [n, graderFor(n).describe(config.graderOptions[n])]),
  );
  let batch: ScoredRow[] = [];
  let rowsSeen = 0;
  try {
    for await (const row of reader) {
      rowsSeen++;
      for (const name of config.graders) {
        const { result, threshold } = gradeRow(row, name, config);
        const nearMiss: string[] = [];
        tallies.get(row.version, name).add(
          result,
          { case: row.case, repeat: row.repeat, references: row.reference?.values.length ?? 0 },
          nearMiss,
        );
        batch.push(scoredRow(row, name, result, {
          nearMiss,
          threshold,
          settings: settings.get(name)!,
          includeOutput: config.includeOutput,
        }));
      }
      if (kept && rowsSeen > keepLimit) kept = null;
      if (batch.length >= WRITE_BATCH) {
        await writer?.write(batch);
        kept?.push(...batch);
        batch = [];
      }
    }
    await writer?.write(batch);
    kept?.push(...batch);
  } finally {
    await writer?.close();
  }
  config.mapping = { ...reader.report.mapping };
  config.format = reader.report.format;
  const all = tallies.all();
  const corpus: { bleu?: CorpusSection; chrf?: CorpusSection } = {};
  const bleu = corpusSection(all, "bleu");
  const chrf = corpusSection(all, "chrf");
  if (bleu) corpus.bleu = bleu;
  if (chrf) corpus.chrf = chrf;
  return new ScoreReport({
    read: reader.report,
    config,
    graders: all.map((t) => summarize(t, config)),
    corpus,
    scoredFile: options.scored ?? null,
    rows: kept,
  });
}
