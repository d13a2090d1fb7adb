/**
 * Comparing two versions on the same cases: a paired test per grader, with the unscored attempts
 * under each convention and the cases present in one version only.
 *
 * @module
 */
import { UserRangeError, UserTypeError } from "../errors/mod.ts";
import { readAuditFile } from "../audit/audit_file.ts";
import { checkConfidence } from "../stats/check_confidence.ts";
import { tryReadHarnessFile } from "../harness/read_harness_file.ts";
import type { HarnessName, HarnessSource } from "../harness/types.ts";
import type { ColumnMapping, Format, ReadLimits, Source } from "../io/mod.ts";
import { Collector } from "./_collect.ts";
import { resolveScoreConfig, type ScoreConfig, type ScoreSettings } from "./_deps.ts";
import { addAuditRows, addRefused } from "./_from_audit_rows.ts";
import { readResultsSource } from "./_from_results.ts";
import { addEvalResult, scoreAnswersFile } from "./_from_eval.ts";
import { EvalResult } from "../eval/eval_result.ts";
import { compareGrader, type GraderInfo } from "./_grader_comparison.ts";
import type { Settings } from "./_settings.ts";
import { SidePicker, type SideRule } from "./_side_picker.ts";
import { CompareResult } from "./compare_result.ts";
import type { CompareConvention, CompareData } from "./types.ts";

/**
 * One version to compare: where its rows are and which version of that source, or an eval's
 * result in memory.
 */
export type CompareSide =
  | {
    /** A path, URL, text, bytes, a byte stream, or row objects in memory. */
    source: Source;
    /** The version to take; needed when the source holds several. */
    version?: string;
    /** A name for messages (defaults to the path). */
    name?: string;
  }
  | {
    /** An eval's result: each metric is compared as a grader, each item as a case. */
    eval: EvalResult;
    /** The version's name (default: the eval's model). */
    name?: string;
  };

/** Settings of {@link compare}. */
export interface CompareOptions {
  /**
   * One source holding both versions: `a` and `b` are then version names in it. Without it, `a`
   * and `b` are sources (a string is a path).
   */
  source?: Source;
  /** A name for messages of `source`. */
  name?: string;
  /**
   * Grade a results file (output and reference per row) with these graders, as `score` does. Left
   * out, each source is read as scores: a scored file (`item, system, repeat, scorer, score,
   * pass…`) or a promptfoo, Inspect AI, lm-evaluation-harness or OpenAI Evals file.
   */
  graders?: ScoreSettings["graders"];
  /** Pass thresholds of graded graders (results files). */
  thresholds?: ScoreSettings["thresholds"];
  /** Per-grader settings (results files), e.g. `{ bleu: { tokenize: "intl" } }`. */
  graderOptions?: ScoreSettings["graderOptions"];
  /** Column mapping overrides of a results file. */
  mapping?: ColumnMapping;
  /** Force the format of every source. */
  format?: Format;
  /** Version of a results file without a version column (default `"default"`). */
  defaultVersion?: string;
  /** Keep only these graders (scorers) of a scored or harness file. */
  only?: readonly string[];
  /** Limits on decompression, record size and nesting while reading every file. */
  limits?: ReadLimits;
  /** Force the harness of a harness file. */
  harness?: HarnessName;
  /**
   * The dataset that two eval runs answered: `a` and `b` are then their answers files
   * (`eval --out`), scored here against it as recorded answers (no model is called).
   */
  data?: Source;
  /** Eval metrics for answers files, `name` or `name:threshold` (default `["exact_match"]`). */
  metrics?: readonly string[];
  /** The prompt template the eval runs used (answers files). */
  template?: string;
  /** The dataset field the eval runs asked (answers files). */
  input?: string;
  /** The dataset field holding the reference(s) (answers files). */
  reference?: string;
  /** Confidence level of every interval, in (0, 1) (default 0.95). */
  confidence?: number;
  /**
   * The headline convention for unscored attempts (default `"allAttempted"`: one counts as a
   * failure); the others are reported beside it.
   */
  convention?: CompareConvention;
  /** Seed of the bootstrap (default 0); the same seed gives the same figures on any machine. */
  seed?: number;
  /** Bootstrap resamples (default 1000). */
  resamples?: number;
}

function settingsOf(options: CompareOptions): Settings {
  const confidence = checkConfidence(options.confidence ?? 0.95);
  const convention = options.convention ?? "allAttempted";
  if (convention !== "allAttempted" && convention !== "scoredOnly") {
    throw new UserRangeError(
      `convention is "allAttempted" or "scoredOnly", not ${JSON.stringify(convention)}`,
    );
  }
  const seed = options.seed ?? 0;
  if (!Number.isInteger(seed)) throw new UserRangeError(`seed must be a whole number, got ${seed}`);
  const resamples = options.resamples ?? 1000;
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new UserRangeError(`resamples must be a whole number ≥ 1, got ${resamples}`);
  }
  return { confidence, seed, resamples, convention };
}

