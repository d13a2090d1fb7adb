// evaluate() end to end with the metrics that read more than the answer's text: tools given per
// row and tool calls scored (OpenAI and Anthropic servers, plain and streamed), logprobs turned into
// confidence, the time to the first token, retrieval metrics from an app's retrieved ids, and the
// same metrics on recorded answers with no model at all.
import assert from "node:assert/strict";
import { evaluate } from "../mod.ts";
import { startServer } from "./_openai_server.ts";
import { startAnthropicServer } from "./_anthropic_server.ts";

const WEATHER = {
  type: "function",
  function: {
    name: "get_weather",
    description: "The weather in a city",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
};

/** Rows asking for the weather: the model is expected to call get_weather with the city. */
const weatherRows = (cities: string[]) =>
  cities.map((city, i) => ({
    id: `w${i + 1}`,
    question: `What is the weather in ${city}?`,
    tools: [WEATHER],
    reference: { name: "get_weather", arguments: { city } },
  }));

/** The server calls get_weather with the city it read, lower-cased when the city is Rome. */
const weatherAnswer = (q: string) => {
  const city = /weather in (\w+)/.exec(q)?.[1] ?? "";
  return {
    text: "",
    toolCalls: [{ name: "get_weather", arguments: { city: city === "Rome" ? "rome" : city } }],
  };
};

Deno.test("evaluate: tools per row reach the model; tool_call scores the calls, streamed or not, on OpenAI and Anthropic", async () => {
  const starts = [
    { start: startServer, model: (url: string) => `m1@${url}`, env: "OPENAI_API_KEY" },
    {
      start: startAnthropicServer,
      model: () => "anthropic:claude-3-5-haiku-latest",
      env: "ANTHROPIC_API_KEY",
    },
  ];
  for (const s of starts) {
    const server = s.start({ answer: weatherAnswer });
    try {
      for (const stream of [false, true]) {
        const vars: Record<string, string> = {
          [s.env]: "key-test-123456",
          ANTHROPIC_BASE_URL: server.url,
        };
        const result = await evaluate(weatherRows(["Paris", "Rome", "Oslo"]), {
          model: s.model(server.url),
          env: (n) => vars[n],
          metrics: ["tool_call", "ttft"],
          stream,
          progress: false,
        });
        const tc = result.metric("tool_call")!;
        assert.deepEqual([tc.passed, tc.scored], [2, 3]);
        const rome = result.items[1];
        assert.equal(
          rome.metrics.tool_call.reason,
          'get_weather: city: got "rome", expected "Rome"',
        );
        assert.deepEqual(rome.causes, ["F14"]);
        assert.equal(rome.answer.finishReason, "tool_calls");
        const ttft = result.metric("ttft")!;
        assert.deepEqual([ttft.scored, ttft.notScored], stream ? [3, 0] : [0, 3]);
      }
      const sent = JSON.stringify(server.requests[0].body.tools);
      assert.match(sent, /get_weather/);
    } finally {
      await server.close();
    }
  }
});

Deno.test("evaluate: logprobs asked for give confidence on a plain and a streamed run; tools change the answer key", async () => {
  const logprobs = [{ token: "4", logprob: Math.log(0.8) }, { token: ".", logprob: Math.log(0.6) }];
  const server = startServer({ answer: () => ({ text: "4.", logprobs }) });
  const out = `${await Deno.makeTempDir()}/answers.jsonl`;
  try {
    for (const stream of [false, true]) {
      const result = await evaluate([{ id: "q", question: "2+2?", answer: "4" }], {
        model: `m1@${server.url}`,
        env: () => undefined,
        metrics: ["confidence:0.65", "number"],
        params: { logprobs: true },
        stream,
        progress: false,
      });
      const c = result.items[0].metrics.confidence;
      assert.ok(Math.abs(c.value - 0.7) < 1e-12, `${c.value}`); // (0.8 + 0.6) / 2
      assert.equal(c.pass, true);
    }
    // Changing a row's tools asks again; the same tools reuse the kept answer.
    const row = (tools: unknown[]) => [{ id: "q", question: "2+2?", answer: "4", tools }];
    const options = { model: `m1@${server.url}`, env: () => undefined, out, progress: false };
    await evaluate(row([WEATHER]), options);
    assert.equal((await evaluate(row([WEATHER]), options)).calls.reused, 1);
    const renamed = { ...WEATHER, function: { ...WEATHER.function, name: "weather_now" } };
    assert.equal((await evaluate(row([renamed]), options)).calls.reused, 0);
  } finally {
    await server.close();
  }
});

Deno.test("evaluate: an app returning { answer, retrieved } scored by the retrieval metrics with @k", async () => {
  const index: Record<string, string[]> = {
    "capital of France": ["geo-7", "fr-1", "fr-2"],
    "capital of Peru": ["pe-3", "geo-7"],
  };
  const rows = [
    { id: "a", question: "capital of France", answer: "Paris", relevant: ["fr-1", "fr-2"] },
    { id: "b", question: "capital of Peru", answer: "Lima", relevant: { "pe-1": 2, "pe-3": 1 } },
    { id: "c", question: "capital of Chad", answer: "N'Djamena" }, // no gold ids: not scored
  ];
  const result = await evaluate(rows, {
    app: (q) => ({ answer: "x", retrieved: index[q] ?? [] }),
    metrics: ["hit@1", "recall@2", "mrr", "ndcg@2"],
    progress: false,
  });
  const byItem = (name: string) => result.items.map((i) => i.metrics[name].value);
  assert.deepEqual(byItem("hit@1"), [0, 1, NaN]);
  assert.deepEqual(byItem("recall@2"), [0.5, 0.5, NaN]);
  assert.deepEqual(byItem("mrr"), [0.5, 1, NaN]);
  // a: geo-7 (0), fr-1 (1) against the ideal 1, 1; b: pe-3 (1), geo-7 (0) against 2, 1.
  const ndcgA = (1 / Math.log2(3)) / (1 + 1 / Math.log2(3));
  const ndcgB = 1 / (2 + 1 / Math.log2(3));
  const ndcg = byItem("ndcg@2");
  assert.ok(Math.abs(ndcg[0] - ndcgA) < 1e-12 && Math.abs(ndcg[1] - ndcgB) < 1e-12);
  assert.equal(result.metric("mrr")!.notScored, 1);
  assert.equal(result.metric("hit@1")!.passed, 1);
  // A file may name the gold ids gold_ids instead (with grades as a list of { id, relevance }).
  const graded = await evaluate([{
    id: "b",
    question: "capital of Peru",
    gold_ids: [{ id: "pe-1", relevance: 2 }, { id: "pe-3", relevance: 1 }],
  }], { app: (q) => ({ answer: "x", retrieved: index[q] }), metrics: ["ndcg@2"], progress: false });
  assert.ok(Math.abs(graded.items[0].metrics["ndcg@2"].value - ndcgB) < 1e-12);
  assert.equal(graded.settings.mapping.relevant, "gold_ids");
});

Deno.test("evaluate: recorded retrieved ids, tool calls and ttft are scored with no model", async () => {
  const rows = [
    {
      id: "r1",
      question: "q",
      response: "Paris",
      retrieved: ["d2", "d1"],
      relevant: ["d1"],
      ttft_ms: 180,
      tool_calls: [{ type: "function", function: { name: "lookup", arguments: '{"q": "Paris"}' } }],
      reference: '{"name": "lookup", "arguments": {"q": "Paris"}}',
    },
  ];
  const result = await evaluate(rows, { metrics: ["mrr", "ttft:200", "tool_call"] });
  const m = result.items[0].metrics;
  assert.deepEqual([m.mrr.value, m.ttft.value, m.ttft.pass, m.tool_call.value], [
    0.5,
    180,
    true,
    1,
  ]);
});

Deno.test("evaluate: a malformed tools, relevant or tests field is named with its row", async () => {
  const bad = [
    { id: "a", question: "q", response: "x", tools: [{ name: "no-type" }] },
    { id: "b", question: "q", response: "x", relevant: { d1: -1 } },
    { id: "c", question: "q", response: "x", tests: [42] },
  ];
  await assert.rejects(
    evaluate(bad, { metrics: ["exact_match"] }),
    /row 1: "tools" tool 1 is not in the OpenAI function format.*row 2: "relevant" id "d1" \("d1"\) has grade -1.*row 3: "tests" test 1 is neither code nor/,
  );
});
