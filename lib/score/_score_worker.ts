// A worker thread of the score job (see _score_workers.ts): it is sent the configuration once,
// then chunks of rows, and answers each chunk with the rows' grades, in order.
import { RowGrader, type RowGraderConfig } from "./_row_grader.ts";
import { type RowColumns, unpackRows } from "./_rows_codec.ts";
import { type PackedGrades, packGrades } from "./_grades_codec.ts";

/** A message to the worker: the configuration first, then chunks. */
export type ToWorker =
  | { config: RowGraderConfig }
  | { chunk: number; rows: RowColumns };

/**
 * The worker's messages: that it is ready (its modules loaded and its grader built, sent once
 * after the configuration), then each chunk's grades (packed), or that grading threw.
 */
export type FromWorker =
  | { ready: true }
  | { chunk: number; grades: PackedGrades }
  | { chunk: number; failed: string };

/** Answer messages on `scope` (the worker's global scope). */
export function serve(scope: {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, options?: StructuredSerializeOptions): void;
}): void {
  let grader: RowGrader | undefined;
  scope.onmessage = (event) => {
    const message = event.data;
    if ("config" in message) {
      grader = new RowGrader(message.config);
      scope.postMessage({ ready: true });
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
  };
}

// Started as a worker: serve. Imported on the main thread (for its types): nothing happens.
if ("WorkerGlobalScope" in globalThis) serve(globalThis as unknown as Parameters<typeof serve>[0]);
