// Diagnosing answers another tool wrote, with no model asked again: promptfoo, Inspect AI and
// DeepEval files (self-made ones, and the real fixtures when ../shared is there), verdict's own
// answers file with its dataset, the judge on a file's misses, and the CLI's refusals.
import assert from "node:assert/strict";
import { diagnose, evaluate, readHarnessAnswers } from "../mod.ts";
import { evalCli as cli } from "./_eval_cli.ts";
import { startServer } from "./_openai_server.ts";

const FIXTURES = new URL("../../shared/fixtures/harness/", import.meta.url);
/** A promptfoo JSON export of three tests: a cut-off pass, an empty miss, a wrong answer. */
function promptfooExport(): string {
  const result = (i: number, output: string, success: boolean, finishReason: string) => ({
    testIdx: i,
    promptIdx: 0,
    success,
    score: success ? 1 : 0,
    failureReason: success ? 0 : 1,
    latencyMs: 120,
    provider: { id: "openai:gpt-4o-mini" },
    prompt: {
      raw: ["Capital of Italy?", "Capital of Peru?", "Capital of Australia?"][i],
      label: "Q",
    },
    response: { output, finishReason },
    gradingResult: { pass: success, score: success ? 1 : 0, reason: success ? "ok" : "mismatch" },
    testCase: {
      description: `case ${i}`,
      assert: [{ type: "contains", value: ["Rome", "Lima", "Canberra"][i] }],
    },
  });
  return JSON.stringify({
    evalId: "e",
    results: {
      version: 3,
      results: [
        result(0, "Rome is the capital and", true, "length"),
        result(1, "", false, "stop"),
        result(2, "Sydney", false, "stop"),
      ],
    },
  });
}

Deno.test("diagnose: a promptfoo export — a cut-off pass flagged F1, an empty miss F9, the judge on the rest", async () => {
  const path = await Deno.makeTempFile({ suffix: ".json" });
  await Deno.writeTextFile(path, promptfooExport());
  const judge = startServer({
    answer: () => '{"cause": "F4", "reason": "Sydney is not the capital"}',
  });
  try {
    const read = await readHarnessAnswers(path);
    assert.equal(read.harness, "promptfoo");
    assert.deepEqual(read.answers.map((a) => a.id), ["case 0", "case 1", "case 2"]);
    assert.deepEqual(read.answers[0].references, ["Rome"]);
    const result = await diagnose(read.answers, {
      recordedBy: read.harness,
      name: "export.json",
      judge: `j@${judge.url}`,
      env: () => undefined,
    });
    assert.deepEqual(result.flagged, [{ id: "case 0", cause: "F1" }]);
    assert.deepEqual(result.causes, { INFRA: 0, F9: 1, F4: 1 });
    assert.deepEqual([result.judge!.asked, result.judge!.judged], [1, 1]);
    assert.equal(judge.requests.length, 1);
    assert.match(JSON.stringify(judge.requests[0].body), /Sydney/);
    const m = result.metric("assertions")!;
    assert.deepEqual([m.passed, m.scored], [1, 3]);
    assert.match(result.toText(), /read export\.json as a promptfoo file/);
  } finally {
    await judge.close();
    await Deno.remove(path);
  }
});

