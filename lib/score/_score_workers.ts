// Grading rows in file order, on the calling thread or on worker threads. Rows go to the workers
// in chunks; the chunks' grades come back in any order and are handed on in file order, so the
// results do not depend on the number of workers. The calling thread is one of the threads: it
// reads the file and counts the grades, and grades a chunk itself whenever every worker already
// has enough queued, so on two cores one worker and the calling thread share the grading. Grading is a pure function of a row and the
// configuration, so a chunk a worker could not grade (the worker failed to start, or a grader
// threw) is graded again on the calling thread: the same grades, or the same error.
import type { ResultRow } from "../io/mod.ts";
import { UserRangeError } from "../errors/mod.ts";
import type { GradableRow, RowGrader, RowGrades } from "./_row_grader.ts";
import type { FromWorker, ToWorker } from "./_score_worker.ts";
import { unpackGrades } from "./_grades_codec.ts";

/** One row with its grades. */
export interface GradedRow {
  row: ResultRow;
  grades: RowGrades;
}

/**
 * The worker's module, beside this one; undefined when this code runs from a bundle (one file:
 * there is no worker module to start, so everything is graded on the calling thread).
 */
const WORKER_MODULE = import.meta.url.endsWith("/_score_workers.ts")
  ? new URL("./_score_worker.ts", import.meta.url)
  : undefined;

/** Rows per chunk sent to a worker. */
const CHUNK = 500;
/**
 * Files with no more rows than this are graded on the calling thread, whatever the number of
 * workers asked for (starting a worker takes about a third of a second); on larger files these
 * first rows tell whether grading is costly enough to be worth other threads.
 *
 * @example Small files stay on one thread
 * ```ts
 * import { SMALL_FILE_ROWS } from "@verdict/verdict/score";
 * import assert from "node:assert/strict";
 *
 * assert.ok(SMALL_FILE_ROWS >= 1000);
 * ```
 */
export const SMALL_FILE_ROWS = 4000;
/** Chunks in flight per worker: enough to keep it busy, few enough to bound memory. */
const AHEAD = 3;

/**
 * The default number of threads `score` grades on: one per core
 * (`navigator.hardwareConcurrency`).
 *
 * @example One per core
 * ```ts
 * import { defaultWorkers } from "@verdict/verdict/score";
 * import assert from "node:assert/strict";
 *
 * assert.equal(defaultWorkers(), navigator.hardwareConcurrency);
 * ```
 */
export function defaultWorkers(): number {
  const n = globalThis.navigator?.hardwareConcurrency;
  return typeof n === "number" && n >= 1 ? Math.floor(n) : 1;
}

/** Check a worker count given by a caller (undefined: the default). */
export function checkWorkers(workers: number | undefined): number {
  if (workers === undefined) return defaultWorkers();
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) {
    throw new UserRangeError(`workers must be a whole number from 1 to 256, got ${workers}`);
  }
  return workers;
}

function gradable(row: ResultRow): GradableRow {
  return {
    output: row.output,
    reference: row.reference,
    schema: row.schema,
    threshold: row.threshold,
    assertions: row.assertions,
  };
}

/**
 * How many chunks worker threads have graded in this process, and how many the calling thread
 * graded while they were busy (for tests).
 */
export const workerChunks = { graded: 0, onCaller: 0 };

interface Pending {
  rows: ResultRow[];
  grades: Promise<RowGrades[] | undefined>;
  /** Set once `grades` has settled, so finished chunks are handed on without waiting. */
  done: boolean;
}

/** A pool of workers grading chunks; a chunk whose worker failed resolves to undefined. */
class Pool {
  readonly #workers: Worker[] = [];
  readonly #waiting = new Map<number, { worker: Worker; done: (g?: RowGrades[]) => void }>();
  readonly #load = new Map<Worker, number>();
  #next = 0;

