// Grading rows in file order, on the calling thread or on worker threads. Rows go to the workers
// in chunks; the chunks' grades come back in any order and are handed on in file order, so the
// results do not depend on the number of workers. The calling thread is one of the threads: it
// reads the file and counts the grades, and whenever a worker has more than enough queued, it
// takes back the oldest chunk the worker has not started and grades it itself, so on two cores
// one worker and the calling thread share the grading, and the chunks this thread grades are the
// next ones to count (their grades do not wait in memory behind the workers' chunks). Grading is
// a pure function of a row and the configuration, so a chunk a worker could not grade (the worker
// failed to start, or a grader threw) is graded again on the calling thread: the same grades, or
// the same error.
//
// What waits in memory while a chunk is out is only what counting needs of its rows (see
// `InOrderOptions.keep`) and the rows' gradable fields as they were sent; a worker leaves out the
// reasons counting will not read. A chunk whose rows nobody keeps (told by `InOrderOptions.counted`)
// comes back as only what counting reads of its grades (see _counted_grades.ts), handed on as is.
import type { ResultRow } from "../io/mod.ts";
import { UserRangeError } from "../errors/mod.ts";
import type { GradableRow, RowGrader, RowGrades } from "./_row_grader.ts";
import { packRows, type RowColumns, unpackRows } from "./_rows_codec.ts";
import type { FromWorker, ToWorker } from "./_score_worker.ts";
import { type PackedGrades, unpackGrades } from "./_grades_codec.ts";
import type { CountedGrades } from "./_counted_grades.ts";

/** One row (or what the caller keeps of it) with its grades. */
export interface GradedRow<T = ResultRow> {
  row: T;
  grades: RowGrades;
}

/**
 * A chunk of rows (or what the caller keeps of them) graded on a worker thread, with only what
 * counting reads of their grades (see `countedGrades`).
 */
export interface CountedChunk<T> {
  rows: T[];
  counts: CountedGrades;
}

/** What {@link gradeInOrder} may be told of how its output is used. */
export interface InOrderOptions<T> {
  /**
   * What is kept of each row to hand on with its grades (called once a row, in file order). The
   * rows of a chunk at a worker wait in memory until its grades come back; kept small, they do
   * not outlive the young generation's collections as whole rows do.
   */
  keep: (row: ResultRow) => T;
  /**
   * For a row's version, whether each grader's reason will be read when the row is counted (by
   * grader, in the configuration's order; undefined: every one). Asked when a chunk goes to a
   * worker, which then leaves the others out. An answer may only ever turn from true to false.
   */
  reasonsRead?: (version: string) => readonly boolean[] | undefined;
  /**
   * Whether the rows a chunk keeps (see `keep`) will only be counted, nothing else made of their
   * grades: a worker then sends back a {@link CountedChunk}. Asked when a chunk goes to a worker.
   */
  counted?: (rows: readonly T[]) => boolean;
}

/** The file name of the worker's bundle, beside the score command's (tools/bundle_cli.ts). */
export const BUNDLED_WORKER = "cli_score_worker.js";

/**
 * The worker's module, for this module's own URL `here`: the worker's source beside it; in the
 * score command's bundle (dist/cli_score.js), the worker's bundle beside that; undefined in any
 * other bundle (dist/verdict.js: one file, with no worker module to start, so everything is
 * graded on the calling thread).
 */
export function workerModule(here: string): URL | undefined {
  if (here.endsWith("/_score_workers.ts")) return new URL("./_score_worker.ts", here);
  if (here.endsWith("/dist/cli_score.js")) return new URL(`./${BUNDLED_WORKER}`, here);
  return undefined;
}

const WORKER_MODULE = workerModule(import.meta.url);

