// evaluate() end to end against a local OpenAI-compatible server: input order under concurrency,
// each scripted fault counted as an INFRA miss, the answers file and its reuse rules, the seeded
// interval against an independent computation, and the notebook display.
import assert from "node:assert/strict";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { $display, assertMetric, evaluate, readAnswers } from "../mod.ts";
import { type Fault, startServer } from "./_openai_server.ts";

const KEY = "sk-live-verdict-test-5f3a9c";
const env = (name: string) => name === "OPENAI_API_KEY" ? KEY : undefined;
const FAST = { baseDelayMs: 5, maxDelayMs: 20 };

function questions(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `q${i + 1}`,
    question: `What is ${i + 1} + ${i + 1}?`,
    answer: String(2 * (i + 1)),
  }));
}

/** The server answers "N + N" questions right, except those listed as wrong. */
const arithmetic = (wrong: Set<number> = new Set()) => (q: string) => {
  const n = Number(/What is (\d+)/.exec(q)?.[1]);
  return wrong.has(n) ? "I am not sure" : String(2 * n);
};

Deno.test("evaluate: concurrency keeps input order; each answer keeps its metadata", async () => {
  // Later items answer faster, so answers arrive out of order.
  const server = startServer({ answer: arithmetic(new Set([3])) });
  try {
    const rows = questions(12);
    const result = await evaluate(rows, {
      model: `m1@${server.url}`,
      env,
      metrics: ["exact_match", "number", "latency:5000"],
      concurrency: 8,
      params: { temperature: 0 },
      progress: false,
    });
    assert.deepEqual(result.items.map((i) => i.id), rows.map((r) => r.id));
    assert.equal(server.requests.length, 12);
    const em = result.metric("exact_match")!;
    assert.deepEqual([em.passed, em.scored, em.notScored], [11, 12, 0]);
    assert.equal(result.missed[0].id, "q3");
    const a = result.items[0].answer;
    assert.equal(a.finishReason, "stop");
    assert.equal(a.rawFinishReason, "stop");
    assert.equal(a.usage?.input, 12);
    assert.ok(a.latencyMs! > 0);
    assert.equal(a.ttftMs, null);
    assert.equal(a.attempts, 1);
    assert.equal((a.request?.body as Record<string, unknown>).temperature, 0);
    assert.equal(result.calls.asked, 12);
    assert.ok(!JSON.stringify(result.items).includes(KEY));
  } finally {
    await server.close();
  }
});

Deno.test("evaluate: each fault handled as specified; failed calls are INFRA misses, not the model's", async () => {
  const faults: Record<string, Fault[]> = {
    "What is 1 + 1?": [{ kind: "429", retryAfter: "0" }],
    "What is 2 + 2?": [{ kind: "500" }, { kind: "500" }],
    "What is 3 + 3?": [{ kind: "slow", ms: 800 }],
    "What is 4 + 4?": [{ kind: "drop" }],
    "What is 5 + 5?": Array(10).fill({ kind: "malformed" }),
    "What is 6 + 6?": Array(10).fill({ kind: "500" }),
    "What is 7 + 7?": Array(10).fill({ kind: "echo-headers" }),
  };
  const seen = new Map<string, number>();
  const server = startServer({
    answer: arithmetic(),
    fault(_n, q) {
      const i = seen.get(q) ?? 0;
      seen.set(q, i + 1);
      return faults[q]?.[i];
    },
  });
  try {
    const result = await evaluate(questions(8), {
      model: `m1@${server.url}`,
      env,
      metrics: ["exact_match", "f1", "latency:10000"],
      retries: 2,
      timeoutMs: 400,
      backoff: FAST,
      concurrency: 4,
      progress: false,
    });
    const byId = Object.fromEntries(result.items.map((i) => [i.id, i]));
    // Retried and answered: 429, two 500s, a reply slower than the timeout, a dropped connection.
    for (const id of ["q1", "q2", "q3", "q4", "q8"]) {
      assert.equal(byId[id].answer.error, null, id);
      assert.equal(byId[id].metrics.exact_match.pass, true, id);
    }
    assert.deepEqual(
      ["q1", "q2", "q3", "q4", "q8"].map((id) => byId[id].answer.attempts),
      [2, 3, 2, 2, 1],
    );
    // Failed for good: malformed JSON (not retried), 500 after the retries, an auth error.
    assert.equal(byId.q5.answer.error?.kind, "malformed");
    assert.equal(byId.q5.answer.attempts, 1);
    assert.equal(byId.q6.answer.error?.kind, "server");
    assert.equal(byId.q6.answer.attempts, 3);
    assert.equal(byId.q7.answer.error?.kind, "auth");
    for (const id of ["q5", "q6", "q7"]) {
      assert.deepEqual(byId[id].causes, ["INFRA"]);
      assert.equal(byId[id].metrics.exact_match.pass, false);
      assert.equal(byId[id].metrics.exact_match.cause, "INFRA");
      assert.equal(byId[id].metrics.f1.value, 0);
      assert.equal(byId[id].metrics.f1.pass, null); // graded, no threshold
      assert.equal(byId[id].metrics.latency.pass, false);
    }
    assert.deepEqual(result.causes, { INFRA: 3 });
    const em = result.metric("exact_match")!;
    assert.deepEqual([em.passed, em.scored, em.failedCalls], [5, 8, 3]);
    assert.deepEqual(result.calls, { asked: 8, answered: 5, failed: 3, reused: 0, recorded: 0 });
    // The echoed Authorization header is in the server's reply but not in anything we keep.
    assert.match(byId.q7.answer.error!.message, /\[redacted\]/);
    assert.ok(!JSON.stringify(result.toJSON()).includes(KEY));
    assert.ok(!JSON.stringify(result.items).includes(KEY));
    assert.ok(!result.toText().includes(KEY) && !result.toHTML().includes(KEY));
  } finally {
    await server.close();
  }
});

