// The three wire formats (OpenAI chat completions, Anthropic Messages, Gemini generateContent)
// against local servers speaking each one, plain and streamed: what is sent where (system prompt,
// max_tokens, tools, the key's header), what comes back normalized with the raw value kept (finish
// reason, usage, tool calls, time to the first token), and each scripted fault handled by the
// runner's retry policy.
import assert from "node:assert/strict";
import type { FakeServer, Fault, ServerOptions } from "../../tests/_fake_server.ts";
import { startServer } from "../../tests/_openai_server.ts";
import { startAnthropicServer } from "../../tests/_anthropic_server.ts";
import { startGeminiServer } from "../../tests/_gemini_server.ts";
import { callWithRetries, DEFAULT_RETRY, PauseGate, type RetryPolicy } from "./_retry.ts";
import { resolveModel } from "./resolve_model.ts";
import type { CallRequest, ModelCaller } from "./model_caller.ts";
import type { ToolDefinition } from "./types.ts";

const KEY = "key-test-0123456789abcdef";
const FAST: RetryPolicy = { ...DEFAULT_RETRY, baseDelayMs: 10, maxDelayMs: 40, timeoutMs: 3000 };

type Body = Record<string, unknown>;

interface Format {
  name: "openai" | "anthropic" | "gemini";
  start(options: ServerOptions): FakeServer;
  /** The model spec for resolveModel, and the env that points it at the server. */
  spec: string;
  env(url: string): Record<string, string>;
  /** How the key is sent. */
  sentKey: string;
  /** Raw finish reasons: normal stop, cut at max tokens, refused. */
  raw: { stop: string; length: string; filter: string; tools: string };
  system(body: Body): unknown;
  maxTokens(body: Body): unknown;
  toolNames(body: Body): unknown;
}

const dig = (v: unknown, ...path: (string | number)[]) =>
  path.reduce<unknown>((x, k) => (x as Record<string | number, unknown> | undefined)?.[k], v);

const FORMATS: Format[] = [
  {
    name: "openai",
    start: startServer,
    spec: "openai:gpt-test",
    env: (url) => ({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: url }),
    sentKey: `Bearer ${KEY}`,
    raw: { stop: "stop", length: "length", filter: "content_filter", tools: "tool_calls" },
    system: (b) => dig(b, "messages", 0, "content"),
    maxTokens: (b) => b.max_tokens,
    toolNames: (b) => (b.tools as { function: { name: string } }[]).map((t) => t.function.name),
  },
  {
    name: "anthropic",
    start: startAnthropicServer,
    spec: "anthropic:claude-3-5-haiku-latest",
    env: (url) => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: url }),
    sentKey: KEY,
    raw: { stop: "end_turn", length: "max_tokens", filter: "refusal", tools: "tool_use" },
    system: (b) => dig(b, "system", 0, "text"),
    maxTokens: (b) => b.max_tokens,
    toolNames: (b) => (b.tools as { name: string; input_schema: unknown }[]).map((t) => t.name),
  },
  {
    name: "gemini",
    start: startGeminiServer,
    spec: "gemini:gemini-test",
    env: (url) => ({ GEMINI_API_KEY: KEY, GEMINI_BASE_URL: url }),
    sentKey: KEY,
    raw: { stop: "STOP", length: "MAX_TOKENS", filter: "SAFETY", tools: "STOP" },
    system: (b) => dig(b, "systemInstruction", "parts", 0, "text"),
    maxTokens: (b) => dig(b, "generationConfig", "maxOutputTokens"),
    toolNames: (b) =>
      (dig(b, "tools", 0, "functionDeclarations") as { name: string }[]).map((t) => t.name),
  },
];

