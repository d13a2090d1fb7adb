// A chunk's grades cut down to what counting reads, for chunks whose rows nobody keeps (a run
// that writes no scored file keeps no rows past the report's first ones). Counting a result reads
// whether it was judged, its error code, its score and verdict, its corpus statistics, and for a
// failing one its near-miss steps and (while the failing list has room) its reason: a worker sends
// only those, as numbers in one float64 array (so sums come out to the bit, and are still added
// on the calling thread, in file order), one status byte a result, and the strings; the calling
// thread counts from them without building a result object (fourteen a row for all graders, most
// of the garbage of a two-thread run). Rows' assertions, rare, travel as they are.
import type { AssertionOutcome } from "../graders/mod.ts";
import { sumRows } from "../graders/_stats.ts";
import type { RowGrades } from "./_row_grader.ts";
import { FAILING_KEPT, type Tally } from "./_tally.ts";

/** A chunk's grades as counting reads them (see {@link countedGrades}). */
export interface CountedGrades {
  /** Rows in the chunk. */
  rows: number;
  /** Results a row (the selected graders). */
  graders: number;
  /**
   * Per row × grader: {@link NOT_JUDGED}, {@link ERROR} or a verdict, plus {@link HAS_STATS} and
   * {@link HAS_REASON}.
   */
  status: Uint8Array<ArrayBuffer>;
  /**
   * Numbers in order of the results: an error's code (its index in `names`); a judged result's
   * score, then, if failing, its steps' count and names' indexes, then, with statistics, their
   * count and values.
   */
  numbers: Float64Array<ArrayBuffer>;
  /** Error codes and step names, each once. */
  names: unknown[];
  /** The reasons of failing results marked {@link HAS_REASON}, in order. */
  reasons: (string | undefined)[];
  /** The rows that have assertions: row index, then its outcomes. */
  assertions: [number, AssertionOutcome[]][];
}

/** A result the grader could not judge (`notJudged`). */
const NOT_JUDGED = 0;
/** An error (`error`, when judged). */
const ERROR = 1;
/** Judged: `pass` true, false, or anything else (a score only). */
const PASSED = 2;
const FAILED = 3;
const SCORED = 4;
/** Added to a judged result's status when it has `stats`. */
const HAS_STATS = 8;
/**
 * Added to a failing result's status when its reason is sent (any reason not marked unread, even
 * an undefined one): the others count as undefined.
 */
const HAS_REASON = 16;

/**
 * Cut a chunk's grades down to what counting reads (`unread`, as for `packGrades`, marks results
 * whose reasons will not be read: they go as undefined). The typed arrays' buffers are the
 * packer's own (transferable).
 *
 * @example Pack and count two rows
 * ```ts
 * import { countedGrades, CountedReader } from "./_counted_grades.ts";
 * import { Tally } from "./_tally.ts";
 * import assert from "node:assert/strict";
 *
 * const NONE: never[] = [];
 * const grades = [
 *   { results: [{ score: 1, pass: true }], steps: [NONE], thresholds: [undefined], assertions: [] },
 *   {
 *     results: [{ score: 0, pass: false, reason: "no" }],
 *     steps: [["lowercase" as const]],
 *     thresholds: [undefined],
 *     assertions: [],
 *   },
 * ];
 * const reader = new CountedReader(structuredClone(countedGrades(grades)));
 * const tally = new Tally("v1", "exact");
 * for (const row of [{ case: "a", repeat: 1, references: 1 }, { case: "b", repeat: 1, references: 1 }]) {
 *   reader.countRow([tally], row);
 * }
 * assert.deepEqual([tally.graded, tally.passed, tally.failed, tally.nearMisses], [2, 1, 1, 1]);
 * assert.equal(tally.failing[0].reason, "no");
 * ```
 */
