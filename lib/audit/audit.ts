/**
 * The audit: classify every row, then report each version × grader three ways.
 *
 * @module
 */
import { UserRangeError } from "../errors/mod.ts";
import { checkConfidence } from "../stats/check_confidence.ts";
import { INTERVAL_METHODS, intervalMethod } from "../stats/proportion_interval.ts";
import type { IntervalMethod } from "../stats/proportion_interval.ts";
import { classifyRow } from "./classify_row.ts";
import { conventionRates } from "./convention_rates.ts";
import { matchDeclared } from "./declared_match.ts";
import { scoreMean } from "./score_mean.ts";
import { type Advice, advise } from "./_advice.ts";
import { type ClassCounts, GraderState, GroupState, REFUSED_LISTED, zeroCounts } from "./_state.ts";
import { type CaseSums, caseSums } from "./_attempts.ts";
import { FirstRows } from "../io/_first_rows.ts";
import { StringIds } from "../io/_key_ids.ts";
import { AuditReport, type AuditReportData, type GroupReport } from "./audit_report.ts";
import type { AuditRow, DeclaredFigure, RefusedRow, ScoreScale } from "./types.ts";

/** What to audit: rows, plus what the source says about itself. */
export interface AuditInput {
  /** The attempts, in source order (an array, any iterable, or an async iterable). */
  rows: Iterable<AuditRow> | AsyncIterable<AuditRow>;
  /**
   * Figures the source reports about itself (matched against the conventions). Read after the
   * rows are consumed, so a streaming reader may fill the array as it goes.
   */
  declared?: readonly DeclaredFigure[];
  /** The harness that wrote the source, e.g. `"promptfoo"`. */
  harness?: string;
  /**
   * Notes shown with the report (how the harness records unscored rows, values that could not be
   * read). Read after the rows are consumed.
   */
  notes?: readonly string[];
  /**
   * Rows refused before auditing (e.g. records an adapter could not read). Read after the rows are
   * consumed.
   */
  refused?: readonly RefusedRow[];
  /**
   * How many more rows the reader refused than it lists in `refused` (a reader keeps a capped
   * list on big files). Read after the rows are consumed.
   */
  refusedUnlisted?: number;
  /** A name for the source, shown in the report heading. */
  source?: string;
}

/** Settings of an audit. */
export interface AuditOptions {
  /** Confidence level of every interval, in (0, 1); default 0.95. */
  confidence?: number;
  /** Score scale for every row; default each row's own scale, else [0, 1]. */
  scale?: ScoreScale;
  /**
   * The interval method of every rate (default `"wilson"`); statsmodels' names are accepted.
   * See {@link INTERVAL_METHODS}.
   */
  method?: IntervalMethod | string;
  /**
   * Seed of the bootstrap interval of a mean score, reported for groups whose grader gives scores
   * but no verdicts (default 0: the same file gives the same interval on every run).
   */
  seed?: number;
  /** Number of resamples of that bootstrap (default 1000). */
  resamples?: number;
}

function checkBootstrap(options: AuditOptions): { seed: number; resamples: number } {
  const seed = options.seed ?? 0;
  const resamples = options.resamples ?? 1000;
  if (!Number.isSafeInteger(seed)) {
    throw new UserRangeError(`seed must be a whole number, got ${seed}`);
  }
  if (!Number.isSafeInteger(resamples) || resamples < 1) {
    throw new UserRangeError(`resamples must be a whole number ≥ 1, got ${resamples}`);
  }
  return { seed, resamples };
}

function isRowSource(input: unknown): input is Iterable<AuditRow> | AsyncIterable<AuditRow> {
  return typeof input === "object" && input !== null &&
    (Symbol.iterator in input || Symbol.asyncIterator in input);
}

function checkScale(scale: ScoreScale | undefined): void {
  if (scale === undefined) return;
  if (!Number.isFinite(scale.min) || !Number.isFinite(scale.max) || !(scale.min < scale.max)) {
    throw new UserRangeError(
      `scale must have finite min < max, got [${scale.min}, ${scale.max}]`,
    );
  }
}

