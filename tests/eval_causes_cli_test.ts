// `cli.ts eval` with the diagnosis flags, in child processes: --fail-on-flagged exits 1 on a
// truncated answer that passed its metric, --fix and --judge need a model, --judge alone uses
// the run's model, and the JSON carries causes, flagged, judge and fixes.
import assert from "node:assert/strict";
import { evalCli as cli } from "./_eval_cli.ts";
import { startServer } from "./_openai_server.ts";

async function dataset(rows: Record<string, unknown>[]): Promise<string> {
  const path = await Deno.makeTempFile({ suffix: ".jsonl" });
  await Deno.writeTextFile(path, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return path;
}

Deno.test("eval CLI: --fail-on-flagged exits 1 when a passing answer was cut off; the JSON lists it", async () => {
  // The answer holds the reference, but the server stops at max_tokens (finish reason length).
  const server = startServer({
    answer: (q) => q.includes("Rome") ? "Rome is the capital" : "Paris",
    finishReason: (q) => q.includes("Rome") ? "length" : "stop",
  });
  const data = await dataset([
    { id: "a", question: "Capital of France?", answer: "Paris" },
    { id: "b", question: "Tell me about Rome", answer: "Rome" },
  ]);
  try {
    const model = `m@${server.url}`;
    const plain = await cli([data, "--model", model, "--metric", "contains", "--no-progress"]);
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /1 flagged/);
    assert.match(plain.stdout, /Flagged: passed every metric, but a live check found a failure/);
    assert.match(plain.stdout, /b +F1 Truncation +stopped at the output-token limit/);

    const gated = await cli([data, "--model", model, "--metric", "contains", "--fail-on-flagged"]);
    assert.equal(gated.code, 1, gated.stderr);
    assert.match(gated.stdout, /gate no flagged items: 1 flagged \(b F1\) — FAILED/);

    const json = await cli([data, "--model", model, "--metric", "contains", "--json"]);
    assert.equal(json.code, 0);
    const parsed = JSON.parse(json.stdout);
    assert.deepEqual(parsed.flagged, [{ id: "b", cause: "F1" }]);
    assert.deepEqual(parsed.causes, { INFRA: 0 });
    assert.equal(parsed.judge, null);
    assert.equal(parsed.fixes, null);
  } finally {
    await server.close();
    await Deno.remove(data);
  }
});

Deno.test("eval CLI: --fix and --judge need a model; --judge alone asks the run's model", async () => {
  const noModelFix = await cli(["examples/capitals.jsonl", "--fix", "3"]);
  assert.equal(noModelFix.code, 2);
  assert.match(noModelFix.stderr, /--fix needs a model/);
  const noModelJudge = await cli(["examples/capitals.jsonl", "--judge"]);
  assert.equal(noModelJudge.code, 2);
  assert.match(noModelJudge.stderr, /uses the run's model, and this run has none/);

  const server = startServer({
    answer: (_q, body) =>
      JSON.stringify(body.messages).includes("You diagnose why")
        ? '{"cause": "F4", "reason": "wrong capital"}'
        : "Lyon",
  });
  const data = await dataset([{ id: "a", question: "Capital of France?", answer: "Paris" }]);
  try {
    // --judge before the dataset, with no value: the dataset is not taken for a model.
    const r = await cli(["--judge", data, "--model", `m@${server.url}`, "--json"]);
    assert.equal(r.code, 0, r.stderr);
    const json = JSON.parse(r.stdout);
    assert.deepEqual(json.causes, { INFRA: 0, F4: 1 });
    assert.equal(json.judge.model, `m@${server.url}`);
  } finally {
    await server.close();
    await Deno.remove(data);
  }
});
