// Running state of an audit: per-group and per-grader tallies, kept small so rows can stream.
import { isZeroable, ZeroingCheck } from "./zeroing_check.ts";
import { FAILED, PASSED, ZEROABLE } from "./_attempts.ts";
import type { RowClass, RowClassification } from "./classify_row.ts";
import type { AuditRow, ErrorKind } from "./types.ts";

/** How many example rows of each class a group keeps for the report. */
export const EXAMPLES_PER_CLASS = 20;

/** How many refused rows a report lists (the lowest row numbers; the counts stay exact). */
export const REFUSED_LISTED = 1000;

/** Counts by class, plus attempts and refusals. */
export interface ClassCounts {
  /** Rows that are attempts: every row not refused. */
  attempted: number;
  /** Rows refused (duplicates, no version, unreadable records): not attempts. */
  refused: number;
  /** Attempts that passed. */
  passed: number;
  /** Attempts that failed. */
  failed: number;
  /** Attempts with a NaN score. */
  nan: number;
  /** Attempts whose grade could not be read. */
  unparsed: number;
  /** Attempts with a blank case id, a bad repeat or a score off its scale. */
  unreadable: number;
  /** Attempts that recorded an error. */
  errored: number;
  /** Attempts with a score but no verdict. */
  noVerdict: number;
  /** Attempts with no score, no verdict and no error. */
  empty: number;
}

/** An unscored row named in a report. */
export interface UnscoredRow {
  /** 1-based row number in the source. */
  row: number;
  /** Its class. */
  class: RowClass;
  /** Why it has no usable verdict. */
  reason: string;
  /** For errored rows, the error's kind. */
  errorKind?: ErrorKind;
}

export function zeroCounts(): ClassCounts {
  return {
    attempted: 0,
    refused: 0,
    passed: 0,
    failed: 0,
    nan: 0,
    unparsed: 0,
    unreadable: 0,
    errored: 0,
    noVerdict: 0,
    empty: 0,
  };
}

export class GroupState {
  readonly counts = zeroCounts();
  readonly errorKinds: Record<ErrorKind, number> = {
    infrastructure: 0,
    model: 0,
    grader: 0,
    unstated: 0,
  };
  readonly examples: UnscoredRow[] = [];
  readonly #shown = new Map<RowClass, number>();
  zeroable = 0;
  readonly zeroableExamples: UnscoredRow[] = [];
  /** Scores of the attempts with a score and no verdict (for the mean of a verdict-less grader). */
  readonly scores: number[] = [];

  /**
   * @param id The group's number (its per-case sums are kept by number, see `_attempts.ts`).
   */
  constructor(readonly version: string, readonly grader: string, readonly id = 0) {}

  example(entry: UnscoredRow): void {
    const shown = this.#shown.get(entry.class) ?? 0;
    if (shown >= EXAMPLES_PER_CLASS) return;
    this.#shown.set(entry.class, shown + 1);
    this.examples.push(entry);
  }

  /** Count a row; returns its class bits for the per-case sums (see `_attempts.ts`). */
  add(row: AuditRow, result: RowClassification): number {
    const c = result.class;
    this.counts.attempted++;
    this.counts[c]++;
    if (result.errorKind) this.errorKinds[result.errorKind]++;
    if (c === "noVerdict" && typeof row.score === "number") this.scores.push(row.score);
    if (c !== "passed" && c !== "failed") {
      this.example({
        row: row.row,
        class: c,
        reason: firstLine(result.reason ?? ""),
        ...(result.errorKind ? { errorKind: result.errorKind } : {}),
      });
    }
    const zeroable = isZeroable(row, c);
    if (zeroable) {
      this.zeroable++;
      if (this.zeroableExamples.length < EXAMPLES_PER_CLASS) {
        this.zeroableExamples.push({
          row: row.row,
          class: "unparsed",
          reason: `raw grade ${
            JSON.stringify(shorten(row.rawGrade as string, 60))
          } is not a recognized grade (a harness would score it 0)`,
        });
      }
    }
    return (c === "passed" ? PASSED : 0) | (c === "failed" ? FAILED : 0) |
      (zeroable ? ZEROABLE : 0);
  }

  /** Move the zeroable failing rows to unparsed (the zeroing check ran for this grader). */
  moveZeroed(): number {
    const moved = this.zeroable;
    this.counts.failed -= moved;
    this.counts.unparsed += moved;
    for (const entry of this.zeroableExamples) this.example(entry);
    return moved;
  }
}

/** What the zeroing check needs to know about one grader across the file. */
export class GraderState extends ZeroingCheck {
  /** A row declares the grader binary, or a row carries a verdict. */
  givesVerdicts = false;
  /** A row declares that the grader gives scores only. */
  scoreOnly = false;

  override add(row: AuditRow, cls: RowClass): void {
    if (row.binary === true || row.pass !== null) this.givesVerdicts = true;
    if (row.scoreOnly === true) this.scoreOnly = true;
    super.add(row, cls);
  }

  /** Whether the zeroing check runs for this grader, and why (not). */
  zeroingDecision(): { ran: boolean; reason: string } {
    return this.decision();
  }
}

/** The first non-blank line of a text (a stack trace's message), cut for listing. */
export function firstLine(text: string): string {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== "") ?? "";
  return shorten(line.trim());
}

/** Cut long text for listing. */
export function shorten(text: string, max = 200): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max - 1).join("") + "…";
}
