// A worker thread of the score job (see _score_workers.ts): it is sent the configuration once,
// then chunks of rows, and answers each chunk with the rows' grades, in order. In memory shared
// with the calling thread it marks itself ready, and counts the chunks it has finished.
import { RowGrader, type RowGraderConfig } from "./_row_grader.ts";
import { type RowColumns, unpackRows } from "./_rows_codec.ts";
import { type PackedGrades, packGrades } from "./_grades_codec.ts";

/**
 * A message to the worker: the configuration first, with the shared state and the worker's slot
 * in it (`state[2 × slot]` is set to 1 once the worker is ready, `state[2 × slot + 1]` counts the
 * chunks it has answered), then chunks.
 */
export type ToWorker =
  | { config: RowGraderConfig; state: Int32Array<ArrayBufferLike>; slot: number }
  | { chunk: number; rows: RowColumns };

/** The worker's answer to one chunk: its grades (packed), or that grading threw. */
export type FromWorker =
  | { chunk: number; grades: PackedGrades }
  | { chunk: number; failed: string };

/** Answer messages on `scope` (the worker's global scope). */
export function serve(scope: {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, options?: StructuredSerializeOptions): void;
}): void {
  let grader: RowGrader | undefined;
  let state: Int32Array<ArrayBufferLike> | undefined;
  let slot = 0;
  scope.onmessage = (event) => {
    const message = event.data;
    if ("config" in message) {
      grader = new RowGrader(message.config);
      state = message.state;
      slot = message.slot;
      Atomics.store(state, 2 * slot, 1);
      return;
    }
    try {
      const grades = packGrades(unpackRows(message.rows).map((r) => grader!.grade(r)));
      scope.postMessage({ chunk: message.chunk, grades }, {
        transfer: [grades.tags.buffer, grades.numbers.buffer],
      });
    } catch (error) {
      // The main thread grades the chunk itself, so the error reaches the caller as it was.
      scope.postMessage({ chunk: message.chunk, failed: String(error) });
    }
    Atomics.add(state!, 2 * slot + 1, 1);
  };
}

// Started as a worker: serve. Imported on the main thread (for its types): nothing happens.
if ("WorkerGlobalScope" in globalThis) serve(globalThis as unknown as Parameters<typeof serve>[0]);
