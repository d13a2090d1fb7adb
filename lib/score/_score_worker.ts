// A worker thread of the score job (see _score_workers.ts): it is sent the configuration once,
// then chunks of rows, and answers each chunk with the rows' grades, in order (packed, or, for
// rows nobody keeps, only what counting reads of them: see _counted_grades.ts). In memory shared
// with the calling thread it marks itself ready, counts the chunks it has finished, and claims
// each chunk before grading it: a chunk the calling thread claimed first (took back, to grade it
// itself) is skipped.
import { RowGrader, type RowGraderConfig } from "./_row_grader.ts";
import { type RowColumns, unpackRows } from "./_rows_codec.ts";
import { type PackedGrades, packGrades } from "./_grades_codec.ts";
import { type CountedGrades, countedGrades } from "./_counted_grades.ts";

/**
 * A message to the worker: the configuration first, with the shared state and the worker's slot
 * in it (`state[3 × slot]` is set to 1 once the worker is ready, `state[3 × slot + 1]` counts the
 * chunks it has finished, answered or skipped, and `state[3 × slot + 2]` those it skipped) and
 * the chunks' claims (`claims[chunk % claims.length]`: 0 free, 1 the worker's, 2 taken back),
 * then chunks.
 */
export type ToWorker =
  | {
    config: RowGraderConfig;
    state: Int32Array<ArrayBufferLike>;
    claims: Int32Array<ArrayBufferLike>;
    slot: number;
  }
  | {
    chunk: number;
    rows: RowColumns;
    /** Per row and grader, 1 where the grade's reason will not be read (see `packGrades`). */
    unread: Uint8Array | null;
    /** True: the rows will only be counted (answer with `counts`, see `countedGrades`). */
    counted?: boolean;
  };

/**
 * The worker's answer to one chunk: its grades (packed), what counting reads of them, or that
 * grading threw.
 */
export type FromWorker =
  | { chunk: number; grades: PackedGrades }
  | { chunk: number; counts: CountedGrades }
  | { chunk: number; failed: string };

/** A chunk's claim: free, or taken by the worker (any other value: taken back). */
const FREE = 0;
const TAKEN = 1;

/** Answer messages on `scope` (the worker's global scope). */
export function serve(scope: {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, options?: StructuredSerializeOptions): void;
}): void {
  let grader: RowGrader | undefined;
  let state: Int32Array<ArrayBufferLike> | undefined;
  let claims: Int32Array<ArrayBufferLike> | undefined;
  let slot = 0;
  scope.onmessage = (event) => {
    const message = event.data;
    if ("config" in message) {
      grader = new RowGrader(message.config);
      state = message.state;
      claims = message.claims;
      slot = message.slot;
      Atomics.store(state, 3 * slot, 1);
      return;
    }
    // A chunk the calling thread took back before this worker started it: skipped, unanswered.
    if (Atomics.compareExchange(claims!, message.chunk % claims!.length, FREE, TAKEN) !== FREE) {
      Atomics.add(state!, 3 * slot + 2, 1);
      Atomics.add(state!, 3 * slot + 1, 1);
      return;
    }
    try {
      const rows = unpackRows(message.rows);
      const graded = rows.map((r) => grader!.grade(r));
      if (message.counted) {
        const counts = countedGrades(graded, message.unread);
        scope.postMessage({ chunk: message.chunk, counts }, {
          transfer: [counts.status.buffer, counts.numbers.buffer],
        });
      } else {
        const grades = packGrades(graded, message.unread);
        scope.postMessage({ chunk: message.chunk, grades }, {
          transfer: [grades.tags.buffer, grades.numbers.buffer],
        });
      }
    } catch (error) {
      // The main thread grades the chunk itself, so the error reaches the caller as it was.
      scope.postMessage({ chunk: message.chunk, failed: String(error) });
    }
    Atomics.add(state!, 3 * slot + 1, 1);
  };
}

// Started as a worker: serve. Imported on the main thread (for its types): nothing happens.
if ("WorkerGlobalScope" in globalThis) serve(globalThis as unknown as Parameters<typeof serve>[0]);
