// Grading rows in file order, on the calling thread or on worker threads. Rows go to the workers
// in chunks; the chunks' grades come back in any order and are handed on in file order, so the
// results do not depend on the number of workers. The calling thread is one of the threads: it
// reads the file and counts the grades, and grades a chunk itself whenever every worker already
// has enough queued, so on two cores one worker and the calling thread share the grading. Grading is a pure function of a row and the
// configuration, so a chunk a worker could not grade (the worker failed to start, or a grader
// threw) is graded again on the calling thread: the same grades, or the same error.
import type { ResultRow } from "../io/mod.ts";
import { UserRangeError } from "../errors/mod.ts";
import type { RowGrader, RowGrades } from "./_row_grader.ts";
import { packRows } from "./_rows_codec.ts";
import type { FromWorker, ToWorker } from "./_score_worker.ts";
import { type PackedGrades, unpackGrades } from "./_grades_codec.ts";

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

/**
 * Rows per chunk sent to a worker. Small chunks keep few rows waiting in memory for their turn
 * (rows that wait long outlive the young generation and make the collector copy them); large
 * ones cost more messages.
 */
export const CHUNK_ROWS = 250;
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

/**
 * How many chunks worker threads have graded in this process, and how many the calling thread
 * graded while they were busy (for tests).
 */
export const workerChunks = { graded: 0, onCaller: 0 };

interface Pending {
  rows: ResultRow[];
  grades: Promise<RowGrades[] | PackedGrades | undefined>;
  /** Set once `grades` has settled, so finished chunks are handed on without waiting. */
  done: boolean;
}

/**
 * A pool of workers grading chunks; a chunk whose worker failed resolves to undefined.
 *
 * How far each worker has got is kept in memory shared with it (whether it is ready, and how many
 * chunks it has finished), not learnt from its messages: the calling thread reads those only when
 * it waits for something, and while it reads, counts and grades its own chunks it would go on
 * believing a worker busy that has long been idle.
 */
class Pool {
  readonly #workers: Worker[] = [];
  readonly #waiting = new Map<number, { worker: Worker; done: (g?: PackedGrades) => void }>();
  /** Per worker (by its slot): whether it is ready (0 or 1), then the chunks it has finished. */
  readonly #state: Int32Array<ArrayBufferLike>;
  readonly #slot = new Map<Worker, number>();
  /** Chunks sent to each worker (by its slot). */
  readonly #sent: number[] = [];
  #next = 0;

  constructor(size: number, grader: RowGrader) {
    // Without shared memory (no runtime verdict supports lacks it, but a sandbox might), no
    // worker starts and the calling thread grades everything.
    const shared = typeof SharedArrayBuffer === "function";
    this.#state = shared ? new Int32Array(new SharedArrayBuffer(8 * size)) : new Int32Array(0);
    for (let i = 0; shared && i < size; i++) {
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
        if ("grades" in message) workerChunks.graded++;
        waiting.done("grades" in message ? message.grades : undefined);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        this.#drop(worker);
      };
      worker.onmessageerror = () => this.#drop(worker);
      worker.postMessage({ config: grader.config, state: this.#state, slot: i } satisfies ToWorker);
      this.#workers.push(worker);
      this.#slot.set(worker, i);
      this.#sent[i] = 0;
    }
  }

  get size(): number {
    return this.#workers.length;
  }

  /**
   * Whether a worker may be sent chunks: once it says it is ready (a worker takes tens of
   * milliseconds to load its modules, more on a busy machine, and meanwhile the calling thread
   * grades on rather than wait for it), or at once when a test queues early.
   */
  #usable(worker: Worker): boolean {
    return workerRule.queueEarly || Atomics.load(this.#state, 2 * this.#slot.get(worker)!) === 1;
  }

  /** Chunks sent to a worker that it has not finished. */
  #queued(worker: Worker): number {
    const slot = this.#slot.get(worker)!;
    return this.#sent[slot] - Atomics.load(this.#state, 2 * slot + 1);
  }