const WEATHER: ToolDefinition = {
  type: "function",
  function: {
    name: "get_weather",
    description: "The weather in a city",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
};

function request(over: Partial<CallRequest> = {}): Omit<CallRequest, "signal"> {
  return {
    messages: [
      { role: "system", content: "Answer in one word." },
      { role: "user", content: "Capital of France?" },
    ],
    params: { max_tokens: 20 },
    stream: false,
    row: {},
    ...over,
  };
}

async function withFormat(
  format: Format,
  options: ServerOptions,
  body: (caller: ModelCaller, server: FakeServer) => Promise<void>,
) {
  const server = format.start(options);
  try {
    const vars = format.env(server.url);
    await body(resolveModel(format.spec, { env: (n) => vars[n] }), server);
  } finally {
    await server.close();
  }
}

const ask = (caller: ModelCaller, req = request(), policy = FAST) =>
  callWithRetries(caller, req, policy, { gate: new PauseGate() });

for (const format of FORMATS) {
  Deno.test(`${format.name}: a plain answer — system prompt, max_tokens and key sent in the format's places; finish reason and usage normalized with raw values kept`, async () => {
    await withFormat(format, {}, async (caller, server) => {
      const r = await ask(caller);
      assert.equal(r.reply?.text, "Paris");
      assert.deepEqual([r.reply?.finishReason, r.reply?.rawFinishReason], [
        "stop",
        format.raw.stop,
      ]);
      assert.ok(r.reply!.usage!.input! >= 12 && r.reply!.usage!.output! >= 1);
      assert.ok(r.reply!.usage!.raw !== undefined);
      assert.equal(r.reply?.ttftMs, null);
      const sent = server.requests[0];
      assert.equal(format.system(sent.body), "Answer in one word.");
      assert.equal(format.maxTokens(sent.body), 20);
      assert.equal(sent.authorization, format.sentKey);
      assert.deepEqual(JSON.parse(JSON.stringify(r.reply?.request?.body)), sent.body);
      assert.ok(!JSON.stringify(r.reply).includes(KEY));
    });
  });

  Deno.test(`${format.name}: cut at max tokens is length, a refusal is content_filter`, async () => {
    const finishReason = (q: string) => q.includes("long") ? format.raw.length : format.raw.filter;
    await withFormat(format, { finishReason }, async (caller) => {
      for (const stream of [false, true]) {
        const long = await ask(
          caller,
          request({ stream, messages: [{ role: "user", content: "long" }] }),
        );
        assert.deepEqual([long.reply?.finishReason, long.reply?.rawFinishReason], [
          "length",
          format.raw.length,
        ]);
        const refused = await ask(
          caller,
          request({ stream, messages: [{ role: "user", content: "no" }] }),
        );
        assert.equal(refused.reply?.finishReason, "content_filter");
        assert.equal(refused.reply?.rawFinishReason, format.raw.filter);
      }
    });
  });

  Deno.test(`${format.name}: a streamed answer measures the time to the first token`, async () => {
    await withFormat(format, { chunkDelayMs: 40 }, async (caller) => {
      const r = await ask(caller, request({ stream: true }));
      assert.equal(r.reply?.text, "Paris");
      assert.deepEqual([r.reply?.finishReason, r.reply?.rawFinishReason], [
        "stop",
        format.raw.stop,
      ]);
      const ttft = r.reply!.ttftMs!;
      // The first piece arrives at once, the rest 40 ms apart: the first token comes well before
      // the end of the stream.
      assert.ok(ttft > 0 && ttft < r.latencyMs - 30, `ttft ${ttft} vs latency ${r.latencyMs}`);
      assert.ok(r.reply!.usage!.output! >= 1);
    });
  });

  Deno.test(`${format.name}: tools go out in the format's shape; tool calls come back plain and streamed`, async () => {
    const answer = () => ({
      text: "",
      toolCalls: [{ name: "get_weather", arguments: { city: "Paris", days: 2 } }],
    });
    await withFormat(format, { answer }, async (caller, server) => {
      for (const stream of [false, true]) {
        const r = await ask(caller, request({ stream, tools: [WEATHER] }));
        assert.equal(r.reply?.finishReason, "tool_calls");
        assert.equal(r.reply?.rawFinishReason, format.raw.tools);
        assert.equal(r.reply?.toolCalls?.length, 1);
        assert.equal(r.reply!.toolCalls![0].name, "get_weather");
        assert.deepEqual(JSON.parse(r.reply!.toolCalls![0].arguments), { city: "Paris", days: 2 });
        if (stream) assert.ok(r.reply!.ttftMs! > 0);
      }
      assert.deepEqual(format.toolNames(server.requests[0].body), ["get_weather"]);
    });
  });

  Deno.test(`${format.name}: 429 waits as long as the server asks, then answers`, async () => {
    const fault = (n: number): Fault | undefined =>
      n === 0 ? { kind: "429", retryAfter: "1" } : undefined;
    await withFormat(format, { fault }, async (caller, server) => {
      const r = await ask(caller);
      assert.equal(r.reply?.text, "Paris");
      assert.equal(r.attempts, 2);
      const gap = server.requests[1].at - server.requests[0].at;
      assert.ok(gap >= 1000, `retried after ${gap} ms, before the 1 s the server asked for`);
    });
  });

  Deno.test(`${format.name}: 500, a dropped connection, an error inside a stream and a cut stream are retried`, async () => {
    const plain: Fault[] = [{ kind: "500" }, { kind: "drop" }];
    await withFormat(format, { fault: (n) => plain[n] }, async (caller) => {
      const r = await ask(caller);
      assert.equal(r.reply?.text, "Paris");
      assert.equal(r.attempts, 3);
    });
    const streamed: Fault[] = [
      { kind: "429", retryAfter: "0" },
      { kind: "stream-error" },
      { kind: "stream-cut" },
      { kind: "drop" },
    ];
    await withFormat(format, { fault: (n) => streamed[n] }, async (caller, server) => {
      const r = await ask(caller, request({ stream: true }), { ...FAST, retries: 4 });
      assert.equal(r.error, undefined, r.error?.message ?? "");
      assert.equal(r.reply?.text, "Paris");
      assert.equal(r.attempts, 5);
      assert.deepEqual(server.requests.map((q) => q.fault ?? "ok"), [
        "429",
        "stream-error",
        "stream-cut",
        "drop",
        "ok",
      ]);
    });
    await withFormat(format, { fault: () => ({ kind: "stream-cut" }) }, async (caller) => {
      const r = await ask(caller, request({ stream: true }), { ...FAST, retries: 1 });
      assert.equal(r.error?.kind, "connection");
      assert.match(
        r.error!.message,
        /stream ended (before the model finished|without a finish reason)/,
      );
    });
  });

  Deno.test(`${format.name}: malformed JSON and an unknown model fail at once, with the server's reason`, async () => {
    await withFormat(format, { fault: () => ({ kind: "malformed" }) }, async (caller, server) => {
      const r = await ask(caller);
      assert.equal(r.error?.kind, "malformed");
      assert.equal(server.requests.length, 1);
    });
    await withFormat(format, { models: ["another-model"] }, async (caller, server) => {
      const r = await ask(caller);
      assert.equal(r.error?.kind, "not-found");
      assert.equal(r.error?.status, 404);
      assert.match(r.error!.message, /does not exist/);
      assert.equal(server.requests.length, 1);
    });
  });

  Deno.test(`${format.name}: a server echoing the request headers never gets the key into the message`, async () => {
    await withFormat(format, { fault: () => ({ kind: "echo-headers" }) }, async (caller) => {
      const r = await ask(caller);
      assert.equal(r.error?.kind, "auth");
      assert.match(r.error!.message, /answered 401: Invalid request; you sent/);
      assert.ok(!r.error!.message.includes(KEY));
    });
  });
}

Deno.test("parameters: passed through to an OpenAI-compatible body; a parameter Anthropic's or Gemini's provider drops is named in the warnings", async () => {
  const params = { max_tokens: 20, logprobs: true, top_logprobs: 2 };
  for (const format of FORMATS) {
    await withFormat(format, {}, async (caller, server) => {
      const r = await ask(caller, request({ params }));
      const warnings = (r.reply?.warnings ?? []).filter((w) => w.includes("was not sent"));
      if (format.name === "openai") {
        assert.deepEqual(warnings, []);
        assert.equal(server.requests[0].body.top_logprobs, 2);
      } else {
        assert.deepEqual(warnings, [
          `parameter "logprobs" was not sent: the ${format.name} provider does not take it`,
          `parameter "top_logprobs" was not sent: the ${format.name} provider does not take it`,
        ]);
      }
    });
  }
});

Deno.test("openai: logprobs asked for are kept, plain and streamed, token by token", async () => {
  const logprobs = [
    { token: "Par", logprob: -0.1 },
    { token: "is", logprob: -0.5 },
    { token: ".", logprob: -2 },
  ];
  await withFormat(FORMATS[0], { answer: () => ({ text: "Paris.", logprobs }) }, async (caller) => {
    for (const stream of [false, true]) {
      const r = await ask(caller, request({ stream, params: { logprobs: true } }));
      assert.deepEqual(r.reply?.logprobs, logprobs);
    }
    const without = await ask(caller, request({ stream: true }));
    assert.equal(without.reply?.logprobs, undefined);
  });
});