function harnessSource(source: Source): source is Source & HarnessSource {
  return typeof source === "string" || source instanceof URL || source instanceof Uint8Array ||
    (typeof source === "object" && source !== null && !Array.isArray(source) &&
      "text" in source);
}

function nameOf(source: Source, name: string | undefined): string {
  if (name) return name;
  if (typeof source === "string") return source;
  if (source instanceof URL) return source.href;
  if (typeof source === "object" && source !== null && "text" in source && source.text) {
    return (source as { name?: string }).name ?? "<text>";
  }
  return Array.isArray(source) ? "<rows>" : "<source>";
}

/** Read one source into the collector: graded here, or read as scores (harness, scored file). */
async function readSource(
  source: Source,
  name: string | undefined,
  rule: SideRule,
  options: CompareOptions,
  config: ScoreConfig | null,
  collector: Collector,
  graders: Map<string, GraderInfo>,
): Promise<{ name: string; picker: SidePicker; notes: string[] }> {
  const label = nameOf(source, name);
  const picker = new SidePicker(rule, label);
  const notes: string[] = [];
  if (config) {
    const read = await readResultsSource(source, name, config, picker, collector, options.limits);
    for (const [g, info] of read.graders) graders.set(g, info);
    return { name: read.source, picker, notes };
  }
  const only = options.only ? new Set(options.only) : null;
  const keep = <R extends { grader: string }>(rows: Iterable<R> | AsyncIterable<R>) =>
    only ? filtered(rows, only, collector) : rows;
  const harness = harnessSource(source) && options.format === undefined
    ? await tryReadHarnessFile(source, { harness: options.harness, name, limits: options.limits })
    : null;
  if (harness) {
    notes.push(`${label} read as a ${harness.harness.name} file.`);
    for (const note of await addAuditRows(keep(harness.rows), picker, collector)) notes.push(note);
    addRefused(harness.refused, collector);
    return { name: harness.source, picker, notes };
  }
  let input;
  try {
    input = await readAuditFile(source, { name, format: options.format, limits: options.limits });
  } catch (error) {
    if (error instanceof TypeError && /no column for the grader/.test(error.message)) {
      throw new UserTypeError(
        `${error.message}. To compare a results file (output and reference per row), give the ` +
          "graders to grade it with.",
      );
    }
    throw error;
  }
  for (const note of await addAuditRows(keep(input.rows), picker, collector)) notes.push(note);
  addRefused(input.refused ?? [], collector);
  return { name: input.source ?? label, picker, notes };
}

async function* filtered<R extends { grader: string }>(
  rows: Iterable<R> | AsyncIterable<R>,
  only: Set<string>,
  collector: Collector,
): AsyncGenerator<R> {
  let other = 0;
  for await (const row of rows) {
    if (only.has(row.grader)) yield row;
    else other++;
  }
  if (other > 0) collector.leaveOut("another grader", [], other);
}

function sideOf(value: string | CompareSide, which: "a" | "b"): CompareSide {
  if (typeof value === "string") return { source: value };
  if (
    typeof value !== "object" || value === null ||
    !("source" in value || ("eval" in value && value.eval instanceof EvalResult))
  ) {
    throw new UserTypeError(
      `${which} must be a path, { source, version? } or { eval: EvalResult }`,
    );
  }
  return value;
}

/** Read one version from its own source; returns its source's name and its version's name. */
async function readOneSide(
  side: CompareSide,
  which: "a" | "b",
  options: CompareOptions,
  config: ScoreConfig | null,
  collector: Collector,
  graders: Map<string, GraderInfo>,
): Promise<{ name: string; version: string | undefined; notes: string[] }> {
  const merge = (found: Map<string, GraderInfo>) => {
    for (const [g, info] of found) graders.set(g, info);
  };
  if ("eval" in side) {
    merge(addEvalResult(side.eval, which, collector));
    const name = side.name ?? side.eval.settings.model;
    return { name: side.eval.settings.dataset, version: name, notes: [] };
  }
  if (options.data !== undefined) {
    if (typeof side.source !== "string") {
      throw new UserTypeError(`With options.data, ${which} is the path of an answers file`);
    }
    const scored = await scoreAnswersFile(side.source, { ...options, data: options.data });
    merge(addEvalResult(scored.result, which, collector));
    const notes = [
      `${side.source}: answers of ${scored.model} scored against the dataset with ` +
      `${scored.result.settings.metrics.join(", ")} (recorded answers: no model called).`,
    ];
    if (scored.unanswered > 0) {
      notes.push(`${side.source}: dataset items with no answer in it: ${scored.unanswered}.`);
    }
    return { name: side.source, version: side.version ?? side.name ?? scored.model, notes };
  }
  const read = await readSource(
    side.source,
    side.name,
    { kind: "one", side: which, version: side.version },
    options,
    config,
    collector,
    graders,
  );
  return { name: read.name, version: read.picker.version(), notes: read.notes };
}

