// Causes, flagged items, the judge and the verified fix search end to end, against local
// OpenAI-format servers whose answers depend on what is sent: max_tokens cuts an answer (finish
// reason length), an added instruction changes it, a judge replies with the JSON asked for.
import assert from "node:assert/strict";
import { evaluate, type Metric, readAnswers } from "../mod.ts";
import { startServer } from "./_openai_server.ts";

const env = () => undefined;
const FAST = { baseDelayMs: 1, maxDelayMs: 2 };

/** Full answers by question; the reference word sits at a known position. */
const FULL: Record<string, string> = {
  // 10 words, the reference is the 9th: cut at 5, fits at 10.
  "Tell me about t1": "Well let me think about this one the answer Paris",
  // 18 words, the reference is the 17th: cut at 5 and at 10, fits at 20.
  "Tell me about t2":
    "Well let me think about this one for a while since it is hard the answer Lima indeed",
  // The reference comes first: the cut answer still contains it.
  "Tell me about t3": "Rome is the capital of Italy and an old city",
};

const words = (s: string) => s.split(/\s+/).filter(Boolean);

/** An answer cut to max_tokens words (a "token" is a word here), with finish reason length. */
function cut(question: string, body: Record<string, unknown>) {
  const full = FULL[question] ?? "unknown";
  const limit = typeof body.max_tokens === "number" ? body.max_tokens : Infinity;
  const w = words(full);
  return w.length > limit
    ? { text: w.slice(0, limit).join(" "), finish: "length" }
    : { text: full, finish: "stop" };
}

const truncation = [
  { id: "t1", question: "Tell me about t1", answer: "Paris" },
  { id: "t2", question: "Tell me about t2", answer: "Lima" },
  { id: "t3", question: "Tell me about t3", answer: "Rome" },
];

Deno.test("causes: truncated misses are F1 and fixed by the raise they need; a truncated pass is flagged F1 and fixed", async () => {
  const server = startServer({
    answer: (q, body) => cut(q, body).text,
    finishReason: (q, body) => cut(q, body).finish,
  });
  const out = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    const options = {
      model: `m@${server.url}`,
      env,
      metrics: ["contains"],
      params: { max_tokens: 5 },
      fix: 5,
      out,
      progress: false as const,
    };
    const result = await evaluate(truncation, options);
    const byId = Object.fromEntries(result.items.map((i) => [i.id, i]));
    assert.deepEqual(result.missed.map((i) => i.id), ["t1", "t2"]);
    for (const id of ["t1", "t2"]) assert.deepEqual(byId[id].causes, ["F1"], id);
    assert.deepEqual(result.causes, { INFRA: 0, F1: 2 });
    // t3 passed its metric, but its answer was cut off: flagged F1.
    assert.equal(byId.t3.missed, false);
    assert.equal(byId.t3.flag, "F1");
    assert.deepEqual(result.flagged, [{ id: "t3", cause: "F1" }]);

    const fixes = result.fixes!;
    assert.equal(fixes.searched, 3);
    const fixed = Object.fromEntries(fixes.items.map((i) => [i.id, i]));
    assert.deepEqual(
      fixes.items.map((i) => [i.id, i.flagged, i.outcome, i.change]),
      [
        ["t1", false, "fixed", "raise_max_tokens"],
        ["t2", false, "fixed", "raise_max_tokens_more"],
        ["t3", true, "fixed", "raise_max_tokens"],
      ],
    );
    assert.deepEqual(fixed.t1.retry, { passed: 0, tries: 3 });
    assert.deepEqual(fixed.t1.withChange, { passed: 3, tries: 3 });
    // 2× (10 words) still cuts t2: tried, failed at once, then 4×.
    assert.deepEqual(
      fixed.t2.tried.map((t) => [t.change, t.passed, t.tries, t.verified]),
      [["raise_max_tokens", 0, 2, false], ["raise_max_tokens_more", 3, 3, true]],
    );
    assert.deepEqual(fixes.byChange, { raise_max_tokens: 2, raise_max_tokens_more: 1 });
    // The raises were really sent.
    const sent = server.requests.filter((r) => r.question === "Tell me about t2")
      .map((r) => r.body.max_tokens);
    assert.deepEqual(sent, [5, 5, 5, 5, 10, 10, 20, 20, 20]);
    // Every call of the search is counted and kept in the answers file with its tag.
    assert.equal(fixes.calls.asked, server.requests.length - 3);
    const kept = await readAnswers(out);
    const tags = [...kept.answers.values()].map((a) => a.tag);
    assert.equal(tags.filter((t) => t.startsWith("retry#")).length, 9);
    assert.equal(tags.filter((t) => t.startsWith("fix:raise_max_tokens_more#")).length, 3);

    // A second run resumes: every call (the eval's and the search's) is reused.
    const seen = server.requests.length;
    const again = await evaluate(truncation, options);
    assert.equal(server.requests.length, seen);
    assert.deepEqual(again.fixes!.calls, { asked: 0, reused: fixes.calls.asked, failed: 0 });
    assert.deepEqual(again.toJSON().fixes!.items, result.toJSON().fixes!.items);
    const json = result.toJSON();
    assert.deepEqual(json.fixes!.byChange, { raise_max_tokens: 2, raise_max_tokens_more: 1 });
    assert.deepEqual(Object.keys(json.fixes!.items[0]).slice(0, 7), [
      "id",
      "cause",
      "flagged",
      "outcome",
      "change",
      "retry",
      "withChange",
    ]);
    assert.match(result.toText(), /Verified fixes \(searched on 3 missed or flagged items\)/);
    assert.match(result.toText(), /raise_max_tokens_more +1/);
  } finally {
    await server.close();
    await Deno.remove(out);
  }
});