/**
 * Audit result rows: refuse duplicates and rows with no version, classify every other row as an
 * attempt, run the zeroing check per grader, and report each version × grader with the pass rate
 * three ways (scored only, all attempted, upper edge), two-sided intervals (Wilson unless another
 * method is chosen), the envelope,
 * the each-case-once rate when repeats are unequal, and the match of any declared figure.
 *
 * @param input Rows (array, iterable or async iterable), or an {@link AuditInput}.
 * @param options Confidence level, interval method and score scale.
 * @returns The report.
 * @throws {RangeError} When the confidence is not in (0, 1), the method is unknown or the scale is
 * empty.
 *
 * @example Three attempts, one of them a timeout
 * ```ts
 * import { audit } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const base = { version: "v1", repeat: 0, grader: "exact" };
 * const report = await audit([
 *   { ...base, row: 1, case: "q1", score: 1, pass: true },
 *   { ...base, row: 2, case: "q2", score: 0, pass: false },
 *   { ...base, row: 3, case: "q3", score: null, pass: null, error: "Request timed out" },
 * ]);
 * const [group] = report.toJSON().groups;
 * assert.equal(group.scoredOnly?.rate, 1 / 2);
 * assert.equal(group.allAttempted?.rate, 1 / 3);
 * assert.equal(group.upperEdge?.rate, 2 / 3);
 * assert.equal(group.counts.errored, 1);
 * ```
 */
export async function audit(
  input: AuditInput | Iterable<AuditRow> | AsyncIterable<AuditRow>,
  options: AuditOptions = {},
): Promise<AuditReport> {
  const confidence = checkConfidence(options.confidence ?? 0.95);
  const method = intervalMethod(options.method ?? "wilson");
  const bootstrap = checkBootstrap(options);
  checkScale(options.scale);
  const source: AuditInput = isRowSource(input) ? { rows: input } : input;
  // Memory stays small on big files: per group and grader counters and capped example lists;
  // the duplicate check's keys and the per-case sums in compact typed arrays (see _attempts.ts).
  const groups: GroupState[] = [];
  const byVersion = new Map<string, Map<string, GroupState>>();
  const groupOf = (version: string, grader: string) => byVersion.get(version)?.get(grader);
  const graders = new Map<string, GraderState>();
  const caseIds = new StringIds();
  const attempts = new FirstRows();
  const refusedRows: RefusedRow[] = [];
  let refused = 0;
  const refusedByReason: Record<string, number> = {};
  const refuse = (r: RefusedRow) => {
    refused++;
    refusedByReason[r.reason] = (refusedByReason[r.reason] ?? 0) + 1;
    if (refusedRows.length < REFUSED_LISTED) refusedRows.push(r);
  };

  for await (const row of source.rows) {
    const version = row.version?.trim() ? row.version : undefined;
    if (version === undefined) {
      refuse({
        row: row.row,
        reason: "no-version",
        message: `row ${row.row} has no version, so it cannot be attributed`,
        grader: row.grader,
      });
      continue;
    }
    let group = groupOf(version, row.grader);
    if (!group) {
      group = new GroupState(version, row.grader, groups.length);
      groups.push(group);
      let inVersion = byVersion.get(version);
      if (!inVersion) byVersion.set(version, inVersion = new Map());
      inVersion.set(row.grader, group);
    }
    const keyed = row.case.trim() !== "";
    if (keyed) {
      const first = attempts.add(group.id, caseIds.id(row.case), row.repeat, row.row);
      if (first !== undefined) {
        group.counts.refused++;
        refuse({
          row: row.row,
          reason: "duplicate-key",
          message: `row ${row.row} repeats the case, version, repeat and grader of row ${first}`,
          version,
          grader: row.grader,
          firstRow: first,
        });
        continue;
      }
    }
    const result = classifyRow(row, options.scale);
    const bits = group.add(row, result);
    if (keyed) attempts.mark(bits);
    let grader = graders.get(row.grader);
    if (!grader) graders.set(row.grader, grader = new GraderState());
    grader.add(row, result.class);
  }
  attempts.dropIndex();

  // Refusals handed in by an adapter (read only now: a streaming reader fills them as it goes)
  // count in their group when they name one; a reader that lists only some says how many more.
  for (const r of source.refused ?? []) {
    refused++;
    refusedByReason[r.reason] = (refusedByReason[r.reason] ?? 0) + 1;
    refusedRows.push(r); // a reader's list is capped by the reader; the lowest rows are kept below
    const g = r.version !== undefined && r.grader !== undefined
      ? groupOf(r.version, r.grader)
      : undefined;
    if (g) g.counts.refused++;
  }
  const unlisted = source.refusedUnlisted ?? 0;
  if (unlisted > 0) {
    // A reader caps only records it could not read (they name no version or grader).
    refused += unlisted;
    refusedByReason["unreadable-record"] = (refusedByReason["unreadable-record"] ?? 0) + unlisted;
  }

  const zeroing = new Map(
    [...graders].map(([name, state]) => [name, state.zeroingDecision()]),
  );
  const zeroedGroup = (id: number) => zeroing.get(groups[id].grader)?.ran ?? false;
  const sumsByGroup = new Map(caseSums(attempts, groups.length, caseIds.size, zeroedGroup));
  const reports: GroupReport[] = [];
  for (const g of groups) {
    const decision = zeroing.get(g.grader) ?? { ran: false, reason: "no attempts" };
    const moved = decision.ran ? g.moveZeroed() : 0;
    const zeroed = { ...decision, moved };
    const settings = { confidence, method, ...bootstrap };
    reports.push(groupReport(g, graders.get(g.grader), zeroed, settings, sumsByGroup.get(g.id)));
  }

  const unmatchedDeclared = attachDeclared(source.declared ?? [], reports);
  const totals = zeroCounts();
  for (const r of reports) {
    for (const k of Object.keys(totals) as (keyof ClassCounts)[]) {
      if (k !== "refused") totals[k] += r.counts[k];
    }
  }
  totals.refused = refused;
  refusedRows.sort((a, b) => a.row - b.row);
  refusedRows.length = Math.min(refusedRows.length, REFUSED_LISTED);

  const data: AuditReportData = {
    source: source.source ?? null,
    harness: source.harness ?? null,
    notes: [...(source.notes ?? [])],
    confidence,
    method,
    interval: `${INTERVAL_METHODS[method].label}, two-sided`,
    bootstrap: { method: "percentile", ...bootstrap },
    scale: options.scale ? { ...options.scale } : null,
    totals,
    groups: reports,
    refusedRows,
    refusedByReason,
    unmatchedDeclared,
  };
  return new AuditReport(data);
}

