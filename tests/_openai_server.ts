// A local OpenAI chat-completions server for tests and benchmarks: the real wire format (JSON
// replies and server-sent-event streams, tool calls, logprobs when asked) on the fake server with
// its scripted faults (tests/_fake_server.ts).
import {
  type Asked,
  type FakeServer,
  halves,
  type ScriptedAnswer,
  type ServerOptions,
  sse,
  startFakeServer,
  type WireFormat,
} from "./_fake_server.ts";

export type { FakeServer, Fault, SeenRequest, ServerOptions } from "./_fake_server.ts";

function lastUser(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as { role: string; content: unknown }[];
  const user = [...messages].reverse().find((m) => m.role === "user");
  return typeof user?.content === "string" ? user.content : JSON.stringify(user?.content ?? "");
}

/** The answer's tokens with log probabilities: scripted, else each word at probability 0.9. */
function tokens(answer: ScriptedAnswer) {
  return answer.logprobs ??
    answer.text.split(/(?<=\s)/).filter((t) => t !== "").map((token) => ({
      token,
      logprob: Math.log(0.9),
    }));
}

const logprobsOf = (list: { token: string; logprob: number }[]) => ({
  content: list.map((t) => ({
    ...t,
    bytes: [...new TextEncoder().encode(t.token)],
    top_logprobs: [],
  })),
});

const calls = (answer: ScriptedAnswer) =>
  (answer.toolCalls ?? []).map((c, i) => ({
    id: `call_${i + 1}`,
    type: "function",
    function: { name: c.name, arguments: JSON.stringify(c.arguments) },
  }));

/** The OpenAI chat-completions format. */
export const OPENAI_FORMAT: WireFormat = {
  base: "/v1",
  keyHeader: "authorization",
  read: (body) => ({
    model: String(body.model),
    question: lastUser(body),
    stream: body.stream === true,
  }),
  finish: { stop: "stop", tools: "tool_calls" },
  reply(asked: Asked, answer, finish, body) {
    const toolCalls = calls(answer);
    return {
      id: `chatcmpl-${crypto.randomUUID().slice(0, 8)}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: asked.model,
      system_fingerprint: "fp_test",
      choices: [{
        index: 0,
        message: {
          role: "assistant",
          content: toolCalls.length > 0 && answer.text === "" ? null : answer.text,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        logprobs: body.logprobs === true ? logprobsOf(tokens(answer)) : null,
        finish_reason: finish,
      }],
      usage: {
        prompt_tokens: 12,
        completion_tokens: answer.text.split(/\s+/).length,
        total_tokens: 0,
      },
    };
  },
  events(asked, answer, finish, body) {
    const id = `chatcmpl-${crypto.randomUUID().slice(0, 8)}`;
    const base = { id, object: "chat.completion.chunk", created: 1, model: asked.model };
    const chunk = (delta: unknown, extra: Record<string, unknown> = {}) =>
      sse({ ...base, choices: [{ index: 0, delta, ...extra }] });
    const out = [chunk({ role: "assistant", content: "" })];
    const list = tokens(answer);
    const [a, b] = halves(answer.text);
    const cut = Math.ceil(list.length / 2);
    const withLogprobs = (part: typeof list) =>
      body.logprobs === true ? { logprobs: logprobsOf(part) } : {};
    if (answer.text !== "") {
      out.push(chunk({ content: a }, withLogprobs(list.slice(0, cut))));
      out.push(chunk({ content: b }, withLogprobs(list.slice(cut))));
    }
    calls(answer).forEach((call, index) => {
      const [x, y] = halves(call.function.arguments);
      out.push(chunk({
        tool_calls: [{
          index,
          id: call.id,
          type: "function",
          function: { name: call.function.name, arguments: "" },
        }],
      }));
      out.push(chunk({ tool_calls: [{ index, function: { arguments: x } }] }));
      out.push(chunk({ tool_calls: [{ index, function: { arguments: y } }] }));
    });
    out.push(chunk({}, { finish_reason: finish }));
    const usage = (body.stream_options as { include_usage?: boolean } | undefined)
      ?.include_usage === true;
    if (usage) {
      out.push(sse({
        ...base,
        choices: [],
        usage: { prompt_tokens: 12, completion_tokens: 2, total_tokens: 14 },
      }));
    }
    out.push("data: [DONE]\n\n");
    return out;
  },
  streamError: () => sse({ error: { message: "The server had an error", type: "server_error" } }),
  error(status, message) {
    const type = status === 429
      ? "requests"
      : status === 404
      ? "invalid_request_error"
      : status >= 500
      ? "server_error"
      : "invalid_request_error";
    return {
      error: {
        message,
        type,
        ...(status === 429 ? { code: "rate_limit_exceeded" } : {}),
        ...(status === 404 ? { code: "model_not_found" } : {}),
      },
    };
  },
};

/** Start an OpenAI-format server on 127.0.0.1 at a random port. */
export function startServer(options: ServerOptions = {}): FakeServer {
  return startFakeServer(OPENAI_FORMAT, options);
}

// `deno run --allow-net tests/_openai_server.ts LATENCY_MS`: serve in a process of its own (for
// benchmarks), print the base URL, and answer until killed.
if (import.meta.main) {
  const server = startServer({ latencyMs: Number(Deno.args[0] ?? 0), record: false });
  console.log(server.url);
}