  constructor(size: number, grader: RowGrader) {
    for (let i = 0; i < size; i++) {
      let worker: Worker;
      try {
        worker = new Worker(WORKER_MODULE!, { type: "module" });
      } catch {
        continue; // no worker here (a bundle, a sandbox): the calling thread grades
      }
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const message = event.data;
        const waiting = this.#waiting.get(message.chunk);
        if (waiting === undefined) return;
        this.#waiting.delete(message.chunk);
        this.#load.set(worker, this.#load.get(worker)! - 1);
        if ("grades" in message) workerChunks.graded++;
        waiting.done("grades" in message ? unpackGrades(message.grades) : undefined);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        this.#drop(worker);
      };
      worker.onmessageerror = () => this.#drop(worker);
      worker.postMessage({ config: grader.config } satisfies ToWorker);
      this.#workers.push(worker);
      this.#load.set(worker, 0);
    }
  }

  get size(): number {
    return this.#workers.length;
  }

  /** Whether every worker has `ahead` chunks queued (or there is no worker left). */
  full(ahead: number): boolean {
    return this.#waiting.size >= ahead * this.#workers.length;
  }

  /** Grade a chunk on the least busy worker (undefined: no worker could). */
  submit(rows: ResultRow[]): Promise<RowGrades[] | undefined> {
    let worker: Worker | undefined;
    for (const w of this.#workers) {
      if (worker === undefined || this.#load.get(w)! < this.#load.get(worker)!) worker = w;
    }
    if (worker === undefined) return Promise.resolve(undefined);
    const chunk = this.#next++;
    this.#load.set(worker, this.#load.get(worker)! + 1);
    const w = worker;
    return new Promise((done) => {
      this.#waiting.set(chunk, { worker: w, done });
      w.postMessage({ chunk, rows: rows.map(gradable) } satisfies ToWorker);
    });
  }

  /** Stop a failed worker; its chunks resolve to undefined (graded on the calling thread). */
  #drop(worker: Worker): void {
    worker.terminate();
    const at = this.#workers.indexOf(worker);
    if (at >= 0) this.#workers.splice(at, 1);
    for (const [chunk, waiting] of this.#waiting) {
      if (waiting.worker !== worker) continue;
      this.#waiting.delete(chunk);
      waiting.done(undefined);
    }
  }

  close(): void {
    for (const worker of this.#workers) worker.terminate();
    this.#workers.length = 0;
    for (const waiting of this.#waiting.values()) waiting.done(undefined);
    this.#waiting.clear();
  }
}

/**
 * The rows with their grades, in the order they come. The first {@link SMALL_FILE_ROWS} rows are
 * graded on the calling thread, and timed: when grading is the slow part (more than
 * {@link workerRule}'s `worthMs` a row: many graders at once, or costly ones), the rest is shared
 * by `workers - 1` worker threads and this one; cheap grading stays here, since sending rows to a
 * thread and results back would cost more than it saves.
 */
export async function* gradeInOrder(
  rows: AsyncIterable<ResultRow>,
  grader: RowGrader,
  workers = defaultWorkers(),
): AsyncGenerator<GradedRow> {
  const source = rows[Symbol.asyncIterator]();
  let graded = 0;
  let spent = 0;
  try {
    // Only the first rows are timed, and only when workers may start: past them the clock is
    // read for nothing (two calls a row).
    const timing = workers > 1 && WORKER_MODULE !== undefined;
    for (let next = await source.next(); !next.done; next = await source.next()) {
      if (!timing || graded >= SMALL_FILE_ROWS) {
        graded++;
        yield { row: next.value, grades: grader.grade(next.value) };
        continue;
      }
      const started = performance.now();
      const grades = grader.grade(next.value);
      spent += performance.now() - started;
      yield { row: next.value, grades };
      if (++graded === SMALL_FILE_ROWS && spent / graded > workerRule.worthMs) {
        yield* onWorkers(source, grader, workers);
        return;
      }
    }
  } finally {
    await source.return?.();
  }
}

/**
 * Grading time per row (ms), over the first rows, above which worker threads pay for themselves.
 * Measured on two cores (bench/README.md): all fourteen graders (~0.06 ms a row on the first,
 * cold rows) finish 15–20% sooner with one worker beside the calling thread, for about 30% more
 * CPU; BLEU and chrF together (~0.015 ms) would only spend more. An object so that a test can set
 * it to 0 (workers whatever the machine's speed) or Infinity (never).
 */
export const workerRule = { worthMs: 0.04 };

/**
 * The remaining rows of `source`, graded on `workers - 1` worker threads and the calling thread,
 * in order.
 */
async function* onWorkers(
  source: AsyncIterator<ResultRow>,
  grader: RowGrader,
  workers: number,
): AsyncGenerator<GradedRow> {
  const pool = new Pool(workers - 1, grader);
  const pending: Pending[] = [];
  const send = (rows: ResultRow[]) => {
    let grades: Promise<RowGrades[] | undefined>;
    if (pool.full(AHEAD)) {
      // Every worker is busy: this thread grades the chunk rather than wait.
      workerChunks.onCaller++;
      grades = Promise.resolve(rows.map((row) => grader.grade(row)));
    } else grades = pool.submit(rows);
    const entry: Pending = { rows, grades, done: false };
    grades.then(() => entry.done = true);
    pending.push(entry);
  };
  async function* settle(done: Pending): AsyncGenerator<GradedRow> {
    const grades = await done.grades;
    for (let i = 0; i < done.rows.length; i++) {
      const row = done.rows[i];
      yield { row, grades: grades?.[i] ?? grader.grade(row) };
    }
  }
  // Chunks kept in order before the oldest must be waited for (bounds memory).
  const most = AHEAD * (workers + 1);
  try {
    let chunk: ResultRow[] = [];
    for (let next = await source.next(); !next.done; next = await source.next()) {
      chunk.push(next.value);
      if (chunk.length < CHUNK) continue;
      send(chunk);
      chunk = [];
      while (pending.length > 0 && (pending[0].done || pending.length >= most)) {
        yield* settle(pending.shift()!);
      }
    }
    if (chunk.length > 0) send(chunk);
    while (pending.length > 0) yield* settle(pending.shift()!);
  } finally {
    pool.close();
  }
}
