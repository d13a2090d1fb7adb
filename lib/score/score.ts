/**
 * Scoring a results file: every selected grader on every row, counted per version × grader, with
 * corpus figures (BLEU, chrF: every grader with a corpus capability) aggregated from per-row
 * statistics, and an optional scored file.
 *
 * @module
 */
import { openResultRows, type ReadLimits, type ResultRow, type Source } from "../io/mod.ts";
import { checkOutputPath } from "../io/output_file.ts";
import { CORPUS_GRADERS, type CorpusGraderName, graderFor, nrefsLabel } from "../graders/mod.ts";
import { GRADERS } from "../graders/mod.ts";
import { resolveScoreConfig, type ScoreConfig, type ScoreSettings } from "./score_config.ts";
import { ReadView } from "./read_view.ts";
import { ScoredFileWriter, type ScoredRow } from "./scored_file.ts";
import {
  type CorpusScore,
  type CorpusSection,
  type CorpusSections,
  type GraderSummary,
  type RowText,
  rowTextKey,
  ScoreReport,
} from "./score_report.ts";
import { AssertionTally, FAILING_KEPT, Tallies, type Tally } from "./_tally.ts";
import { rowProgress } from "./_progress.ts";
import type { Progress } from "../render/progress.ts";
import { orderedSteps } from "./_report_sections.ts";
import type { AssertionOutcome } from "../graders/mod.ts";
import { RowGrader, type RowGrades } from "./_row_grader.ts";
import { checkWorkers, type CountedChunk, gradeInOrder } from "./_score_workers.ts";
import { CountedReader } from "./_counted_grades.ts";
export { defaultWorkers, SMALL_FILE_ROWS } from "./_score_workers.ts";
import { binaryGraderOverall, type OverallInput, overallSettings } from "./overall.ts";
import { ASSERTION_SETTINGS, type AssertionSummary } from "./score_report.ts";
import {
  BINARY_GRADERS,
  type GradeInput,
  type GradeResult,
  type GraderName,
  isGraderName,
} from "../graders/mod.ts";

/** Options of {@link score}: the scoring settings plus where the input and output go. */
export interface ScoreOptions extends ScoreSettings {
  /** A name for messages (defaults to the path). */
  name?: string;
  /** Write the scored file here (`.csv`/`.tsv` → CSV/TSV, otherwise JSON lines). */
  scored?: string;
  /** Limits on decompression, record size and nesting while reading (see `DEFAULT_READ_LIMITS`). */
  limits?: ReadLimits;
  /** Keep scored rows in the report (`report.rows`) for files up to this many input rows (default 50,000). */
  keepRows?: number;
  /**
   * Show progress (rows scored so far): in a notebook as one output updated in place, on a
   * terminal as a line rewritten on stderr, and nowhere else (never on stdout). `true` shows it
   * from the first row, `false` never, a {@linkcode Progress} is used as given. Left out, it
   * appears only once a run has taken a second, so small files stay quiet.
   */
  progress?: boolean | Progress;
  /**
   * Threads that may grade rows side by side (Deno workers): the results are the same, in file
   * order, whatever the number. Default: one per core (`navigator.hardwareConcurrency`); 1
   * grades on the calling thread. Workers start only on files past `SMALL_FILE_ROWS` rows whose
   * first rows took long to grade (costly graders); cheap grading stays on the calling thread.
   */
  workers?: number;
}

const WRITE_BATCH = 2000;

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
    schema: row.schema,
    threshold,
  };
  return { input, result: grader.grade(input, options), threshold };
}

/**
 * Turn one result into a scored row: a grader's (`scorer` is its name), an assertion's
 * (`assert:<type>`) or the overall row's. `extra.metadata` is added to the row's metadata.
 */
export function scoredRow(
  row: ResultRow,
  scorer: string,
  result: GradeResult,
  extra: {
    nearMiss: readonly string[];
    threshold?: number;
    settings: string;
    includeOutput: boolean;
    metadata?: Record<string, unknown>;
  },
): ScoredRow {
  const metadata: Record<string, unknown> = { settings: extra.settings };
  if (extra.threshold !== undefined) metadata.threshold = extra.threshold;
  if (result.reason) metadata.reason = result.reason;
  if (
    result.referenceIndex !== undefined && (row.reference?.values.length ?? 0) > 1 &&
    isGraderName(scorer)
  ) {
    metadata.referenceIndex = result.referenceIndex;
  }
  Object.assign(metadata, extra.metadata ?? {});
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
  // A score on another scale than [0, 1] (TER) carries its range, so the auditor reads it right.
  const grader = scorer.startsWith("assert:") ? scorer.slice(7).replace(/#\d+$/, "") : scorer;
  if (isGraderName(grader) && GRADERS[grader].scale.maximum !== 1) {
    out.scale_min = 0;
    out.scale_max = GRADERS[grader].scale.maximum;
  }
  return out;
}

function summarize(t: Tally, config: ScoreConfig, settings: string): GraderSummary {
  const name = t.grader as GraderName;
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
    settings,
    nearMissSteps: Object.fromEntries(orderedSteps(Object.fromEntries(t.steps))),
    errorCodes: Object.fromEntries(t.errorCodes),
    failing: t.failing,
  };
}

