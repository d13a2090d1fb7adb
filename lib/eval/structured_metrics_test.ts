// ttft, confidence, tool_call and the retrieval metrics on hand-made items, each value worked out
// here by hand from the documented formula.
import assert from "node:assert/strict";
import { resolveMetric } from "./eval_metrics.ts";
import type { EvalItem } from "./dataset.ts";
import { testItem } from "./_test_item.ts";
import type { AnswerRecord, ToolCall } from "./types.ts";

async function score(
  spec: string,
  answer: Partial<AnswerRecord>,
  over: Partial<EvalItem> = {},
) {
  const m = await resolveMetric(spec);
  const it = testItem(over);
  const text = answer.text ?? "";
  return m.score({ text, answer: { text, ...answer } as AnswerRecord, item: it }, it.references);
}

const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-12, `${a} ≠ ${b}`);

Deno.test("ttft: milliseconds of a streamed answer, lower is better; not scored when not streamed", async () => {
  const fast = await score("ttft:300", { ttftMs: 120, streamed: true });
  assert.deepEqual([fast.value, fast.pass, fast.reason], [120, true, "120 ms"]);
  assert.equal((await score("ttft:300", { ttftMs: 450, streamed: true })).pass, false);
  const plain = await score("ttft:300", { ttftMs: null, streamed: false });
  assert.deepEqual([plain.scored, plain.pass], [false, null]);
  assert.match(plain.reason, /not streamed/);
});

Deno.test("confidence: the mean token probability; not scored without logprobs", async () => {
  const logprobs = [
    { token: "Par", logprob: -0.1 },
    { token: "is", logprob: -0.5 },
    { token: ".", logprob: -2 },
  ];
  const v = await score("confidence", { logprobs });
  close(v.value, (Math.exp(-0.1) + Math.exp(-0.5) + Math.exp(-2)) / 3); // 0.548901…
  assert.equal(v.pass, null); // graded: no threshold, no verdict
  assert.match(v.reason, /over 3 tokens \(lowest 0\.135 at "\."\)/);
  assert.equal((await score("confidence:0.6", { logprobs })).pass, false);
  const none = await score("confidence", {});
  assert.deepEqual([none.scored, none.value], [false, NaN]);
  assert.match(none.reason, /no logprobs/);
});

const call = (name: string, args: unknown): ToolCall => ({
  name,
  arguments: typeof args === "string" ? args : JSON.stringify(args),
});

async function toolCall(calls: ToolCall[] | undefined, refs: unknown[], text = "") {
  return await score("tool_call", { toolCalls: calls, text }, {
    references: refs.map((r) => typeof r === "string" ? r : JSON.stringify(r)),
  });
}

Deno.test("tool_call: arguments compared as JSON values — key order, whitespace and 1.0 vs 1 do not matter", async () => {
  const ref = { name: "get_weather", arguments: { city: "Paris", days: 1, opts: { unit: "C" } } };
  const got = call("get_weather", '{ "opts": {"unit":"C"},\n  "days": 1.0, "city": "Paris" }');
  const v = await toolCall([got], [ref]);
  assert.deepEqual([v.value, v.pass], [1, true]);
  // The OpenAI form of the reference, with arguments as JSON text, reads the same.
  const openai = {
    type: "function",
    function: { name: "get_weather", arguments: JSON.stringify(ref.arguments) },
  };
  assert.equal((await toolCall([got], [openai])).value, 1);
});

Deno.test("tool_call: a miss names the wrong tool, a missing or unexpected argument, a wrong value or type", async () => {
  const ref = { name: "get_weather", arguments: { city: "Paris", days: 2 } };
  const cases: [ToolCall[] | undefined, RegExp][] = [
    [undefined, /^no tool call \(the answer is text: "It is sunny"\); expected get_weather$/],
    [[call("get_time", { city: "Paris" })], /^called get_time, expected get_weather$/],
    [[call("get_weather", { city: "Paris" })], /^get_weather: missing argument days$/],
    [
      [call("get_weather", { city: "Paris", days: 2, unit: "F" })],
      /^get_weather: unexpected argument unit = "F"$/,
    ],
    [
      [call("get_weather", { city: "paris", days: 2 })],
      /^get_weather: city: got "paris", expected "Paris"$/,
    ],
    [
      [call("get_weather", { city: "Paris", days: "2" })],
      /^get_weather: days: got "2" \(string\), expected 2 \(number\)$/,
    ],
    [[call("get_weather", "{city: Paris")], /^get_weather: the arguments are not JSON/],
    [
      [call("get_weather", ref.arguments), call("get_time", {})],
      /^unexpected call of get_time$/,
    ],
  ];
  for (const [calls, reason] of cases) {
    const v = await toolCall(calls, [ref], "It is sunny");
    assert.deepEqual([v.value, v.pass, v.cause], [0, false, "F14"], v.reason);
    assert.match(v.reason, reason);
  }
});