/**
 * Rows per chunk sent to a worker. Small chunks keep few rows and grades waiting in memory for
 * their turn (what waits long outlives the young generation and makes the collector copy it:
 * 200,000 rows of all graders on two threads, chunks of 250 rows with 3 ahead, copied ~290 MB
 * in young collections, chunks of 100 with 2 ahead ~140 MB, one thread ~70 MB, before chunks
 * were taken back); small ones cost more messages.
 */
export const CHUNK_ROWS = 160;
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
/**
 * Chunks queued per worker, counting the one it is on: enough to keep it busy while this thread
 * grades a chunk, collects garbage or is held up (what waits beyond the chunk it is on is only
 * rows as sent, and the calling thread takes back the oldest of them when it has a chunk to
 * grade).
 */
const AHEAD = 4;

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
 * How many chunks worker threads have graded in this process (and of those, how many came back
 * only counted, see `countedGrades`), and how many the calling thread graded while they were busy
 * (for tests).
 */
export const workerChunks = { graded: 0, counted: 0, onCaller: 0 };

interface Pending<T> {
  /** What is kept of the chunk's rows. */
  kept: T[];
  /** The rows as sent to a worker (to grade them here should it fail), or null. */
  sent: RowColumns | null;
  /** The chunk's number at the pool (-1: graded here from the start). */
  chunk: number;
  grades: Promise<RowGrades[] | PackedGrades | CountedGrades | undefined>;
  /** Set once `grades` has settled, so finished chunks are handed on without waiting. */
  done: boolean;
}

/**
 * Chunks in flight are numbered modulo this for their claims (far more than are ever in flight:
 * see `most` in {@link onWorkers}).
 */
const CLAIMS = 4096;
/** A chunk's claim: free, taken by the worker it was sent to, or taken back by the caller. */
const FREE = 0;
const TAKEN_BACK = 2;

/**
 * A pool of workers grading chunks; a chunk whose worker failed resolves to undefined.
 *
 * How far each worker has got is kept in memory shared with it (whether it is ready, how many
 * chunks it has finished, how many of those it skipped), not learnt from its messages: the calling
 * thread reads those only when it waits for something, and while it reads, counts and grades its
 * own chunks it would go on believing a worker busy that has long been idle.
 *
 * A chunk sent to a worker may be taken back while the worker has not started it (each chunk has
 * a claim in shared memory, which the worker and the caller race for): the caller then grades it
 * itself, and the worker skips it.
 */
class Pool {
  readonly #workers: Worker[] = [];
  readonly #waiting = new Map<
    number,
    { worker: Worker; done: (g?: PackedGrades | CountedGrades) => void }
  >();
  /**
   * Per worker (by its slot, three numbers): whether it is ready (0 or 1), the chunks it has
   * finished (graded or skipped), and the chunks it skipped.
   */
  readonly #state: Int32Array<ArrayBufferLike>;
  /** Each chunk's claim, by its number modulo {@link CLAIMS}. */
  readonly #claims: Int32Array<ArrayBufferLike>;
  readonly #slot = new Map<Worker, number>();
  /** Chunks sent to each worker (by its slot), and of those, taken back. */
  readonly #sent: number[] = [];
  readonly #takenBack: number[] = [];
  #next = 0;