function assertionSummary(t: AssertionTally): AssertionSummary {
  const { run, passed, failed, scoredOnly, notJudged, errors, nearMisses } = t.total;
  return {
    run,
    passed,
    failed,
    unknown: Object.fromEntries(t.unknown),
    unknownRows: t.unknownRows,
    scoredOnly,
    notJudged,
    errors,
    nearMisses,
    nearMissSteps: Object.fromEntries(orderedSteps(Object.fromEntries(t.steps))),
    byType: Object.fromEntries(t.byType),
    byVersion: Object.fromEntries(t.byVersion),
    failing: t.failing,
    settings: ASSERTION_SETTINGS,
  };
}

/**
 * What counting a row needs of it (see `gradeInOrder`'s `keep`); `full` is the whole row while
 * scored rows or kept texts may still be made of it, else null.
 */
interface CountedRow {
  case: string;
  version: string;
  repeat: number;
  /** How many reference values the row has. */
  references: number;
  assertions: ResultRow["assertions"];
  full: ResultRow | null;
}

/**
 * Count a row's assertions (with a tally), and make their scored rows (with `out`):
 * `assert:<type>`, `assert:<type>#2` for a second one.
 */
function assertionRows(
  row: CountedRow,
  outcomes: readonly AssertionOutcome[],
  tally: AssertionTally | null,
  includeOutput: boolean,
  out: ScoredRow[] | null,
): void {
  const seen = new Map<string, number>();
  for (const [i, assertion] of (row.assertions ?? []).entries()) {
    const outcome = outcomes[i];
    const n = (seen.get(assertion.type) ?? 0) + 1;
    seen.set(assertion.type, n);
    tally?.add(row, outcome);
    if (out === null) continue;
    const described: Record<string, unknown> = { index: i + 1, type: assertion.type };
    if (assertion.value !== undefined) described.value = assertion.value;
    if (assertion.threshold !== undefined) described.threshold = assertion.threshold;
    out.push(
      scoredRow(row.full!, `assert:${assertion.type}${n > 1 ? `#${n}` : ""}`, outcome.result, {
        nearMiss: outcome.nearMiss,
        threshold: outcome.threshold,
        settings: outcome.settings,
        includeOutput,
        metadata: { assertion: described },
      }),
    );
  }
}

