// A local Anthropic Messages API server for tests: POST /v1/messages with the real wire format
// (a message with content blocks, stop_reason and usage; or the event stream message_start …
// message_stop), tool_use blocks, and the fake server's scripted faults (tests/_fake_server.ts).
import {
  type FakeServer,
  halves,
  type ScriptedAnswer,
  type ServerOptions,
  sse,
  startFakeServer,
  type WireFormat,
} from "./_fake_server.ts";

type Block = { type: string; text?: string };

function lastUser(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as { role: string; content: string | Block[] }[];
  const user = [...messages].reverse().find((m) => m.role === "user");
  if (typeof user?.content === "string") return user.content;
  return (user?.content ?? []).map((b) => b.text ?? "").join("");
}

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

const USAGE = { input_tokens: 12, cache_read_input_tokens: 3, cache_creation_input_tokens: 0 };

function content(answer: ScriptedAnswer) {
  return [
    ...(answer.text !== "" ? [{ type: "text", text: answer.text }] : []),
    ...(answer.toolCalls ?? []).map((c, i) => ({
      type: "tool_use",
      id: `toolu_${i + 1}`,
      name: c.name,
      input: c.arguments,
    })),
  ];
}

/** The Anthropic Messages format. */
export const ANTHROPIC_FORMAT: WireFormat = {
  base: "/v1",
  keyHeader: "x-api-key",
  read: (body) => ({
    model: String(body.model),
    question: lastUser(body),
    stream: body.stream === true,
  }),
  refuse: (req) =>
    req.headers.get("anthropic-version") ? null : {
      status: 400,
      body: {
        type: "error",
        error: { type: "invalid_request_error", message: "anthropic-version header is required" },
      },
    },
  finish: { stop: "end_turn", tools: "tool_use" },
  reply: (asked, answer, finish) => ({
    id: `msg_${crypto.randomUUID().slice(0, 8)}`,
    type: "message",
    role: "assistant",
    model: asked.model,
    content: content(answer),
    stop_reason: finish,
    stop_sequence: null,
    usage: { ...USAGE, output_tokens: answer.text.split(/\s+/).length },
  }),
  events(asked, answer, finish) {
    const out = [
      sse({
        type: "message_start",
        message: {
          id: `msg_${crypto.randomUUID().slice(0, 8)}`,
          type: "message",
          role: "assistant",
          model: asked.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...USAGE, output_tokens: 1 },
        },
      }, "message_start"),
      sse({ type: "ping" }, "ping"),
    ];
    content(answer).forEach((block, index) => {
      if (block.type === "text") {
        out.push(sse({
          type: "content_block_start",
          index,
          content_block: { type: "text", text: "" },
        }, "content_block_start"));
        for (const piece of halves((block as { text: string }).text)) {
          out.push(sse({
            type: "content_block_delta",
            index,
            delta: { type: "text_delta", text: piece },
          }, "content_block_delta"));
        }
      } else {
        const b = block as { id: string; name: string; input: unknown };
        out.push(sse({
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id: b.id, name: b.name, input: {} },
        }, "content_block_start"));
        for (const piece of halves(JSON.stringify(b.input))) {
          out.push(sse({
            type: "content_block_delta",
            index,
            delta: { type: "input_json_delta", partial_json: piece },
          }, "content_block_delta"));
        }
      }
      out.push(sse({ type: "content_block_stop", index }, "content_block_stop"));
    });
    out.push(sse({
      type: "message_delta",
      delta: { stop_reason: finish, stop_sequence: null },
      usage: { output_tokens: 2 },
    }, "message_delta"));
    out.push(sse({ type: "message_stop" }, "message_stop"));
    return out;
  },
  streamError: () =>
    sse({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, "error"),
  error: (status, message) => ({
    type: "error",
    error: { type: ERROR_TYPES[status] ?? "api_error", message },
  }),
};

/** Start an Anthropic-format server on 127.0.0.1 at a random port (base URL ends in `/v1`). */
export function startAnthropicServer(options: ServerOptions = {}): FakeServer {
  return startFakeServer(ANTHROPIC_FORMAT, options);
}