Deno.test("causes: a flaky miss is not repeatable, and no change is claimed", async () => {
  let asked = 0;
  const server = startServer({
    answer: () => (++asked === 1 ? "Lyon" : "Paris"),
  });
  try {
    const result = await evaluate([{ id: "f1", question: "Capital of France?", answer: "Paris" }], {
      model: `m@${server.url}`,
      env,
      fix: 1,
      progress: false,
    });
    assert.equal(result.missed.length, 1);
    const item = result.fixes!.items[0];
    assert.equal(item.outcome, "not-repeatable");
    assert.deepEqual(item.retry, { passed: 1, tries: 1 });
    assert.equal(item.change, null);
    assert.deepEqual(item.tried, []);
    assert.deepEqual(result.fixes!.byChange, {});
    assert.equal(server.requests.length, 2);
  } finally {
    await server.close();
  }
});

const isJudge = (body: Record<string, unknown>) =>
  JSON.stringify(body.messages).includes("You diagnose why");

Deno.test("causes: a scripted judge names F4 for a confident wrong answer; a judge that errors leaves misses not judged", async () => {
  const rows = [
    { id: "w1", question: "Capital of Australia?", answer: "Canberra" },
    { id: "w2", question: "Capital of Nigeria?", answer: "Abuja" },
    { id: "ok", question: "Capital of France?", answer: "Paris" },
  ];
  const model = startServer({
    answer: (q) => q.includes("Australia") ? "Sydney" : q.includes("Nigeria") ? "Lagos" : "Paris",
  });
  const judge = startServer({
    answer: (_q, body) =>
      isJudge(body)
        ? JSON.stringify({ cause: "F4", reason: "states a wrong capital with confidence" })
        : "?",
  });
  const broken = startServer({ fault: () => ({ kind: "500" }) });
  const garbled = startServer({ answer: () => "It is probably F4." });
  try {
    const base = { model: `m@${model.url}`, env, progress: false as const, backoff: FAST };
    const judged = await evaluate(rows, { ...base, judge: `j@${judge.url}` });
    assert.deepEqual(judged.causes, { INFRA: 0, F4: 2 });
    assert.deepEqual(judged.items[0].judged, {
      cause: "F4",
      reason: "states a wrong capital with confidence",
    });
    assert.equal(judged.items[2].judged, undefined); // passed: never sent to the judge
    assert.equal(judge.requests.length, 2);
    const seen = judge.requests[0].body;
    assert.equal((seen.messages as { content: string }[])[1].content.includes("Sydney"), true);
    assert.equal(seen.temperature, 0);
    assert.deepEqual(judged.toJSON().judge, {
      model: `j@${judge.url}`,
      judged: 2,
      notJudged: 0,
      calls: 2,
    });
    assert.match(judged.headline(), /judged by j@/);

    const failing = await evaluate(rows, { ...base, judge: `j@${broken.url}`, retries: 1 });
    assert.deepEqual(failing.causes, { INFRA: 0, "not-judged": 2 });
    assert.deepEqual(
      [failing.judge!.judged, failing.judge!.notJudged, failing.judge!.notJudgedBy.error],
      [0, 2, 2],
    );
    assert.match(failing.toText(), /not judged \(cause unknown\) +2/);
    assert.match(failing.toText(), /judged 0, not judged 2 \(2 call error/);

    const malformed = await evaluate(rows, { ...base, judge: `j@${garbled.url}` });
    assert.deepEqual(malformed.judge!.notJudgedBy, { error: 0, malformed: 2, limit: 0 });
    assert.match((malformed.items[0].judged as { reason: string }).reason, /not JSON/);

    // --judge alone: the run's own model is asked.
    const self = await evaluate(rows.slice(0, 1), { ...base, judge: true });
    assert.equal(self.judge!.model, `m@${model.url}`);
  } finally {
    await Promise.all([model.close(), judge.close(), broken.close(), garbled.close()]);
  }
});

Deno.test("causes: a change that fixes the miss but breaks another metric is rejected", async () => {
  // The answer buries the reference (F8); asked for the bare answer it gives just "Paris", which
  // passes exact_match but fails the run's other metric (at least three words).
  const server = startServer({
    answer: (q) => q.includes("Give only the final answer") ? "Paris" : "The answer is Paris",
  });
  const explains: Metric = {
    name: "explains",
    threshold: 1,
    compute: (r) => ({ value: words(r.text).length >= 3 ? 1 : 0 }),
  };
  try {
    const result = await evaluate(
      [{ id: "b1", question: "Capital of France?", answer: "Paris" }],
      {
        model: `m@${server.url}`,
        env,
        metrics: ["exact_match", explains],
        params: { temperature: 0 },
        fix: 1,
        progress: false,
      },
    );
    assert.deepEqual(result.items[0].causes, ["F8"]);
    const item = result.fixes!.items[0];
    assert.equal(item.outcome, "no-fix");
    assert.equal(item.change, null);
    const answerOnly = item.tried.find((t) => t.change === "answer_only")!;
    assert.equal(answerOnly.verified, false);
    assert.deepEqual(answerOnly.broke, ["explains"]);
    assert.match(answerOnly.note, /rejected: broke explains/);
    // temperature was already 0: lower_temperature does not apply and is not tried.
    assert.ok(!item.tried.some((t) => t.change === "lower_temperature"));
  } finally {
    await server.close();
  }
});

Deno.test("causes: a recorded finish_reason is read too — a cut-off recorded answer that passed is flagged", async () => {
  const result = await evaluate([
    {
      id: "r1",
      question: "Capital of Italy?",
      answer: "Rome",
      response: "Rome is the",
      finish_reason: "max_tokens",
    },
    {
      id: "r2",
      question: "Capital of Peru?",
      answer: "Lima",
      response: "Lima",
      finish_reason: "stop",
    },
  ], { metrics: ["contains"] });
  assert.deepEqual(result.flagged, [{ id: "r1", cause: "F1" }]);
  assert.equal(result.items[0].answer.rawFinishReason, "max_tokens");
});

Deno.test("causes: plain retries whose calls fail leave the search incomplete, and every failed call is counted", async () => {
  let n = 0;
  const server = startServer({
    answer: () => "Lyon",
    fault: () => (n++ === 0 ? undefined : { kind: "500" }),
  });
  try {
    const result = await evaluate([{ id: "x", question: "Capital of France?", answer: "Paris" }], {
      model: `m@${server.url}`,
      env,
      fix: 1,
      retries: 0,
      backoff: FAST,
      progress: false,
    });
    const item = result.fixes!.items[0];
    assert.equal(item.outcome, "incomplete");
    assert.deepEqual(item.retry, { passed: 0, tries: 3 });
    assert.deepEqual(item.tried, []);
    assert.deepEqual(result.fixes!.calls, { asked: 3, reused: 0, failed: 3 });
    assert.match(result.toText(), /incomplete \(plain retries failed\) +1/);
  } finally {
    await server.close();
  }
});
