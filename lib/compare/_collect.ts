// Gathering the rows of the two versions, per grader and case, and what was left out.
import type { CompareRow } from "./types.ts";

/** One attempt of one version on one case, as kept for the comparison. */
export interface Attempt {
  repeat: number;
  pass: boolean | null;
  score: number | null;
  stats?: readonly number[];
  scale?: { min: number; max: number };
}

/** A case's attempts in each version for one grader. */
export interface CasePair {
  case: string;
  a: Attempt[];
  b: Attempt[];
}

/** The kind a grader's rows say it is, when the source does not know. */
export type GraderKind = "pass/fail" | "graded";

const KEPT_ROWS = 20;

/** Which side a row belongs to: a, b, or neither (another version: counted, not kept). */
export type Side = "a" | "b" | null;

/** Collects the rows of versions a and b per grader and case, and counts the rest. */
export class Collector {
  /** grader → case → attempts of each side. */
  readonly #graders = new Map<string, Map<string, CasePair>>();
  readonly #casesA = new Map<string, true>();
  readonly #casesB = new Map<string, true>();
  readonly #keys = new Set<string>();
  readonly #verdicts = new Map<string, boolean>();
  readonly #leftOut = new Map<string, { count: number; rows: number[] }>();

  /** Count rows that are not used, with their reason and (some of) their row numbers. */
  leaveOut(reason: string, rows: readonly number[] = [], count = rows.length): void {
    const entry = this.#leftOut.get(reason) ?? { count: 0, rows: [] };
    entry.count += count;
    for (const r of rows) if (entry.rows.length < KEPT_ROWS) entry.rows.push(r);
    this.#leftOut.set(reason, entry);
  }

  /**
   * Keep a row of side a or b (`position` is its row number in the source, for messages). Returns
   * the kept attempt, or undefined for a duplicate (counted as left out).
   */
  add(row: CompareRow, side: "a" | "b", position?: number): Attempt | undefined {
    const key = JSON.stringify([side, row.case, row.repeat, row.grader]);
    if (this.#keys.has(key)) {
      this.leaveOut(
        "duplicate case × repeat × grader",
        position === undefined ? [] : [position],
        1,
      );
      return undefined;
    }
    this.#keys.add(key);
    (side === "a" ? this.#casesA : this.#casesB).set(row.case, true);
    let cases = this.#graders.get(row.grader);
    if (!cases) this.#graders.set(row.grader, cases = new Map());
    let pair = cases.get(row.case);
    if (!pair) cases.set(row.case, pair = { case: row.case, a: [], b: [] });
    const attempt: Attempt = { repeat: row.repeat, pass: row.pass, score: row.score };
    if (row.stats) attempt.stats = row.stats;
    if (row.scale) attempt.scale = row.scale;
    pair[side].push(attempt);
    if (row.pass !== null) this.#verdicts.set(row.grader, true);
    return attempt;
  }

  /** Graders in order of first appearance. */
  graders(): string[] {
    return [...this.#graders.keys()];
  }

  /** Whether any row of the grader carries a verdict. */
  givesVerdicts(grader: string): boolean {
    return this.#verdicts.get(grader) ?? false;
  }

  /** The grader's cases present in both versions, in first-seen order, and the one-sided counts. */
  pairs(grader: string): { paired: CasePair[]; onlyA: number; onlyB: number } {
    const paired: CasePair[] = [];
    let onlyA = 0;
    let onlyB = 0;
    for (const pair of this.#graders.get(grader)?.values() ?? []) {
      if (pair.a.length > 0 && pair.b.length > 0) paired.push(pair);
      else if (pair.a.length > 0) onlyA++;
      else onlyB++;
    }
    return { paired, onlyA, onlyB };
  }

  /** Cases in both versions, and those in one only (any grader). */
  cases(): { pairs: number; onlyA: string[]; onlyB: string[] } {
    const onlyA = [...this.#casesA.keys()].filter((c) => !this.#casesB.has(c));
    const onlyB = [...this.#casesB.keys()].filter((c) => !this.#casesA.has(c));
    return { pairs: this.#casesA.size - onlyA.length, onlyA, onlyB };
  }

  /** Rows left out, by reason. */
  leftOut(): { reason: string; count: number; rows: number[] }[] {
    return [...this.#leftOut].sort(([a], [b]) => a.localeCompare(b))
      .map(([reason, e]) => ({ reason, ...e }));
  }
}