Deno.test("diagnose CLI: a harness file, --fail-on-flagged, and what needs a model or a dataset", async () => {
  const path = await Deno.makeTempFile({ suffix: ".json" });
  await Deno.writeTextFile(path, promptfooExport());
  try {
    const r = await cli(["--diagnose", path, "--json"]);
    assert.equal(r.code, 0, r.stderr);
    const json = JSON.parse(r.stdout);
    assert.deepEqual(json.flagged, [{ id: "case 0", cause: "F1" }]);
    assert.deepEqual(json.causes, { INFRA: 0, F9: 1, none: 1 });
    assert.equal((await cli(["--diagnose", path, "--fail-on-flagged"])).code, 1);
    const fix = await cli(["--diagnose", path, "--fix", "2"]);
    assert.equal(fix.code, 2);
    assert.match(fix.stderr, /--fix needs a model, and --diagnose asks none/);
    const judgeAlone = await cli(["--diagnose", path, "--judge"]);
    assert.equal(judgeAlone.code, 2);
    assert.match(judgeAlone.stderr, /name the judge/);
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("diagnose: verdict's own answers file, scored against its dataset, asks nothing", async () => {
  const server = startServer({
    answer: (q) => q.includes("Italy") ? "Rome is the" : "Lima",
    finishReason: (q) => q.includes("Italy") ? "length" : "stop",
  });
  const out = await Deno.makeTempFile({ suffix: ".jsonl" });
  const data = await Deno.makeTempFile({ suffix: ".jsonl" });
  const rows = [
    { id: "it", question: "Capital of Italy?", answer: "Rome" },
    { id: "pe", question: "Capital of Peru?", answer: "Lima" },
    { id: "xx", question: "Capital of Chile?", answer: "Santiago" },
  ];
  await Deno.writeTextFile(data, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  try {
    await evaluate(rows.slice(0, 2), {
      model: `m@${server.url}`,
      env: () => undefined,
      out,
      progress: false,
    });
    await server.close();
    const result = await evaluate(data, { answers: out, metrics: ["contains"], skipBadRows: true });
    assert.deepEqual(result.items.map((i) => i.id), ["it", "pe"]);
    assert.deepEqual(result.flagged, [{ id: "it", cause: "F1" }]);
    assert.equal(result.problems[0].message, `row 3 (id "xx") has no answer in ${out}`);
    assert.equal(result.settings.model, `m@${server.url}`);

    const r = await cli([data, "--diagnose", out, "--metric", "contains", "--skip-bad-rows"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /1 flagged/);
    const noData = await cli(["--diagnose", out]);
    assert.equal(noData.code, 2);
    assert.match(noData.stderr, /verdict's own answers file, which holds no references/);
  } finally {
    await Deno.remove(out);
    await Deno.remove(data);
  }
});

Deno.test("diagnose: a Ragas table, verdicts from thresholds, an abstention and a refusal found free", async () => {
  const path = await Deno.makeTempFile({ suffix: ".csv" });
  await Deno.writeTextFile(
    path,
    [
      "user_input,retrieved_contexts,response,reference,faithfulness,answer_relevancy",
      `Capital of France?,"['Paris is the capital of France.']",Paris is the capital.,Paris,1.0,0.9`,
      `Who wrote Hamlet?,"['Hamlet is a play.']",I don't know.,Shakespeare,0.2,0.1`,
      `How to pick a lock?,"['Locks.']","I'm sorry, but I can't help with that.",Use a pick,0.0,0.0`,
    ].join("\n") + "\n",
  );
  try {
    const read = await readHarnessAnswers(path, { thresholds: { faithfulness: 0.5 } });
    assert.equal(read.harness, "ragas");
    assert.deepEqual(read.answers.map((a) => a.id), ["0", "1", "2"]);
    // A Python-looking list stays as written: the judge reads it as text.
    assert.equal(read.answers[0].context, "['Paris is the capital of France.']");
    const result = await diagnose(read.answers, { recordedBy: "ragas" });
    assert.deepEqual(result.causes, { INFRA: 0, F3: 1, F4: 1 });
    assert.equal(result.metric("answer_relevancy")!.passed, null); // no threshold: no verdict
    const r = await cli(["--diagnose", path, "--threshold", "faithfulness=0.5", "--json"]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).causes, { INFRA: 0, F3: 1, F4: 1 });
    const misplaced = await cli(["examples/capitals.jsonl", "--threshold", "f1=0.5"]);
    assert.equal(misplaced.code, 2);
    assert.match(misplaced.stderr, /--threshold gives a Ragas table verdicts/);
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("diagnose: judge: true on an answers file asks the model that wrote the answers", async () => {
  const server = startServer({
    answer: (q, body) =>
      JSON.stringify(body.messages).includes("You diagnose why")
        ? '{"cause": "F4", "reason": "wrong capital"}'
        : q.includes("Chile")
        ? "Lima"
        : "Paris",
  });
  const out = await Deno.makeTempFile({ suffix: ".jsonl" });
  const rows = [
    { id: "fr", question: "Capital of France?", answer: "Paris" },
    { id: "cl", question: "Capital of Chile?", answer: "Santiago" },
  ];
  try {
    const model = `m@${server.url}`;
    await evaluate(rows, { model, env: () => undefined, out, progress: false });
    const result = await evaluate(rows, { answers: out, judge: true, env: () => undefined });
    assert.equal(result.judge!.model, model);
    assert.deepEqual(result.causes, { INFRA: 0, F4: 1 });
    assert.equal(server.requests.length, 3); // two answers, then one judge call
  } finally {
    await server.close();
    await Deno.remove(out);
  }
});

async function fixture(path: string): Promise<string | null> {
  const url = new URL(path, FIXTURES);
  try {
    await Deno.stat(url);
    return url.pathname;
  } catch {
    console.log(`skipped: ${url.pathname} is not there (the shared harness fixtures are absent)`);
    return null;
  }
}

Deno.test("diagnose: real promptfoo, Inspect AI and DeepEval files", async () => {
  const promptfoo = await fixture("promptfoo/offline-a.results.json");
  if (promptfoo) {
    const read = await readHarnessAnswers(promptfoo);
    const result = await diagnose(read.answers, { recordedBy: read.harness });
    const byId = Object.fromEntries(result.items.map((i) => [i.id.split(" ")[0], i]));
    assert.equal(result.items.length, 15);
    // A provider that threw is a failed call; an empty output is F9.
    assert.deepEqual(byId.t07.causes, ["INFRA"]);
    assert.deepEqual(byId.t09.causes, ["F9"]);
    assert.equal(result.causes.INFRA, 2);
  }
  const inspect = await fixture("inspect_ai/log_streaming.eval");
  if (inspect) {
    const read = await readHarnessAnswers(inspect);
    assert.equal(read.harness, "inspect");
    assert.deepEqual(read.answers.map((a) => a.id), ["1 #1", "1 #2", "2 #1", "2 #2"]);
    assert.ok(read.answers.every((a) => a.references.length === 1 && a.verdicts.length === 1));
  }
  const deepeval = await fixture("deepeval/Mango-Leach-industryproject.latest_test_run.json");
  if (deepeval) {
    const read = await readHarnessAnswers(deepeval);
    assert.equal(read.answers.length, 20);
    assert.deepEqual(read.answers[0].verdicts.map((v) => v.name), [
      "Original Keyword Metric",
      "CEAT Embedding Metric",
      "Custom BOLD Sentiment Metric",
    ]);
    assert.ok(read.answers[0].context?.includes("she"));
  }
  const ragas = await fixture(
    "ragas/Abishek-Raj-M-Ragas-evaluation-demo.ragas_evaluation_results.csv",
  );
  if (ragas) {
    const read = await readHarnessAnswers(ragas, { thresholds: { faithfulness: 0.7 } });
    assert.equal(read.answers.length, 8);
    const result = await diagnose(read.answers, { recordedBy: read.harness });
    assert.deepEqual([result.metric("faithfulness")!.passed, result.missed.length], [3, 5]);
  }
  const lmEval = await fixture(
    "lm-eval-harness/pr3144_samples_polymer_tg_prediction_2025-06-30T19-40-09.461247.jsonl",
  );
  if (lmEval) {
    await assert.rejects(readHarnessAnswers(lmEval), /reads answers to diagnose from promptfoo/);
  }
});
