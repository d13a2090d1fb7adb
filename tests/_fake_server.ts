// A local model API server for tests and benchmarks: 127.0.0.1, a random port, one wire format
// (OpenAI chat completions, Anthropic Messages, Gemini generateContent; see the _*_server.ts files)
// with JSON replies and server-sent-event streams, and the same scripted faults for every format.

/** A fault the server can answer with instead of a completion. */
export type Fault =
  | { kind: "429"; retryAfter?: string }
  | { kind: "500" }
  | { kind: "slow"; ms: number }
  | { kind: "malformed" }
  | { kind: "drop" }
  | { kind: "echo-headers"; status?: number }
  | { kind: "hang" }
  /** A stream that sends part of the answer, then an error event (Anthropic: overloaded). */
  | { kind: "stream-error" }
  /** A stream that sends part of the answer and ends cleanly without the final events. */
  | { kind: "stream-cut" };

/** What the server saw of one request. */
export interface SeenRequest {
  /** The parsed body. */
  body: Record<string, unknown>;
  /** The request path (with its query). */
  path: string;
  /** The last user message. */
  question: string;
  /** The header carrying the key (Authorization, x-api-key or x-goog-api-key). */
  authorization: string | null;
  /** When it arrived (performance.now()). */
  at: number;
  /** The fault it was answered with, if any. */
  fault?: Fault["kind"];
}

/** A tool call the server answers with. */
export interface ScriptedToolCall {
  /** The tool's name. */
  name: string;
  /** Its arguments (sent as JSON text or an object, as the format wants). */
  arguments: Record<string, unknown>;
}

/** One scripted answer: text, tool calls, per-token log probabilities. */
export interface ScriptedAnswer {
  /** The text. */
  text: string;
  /** Tool calls (the finish reason becomes the format's tool-call reason unless scripted). */
  toolCalls?: ScriptedToolCall[];
  /** Log probabilities for the text's pieces, sent when the request asks for them (OpenAI). */
  logprobs?: { token: string; logprob: number }[];
}

/** Options of a fake server. */
export interface ServerOptions {
  /** The answer to a question (default: "Paris" for anything about France, else "unknown"). */
  answer?: (question: string, body: Record<string, unknown>) => string | ScriptedAnswer;
  /**
   * The finish reason to send, in the format's own words (default: its normal stop); the body
   * shows max_tokens and the rest.
   */
  finishReason?: (question: string, body: Record<string, unknown>) => string | undefined;
  /** Milliseconds to wait before answering. */
  latencyMs?: number;
  /** Milliseconds between the stream's pieces (default 0). */
  chunkDelayMs?: number;
  /** Models the server knows; any other gets the format's 404 (default: every model). */
  models?: string[];
  /** The fault for the n-th request (0-based) or for a question; undefined answers normally. */
  fault?: (n: number, question: string) => Fault | undefined;
  /** Keep every request seen (default true; benchmarks turn it off). */
  record?: boolean;
}

/** What a request asks, read by a wire format. */
export interface Asked {
  /** The model named (in the body or the path). */
  model: string;
  /** The last user message. */
  question: string;
  /** Whether a stream was asked for. */
  stream: boolean;
}

/** One API's wire format, as the fake server speaks it. */
export interface WireFormat {
  /** The path prefix the base URL ends with (`/v1`, `/v1beta`). */
  base: string;
  /** Read a request. */
  read(body: Record<string, unknown>, path: string): Asked;
  /** The header that carries the key. */
  keyHeader: string;
  /** A request the format refuses (a missing version header…), or null. */
  refuse?(req: Request): { status: number; body: unknown } | null;
  /** The normal finish reason, and the one for tool calls. */
  finish: { stop: string; tools: string };
  /** A plain reply. */
  reply(
    asked: Asked,
    answer: ScriptedAnswer,
    finish: string,
    body: Record<string, unknown>,
  ): unknown;
  /** A streamed reply as SSE event strings (`event:`/`data:` lines with their blank line). */
  events(
    asked: Asked,
    answer: ScriptedAnswer,
    finish: string,
    body: Record<string, unknown>,
  ): string[];
  /** The events of a stream that fails part-way (after `events(...)`'s first pieces). */
  streamError(): string;
  /** An error body for a status (with the wait of a 429, for formats that put it in the body). */
  error(status: number, message: string, retryAfter?: string): unknown;
  /** True when the format says how long to wait in the error body, not in a Retry-After header. */
  retryInBody?: boolean;
}

/** A running server. */
export interface FakeServer {
  /** Base URL (ending in `/v1` or `/v1beta`). */
  url: string;
  /** Requests seen so far. */
  requests: SeenRequest[];
  /** Requests per question. */
  count(question: string): number;
  /** Stop it. */
  close(): Promise<void>;
}