Deno.test("tool_call: several expected calls in any order; several references, the best counts; a reference that is no call is not scored", async () => {
  const both = [
    { name: "a", arguments: { x: [1, 2] } },
    { name: "b", arguments: {} },
  ];
  assert.equal((await toolCall([call("b", {}), call("a", { x: [1, 2] })], [both])).value, 1);
  const wrongItem = await toolCall([call("b", {}), call("a", { x: [1, 3] })], [both]);
  assert.equal(wrongItem.reason, "a: x[1]: got 3, expected 2");
  // Two acceptable calls: either one passes.
  const alternatives = [{ name: "a", arguments: { x: 1 } }, { name: "a", arguments: { x: 2 } }];
  assert.equal((await toolCall([call("a", { x: 2 })], alternatives)).value, 1);
  const notACall = await toolCall([call("a", {})], ["Paris"]);
  assert.deepEqual([notACall.scored, notACall.reason], [
    false,
    'the reference is not a tool call ({ "name", "arguments" })',
  ]);
  assert.equal((await toolCall([call("a", {})], [])).scored, false); // no reference
});

// Gold: d1 (grade 3), d2 (2), d3 (0: not relevant), d4 (1). Retrieved: d5, d2, d1, d2 again
// (counted once, at rank 2), d6, d4 — so the ranked list is d5, d2, d1, d6, d4.
const gold = new Map([["d1", 3], ["d2", 2], ["d3", 0], ["d4", 1]]);
const retrieved = ["d5", "d2", "d1", "d2", "d6", "d4"];

async function retrieval(spec: string, ids: string[] | undefined = retrieved, relevant = gold) {
  return await score(spec, { retrieved: ids }, { relevant });
}

Deno.test("retrieval: hit, recall, precision and mrr with and without @k, by hand", async () => {
  const expected: [string, number][] = [
    ["hit@1", 0], // d5 only
    ["hit@2", 1], // d2
    ["hit", 1],
    ["recall@3", 2 / 3], // d2 and d1 of d1, d2, d4
    ["recall", 1],
    ["precision@3", 2 / 3],
    ["precision@10", 3 / 10], // fewer than k retrieved: still divided by k
    ["precision", 3 / 5], // 3 relevant among 5 distinct retrieved
    ["mrr", 1 / 2], // first relevant at rank 2
    ["mrr@1", 0],
  ];
  for (const [spec, want] of expected) {
    const v = await retrieval(spec);
    close(v.value, want);
  }
  assert.equal((await retrieval("hit@1")).pass, false); // hit is right-or-wrong: passes at 1
  assert.equal((await retrieval("recall@3")).pass, null); // graded: no threshold
  assert.equal((await retrieval("recall@3:0.5")).pass, true);
  assert.equal((await retrieval("recall@3")).reason, "2 of 3 relevant in the top 3; missed d4");
});

Deno.test("retrieval: ndcg with graded relevance (linear gain), by hand", async () => {
  // @3: ranks 1–3 hold d5 (0), d2 (2), d1 (3); the ideal order is 3, 2, 1.
  const dcg3 = 0 / Math.log2(2) + 2 / Math.log2(3) + 3 / Math.log2(4);
  const ideal3 = 3 / Math.log2(2) + 2 / Math.log2(3) + 1 / Math.log2(4);
  close((await retrieval("ndcg@3")).value, dcg3 / ideal3); // 0.5800…
  // Without k: d6 (0) at rank 4 and d4 (1) at rank 5 count too; the ideal is the same three.
  const dcg = dcg3 + 0 / Math.log2(5) + 1 / Math.log2(6);
  close((await retrieval("ndcg")).value, dcg / ideal3);
  // Binary gold (a list of ids): every grade is 1.
  const binary = new Map([["d1", 1], ["d4", 1]]);
  const v = await retrieval("ndcg@2", ["d4", "d9", "d1"], binary);
  close(v.value, (1 / Math.log2(2)) / (1 / Math.log2(2) + 1 / Math.log2(3)));
});

Deno.test("retrieval: not scored without relevant gold ids or without retrieved ids; nothing retrieved scores 0", async () => {
  const noGold = await retrieval("recall", retrieved, new Map([["d3", 0]]));
  assert.deepEqual([noGold.scored, noGold.reason], [false, "no relevant gold ids"]);
  const noIds = await score("recall", { text: "an answer with no retrieved ids" }, {
    relevant: gold,
  });
  assert.equal(noIds.scored, false);
  assert.match(noIds.reason, /no retrieved ids/);
  for (const spec of ["hit", "recall", "precision", "mrr", "ndcg", "precision@5"]) {
    const v = await retrieval(spec, []);
    assert.deepEqual([v.value, v.scored], [0, true], spec);
  }
});

Deno.test("metric specs: @k only for retrieval metrics; an unknown name suggests the closest", async () => {
  assert.equal((await resolveMetric("recall@5")).name, "recall@5");
  assert.match((await resolveMetric("ndcg@10")).settings, /top 10/);
  await assert.rejects(resolveMetric("recall@0"), RangeError);
  await assert.rejects(resolveMetric("recall@x"), RangeError);
  await assert.rejects(resolveMetric("f1@5"), /f1 takes no @k cutoff/);
  await assert.rejects(
    resolveMetric("recal@5"),
    /Unknown metric "recal" \(did you mean "recall"\?\)/,
  );
  await assert.rejects(resolveMetric("tool_calls"), /did you mean "tool_call"/);
});
