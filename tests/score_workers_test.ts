// Scoring on worker threads gives the same scored file and report as scoring on one thread: the
// same bytes, rows in file order, whatever the number of workers.
import assert from "node:assert/strict";
import { score, SMALL_FILE_ROWS } from "../mod.ts";
import { bundleFiles } from "../cli/_bundled.ts";
import {
  BUNDLED_WORKER,
  CHUNK_ROWS,
  workerChunks,
  workerModule,
  workerRule,
} from "../lib/score/_score_workers.ts";

const WORDS = ["Paris", "paris", "the", "cat", "sat", "42", "4,2", "3.14", "mat", "é", "😀", "."];

/** A varied results file past the size that is graded on one thread (seeded, so reproducible). */
function rows(n: number): string {
  let state = 12345;
  const next = (k: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % k;
  };
  const text = () =>
    Array.from({ length: 1 + next(8) }, () => WORDS[next(WORDS.length)]).join(
      next(5) === 0 ? "" : " ",
    );
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const expected = next(40) === 0 ? "(a)\\1" : text(); // a broken pattern now and then
    const output = next(3) === 0 ? expected : next(2) === 0 ? `${expected}.` : text();
    const row: Record<string, unknown> = {
      id: `c${i >> 1}`,
      version: `v${i % 2}`,
      output,
      expected,
    };
    if (next(10) === 0) row.schema = { type: "object", required: ["answer"] };
    if (next(12) === 0) row.assert = [{ type: "icontains", value: WORDS[next(WORDS.length)] }];
    lines.push(JSON.stringify(row));
  }
  return lines.join("\n") + "\n";
}

Deno.test("1 and 3 workers give byte-identical scored files and reports", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/results.jsonl`;
    await Deno.writeTextFile(file, rows(SMALL_FILE_ROWS * 2 + 777));
    const run = async (workers: number, scored: string) => {
      const report = await score(file, { graders: ["all"], overall: "all", workers, scored });
      const json = JSON.stringify(report.toJSON());
      return { json, text: report.toText({ verbose: true }), bytes: await Deno.readFile(scored) };
    };
    // The same scored path each time, so that the reports name the same file.
    const one = await run(1, `${dir}/scored.jsonl`);
    // Whether workers pay for themselves depends on this machine's speed; here they must run.
    // Chunks queue on the workers while they start, so that they surely grade some.
    const worthMs = workerRule.worthMs;
    workerRule.worthMs = 0;
    workerRule.queueEarly = true;
    const before = { ...workerChunks };
    const three = await run(3, `${dir}/scored.jsonl`).finally(() => {
      workerRule.worthMs = worthMs;
      workerRule.queueEarly = false;
    });
    // The rows after the first ones went in chunks to the two worker threads, and to the calling
    // thread whenever both had enough queued; the workers graded some.
    const byWorkers = workerChunks.graded - before.graded;
    const byCaller = workerChunks.onCaller - before.onCaller;
    assert.equal(byWorkers + byCaller, Math.ceil((SMALL_FILE_ROWS + 777) / CHUNK_ROWS));
    assert.ok(byWorkers > 0);
    assert.equal(three.json, one.json);
    assert.equal(three.text, one.text);
    assert.deepEqual(three.bytes, one.bytes);
    // The rows come in file order: the scored file's first and last cases are the file's.
    const lines = new TextDecoder().decode(one.bytes).trim().split("\n");
    assert.match(lines[1], /"c0"/);
    assert.match(lines.at(-1)!, new RegExp(`"c${(SMALL_FILE_ROWS * 2 + 776) >> 1}"`));
    // Without a scored file or kept rows, what waits for a worker is only what counting needs
    // of a row, and workers leave out the reasons of graders that have listed enough failing
    // rows: the report is the same. Their chunks come back as only what counting reads.
    const report = async (workers: number) =>
      JSON.stringify((await score(file, { graders: ["all"], workers, keepRows: 0 })).toJSON());
    const lean = await report(1);
    workerRule.worthMs = 0;
    workerRule.queueEarly = true;
    const counted = workerChunks.counted;
    const leanTwo = await report(2).finally(() => {
      workerRule.worthMs = worthMs;
      workerRule.queueEarly = false;
    });
    assert.equal(leanTwo, lean);
    assert.ok(workerChunks.counted > counted);
    // Nor when the report keeps rows (they are graded as before up to the last one kept).
    const kept = async (workers: number) =>
      JSON.stringify((await score(file, { graders: ["all"], workers, keepRows: 6000 })).toJSON());
    const keptOne = await kept(1);
    workerRule.worthMs = 0;
    workerRule.queueEarly = true;
    const keptTwo = await kept(2).finally(() => {
      workerRule.worthMs = worthMs;
      workerRule.queueEarly = false;
    });
    assert.equal(keptTwo, keptOne);
    const csvOne = await run(1, `${dir}/scored.csv`);
    workerRule.worthMs = 0;
    const csvTwo = await run(2, `${dir}/scored.csv`).finally(() => workerRule.worthMs = worthMs);
    assert.deepEqual(csvTwo.bytes, csvOne.bytes);
    // Without queueing early, the calling thread grades on until a worker says it is ready: the
    // first chunk after the timed rows is its own (a worker takes tens of milliseconds to start,
    // reading a chunk of rows a few).
    workerRule.worthMs = 0;
    const early = { ...workerChunks };
    const waited = await run(2, `${dir}/scored.jsonl`).finally(() => workerRule.worthMs = worthMs);
    assert.equal(waited.json, one.json);
    assert.deepEqual(waited.bytes, one.bytes);
    const chunks = Math.ceil((SMALL_FILE_ROWS + 777) / CHUNK_ROWS);
    assert.equal(
      workerChunks.graded - early.graded + workerChunks.onCaller - early.onCaller,
      chunks,
    );
    assert.ok(workerChunks.onCaller - early.onCaller >= 1);
    // Where grading is quicker than the rule, no worker starts.
    workerRule.worthMs = Infinity;
    const none = { ...workerChunks };
    await run(3, `${dir}/scored.jsonl`).finally(() => workerRule.worthMs = worthMs);
    assert.deepEqual(workerChunks, none);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a worker count that is not a whole number from 1 is refused before reading", async () => {
  for (const workers of [0, -1, 1.5, Number.NaN]) {
    await assert.rejects(
      () => score("no-such-file.jsonl", { graders: ["exact"], workers }),
      RangeError,
    );
  }
});

Deno.test("workers start from the worker's source, or from its bundle beside score's bundle", () => {
  assert.equal(
    workerModule("file:///v/lib/score/_score_workers.ts")?.href,
    "file:///v/lib/score/_score_worker.ts",
  );
  // Beside the score bundle that `deno task bundle:cli` writes, wherever cli/_bundled.ts puts it.
  const bundled = new URL(bundleFiles("score").bundle, "file:///v/");
  assert.equal(workerModule(bundled.href)?.href, new URL(BUNDLED_WORKER, bundled).href);
  // Any other bundle (dist/verdict.js, a user's own) has no worker module: one thread grades.
  assert.equal(workerModule("file:///v/dist/verdict.js"), undefined);
  assert.equal(workerModule("https://example.com/verdict.js"), undefined);
});
