// The OpenAI-compatible caller against a local server speaking the real wire format, with each
// scripted fault handled by the retry policy as specified.
import assert from "node:assert/strict";
import { type Fault, startServer } from "../../tests/_openai_server.ts";
import { openAICompatibleCaller } from "./openai_compatible_caller.ts";
import { callWithRetries, DEFAULT_RETRY, PauseGate, type RetryPolicy } from "./_retry.ts";
import { resolveModel } from "./resolve_model.ts";
import { appCaller } from "./app_caller.ts";

const KEY = "sk-test-0123456789abcdef";
const FAST: RetryPolicy = { ...DEFAULT_RETRY, baseDelayMs: 10, maxDelayMs: 40, timeoutMs: 2000 };
const ask = {
  messages: [{ role: "user" as const, content: "Capital of France?" }],
  params: {},
  stream: false,
  row: {},
};

async function withServer(
  fault: (n: number) => Fault | undefined,
  body: (url: string, server: ReturnType<typeof startServer>) => Promise<void>,
  models?: string[],
) {
  const server = startServer({ fault: (n) => fault(n), models });
  try {
    await body(server.url, server);
  } finally {
    await server.close();
  }
}

Deno.test("caller: a plain answer keeps finish reason, usage, latency and raw metadata, never the key", async () => {
  await withServer(() => undefined, async (url, server) => {
    const caller = openAICompatibleCaller({ model: "m1", baseURL: url, apiKey: KEY });
    const r = await callWithRetries(
      caller,
      { ...ask, params: { max_tokens: 5, temperature: 0, foo: 1 } },
      FAST,
      { gate: new PauseGate() },
    );
    assert.equal(r.reply?.text, "Paris");
    assert.equal(r.reply?.finishReason, "stop");
    assert.equal(r.reply?.rawFinishReason, "stop");
    assert.equal(r.reply?.usage?.input, 12);
    assert.equal(r.reply?.ttftMs, null);
    assert.equal(r.attempts, 1);
    assert.ok(r.latencyMs > 0);
    assert.equal(r.reply?.response?.headers?.["x-request-id"], "req_test");
    const sent = r.reply?.request?.body as Record<string, unknown>;
    assert.deepEqual([sent.max_tokens, sent.temperature, sent.foo], [5, 0, 1]);
    assert.equal(server.requests[0].authorization, `Bearer ${KEY}`);
    assert.ok(!JSON.stringify(r.reply).includes(KEY));
  });
});

Deno.test("caller: a streamed answer measures the time to the first token and normalizes length", async () => {
  const server = startServer({ finishReason: () => "length" });
  try {
    const caller = openAICompatibleCaller({ model: "m1", baseURL: server.url });
    const r = await callWithRetries(caller, { ...ask, stream: true }, FAST, {
      gate: new PauseGate(),
    });
    assert.equal(r.reply?.text, "Paris");
    assert.equal(r.reply?.finishReason, "length");
    assert.ok(r.reply!.ttftMs! > 0 && r.reply!.ttftMs! <= r.latencyMs);
    assert.equal(r.reply?.usage?.output, 2);
    assert.equal(
      (server.requests[0].body.stream_options as Record<string, unknown>).include_usage,
      true,
    );
  } finally {
    await server.close();
  }
});

Deno.test("caller: 429 with Retry-After waits at least that long, then answers", async () => {
  await withServer(
    (n) => n === 0 ? { kind: "429", retryAfter: "1" } : undefined,
    async (url, server) => {
      const caller = openAICompatibleCaller({ model: "m1", baseURL: url });
      const r = await callWithRetries(caller, ask, FAST, { gate: new PauseGate() });
      assert.equal(r.reply?.text, "Paris");
      assert.equal(r.attempts, 2);
      const gap = server.requests[1].at - server.requests[0].at;
      assert.ok(gap >= 1000, `retried after ${gap} ms, before the 1 s Retry-After`);
    },
  );
});

Deno.test("caller: a Retry-After longer than the longest wait ends the call as failed, with the reason", async () => {
  await withServer(() => ({ kind: "429", retryAfter: "3600" }), async (url) => {
    const caller = openAICompatibleCaller({ model: "m1", baseURL: url });
    const r = await callWithRetries(caller, ask, FAST, { gate: new PauseGate() });
    assert.equal(r.error?.kind, "rate-limit");
    assert.equal(r.attempts, 1);
    assert.match(r.error!.message, /asked to wait 3600 s/);
  });
});