/** The corpus figures of one grader with a corpus capability, per version. */
function corpusSection(
  tallies: readonly Tally[],
  name: CorpusGraderName,
  config: ScoreConfig,
): CorpusSection | undefined {
  const grader = graderFor(name);
  const capability = grader.corpus!;
  const options = grader.resolve(config.graderOptions[name]);
  const figures: CorpusScore[] = [];
  for (const t of tallies) {
    if (t.grader !== name || t.stats === null) continue;
    const context = { nrefs: nrefsLabel([...t.refCounts]) };
    const figure = capability.aggregate(t.stats, context, options);
    figures.push({
      version: t.version,
      score: figure.score,
      meanSentence: t.meanScore,
      signature: figure.signature,
      sentenceSignature: capability.sentenceSignature(context, options),
      segments: t.scoreCount,
      ...figure.details,
    });
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
 * are kept per version × grader; graders with a corpus capability (BLEU, chrF) are reported both
 * as corpus figures (statistics
 * summed over rows) and as means of sentence scores, each with its signature. Rows the reader
 * left out are in `report.read` with their reasons.
 *
 * Every failing row gets the near-miss probe (see {@link nearMiss}): its steps go in the scored
 * row's `near_miss` and are tallied per grader. A row's `assertions` run as extra checks named
 * `assert:<type>` (see `runAssertion`), counted in `report.assertions`, never in the
 * graders' counts. With `overall: "all" | "any"`, one more row per case × version × repeat
 * combines the selected pass/fail graders (see {@link binaryGraderOverall}) and is tallied under
 * the grader name `overall`.
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
 * assert.match(`${bleu.signature}`, /eff:no\|tok:13a\|smooth:exp/);
 * assert.equal(bleu.signature.fields.eff, "no");
 * ```
 *
 * @example Near misses, an assertion and the overall row
 * ```ts
 * import { score } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = await score([
 *   { id: "a", output: "Yes!", expected: "Yes", assertions: [{ type: "icontains", value: "yes" }] },
 *   { id: "b", output: "no", expected: "No" },
 * ], { graders: ["exact", "normalized"], overall: "all" });
 * assert.deepEqual(report.grader("exact")!.nearMissSteps, { lowercase: 1, "strip-trailing-punctuation": 1 });
 * assert.deepEqual([report.assertions.run, report.assertions.passed], [1, 1]);
 * const overall = report.grader("overall")!;
 * assert.deepEqual([overall.passed, overall.failed], [0, 2]); // exact failed on both rows
 * assert.deepEqual(report.rows!.map((r) => r.scorer), ["exact", "normalized", "overall", "assert:icontains", "exact", "normalized", "overall"]);
 * ```
 */
export async function score(source: Source, options: ScoreOptions): Promise<ScoreReport> {
  const config = resolveScoreConfig(options);
  const workers = checkWorkers(options.workers);
  // Before any work: the scored file can be written, and it is not the file being scored.
  if (options.scored) {
    await checkOutputPath(options.scored, { what: "the scored file", inputs: [source] });
  }
  const reader = await openResultRows(source, {
    name: options.name,
    format: config.format ?? undefined,
    mapping: config.mapping,
    defaultVersion: config.defaultVersion,
    referenceRequired: config.graders.every((n) =>
      GRADERS[n].needsReferenceWith(config.graderOptions[n])
    ),
    limits: options.limits,
  });
  const writer = options.scored
    ? await ScoredFileWriter.create(options.scored, {
      output: config.includeOutput,
      scale: config.graders.some((n) => GRADERS[n].scale.maximum !== 1),
    })
    : null;
  const keepLimit = options.keepRows ?? 50_000;
  let kept: ScoredRow[] | null = [];
  // The kept rows' texts, in memory only, for charts and views (never in the scored file).
  let texts: Map<string, RowText> | null = new Map();
  const tallies = new Tallies();
  const assertions = new AssertionTally();
  const settings = new Map<string, string>(
    config.graders.map((n) => [n, graderFor(n).describe(config.graderOptions[n])]),
  );
  const binarySelected = config.graders.filter((n) =>
    (BINARY_GRADERS as readonly string[]).includes(n)
  );
  if (config.overall) settings.set("overall", overallSettings(config.overall, config.graders));
  let batch: ScoredRow[] = [];
  let rowsSeen = 0;
  const where = reader.report.source; // "<rows>" and the like for data given in memory
  const progress = rowProgress(
    options.progress,
    where.startsWith("<") ? "rows scored" : `rows scored from ${where}`,
  );
  const grader = new RowGrader(config);
  // Scored rows are built only when something keeps them: the scored file or the report.
  const wantRows = () => writer !== null || kept !== null;
  const names = config.graders;
  // Each version's tallies, one per grader in order and then the overall one: made when the
  // version is first seen, in the order the report lists them.
  const byVersion = new Map<string, Tally[]>();
  const talliesOf = (version: string): Tally[] => {
    let list = byVersion.get(version);
    if (list === undefined) {
      list = names.map((name) => tallies.get(version, name));
      if (config.overall) list.push(tallies.get(version, "overall"));
      byVersion.set(version, list);
    }
    return list;
  };
  // Rows are kept whole only while scored rows or texts may be made of them: the scored file
  // needs every one, the report the first `keepLimit`.
  let keptWhole = 0;
  const keep = (row: ResultRow): CountedRow => ({
    case: row.case,
    version: row.version,
    repeat: row.repeat,
    references: row.reference?.values.length ?? 0,
    assertions: row.assertions,
    full: writer !== null || ++keptWhole <= keepLimit ? row : null,
  });
  // A grader's reasons are read for the failing rows it lists, and for scored rows.
  const reasonsRead = (version: string): boolean[] | undefined => {
    const list = wantRows() ? undefined : byVersion.get(version);
    return list?.slice(0, names.length).map((t) => t.failing.length < FAILING_KEPT);
  };
  // Without a scored file, the report's rows (and texts) are made only once the file has ended
  // within the rows it keeps (else it keeps none): until then what waits is each row's grades.
  let held: { row: CountedRow; grades: RowGrades; overall: GradeResult | undefined }[] | null =
    writer === null ? [] : null;
  /** Put a row's scored rows in `out`: its graders', its overall one, its assertions'. */
  const rowsOf = (
    row: CountedRow,
    g: RowGrades,
    overall: GradeResult | undefined,
    out: ScoredRow[],
  ) => {
    for (let i = 0; i < names.length; i++) {
      out.push(scoredRow(row.full!, names[i], g.results[i], {
        nearMiss: g.steps[i],
        threshold: g.thresholds[i],
        settings: settings.get(names[i])!,
        includeOutput: config.includeOutput,
      }));
    }
    if (overall !== undefined) {
      out.push(scoredRow(row.full!, "overall", overall, {
        nearMiss: [],
        settings: settings.get("overall")!,
        includeOutput: config.includeOutput,
        metadata: { rule: config.overall, graders: binarySelected },
      }));
    }
    if (row.assertions && row.assertions.length > 0) {
      assertionRows(row, g.assertions, null, config.includeOutput, out);
    }
  };
  const textOf = (texts: Map<string, RowText>, row: CountedRow) => {
    texts.set(rowTextKey(row.version, row.case, row.repeat), {
      output: row.full!.output,
      reference: row.full!.reference?.values.join(" | ") ?? "",
    });
  };
  // A chunk whose rows will all be past the kept ones (and with no scored file nor overall row,
  // which read whole results) is only counted.
  const counted = (rows: readonly CountedRow[]) =>
    writer === null && !config.overall && rows.every((row) => row.full === null);
  const count = (chunk: CountedChunk<CountedRow>) => {
    const counts = new CountedReader(chunk.counts);
    for (const row of chunk.rows) {
      rowsSeen++;
      progress.tick();
      if (kept && rowsSeen > keepLimit) kept = texts = held = null;
      // Never so (see `counted`): a guard against counting away rows someone keeps.
      if (wantRows() || texts !== null) throw new Error("Counted rows that are kept (a bug)");
      counts.countRow(talliesOf(row.version), row);
      if (row.assertions && row.assertions.length > 0) {
        assertionRows(row, counts.assertionsOfLastRow(), assertions, config.includeOutput, null);
      }
    }
  };
  const grades = gradeInOrder(reader, grader, workers, { keep, reasonsRead, counted });
  try {
    for await (const graded of grades) {
      if (!Array.isArray(graded)) {
        count(graded);
        continue;
      }
      for (const { row, grades: g } of graded) {
        rowsSeen++;
        progress.tick();
        // Past the rows it may keep, the report keeps none (nor their texts).
        if (kept && rowsSeen > keepLimit) kept = texts = held = null;
        const rowTallies = talliesOf(row.version);
        for (let i = 0; i < names.length; i++) rowTallies[i].add(g.results[i], row, g.steps[i]);
        let overall: GradeResult | undefined;
        if (config.overall) {
          const verdicts: OverallInput[] = config.graders.map((name, i) => ({
            grader: name,
            result: g.results[i],
          }));
          overall = binaryGraderOverall(config.overall, verdicts);
          rowTallies[names.length].add(overall, row, []);
        }
        if (row.assertions && row.assertions.length > 0) {
          assertionRows(row, g.assertions, assertions, config.includeOutput, null);
        }
        if (held !== null) {
          held.push({ row, grades: g, overall });
          continue;
        }
        if (writer === null) continue;
        rowsOf(row, g, overall, batch);
        if (texts !== null) textOf(texts, row);
        if (batch.length >= WRITE_BATCH) {
          await writer.write(batch);
          if (kept) { for (const item of batch) kept.push(item); }
          batch = [];
        }
      }
    }
    await writer?.write(batch);
    if (kept) { for (const item of batch) kept.push(item); }
    // The rows the report keeps, made now that it is known to keep them.
    for (const { row, grades: g, overall } of held ?? []) {
      rowsOf(row, g, overall, kept!);
      textOf(texts!, row);
    }
  } catch (error) {
    // A run that fails leaves no scored file that looks complete (nor a partial one).
    await writer?.abort();
    throw error;
  } finally {
    await grades.return?.(undefined);
  }
  await writer?.close();
  await progress.finish();
  // The configuration keeps the user's choices; what they resolved to on this file is beside.
  config.resolved = { format: reader.report.format, mapping: { ...reader.report.mapping } };
  const all = tallies.all();
  const corpus: CorpusSections = {};
  for (const name of CORPUS_GRADERS) {
    const section = corpusSection(all, name, config);
    if (section) corpus[name] = section;
  }
  return new ScoreReport({
    read: new ReadView(reader.report),
    config,
    graders: all.map((t) => summarize(t, config, settings.get(t.grader) ?? "")),
    corpus,
    assertions: assertionSummary(assertions),
    scoredFile: options.scored ?? null,
    rows: kept,
    texts: texts ?? undefined,
  });
}
