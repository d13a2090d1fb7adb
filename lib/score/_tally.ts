// Per version × grader counters, filled row by row as scoring streams.
import { sumRows } from "../graders/_stats.ts";
import type {
  AssertionCounts,
  FailingAssertion,
  FailingCase,
  UnknownAssertionRow,
} from "./score_report.ts";
import type { GradeResult, GraderName } from "../graders/mod.ts";

/** The most failing rows kept for listing per version × grader (counts stay exact). */
export const FAILING_KEPT = 500;

/** Counters for one version × grader. */
export class Tally {
  readonly version: string;
  readonly grader: string;
  graded = 0;
  passed = 0;
  failed = 0;
  notJudged = 0;
  errors = 0;
  nearMisses = 0;
  scoreSum = 0;
  scoreCount = 0;
  /** Near-miss rows by step name. */
  readonly steps = new Map<string, number>();
  /** Errors by code. */
  readonly errorCodes = new Map<string, number>();
  readonly failing: FailingCase[] = [];
  /** Summed corpus statistics (BLEU, chrF) and the reference counts seen. */
  stats: number[] | null = null;
  readonly refCounts = new Set<number>();

  constructor(version: string, grader: string) {
    this.version = version;
    this.grader = grader;
  }

  /** Count one graded result; `nearMiss` lists the steps that would flip a failure. */
  add(
    result: GradeResult,
    row: { case: string; repeat: number; references: number },
    nearMiss: readonly string[],
  ): void {
    if (result.notJudged) {
      this.notJudged++;
      return;
    }
    if (result.error) {
      this.errors++;
      this.errorCodes.set(result.error, (this.errorCodes.get(result.error) ?? 0) + 1);
      return;
    }
    this.graded++;
    if (Number.isFinite(result.score)) {
      this.scoreSum += result.score;
      this.scoreCount++;
    }
    if (result.pass === true) this.passed++;
    if (result.pass === false) {
      this.failed++;
      if (nearMiss.length > 0) {
        this.nearMisses++;
        for (const s of nearMiss) this.steps.set(s, (this.steps.get(s) ?? 0) + 1);
      }
      if (this.failing.length < FAILING_KEPT) {
        this.failing.push({
          case: row.case,
          repeat: row.repeat,
          steps: [...nearMiss],
          reason: result.reason,
        });
      }
    }
    if (result.stats) {
      if (this.stats === null) this.stats = [...result.stats];
      else {
        const add = result.stats;
        if (add.length !== this.stats.length) sumRows([this.stats, add], this.stats.length);
        for (let i = 0; i < add.length; i++) this.stats[i] += add[i];
      }
      this.refCounts.add(row.references);
    }
  }

  /** The mean score over graded rows, or NaN when none. */
  get meanScore(): number {
    return this.scoreCount === 0 ? NaN : this.scoreSum / this.scoreCount;
  }
}

/** Tallies keyed by version and grader, kept in first-seen order. */
export class Tallies {
  readonly #map = new Map<string, Tally>();

  get(version: string, grader: GraderName | string): Tally {
    const key = JSON.stringify([version, grader]);
    let t = this.#map.get(key);
    if (!t) {
      t = new Tally(version, grader);
      this.#map.set(key, t);
    }
    return t;
  }

  all(): Tally[] {
    return [...this.#map.values()];
  }
}

/** How many rows with unknown assertion kinds are listed (counts stay exact). */
export const UNKNOWN_ROWS_KEPT = 100;

function emptyCounts(): AssertionCounts {
  return { run: 0, passed: 0, failed: 0, scoredOnly: 0, notJudged: 0, errors: 0, nearMisses: 0 };
}

function countInto(c: AssertionCounts, result: GradeResult, nearMiss: readonly string[]): void {
  c.run++;
  if (result.notJudged) c.notJudged++;
  else if (result.error) c.errors++;
  else if (result.pass === true) c.passed++;
  else if (result.pass === false) {
    c.failed++;
    if (nearMiss.length > 0) c.nearMisses++;
  } else c.scoredOnly++;
}

/** Counters for the per-row assertions of a whole run. */
export class AssertionTally {
  readonly total: AssertionCounts = emptyCounts();
  readonly byType = new Map<string, AssertionCounts>();
  readonly byVersion = new Map<string, AssertionCounts>();
  readonly steps = new Map<string, number>();
  readonly unknown = new Map<string, number>();
  readonly unknownRows: UnknownAssertionRow[] = [];
  readonly failing: FailingAssertion[] = [];

  /** Count one assertion's outcome on one row. */
  add(
    row: { case: string; version: string; repeat: number },
    outcome: { type: string; known: boolean; result: GradeResult; nearMiss: readonly string[] },
  ): void {
    const where = { case: row.case, version: row.version, repeat: row.repeat, type: outcome.type };
    if (!outcome.known) {
      this.unknown.set(outcome.type, (this.unknown.get(outcome.type) ?? 0) + 1);
      if (this.unknownRows.length < UNKNOWN_ROWS_KEPT) this.unknownRows.push(where);
      return;
    }
    const { result, nearMiss } = outcome;
    countInto(this.total, result, nearMiss);
    for (
      const [map, key] of [[this.byType, outcome.type], [this.byVersion, row.version]] as const
    ) {
      let c = map.get(key);
      if (!c) map.set(key, c = emptyCounts());
      countInto(c, result, nearMiss);
    }
    if (result.pass === false && !result.error) {
      for (const s of nearMiss) this.steps.set(s, (this.steps.get(s) ?? 0) + 1);
      if (this.failing.length < FAILING_KEPT) {
        this.failing.push({ ...where, steps: [...nearMiss], reason: result.reason });
      }
    }
  }
}