Deno.test("caller: 500 and a dropped connection are retried with backoff; the retries run out", async () => {
  await withServer(
    (n) => n === 0 ? { kind: "500" } : n === 1 ? { kind: "drop" } : undefined,
    async (url) => {
      const caller = openAICompatibleCaller({ model: "m1", baseURL: url });
      const r = await callWithRetries(caller, ask, FAST, { gate: new PauseGate() });
      assert.equal(r.reply?.text, "Paris");
      assert.equal(r.attempts, 3);
    },
  );
  await withServer(() => ({ kind: "500" }), async (url, server) => {
    const caller = openAICompatibleCaller({ model: "m1", baseURL: url });
    const r = await callWithRetries(caller, ask, { ...FAST, retries: 2 }, {
      gate: new PauseGate(),
    });
    assert.equal(r.error?.kind, "server");
    assert.equal(r.error?.status, 500);
    assert.equal(r.attempts, 3);
    assert.equal(server.requests.length, 3);
  });
  await withServer(() => ({ kind: "drop" }), async (url) => {
    const caller = openAICompatibleCaller({ model: "m1", baseURL: url });
    const r = await callWithRetries(caller, ask, { ...FAST, retries: 1 }, {
      gate: new PauseGate(),
    });
    assert.equal(r.error?.kind, "connection");
    assert.match(r.error!.message, /connection dropped/);
  });
});

Deno.test("caller: a reply slower than the timeout is abandoned and retried", async () => {
  await withServer((n) => n === 0 ? { kind: "slow", ms: 1500 } : undefined, async (url) => {
    const caller = openAICompatibleCaller({ model: "m1", baseURL: url });
    const r = await callWithRetries(caller, ask, { ...FAST, timeoutMs: 300 }, {
      gate: new PauseGate(),
    });
    assert.equal(r.reply?.text, "Paris");
    assert.equal(r.attempts, 2);
  });
  await withServer(() => ({ kind: "slow", ms: 1500 }), async (url) => {
    const caller = openAICompatibleCaller({ model: "m1", baseURL: url });
    const r = await callWithRetries(caller, ask, { ...FAST, timeoutMs: 200, retries: 1 }, {
      gate: new PauseGate(),
    });
    assert.equal(r.error?.kind, "timeout");
    assert.equal(r.attempts, 2);
    assert.ok(r.elapsedMs >= 400);
  });
});

Deno.test("caller: malformed JSON and an unknown model fail at once (no retry)", async () => {
  await withServer(() => ({ kind: "malformed" }), async (url, server) => {
    const caller = openAICompatibleCaller({ model: "m1", baseURL: url });
    const r = await callWithRetries(caller, ask, FAST, { gate: new PauseGate() });
    assert.equal(r.error?.kind, "malformed");
    assert.equal(server.requests.length, 1);
  });
  await withServer(() => undefined, async (url, server) => {
    const caller = openAICompatibleCaller({ model: "no-such-model", baseURL: url });
    const r = await callWithRetries(caller, ask, FAST, { gate: new PauseGate() });
    assert.equal(r.error?.kind, "not-found");
    assert.equal(r.error?.status, 404);
    assert.match(r.error!.message, /no-such-model/);
    assert.equal(server.requests.length, 1);
  }, ["m1"]);
});

Deno.test("caller: a server echoing the request headers never gets the key into the message", async () => {
  await withServer(() => ({ kind: "echo-headers" }), async (url, server) => {
    const caller = openAICompatibleCaller({ model: "m1", baseURL: url, apiKey: KEY });
    const r = await callWithRetries(caller, ask, FAST, { gate: new PauseGate() });
    assert.equal(r.error?.kind, "auth");
    assert.equal(server.requests[0].authorization, `Bearer ${KEY}`);
    assert.match(r.error!.message, /Bearer \[redacted\]/);
    assert.ok(!r.error!.message.includes(KEY));
  });
});