  /** Whether every usable worker has `ahead` chunks queued (or no worker is usable). */
  full(ahead: number): boolean {
    for (const worker of this.#workers) {
      if (this.#usable(worker) && this.#queued(worker) < ahead) return false;
    }
    return true;
  }

  /** Grade a chunk on the least busy usable worker (undefined: no worker could). */
  submit(rows: ResultRow[]): Promise<PackedGrades | undefined> {
    let worker: Worker | undefined;
    let least = Infinity;
    for (const w of this.#workers) {
      if (!this.#usable(w)) continue;
      const queued = this.#queued(w);
      if (queued < least) [worker, least] = [w, queued];
    }
    if (worker === undefined) return Promise.resolve(undefined);
    const chunk = this.#next++;
    this.#sent[this.#slot.get(worker)!]++;
    const w = worker;
    return new Promise((done) => {
      this.#waiting.set(chunk, { worker: w, done });
      const columns = packRows(rows);
      w.postMessage({ chunk, rows: columns } satisfies ToWorker, {
        transfer: [columns.kinds.buffer, columns.counts.buffer],
      });
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

/** Rows graded on the calling thread are handed on in batches of this many. */
const BATCH = 64;

/**
 * The rows with their grades, in the order they come, a batch at a time (a batch is handed on
 * as one step rather than a row at a time: each step of an async generator costs promises). The
 * first {@link SMALL_FILE_ROWS} rows are graded on the calling thread, and timed: when grading
 * is the slow part (more than {@link workerRule}'s `worthMs` a row: many graders at once, or
 * costly ones), the rest is shared by `workers - 1` worker threads and this one; cheap grading
 * stays here, since sending rows to a thread and results back would cost more than it saves.
 */
export async function* gradeInOrder(
  rows: AsyncIterable<ResultRow>,
  grader: RowGrader,
  workers = defaultWorkers(),
): AsyncGenerator<GradedRow[]> {
  const source = rows[Symbol.asyncIterator]();
  let graded = 0;
  let spent = 0;
  let batch: GradedRow[] = [];
  try {
    // Only the first rows are timed, and only when workers may start: past them the clock is
    // read for nothing (two calls a row).
    const timing = workers > 1 && WORKER_MODULE !== undefined;
    for (let next = await source.next(); !next.done; next = await source.next()) {
      if (!timing || graded >= SMALL_FILE_ROWS) {
        graded++;
        batch.push({ row: next.value, grades: grader.grade(next.value) });
        if (batch.length === BATCH) {
          yield batch;
          batch = [];
        }
        continue;
      }
      const started = performance.now();
      const grades = grader.grade(next.value);
      spent += performance.now() - started;
      batch.push({ row: next.value, grades });
      if (batch.length === BATCH) {
        yield batch;
        batch = [];
      }
      if (++graded === SMALL_FILE_ROWS && spent / graded > workerRule.worthMs) {
        if (batch.length > 0) yield batch;
        batch = [];
        yield* onWorkers(source, grader, workers);
        return;
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    await source.return?.();
  }
}

/**
 * Grading time per row (ms), over the first rows, above which worker threads pay for themselves.
 * Measured on two cores (bench/README.md, sixth round; whole processes on 200k rows, the cold
 * per-row time of the first 4,000 rows in brackets): with one worker beside the calling thread,
 * all fourteen graders (~0.05 ms) finish 20–35% sooner, the ten (~0.04 ms) ~13%, BLEU
 * and chrF together (0.011–0.018 ms) ~20% and BLEU alone (~0.01 ms) ~7%, each for 30–40% more
 * CPU; `exact` (~0.003 ms) takes ~14% longer. An object so that a test can set it to 0 (workers
 * whatever the machine's speed) or Infinity (never).
 */
export const workerRule = {
  worthMs: 0.01,
  /**
   * Whether chunks may queue on a worker before it says it is ready (tests set it, so that the
   * workers surely grade some chunks however slowly they start).
   */
  queueEarly: false,
};

/**
 * The remaining rows of `source`, graded on `workers - 1` worker threads and the calling thread,
 * in order, a chunk at a time.
 */
async function* onWorkers(
  source: AsyncIterator<ResultRow>,
  grader: RowGrader,
  workers: number,
): AsyncGenerator<GradedRow[]> {
  const pool = new Pool(workers - 1, grader);
  const pending: Pending[] = [];
  const send = (rows: ResultRow[]) => {
    let grades: Promise<RowGrades[] | PackedGrades | undefined>;
    if (pool.full(AHEAD)) {
      // Every worker is busy (or still starting): this thread grades the chunk rather than wait.
      workerChunks.onCaller++;
      grades = Promise.resolve(rows.map((row) => grader.grade(row)));
    } else grades = pool.submit(rows);
    const entry: Pending = { rows, grades, done: false };
    grades.then(() => entry.done = true);
    pending.push(entry);
  };
  const settle = async ({ rows, grades }: Pending): Promise<GradedRow[]> => {
    const graded = await grades;
    if (graded === undefined) return rows.map((row) => ({ row, grades: grader.grade(row) }));
    // A worker's grades are unpacked only now, just before they are counted, rather than when
    // they arrive: objects that wait for their turn outlive the young generation, and the
    // collector copies them.
    const list = Array.isArray(graded) ? graded : unpackGrades(graded);
    return rows.map((row, i) => ({ row, grades: list[i] }));
  };
  // Chunks kept in order before the oldest must be waited for (bounds memory).
  const most = AHEAD * (workers + 1);
  try {
    let chunk: ResultRow[] = [];
    for (let next = await source.next(); !next.done; next = await source.next()) {
      chunk.push(next.value);
      if (chunk.length < CHUNK_ROWS) continue;
      send(chunk);
      chunk = [];
      while (pending.length > 0 && (pending[0].done || pending.length >= most)) {
        yield await settle(pending.shift()!);
      }
    }
    if (chunk.length > 0) send(chunk);
    while (pending.length > 0) yield await settle(pending.shift()!);
  } finally {
    pool.close();
  }
}