export function countedGrades(
  grades: readonly RowGrades[],
  unread: Uint8Array | null = null,
): CountedGrades {
  const graders = grades.length === 0 ? 0 : grades[0].results.length;
  const status = new Uint8Array(grades.length * graders);
  let numbers = new Float64Array(Math.max(64, sizes.numbers * grades.length));
  let n = 0;
  const names: unknown[] = [];
  const nameIds = new Map<unknown, number>();
  const nameId = (name: unknown): number => {
    let id = nameIds.get(name);
    if (id === undefined) {
      nameIds.set(name, id = names.length);
      names.push(name);
    }
    return id;
  };
  const room = (more: number) => {
    if (n + more <= numbers.length) return;
    const grown = new Float64Array(Math.max(n + more, 2 * numbers.length));
    grown.set(numbers.subarray(0, n));
    numbers = grown;
  };
  const reasons: (string | undefined)[] = [];
  const assertions: [number, AssertionOutcome[]][] = [];
  // A column's errors mostly repeat (the rows it cannot judge): its last one's id is kept.
  const lastError: unknown[] = new Array(graders);
  const lastErrorId: number[] = new Array(graders).fill(-1);
  for (let r = 0; r < grades.length; r++) {
    const { results, steps } = grades[r];
    if (results.length !== graders) {
      throw new Error("Cannot count grades: rows with different numbers of results (a bug)");
    }
    const at = r * graders;
    // Room for one number a result; steps and statistics make room for theirs and that again.
    room(graders);
    for (let j = 0; j < graders; j++) {
      const result = results[j];
      // The same tests, in the same order, as `Tally.add`.
      if (result.notJudged) {
        status[at + j] = NOT_JUDGED;
        continue;
      }
      const error = result.error;
      if (error) {
        status[at + j] = ERROR;
        if (lastErrorId[j] < 0 || lastError[j] !== error) {
          lastError[j] = error;
          lastErrorId[j] = nameId(error);
        }
        numbers[n++] = lastErrorId[j];
        continue;
      }
      numbers[n++] = result.score;
      let code = result.pass === true ? PASSED : result.pass === false ? FAILED : SCORED;
      if (code === FAILED) {
        const probe = steps[j];
        room(1 + probe.length + graders);
        numbers[n++] = probe.length;
        for (let k = 0; k < probe.length; k++) numbers[n++] = nameId(probe[k]);
        if (unread === null || unread[at + j] !== 1) {
          code += HAS_REASON;
          reasons.push(result.reason);
        }
      }
      const stats = result.stats;
      if (stats) {
        code += HAS_STATS;
        room(1 + stats.length + graders);
        numbers[n++] = stats.length;
        for (let k = 0; k < stats.length; k++) numbers[n++] = stats[k];
      }
      status[at + j] = code;
    }
    if (grades[r].assertions.length > 0) assertions.push([r, grades[r].assertions]);
  }
  if (grades.length > 0) sizes.numbers = Math.ceil(n / grades.length) + 8;
  return {
    rows: grades.length,
    graders,
    status,
    numbers: numbers.subarray(0, n),
    names,
    reasons,
    assertions,
  };
}

/** Numbers a row took in the last chunk (a first guess for the next one). */
const sizes = { numbers: 16 };

/** What counting needs to know of a row besides its grades. */
export interface CountedRow {
  case: string;
  repeat: number;
  /** How many reference values the row has. */
  references: number;
}

/**
 * Counts a {@link CountedGrades} chunk into tallies, a row at a time in order, exactly as
 * `Tally.add` counts the results it was made from.
 */
export class CountedReader {
  readonly #grades: CountedGrades;
  #row = 0;
  #n = 0;
  #reason = 0;
  #assertion = 0;

  constructor(grades: CountedGrades) {
    this.#grades = grades;
  }

  /** Count the next row's results, one into each of `tallies` (by grader, in order). */
  countRow(tallies: readonly Tally[], row: CountedRow): void {
    const { status, numbers, names, reasons, graders } = this.#grades;
    const at = this.#row++ * graders;
    let n = this.#n;
    for (let j = 0; j < graders; j++) {
      const t = tallies[j];
      const code = status[at + j];
      if (code === NOT_JUDGED) {
        t.notJudged++;
        continue;
      }
      if (code === ERROR) {
        t.errors++;
        const error = names[numbers[n++]] as string;
        t.errorCodes.set(error, (t.errorCodes.get(error) ?? 0) + 1);
        continue;
      }
      t.graded++;
      const score = numbers[n++];
      if (Number.isFinite(score)) {
        t.scoreSum += score;
        t.scoreCount++;
      }
      const verdict = code & 7;
      if (verdict === PASSED) t.passed++;
      else if (verdict === FAILED) {
        t.failed++;
        const count = numbers[n++];
        if (count > 0) {
          t.nearMisses++;
          for (let k = 0; k < count; k++) {
            const step = names[numbers[n + k]] as string;
            t.steps.set(step, (t.steps.get(step) ?? 0) + 1);
          }
        }
        const reason = code & HAS_REASON ? reasons[this.#reason++] : undefined;
        if (t.failing.length < FAILING_KEPT) {
          const steps = new Array<string>(count);
          for (let k = 0; k < count; k++) steps[k] = names[numbers[n + k]] as string;
          t.failing.push({ case: row.case, repeat: row.repeat, steps, reason });
        }
        n += count;
      }
      if (code & HAS_STATS) {
        const length = numbers[n++];
        if (t.stats === null) {
          const stats = new Array<number>(length);
          for (let k = 0; k < length; k++) stats[k] = numbers[n + k];
          t.stats = stats;
        } else {
          const sum = t.stats;
          if (length !== sum.length) {
            sumRows([sum, Array.from(numbers.subarray(n, n + length))], sum.length);
          }
          for (let k = 0; k < length; k++) sum[k] += numbers[n + k];
        }
        n += length;
        t.refCounts.add(row.references);
      }
    }
    this.#n = n;
  }

  /** The outcomes of the assertions of the row last counted (empty when it has none). */
  assertionsOfLastRow(): AssertionOutcome[] {
    const list = this.#grades.assertions;
    const next = list[this.#assertion];
    if (next !== undefined && next[0] === this.#row - 1) {
      this.#assertion++;
      return next[1];
    }
    return NO_OUTCOMES;
  }
}

const NO_OUTCOMES: AssertionOutcome[] = [];