Deno.test("evaluate: an unknown model fails every call (nothing answered), with the server's reason", async () => {
  const server = startServer({ models: ["m1"] });
  try {
    const result = await evaluate(questions(3), {
      model: `gpt-nope@${server.url}`,
      env,
      progress: false,
    });
    assert.equal(result.nothingAnswered, true);
    assert.equal(server.requests.length, 3); // 404 is not retried
    assert.match(result.items[0].answer.error!.message, /404: The model `gpt-nope` does not exist/);
  } finally {
    await server.close();
  }
});

/** The bootstrap computed here from pure-rand directly: mean, resample, percentile. */
function independentInterval(
  values: number[],
  seed: number,
  resamples: number,
  confidence: number,
) {
  const rng = xoroshiro128plus(seed);
  const means: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < values.length; i++) sum += values[uniformInt(rng, 0, values.length - 1)];
    means.push(sum / values.length);
  }
  means.sort((a, b) => a - b);
  const at = (p: number) => {
    const x = p * (means.length - 1);
    const lo = Math.floor(x);
    const hi = Math.min(lo + 1, means.length - 1);
    return means[lo] + (x - lo) * (means[hi] - means[lo]);
  };
  const alpha = 1 - confidence;
  return [at(alpha / 2), at(1 - alpha / 2)];
}

Deno.test("evaluate: the seeded interval repeats exactly and equals an independent computation", async () => {
  const first = await evaluate("examples/capitals.jsonl", {
    metrics: ["exact_match", "f1"],
    seed: 7,
  });
  const again = await evaluate("examples/capitals.jsonl", {
    metrics: ["exact_match", "f1"],
    seed: 7,
  });
  assert.deepEqual(first.toJSON(), again.toJSON());
  for (const name of ["exact_match", "f1"]) {
    const values = first.items.map((i) => i.metrics[name].value);
    const m = first.metric(name)!;
    const [lo, hi] = independentInterval(values, 7, 1000, 0.95);
    // Equal up to the last bit of floating-point rounding (summation order may differ).
    assert.ok(
      Math.abs(m.ci[0] - lo) < 1e-12 && Math.abs(m.ci[1] - hi) < 1e-12,
      `${name}: ${m.ci} vs ${[lo, hi]}`,
    );
    assert.equal(m.mean, values.reduce((a, b) => a + b, 0) / values.length);
  }
  const other = await evaluate("examples/capitals.jsonl", { metrics: ["f1"], seed: 8 });
  assert.notDeepEqual(other.metric("f1")!.ci, first.metric("f1")!.ci);
  assert.equal(first.toJSON().seed, 7);
});