  constructor(size: number, grader: RowGrader) {
    // Without shared memory (no runtime verdict supports lacks it, but a sandbox might), no
    // worker starts and the calling thread grades everything.
    const shared = typeof SharedArrayBuffer === "function";
    this.#state = shared ? new Int32Array(new SharedArrayBuffer(12 * size)) : new Int32Array(0);
    this.#claims = shared ? new Int32Array(new SharedArrayBuffer(4 * CLAIMS)) : new Int32Array(0);
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
        if ("failed" in message) return waiting.done(undefined);
        workerChunks.graded++;
        if ("counts" in message) workerChunks.counted++;
        waiting.done("grades" in message ? message.grades : message.counts);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        this.#drop(worker);
      };
      worker.onmessageerror = () => this.#drop(worker);
      const config = { config: grader.config, state: this.#state, claims: this.#claims, slot: i };
      worker.postMessage(config satisfies ToWorker);
      this.#workers.push(worker);
      this.#slot.set(worker, i);
      this.#sent[i] = 0;
      this.#takenBack[i] = 0;
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
    return workerRule.queueEarly || Atomics.load(this.#state, 3 * this.#slot.get(worker)!) === 1;
  }

  /** Chunks sent to a worker that it has neither finished nor been relieved of. */
  #queued(worker: Worker): number {
    const slot = this.#slot.get(worker)!;
    const finished = Atomics.load(this.#state, 3 * slot + 1);
    const skipped = Atomics.load(this.#state, 3 * slot + 2);
    return this.#sent[slot] - finished - (this.#takenBack[slot] - skipped);
  }

  /** Whether every usable worker has `ahead` chunks queued (or no worker is usable). */
  full(ahead: number): boolean {
    for (const worker of this.#workers) {
      if (this.#usable(worker) && this.#queued(worker) < ahead) return false;
    }
    return true;
  }

  /** Whether some usable worker has more than `ahead` chunks queued. */
  over(ahead: number): boolean {
    for (const worker of this.#workers) {
      if (this.#usable(worker) && this.#queued(worker) > ahead) return true;
    }
    return false;
  }

  /**
   * Grade a chunk on the least busy usable worker: its number and its grades (undefined: the
   * worker failed). Only called when some worker is usable (`full` said false).
   */
  submit(
    rows: RowColumns,
    unread: Uint8Array<ArrayBuffer> | null,
    counted: boolean,
  ): { chunk: number; grades: Promise<PackedGrades | CountedGrades | undefined> } {
    let worker: Worker | undefined;
    let least = Infinity;
    for (const w of this.#workers) {
      if (!this.#usable(w)) continue;
      const queued = this.#queued(w);
      if (queued < least) [worker, least] = [w, queued];
    }
    const chunk = this.#next++;
    if (worker === undefined) return { chunk, grades: Promise.resolve(undefined) };
    this.#sent[this.#slot.get(worker)!]++;
    const w = worker;
    Atomics.store(this.#claims, chunk % CLAIMS, FREE);
    const grades = new Promise<PackedGrades | CountedGrades | undefined>((done) => {
      this.#waiting.set(chunk, { worker: w, done });
      // The typed arrays are copied, not transferred: the rows stay here, whole, in case the
      // worker fails or the chunk is taken back (a few kilobytes a chunk).
      const transfer = unread === null ? [] : [unread.buffer];
      w.postMessage({ chunk, rows, unread, counted } satisfies ToWorker, { transfer });
    });
    return { chunk, grades };
  }

  /**
   * Take a chunk back from its worker, if the worker has not started it (true: the caller grades
   * it, and its worker's promise never settles).
   */
  takeBack(chunk: number): boolean {
    const waiting = this.#waiting.get(chunk);
    if (waiting === undefined) return false;
    if (Atomics.compareExchange(this.#claims, chunk % CLAIMS, FREE, TAKEN_BACK) !== FREE) {
      return false;
    }
    this.#waiting.delete(chunk);
    this.#takenBack[this.#slot.get(waiting.worker)!]++;
    return true;
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
 * After this many rows, grading far costlier than {@link workerRule}'s `worthMs` a row (eight
 * times) starts the workers, so that they have loaded their modules by the time the first
 * {@link SMALL_FILE_ROWS} rows are graded (they are sent nothing before: a file that ends
 * sooner is still graded on the calling thread alone). The first rows are the slowest (code not
 * yet compiled): here `exact` takes ~0.025 ms a row, all fourteen graders ~0.18 ms.
 */
const EARLY_ROWS = 500;
const EARLY_FACTOR = 8;

/**
 * The rows with their grades, in the order they come, a batch at a time (a batch is handed on
 * as one step rather than a row at a time: each step of an async generator costs promises). The
 * first {@link SMALL_FILE_ROWS} rows are graded on the calling thread, and timed: when grading
 * is the slow part (more than {@link workerRule}'s `worthMs` a row: many graders at once, or
 * costly ones), the rest is shared by `workers - 1` worker threads and this one; cheap grading
 * stays here, since sending rows to a thread and results back would cost more than it saves.
 * Rows are handed on as they are, or as `options.keep` makes them.
 */
export function gradeInOrder(
  rows: AsyncIterable<ResultRow>,
  grader: RowGrader,
  workers?: number,
): AsyncGenerator<GradedRow[]>;
export function gradeInOrder<T>(
  rows: AsyncIterable<ResultRow>,
  grader: RowGrader,
  workers: number | undefined,
  options: InOrderOptions<T>,
): AsyncGenerator<GradedRow<T>[] | CountedChunk<T>>;
export async function* gradeInOrder<T>(
  rows: AsyncIterable<ResultRow>,
  grader: RowGrader,
  workers = defaultWorkers(),
  options?: InOrderOptions<T>,
): AsyncGenerator<GradedRow<T>[] | CountedChunk<T>> {
  const keep = options?.keep ?? ((row: ResultRow) => row as T);
  const source = rows[Symbol.asyncIterator]();
  let graded = 0;
  let spent = 0;
  let batch: GradedRow<T>[] = [];
  let pool: Pool | undefined;
  try {
    // Only the first rows are timed, and only when workers may start: past them the clock is
    // read for nothing (two calls a row).
    const timing = workers > 1 && WORKER_MODULE !== undefined;
    for (let next = await source.next(); !next.done; next = await source.next()) {
      if (!timing || graded >= SMALL_FILE_ROWS) {
        graded++;
        batch.push({ row: keep(next.value), grades: grader.grade(next.value) });
        if (batch.length === BATCH) {
          yield batch;
          batch = [];
        }
        continue;
      }
      const started = performance.now();
      const grades = grader.grade(next.value);
      spent += performance.now() - started;
      batch.push({ row: keep(next.value), grades });
      if (batch.length === BATCH) {
        yield batch;
        batch = [];
      }
      ++graded;
      if (graded === EARLY_ROWS && spent / graded > EARLY_FACTOR * workerRule.worthMs) {
        pool = new Pool(workers - 1, grader);
      }
      if (graded === SMALL_FILE_ROWS) {
        if (spent / graded > workerRule.worthMs) {
          if (batch.length > 0) yield batch;
          batch = [];
          const started = pool ?? new Pool(workers - 1, grader);
          pool = undefined; // onWorkers closes it
          yield* onWorkers(source, grader, started, keep, options ?? {});
          return;
        }
        pool?.close();
        pool = undefined;
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    pool?.close();
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
 * Which results' reasons a chunk's rows will not have read (see {@link packGrades}), or null
 * when every one is read.
 */
function unreadReasons(
  rows: readonly ResultRow[],
  graders: number,
  reasonsRead: InOrderOptions<unknown>["reasonsRead"],
): Uint8Array<ArrayBuffer> | null {
  if (reasonsRead === undefined) return null;
  let unread: Uint8Array<ArrayBuffer> | null = null;
  let version: string | undefined;
  let read: readonly boolean[] | undefined;
  // Each version is asked once a chunk (the answers cannot change while it is made).
  const asked = new Map<string, readonly boolean[] | undefined>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (i === 0 || row.version !== version) {
      version = row.version;
      read = asked.get(version);
      if (read === undefined && !asked.has(version)) {
        asked.set(version, read = reasonsRead(version));
      }
    }
    if (read === undefined) continue;
    for (let j = 0; j < graders; j++) {
      if (!read[j]) (unread ??= new Uint8Array(rows.length * graders))[i * graders + j] = 1;
    }
  }
  return unread;
}

/**
 * The remaining rows of `source`, graded on the pool's workers and the calling thread, in order,
 * a chunk at a time.
 */
async function* onWorkers<T>(
  source: AsyncIterator<ResultRow>,
  grader: RowGrader,
  pool: Pool,
  keep: (row: ResultRow) => T,
  { reasonsRead, counted }: Omit<InOrderOptions<T>, "keep">,
): AsyncGenerator<GradedRow<T>[] | CountedChunk<T>> {
  const graders = grader.config.graders.length;
  const pending: Pending<T>[] = [];
  const here = (rows: readonly GradableRow[]) => Promise.resolve(rows.map((r) => grader.grade(r)));
  const send = (rows: ResultRow[]) => {
    const kept = rows.map(keep);
    let entry: Pending<T>;
    if (pool.full(AHEAD + 1)) {
      // Every worker is busy (or still starting): this thread grades the chunk rather than wait.
      workerChunks.onCaller++;
      entry = { kept, sent: null, chunk: -1, grades: here(rows), done: true };
    } else {
      const sent = packRows(rows);
      const unread = unreadReasons(rows, graders, reasonsRead);
      const { chunk, grades } = pool.submit(sent, unread, counted?.(kept) ?? false);
      entry = { kept, sent, chunk, grades, done: false };
      grades.then(() => entry.done = true);
    }
    pending.push(entry);
  };
  // While a worker has more than AHEAD chunks queued, the oldest one it has not started is
  // graded here: so this thread grades the chunks next in line, whose grades are counted as soon
  // as the chunk the worker is on comes back, rather than newer ones whose grades would wait in
  // memory for every chunk before them.
  const takeBack = (ahead: number) => {
    for (let i = 0; i < pending.length && pool.over(ahead); i++) {
      const entry = pending[i];
      if (entry.done || entry.sent === null || !pool.takeBack(entry.chunk)) continue;
      workerChunks.onCaller++;
      entry.grades = here(unpackRows(entry.sent));
      entry.done = true;
    }
  };
  const settle = async (
    { kept, sent, grades }: Pending<T>,
  ): Promise<GradedRow<T>[] | CountedChunk<T>> => {
    const graded = await grades;
    if (graded !== undefined && "status" in graded) return { rows: kept, counts: graded };
    // A chunk no worker could grade (it is one only a worker was sent) is graded here.
    const list = graded === undefined
      ? unpackRows(sent!).map((row) => grader.grade(row))
      // A worker's grades are unpacked only now, just before they are counted, rather than when
      // they arrive: objects that wait for their turn outlive the young generation, and the
      // collector copies them.
      : Array.isArray(graded)
      ? graded
      : unpackGrades(graded);
    return kept.map((row, i) => ({ row, grades: list[i] }));
  };
  // Chunks kept in order before the oldest must be waited for (bounds memory). Generous: what
  // waits is small, and when the worker on the oldest chunk is held up (a busy machine), this
  // thread goes on reading and grading rather than wait (24 chunks with one worker: on 200k rows
  // of all graders, with other processes busy on both cores, the calling thread waited ~0.2 s in
  // all, against ~0.5 s with 16 chunks and ~1.3 s with 6).
  const most = 2 * AHEAD * (pool.size + 2);
  try {
    let chunk: ResultRow[] = [];
    for (let next = await source.next(); !next.done; next = await source.next()) {
      chunk.push(next.value);
      if (chunk.length < CHUNK_ROWS) continue;
      send(chunk);
      chunk = [];
      takeBack(AHEAD);
      while (pending.length > 0 && (pending[0].done || pending.length >= most)) {
        yield await settle(pending.shift()!);
      }
    }
    if (chunk.length > 0) send(chunk);
    // Once every row is read, a worker keeps the chunk it is on and one more; this thread
    // grades the others, rather than wait for them.
    for (takeBack(1); pending.length > 0; takeBack(1)) yield await settle(pending.shift()!);
  } finally {
    pool.close();
  }
}