Deno.test("caller: a key echoed where the message is cut is redacted before the cut, never left in part", async () => {
  // The key repeated after padding, so that one copy straddles every place a message is cut (an
  // error body's text at 300 characters, an unreadable reply's detail at 500).
  const copies = (pad: number) => "x".repeat(pad) + `${KEY} `.repeat(40);
  const replies = [
    () => Response.json({ error: { message: copies(280) } }, { status: 400 }),
    () => new Response(copies(280), { status: 400 }),
    () => Response.json({ id: "c1", choices: "not a list", note: copies(100) }),
  ];
  for (const reply of replies) {
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, reply);
    try {
      const url = `http://127.0.0.1:${server.addr.port}/v1`;
      const caller = openAICompatibleCaller({ model: "m1", baseURL: url, apiKey: KEY });
      const r = await callWithRetries(caller, ask, FAST, { gate: new PauseGate() });
      assert.ok(r.error, "the call failed");
      assert.match(r.error.message, /\[redacted\]/);
      // Not even the first few characters of a copy cut in two.
      assert.ok(!r.error.message.includes(KEY.slice(0, 6)), r.error.message);
    } finally {
      await server.shutdown();
    }
  }
});

Deno.test("caller: connection refused is a connection failure after the retries", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const caller = openAICompatibleCaller({ model: "m1", baseURL: `http://127.0.0.1:${port}/v1` });
  const r = await callWithRetries(caller, ask, { ...FAST, retries: 1 }, { gate: new PauseGate() });
  assert.equal(r.error?.kind, "connection");
  assert.equal(r.attempts, 2);
});

Deno.test("presets: the key comes from its variable, the URL can be moved; unknown forms are refused", async () => {
  await withServer(() => undefined, async (url, server) => {
    const env = (name: string) =>
      ({ GROQ_API_KEY: KEY, GROQ_BASE_URL: url } as Record<string, string>)[name];
    const caller = resolveModel("groq:llama-3.1-8b", { env });
    assert.equal(caller.id, "groq:llama-3.1-8b");
    const r = await callWithRetries(caller, ask, FAST, { gate: new PauseGate() });
    assert.equal(r.reply?.text, "Paris");
    assert.equal(server.requests[0].body.model, "llama-3.1-8b");
    assert.equal(server.requests[0].authorization, `Bearer ${KEY}`);
  });
  assert.throws(
    () => resolveModel("openai:gpt-4o", { env: () => undefined }),
    /set OPENAI_API_KEY/,
  );
  assert.throws(
    () => resolveModel("anthropic:claude", { env: () => undefined }),
    /set ANTHROPIC_API_KEY/,
  );
  assert.throws(() => resolveModel("gemini:flash", { env: () => undefined }), /set GEMINI_API_KEY/);
  assert.throws(() => resolveModel("gpt-4o", { env: () => undefined }), /MODEL@http/);
  assert.deepEqual(resolveModel("ollama:qwen2.5:3b", { env: () => undefined }).secrets, []);
});

Deno.test("app caller: sync and async apps, a throw and a timeout are failed calls of kind app/timeout", async () => {
  const gate = new PauseGate();
  const sync = appCaller((q) => q.toUpperCase());
  assert.equal(
    (await callWithRetries(sync, ask, FAST, { gate })).reply?.text,
    "CAPITAL OF FRANCE?",
  );
  const retrieving = appCaller(() => Promise.resolve({ answer: "x", retrieved: [3, "d7"] }));
  assert.deepEqual((await callWithRetries(retrieving, ask, FAST, { gate })).reply?.retrieved, [
    "3",
    "d7",
  ]);
  const thrower = appCaller(() => {
    throw new Error("index missing");
  });
  const failed = await callWithRetries(thrower, ask, FAST, { gate });
  assert.equal(failed.error?.kind, "app");
  assert.equal(failed.attempts, 1);
  const slow = appCaller(() => new Promise<string>((r) => setTimeout(() => r("late"), 500)));
  const timedOut = await callWithRetries(slow, ask, { ...FAST, timeoutMs: 50, retries: 0 }, {
    gate,
  });
  assert.equal(timedOut.error?.kind, "timeout");
  await new Promise((r) => setTimeout(r, 500));
});

Deno.test("caller: streamed calls are retried on 429, 500 and a connection dropped mid-stream", async () => {
  const faults: Fault[] = [{ kind: "429", retryAfter: "0" }, { kind: "500" }, { kind: "drop" }];
  await withServer((n) => faults[n], async (url, server) => {
    const caller = openAICompatibleCaller({ model: "m1", baseURL: url });
    const r = await callWithRetries(caller, { ...ask, stream: true }, FAST, {
      gate: new PauseGate(),
    });
    assert.equal(r.reply?.text, "Paris");
    assert.equal(r.attempts, 4);
    assert.ok(r.reply!.ttftMs !== null);
    assert.deepEqual(server.requests.map((q) => q.fault ?? "ok"), ["429", "500", "drop", "ok"]);
  });
});