function groupReport(
  g: GroupState,
  grader: GraderState | undefined,
  zeroing: { ran: boolean; reason: string; moved: number },
  settings: { confidence: number; method: IntervalMethod; seed: number; resamples: number },
  cases: CaseSums | undefined,
): GroupReport {
  const { confidence, method } = settings;
  const counts = { ...g.counts };
  const unscored = counts.attempted - counts.passed - counts.failed;
  const verdicts = (grader?.givesVerdicts ?? false) ||
    (counts.noVerdict === 0 && !(grader?.scoreOnly ?? false));
  const rates = verdicts
    ? conventionRates(
      { passed: counts.passed, failed: counts.failed, unscored },
      confidence,
      method,
    )
    : null;
  // Without verdicts there is no pass rate: the mean of the scored attempts stands in for it,
  // with the count behind it.
  const mean = verdicts ? null : scoreMean(g.scores, counts.attempted, settings);
  return {
    version: g.version,
    grader: g.grader,
    verdicts,
    counts,
    unscored,
    errorKinds: { ...g.errorKinds },
    scoredOnly: rates?.scoredOnly ?? null,
    allAttempted: rates?.allAttempted ?? null,
    upperEdge: rates?.upperEdge ?? null,
    envelope: rates?.envelope ?? null,
    scoreMean: mean,
    eachCaseOnce: verdicts && cases ? eachCaseOnce(cases, rates?.scoredOnly.rate ?? NaN) : null,
    declared: [],
    zeroing,
    unscoredRows: [...g.examples].sort((a, b) => a.row - b.row),
    ...adviceOf(advise(counts, g.errorKinds, rates, settings, mean, g.grader)),
  };
}

function adviceOf(a: Advice): { advice: string; adviceReasons: string[] } {
  return { advice: a.advice, adviceReasons: a.reasons };
}

function eachCaseOnce(c: CaseSums, pooled: number): GroupReport["eachCaseOnce"] {
  if (c.cases === 0 || c.minRepeats === c.maxRepeats) return null;
  return {
    rate: c.scored === 0 ? NaN : c.rateSum / c.scored,
    cases: c.scored,
    casesWithoutScore: c.cases - c.scored,
    pooledRate: pooled,
    minRepeats: c.minRepeats,
    maxRepeats: c.maxRepeats,
  };
}

function attachDeclared(
  figures: readonly DeclaredFigure[],
  reports: GroupReport[],
): AuditReportData["unmatchedDeclared"] {
  const unmatched: AuditReportData["unmatchedDeclared"] = [];
  for (const figure of figures) {
    const covered = reports.filter((r) =>
      r.verdicts && (figure.version === undefined || figure.version === r.version) &&
      (figure.grader === undefined || figure.grader === r.grader)
    );
    if (covered.length === 0) {
      unmatched.push({
        ...figure,
        reason: "no audited version × grader with verdicts matches this figure",
      });
      continue;
    }
    const pooled = { attempted: 0, passed: 0, failed: 0, unparsed: 0, errored: 0 };
    for (const r of covered) {
      pooled.errored += r.counts.errored;
      pooled.attempted += r.counts.attempted;
      pooled.passed += r.counts.passed;
      pooled.failed += r.counts.failed;
      pooled.unparsed += r.counts.unparsed;
    }
    const match = { ...matchDeclared(figure, pooled), groups: covered.length };
    for (const r of covered) r.declared.push(match);
  }
  return unmatched;
}