/**
 * Compare two versions on the same cases, grader by grader. `difference` is always b − a.
 *
 * - **Pass/fail graders** with one attempt per case: the 2×2 table of pairs, Newcombe's hybrid
 *   score interval for the paired difference (method 10 of Newcombe 1998, chosen over Tango's
 *   score interval because it is closed-form and built from the same Wilson intervals the audit
 *   reports, with coverage close to nominal in published evaluations) and McNemar's exact test on
 *   the discordant pairs.
 * - **Graded metrics** (token F1, ROUGE-L, means of scores): a seeded paired bootstrap over cases
 *   of the difference of means, with sacreBLEU's paired-bs p-value; **corpus BLEU and chrF**
 *   (results graded here) are recomputed from the summed statistics of each resample, as
 *   sacreBLEU's `--paired-bs` does.
 * - **Repeats**: when a case has several attempts, rates and means are pooled over attempts and
 *   the bootstrap resamples cases (a cluster bootstrap), never single attempts.
 * - **Unscored attempts** (errors, no verdict): scored only (cases where both versions scored),
 *   all attempted (unscored counts as a failure, or the lowest score) and the envelope (every
 *   unscored attempt of b failing and of a passing, to the reverse); `convention` picks the
 *   headline.
 * - **Cases in one version only** are listed and counted, never compared.
 *
 * @param a The baseline: a version name (with `options.source`), a path, or `{ source, version }`.
 * @param b The version compared with it, given the same way.
 * @param options Graders for a results file, the convention, confidence and bootstrap settings.
 * @returns The comparison, displayable in a notebook.
 * @throws {TypeError} When a source cannot be read as results, scores or a harness file, or holds
 * several versions and none is named.
 * @throws {RangeError} For a setting out of range or an unknown grader.
 *
 * @example v2 against v3 of the bundled example, graded here
 * ```ts
 * import { compare } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const result = await compare("returns-assistant-v2", "returns-assistant-v3", {
 *   source: "examples/returns-desk.jsonl",
 *   graders: ["exact", "bleu"],
 * });
 * const exact = result.grader("exact")!;
 * assert.equal(exact.method, "Newcombe hybrid score (method 10)");
 * assert.ok(exact.ci[0] <= exact.difference && exact.difference <= exact.ci[1]);
 * assert.equal(result.grader("bleu")!.metric, "corpus BLEU");
 * ```
 */
export async function compare(
  a: string | CompareSide,
  b: string | CompareSide,
  options: CompareOptions = {},
): Promise<CompareResult> {
  const s = settingsOf(options);
  const config = options.graders === undefined ? null : resolveScoreConfig({
    graders: options.graders,
    thresholds: options.thresholds,
    graderOptions: options.graderOptions,
    mapping: options.mapping,
    format: options.format,
    defaultVersion: options.defaultVersion,
  });
  const collector = new Collector();
  const graders = new Map<string, GraderInfo>();
  const notes: string[] = [];
  let names: { a: string; b: string };
  let sources: { a: string; b: string };
  if (options.source !== undefined) {
    if (typeof a !== "string" || typeof b !== "string") {
      throw new UserTypeError("With options.source, a and b are the names of two versions in it");
    }
    if (a === b) throw new UserRangeError(`Cannot compare version "${a}" with itself`);
    const read = await readSource(
      options.source,
      options.name,
      { kind: "both", a, b },
      options,
      config,
      collector,
      graders,
    );
    for (const note of read.notes) notes.push(note);
    for (const v of [a, b]) {
      if (!read.picker.versions.includes(v)) {
        throw new UserRangeError(
          `Cannot compare: "${read.name}" has no version "${v}" (versions: ` +
            `${read.picker.versions.map((x) => JSON.stringify(x)).join(", ") || "none"})`,
        );
      }
    }
    names = { a, b };
    sources = { a: read.name, b: read.name };
  } else {
    const readA = await readOneSide(sideOf(a, "a"), "a", options, config, collector, graders);
    const readB = await readOneSide(sideOf(b, "b"), "b", options, config, collector, graders);
    for (const note of [...readA.notes, ...readB.notes]) notes.push(note);
    const va = readA.version;
    const vb = readB.version;
    if (va === undefined || vb === undefined) {
      const empty = va === undefined ? readA.name : readB.name;
      throw new UserRangeError(`Cannot compare: "${empty}" has no rows of the version to compare`);
    }
    // Name the versions by their own names, or by their sources when the names are the same.
    names = va === vb ? { a: readA.name, b: readB.name } : { a: va, b: vb };
    if (va === vb) notes.push(`Both sources call their version "${va}": named by file here.`);
    sources = { a: readA.name, b: readB.name };
  }
  const cases = collector.cases();
  const data: CompareData = {
    a: names.a,
    b: names.b,
    sources,
    pairs: cases.pairs,
    onlyA: cases.onlyA,
    onlyB: cases.onlyB,
    scale: "fraction",
    confidence: s.confidence,
    convention: s.convention,
    bootstrap: { seed: s.seed, resamples: s.resamples },
    graders: collector.graders().map((g) => compareGrader(collector, g, graders.get(g) ?? {}, s))
      .filter((g) => g.cases.paired > 0 || g.cases.onlyA + g.cases.onlyB > 0),
    leftOut: collector.leftOut(),
    notes,
  };
  return new CompareResult(data);
}
