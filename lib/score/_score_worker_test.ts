import assert from "node:assert/strict";
import { type FromWorker, serve, type ToWorker } from "./_score_worker.ts";
import { packRows } from "./_rows_codec.ts";
import { unpackGrades } from "./_grades_codec.ts";
import { RowGrader } from "./_row_grader.ts";
import { resolveScoreConfig } from "./score_config.ts";

/** A worker's scope on this thread: messages in by `send`, answers collected in `answers`. */
function fakeScope() {
  const answers: FromWorker[] = [];
  const scope = {
    onmessage: null as ((event: MessageEvent<ToWorker>) => void) | null,
    postMessage(message: FromWorker) {
      answers.push(message);
    },
  };
  serve(scope);
  const send = (data: ToWorker) => scope.onmessage!({ data } as MessageEvent<ToWorker>);
  return { answers, send };
}

Deno.test("a worker grades chunks it claims and skips those taken back, counting both", () => {
  const config = resolveScoreConfig({ graders: ["exact", "numeric"] });
  const state = new Int32Array(new SharedArrayBuffer(12 * 2));
  const claims = new Int32Array(new SharedArrayBuffer(4 * 8));
  const { answers, send } = fakeScope();
  send({ config, state, claims, slot: 1 });
  assert.deepEqual([...state], [0, 0, 0, 1, 0, 0]); // slot 1 is ready
  const rows = [
    { output: "42", reference: { kind: "exact" as const, values: ["41"] } },
    { output: "7", reference: { kind: "exact" as const, values: ["7"] } },
  ].map((r) => ({ ...r, schema: undefined, threshold: undefined, assertions: null }));
  // Chunk 9 (claim 9 % 8 = 1) is free: graded, its claim now the worker's.
  send({ chunk: 9, rows: packRows(rows), unread: null });
  assert.equal(claims[1], 1);
  // Chunk 10 was taken back by the calling thread: skipped, nothing posted.
  claims[2] = 2;
  send({ chunk: 10, rows: packRows(rows), unread: null });
  assert.equal(answers.length, 1);
  assert.equal(answers[0].chunk, 9);
  assert.ok("grades" in answers[0]);
  const grader = new RowGrader(config);
  assert.deepEqual(unpackGrades(answers[0].grades), rows.map((r) => grader.grade(r)));
  assert.deepEqual([...state.slice(3)], [1, 2, 1]); // ready, 2 finished, 1 of them skipped
});

Deno.test("a worker leaves out the reasons it is told will not be read", () => {
  const config = resolveScoreConfig({ graders: ["exact", "contains"] });
  const state = new Int32Array(new SharedArrayBuffer(12));
  const claims = new Int32Array(new SharedArrayBuffer(16));
  const { answers, send } = fakeScope();
  send({ config, state, claims, slot: 0 });
  const row = {
    output: "cat",
    reference: { kind: "exact" as const, values: ["dog"] },
    schema: undefined,
    threshold: undefined,
    assertions: null,
  };
  send({ chunk: 0, rows: packRows([row]), unread: new Uint8Array([1, 0]) });
  const answer = answers[0];
  assert.ok("grades" in answer);
  const [grades] = unpackGrades(answer.grades);
  assert.equal(grades.results[0].reason, undefined);
  assert.equal(grades.results[1].reason, new RowGrader(config).grade(row).results[1].reason);
  assert.equal(typeof grades.results[1].reason, "string");
});