Deno.test("evaluate: the answers file is reused only when model, messages and params are unchanged", async () => {
  const server = startServer({ answer: arithmetic() });
  const out = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    const base = { model: `m1@${server.url}`, env, out, progress: false as const };
    const rows = questions(4);
    const one = await evaluate(rows, { ...base, params: { temperature: 0 } });
    assert.equal(one.calls.asked, 4);
    const two = await evaluate(rows, { ...base, params: { temperature: 0 } });
    assert.deepEqual([two.calls.asked, two.calls.reused], [0, 4]);
    assert.equal(server.requests.length, 4);
    // A changed parameter, prompt or model re-asks.
    const hotter = await evaluate(rows, { ...base, params: { temperature: 1 } });
    assert.equal(hotter.calls.asked, 4);
    const edited = rows.map((r, i) => i === 0 ? { ...r, question: r.question + " " } : r);
    const three = await evaluate(edited, { ...base, params: { temperature: 0 } });
    assert.deepEqual([three.calls.asked, three.calls.reused], [1, 3]);
    const other = await evaluate(rows, {
      ...base,
      model: `m2@${server.url}`,
      params: { temperature: 0 },
    });
    assert.equal(other.calls.asked, 4);
    const text = await Deno.readTextFile(out);
    assert.ok(!text.includes(KEY));
    assert.equal(text.trim().split("\n").length, 13);
  } finally {
    await server.close();
    await Deno.remove(out);
  }
});

Deno.test("evaluate: failed calls in the answers file are asked again; a torn last line is tolerated", async () => {
  let failing = true;
  const server = startServer({
    answer: arithmetic(),
    fault: () => failing ? { kind: "500" } : undefined,
  });
  const out = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    const base = { model: `m1@${server.url}`, env, out, progress: false as const, retries: 0 };
    const rows = questions(3);
    const one = await evaluate(rows, base);
    assert.equal(one.calls.failed, 3);
    await Deno.writeTextFile(out, '{"kind": "answer", "id": "q1", "ke', { append: true });
    failing = false;
    const two = await evaluate(rows, base);
    assert.deepEqual([two.calls.asked, two.calls.answered], [3, 3]);
    const kept = await readAnswers(out);
    assert.equal(kept.answers.size, 3);
    assert.equal(kept.failed, 3);
    assert.equal(kept.unreadable.length, 1);
    assert.equal(kept.torn, false); // the next record started on a line of its own
  } finally {
    await server.close();
    await Deno.remove(out);
  }
});

Deno.test("evaluate: streaming records the time to the first token", async () => {
  const server = startServer({ answer: arithmetic(), finishReason: () => "length" });
  try {
    const result = await evaluate(questions(2), {
      model: `m1@${server.url}`,
      env,
      stream: true,
      progress: false,
    });
    const a = result.items[0].answer;
    assert.equal(a.streamed, true);
    assert.ok(a.ttftMs !== null && a.ttftMs <= a.latencyMs!);
    assert.equal(a.finishReason, "length");
    assert.equal(a.text, "2");
  } finally {
    await server.close();
  }
});

Deno.test("evaluate: an app function, with the row and retrieved ids", async () => {
  const result = await evaluate(questions(3), {
    app: (q, row) => ({
      answer: String(2 * Number(/\d+/.exec(q)![0])),
      retrieved: [String(row.id)],
    }),
    progress: false,
  });
  assert.equal(result.settings.model, "app:app");
  assert.equal(result.metric("exact_match")!.passed, 3);
  assert.deepEqual(result.items[2].answer.retrieved, ["q3"]);
});

Deno.test("evaluate: dataset problems stop the run with row and field, or are listed with skipBadRows", async () => {
  const rows = [
    { id: "a", country: "France", answer: "Paris", response: "Paris" },
    { id: "b", answer: "Rome", response: "Rome" },
    { id: "a", country: "Spain", answer: "Madrid", response: "Madrid" },
  ];
  await assert.rejects(
    evaluate(rows, { template: "Capital of {country}?" }),
    (e: Error) =>
      e instanceof TypeError && /row 2 has no field "country"/.test(e.message) &&
      /id "a" appears in rows 1 and 3/.test(e.message),
  );
  const result = await evaluate(rows, { template: "Capital of {country}?", skipBadRows: true });
  assert.equal(result.items.length, 1);
  assert.deepEqual(result.problems.map((p) => [p.code, p.row]), [["missing-field", 2], [
    "duplicate-id",
    3,
  ]]);
  assert.match(result.toText(), /2 rows left out/);
  await assert.rejects(
    evaluate([{ id: "x", question: "q" }]),
    /no row has a recorded answer \(response or output\) and no model was given/,
  );
});

Deno.test("evaluate: not scored items are shown and left out of the mean", async () => {
  const result = await evaluate([
    { id: "a", question: "q", answer: "x", response: "x" },
    { id: "b", question: "q", answer: "y", response: "z" },
    { id: "c", question: "q", response: "z" },
  ], { metrics: ["exact_match"] });
  const em = result.metric("exact_match")!;
  assert.deepEqual([em.mean, em.passed, em.scored, em.notScored], [0.5, 1, 2, 1]);
  assert.match(result.toText(), /exact_match\s+0\.500\s+\S+ to \S+\s+50\.0% \(1\/2\)\s+1\s+0/);
});

