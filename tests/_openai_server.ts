// A local OpenAI chat-completions server for tests and benchmarks: 127.0.0.1, a random port, the
// real wire format (JSON replies and server-sent-event streams), and scripted faults.

/** A fault the server can answer with instead of a completion. */
export type Fault =
  | { kind: "429"; retryAfter?: string }
  | { kind: "500" }
  | { kind: "slow"; ms: number }
  | { kind: "malformed" }
  | { kind: "drop" }
  | { kind: "echo-headers"; status?: number }
  | { kind: "hang" };

/** What the server saw of one request. */
export interface SeenRequest {
  /** The parsed body. */
  body: Record<string, unknown>;
  /** The last user message. */
  question: string;
  /** The Authorization header. */
  authorization: string | null;
  /** When it arrived (performance.now()). */
  at: number;
  /** The fault it was answered with, if any. */
  fault?: Fault["kind"];
}

/** Options of {@link startServer}. */
export interface ServerOptions {
  /** The answer to a question (default: "Paris" for anything about France, else "unknown"). */
  answer?: (question: string, body: Record<string, unknown>) => string;
  /** finish_reason to send (default "stop"). */
  finishReason?: (question: string) => string;
  /** Milliseconds to wait before answering. */
  latencyMs?: number;
  /** Models the server knows; any other gets a 404 like OpenAI's (default: every model). */
  models?: string[];
  /** The fault for the n-th request (0-based) or for a question; undefined answers normally. */
  fault?: (n: number, question: string) => Fault | undefined;
  /** Keep every request seen (default true; benchmarks turn it off). */
  record?: boolean;
}

/** A running server. */
export interface FakeServer {
  /** Base URL ending in `/v1`. */
  url: string;
  /** Requests seen so far. */
  requests: SeenRequest[];
  /** Requests per question. */
  count(question: string): number;
  /** Stop it. */
  close(): Promise<void>;
}

const encoder = new TextEncoder();

function lastUser(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as { role: string; content: unknown }[];
  const user = [...messages].reverse().find((m) => m.role === "user");
  return typeof user?.content === "string" ? user.content : JSON.stringify(user?.content ?? "");
}

function completion(model: string, text: string, finish: string) {
  return {
    id: `chatcmpl-${crypto.randomUUID().slice(0, 8)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    system_fingerprint: "fp_test",
    choices: [{
      index: 0,
      message: { role: "assistant", content: text },
      logprobs: null,
      finish_reason: finish,
    }],
    usage: { prompt_tokens: 12, completion_tokens: text.split(/\s+/).length, total_tokens: 0 },
  };
}

function sse(model: string, text: string, finish: string, usage: boolean): string {
  const id = `chatcmpl-${crypto.randomUUID().slice(0, 8)}`;
  const base = { id, object: "chat.completion.chunk", created: 1, model };
  const half = Math.ceil(text.length / 2);
  const chunks: unknown[] = [
    { ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" } }] },
    { ...base, choices: [{ index: 0, delta: { content: text.slice(0, half) } }] },
    {
      ...base,
      choices: [{ index: 0, delta: { content: text.slice(half) }, finish_reason: finish }],
    },
  ];
  if (usage) {
    chunks.push({
      ...base,
      choices: [],
      usage: { prompt_tokens: 12, completion_tokens: 2, total_tokens: 14 },
    });
  }
  return chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("") + "data: [DONE]\n\n";
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Start a server on 127.0.0.1 at a random port. */
export function startServer(options: ServerOptions = {}): FakeServer {
  const requests: SeenRequest[] = [];
  const counts = new Map<string, number>();
  const record = options.record ?? true;
  let n = 0;
  const hung = new Set<() => void>();
  const server = Deno.serve(
    {
      hostname: "127.0.0.1",
      port: 0,
      onListen() {},
      onError: () => new Response(null, { status: 500 }),
    },
    async (req) => {
      const body = await req.json() as Record<string, unknown>;
      const question = lastUser(body);
      const fault = options.fault?.(n++, question);
      counts.set(question, (counts.get(question) ?? 0) + 1);
      if (record) {
        requests.push({
          body,
          question,
          authorization: req.headers.get("authorization"),
          at: performance.now(),
          ...(fault ? { fault: fault.kind } : {}),
        });
      }
      const model = String(body.model);
      if (fault?.kind === "hang") {
        // Held until the server closes (a killed client never reads the reply).
        await new Promise<void>((resolve) => hung.add(resolve));
        return new Response(null, { status: 503 });
      }
      if (fault?.kind === "429") {
        return json(
          {
            error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" },
          },
          429,
          fault.retryAfter === undefined ? {} : { "retry-after": fault.retryAfter },
        );
      }
      if (fault?.kind === "500") {
        return json({ error: { message: "The server had an error", type: "server_error" } }, 500);
      }
      if (fault?.kind === "malformed") {
        return new Response('{"id": "chatcmpl-1", "choices": [', {
          headers: { "content-type": "application/json" },
        });
      }
      if (fault?.kind === "drop") {
        // Headers go out, then the connection is cut in the middle of the body.
        return new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(encoder.encode('{"id": "chatcmpl-1", "obj'));
              setTimeout(() => c.error(new Error("connection dropped on purpose")), 5);
            },
          }),
          { headers: { "content-type": "application/json" } },
        );
      }
      if (fault?.kind === "echo-headers") {
        const headers = Object.fromEntries(req.headers.entries());
        return json(
          { error: { message: `Invalid request; you sent ${JSON.stringify(headers)}` } },
          fault.status ?? 401,
        );
      }
      if (options.models && !options.models.includes(model)) {
        return json({
          error: {
            message: `The model \`${model}\` does not exist or you do not have access to it.`,
            type: "invalid_request_error",
            code: "model_not_found",
          },
        }, 404);
      }
      if (fault?.kind === "slow") await delay(fault.ms);
      if (options.latencyMs) await delay(options.latencyMs);
      const text = options.answer?.(question, body) ??
        (/france/i.test(question) ? "Paris" : "unknown");
      const finish = options.finishReason?.(question) ?? "stop";
      if (body.stream) {
        const usage = (body.stream_options as { include_usage?: boolean } | undefined)
          ?.include_usage === true;
        return new Response(sse(model, text, finish, usage), {
          headers: { "content-type": "text/event-stream" },
        });
      }
      return json(completion(model, text, finish), 200, { "x-request-id": "req_test" });
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}/v1`,
    requests,
    count: (question) => counts.get(question) ?? 0,
    async close() {
      for (const release of hung) release();
      await server.shutdown();
    },
  };
}

// `deno run --allow-net tests/_openai_server.ts LATENCY_MS`: serve in a process of its own (for
// benchmarks), print the base URL, and answer until killed.
if (import.meta.main) {
  const server = startServer({ latencyMs: Number(Deno.args[0] ?? 0), record: false });
  console.log(server.url);
}