const encoder = new TextEncoder();

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Server-sent events as one stream, a pause between pieces; optionally cut or failed at half. */
function eventStream(
  events: string[],
  gapMs: number,
  end: "complete" | "error" | "cut" | "drop",
  errorEvent = "",
): Response {
  const half = Math.max(1, Math.floor(events.length / 2));
  const sent = end === "complete" ? events : events.slice(0, half);
  return new Response(
    new ReadableStream({
      async start(c) {
        for (const e of sent) {
          c.enqueue(encoder.encode(e));
          if (gapMs > 0) await delay(gapMs);
        }
        if (end === "error") c.enqueue(encoder.encode(errorEvent));
        if (end === "drop") c.error(new Error("connection dropped on purpose"));
        else c.close();
      },
    }),
    { headers: { "content-type": "text/event-stream" } },
  );
}

/** Start a server speaking `format` on 127.0.0.1 at a random port. */
export function startFakeServer(format: WireFormat, options: ServerOptions = {}): FakeServer {
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
      const url = new URL(req.url);
      const path = url.pathname + url.search;
      const body = await req.json() as Record<string, unknown>;
      const asked = format.read(body, path);
      const fault = options.fault?.(n++, asked.question);
      counts.set(asked.question, (counts.get(asked.question) ?? 0) + 1);
      if (record) {
        requests.push({
          body,
          path,
          question: asked.question,
          authorization: req.headers.get(format.keyHeader),
          at: performance.now(),
          ...(fault ? { fault: fault.kind } : {}),
        });
      }
      const refused = format.refuse?.(req);
      if (refused) return json(refused.body, refused.status);
      if (fault?.kind === "hang") {
        // Held until the server closes (a killed client never reads the reply).
        await new Promise<void>((resolve) => hung.add(resolve));
        return new Response(null, { status: 503 });
      }
      if (fault?.kind === "429") {
        const inBody = format.retryInBody === true;
        return json(
          format.error(429, "Rate limit reached", inBody ? fault.retryAfter : undefined),
          429,
          fault.retryAfter === undefined || inBody ? {} : { "retry-after": fault.retryAfter },
        );
      }
      if (fault?.kind === "500") return json(format.error(500, "The server had an error"), 500);
      if (fault?.kind === "malformed") {
        return new Response('{"id": "x-1", "choices": [', {
          headers: { "content-type": "application/json" },
        });
      }
      if (fault?.kind === "drop" && !asked.stream) {
        // Headers go out, then the connection is cut in the middle of the body.
        return new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(encoder.encode('{"id": "x-1", "obj'));
              setTimeout(() => c.error(new Error("connection dropped on purpose")), 5);
            },
          }),
          { headers: { "content-type": "application/json" } },
        );
      }
      if (fault?.kind === "echo-headers") {
        const headers = Object.fromEntries(req.headers.entries());
        return json(
          format.error(fault.status ?? 401, `Invalid request; you sent ${JSON.stringify(headers)}`),
          fault.status ?? 401,
        );
      }
      if (options.models && !options.models.includes(asked.model)) {
        return json(
          format.error(
            404,
            `The model \`${asked.model}\` does not exist or you do not have access to it.`,
          ),
          404,
        );
      }
      if (fault?.kind === "slow") await delay(fault.ms);
      if (options.latencyMs) await delay(options.latencyMs);
      const given = options.answer?.(asked.question, body) ??
        (/france/i.test(asked.question) ? "Paris" : "unknown");
      const answer = typeof given === "string" ? { text: given } : given;
      const finish = options.finishReason?.(asked.question, body) ??
        (answer.toolCalls?.length ? format.finish.tools : format.finish.stop);
      if (asked.stream) {
        const end = fault?.kind === "stream-error"
          ? "error"
          : fault?.kind === "stream-cut"
          ? "cut"
          : fault?.kind === "drop"
          ? "drop"
          : "complete";
        return eventStream(
          format.events(asked, answer, finish, body),
          options.chunkDelayMs ?? 0,
          end,
          format.streamError(),
        );
      }
      return json(format.reply(asked, answer, finish, body), 200, {
        "x-request-id": "req_test",
      });
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}${format.base}`,
    requests,
    count: (question) => counts.get(question) ?? 0,
    async close() {
      for (const release of hung) release();
      await server.shutdown();
    },
  };
}

/** The text in halves (so a stream has two pieces of it). */
export function halves(text: string): [string, string] {
  const half = Math.ceil(text.length / 2);
  return [text.slice(0, half), text.slice(half)];
}

/** One SSE event (`event:` line when named). */
export const sse = (data: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`;