Deno.test("assertMetric: passes, fails with the figures and settings, refuses unknown names", async () => {
  const result = await evaluate("examples/capitals.jsonl", { metrics: ["exact_match"] });
  assertMetric(result, "exact_match", ">=", 0.6);
  assertMetric(result, "exact_match", "<", 0.61);
  assert.throws(
    () => assertMetric(result, "exact_match", ">=", 0.8),
    /exact_match mean 0\.600 is not >= 0\.8 \(mean 0\.600, 95% CI 0\.\d+ to 0\.\d+, 12\/20 passed, 0 not scored; model recorded, seed 0, 1,000 resamples\)/,
  );
  assert.throws(
    () => assertMetric(result, "exact_match", ">=", 0.5, { use: "ci-lower" }),
    /ci-lower/,
  );
  assert.throws(() => assertMetric(result, "f1", ">=", 0.5), TypeError);
});

Deno.test("display: the metric table with intervals and the misses, escaped and capped", async () => {
  const rows = Array.from({ length: 30 }, (_, i) => ({
    id: `h${i}`,
    question: "q",
    answer: "<b>bold</b>",
    response: i === 0 ? '<img src=x onerror="alert(1)">' : `wrong ${i}`,
  }));
  const result = await evaluate(rows, { metrics: ["exact_match", "f1"] });
  const bundle = result[$display]();
  const html = bundle["text/html"] as string;
  assert.ok(!html.includes("<img"));
  assert.ok(html.includes("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"));
  assert.ok(html.includes("&lt;b&gt;bold&lt;/b&gt;"));
  assert.match(html, /95% CI/);
  assert.match(html, /showing 20 of 30 rows/);
  assert.equal((bundle["application/json"] as { items: number }).items, 30);
  assert.match(
    bundle["text/plain"] as string,
    /^eval <rows> · recorded answers · 30 items, 30 missed/,
  );
});

Deno.test("evaluate: a Retry-After pauses every worker, not only the one that got the 429", async () => {
  const server = startServer({
    answer: arithmetic(),
    fault: (n) => n === 0 ? { kind: "429", retryAfter: "1" } : undefined,
    latencyMs: 30,
  });
  try {
    const result = await evaluate(questions(6), {
      model: `m1@${server.url}`,
      env,
      concurrency: 2,
      backoff: FAST,
      progress: false,
    });
    assert.equal(result.metric("exact_match")!.passed, 6);
    const limited = server.requests[0];
    assert.equal(limited.fault, "429");
    // Requests sent while the first was in flight are fine; none may start during the pause.
    const during = server.requests.filter((r) =>
      r.at > limited.at + 20 && r.at < limited.at + 1000
    );
    assert.deepEqual(during.map((r) => r.question), []);
  } finally {
    await server.close();
  }
});

Deno.test("evaluate: a custom metric object beside the built-in ones", async () => {
  const result = await evaluate("examples/capitals.jsonl", {
    metrics: [
      "exact_match",
      {
        name: "one_word",
        threshold: 1,
        compute: (r) => ({ value: r.text.trim().split(/\s+/).length === 1 ? 1 : 0 }),
      },
    ],
  });
  const m = result.metric("one_word")!;
  // Six recorded answers have more than one word: cap-04 (a sentence), cap-05 ("Washington,
  // D.C."), cap-13 ("New Delhi"), cap-14 (three cities), cap-16 ("Mexico City"), cap-20 ("Ha Noi").
  const byHand = result.items.filter((i) => i.answer.text!.trim().split(/\s+/).length === 1).length;
  assert.deepEqual([m.passed, m.scored, m.threshold], [byHand, 20, 1]);
  assert.equal(byHand, 14);
});

Deno.test("evaluate: a failed call on an item with no reference stays not scored on reference metrics", async () => {
  const result = await evaluate([
    { id: "with", question: "q1", answer: "x" },
    { id: "without", question: "q2" },
  ], {
    app: () => {
      throw new Error("the index is down");
    },
    metrics: ["exact_match", "latency:1000"],
    progress: false,
  });
  const em = result.metric("exact_match")!;
  assert.deepEqual([em.scored, em.notScored, em.passed, em.failedCalls], [1, 1, 0, 1]);
  assert.equal(result.metric("latency")!.scored, 2); // the time spent before failing
  assert.deepEqual(result.causes, { INFRA: 2 });
  assert.match(result.items[0].metrics.exact_match.reason, /the app threw: the index is down/);
});
