// A local Gemini API server for tests: POST /v1beta/models/MODEL:generateContent and
// :streamGenerateContent?alt=sse with the real wire format (candidates with parts, finishReason,
// usageMetadata; function calls), errors as Google's status objects (a 429 says how long to wait
// in a RetryInfo detail), and the fake server's scripted faults (tests/_fake_server.ts).
import {
  type FakeServer,
  halves,
  type ScriptedAnswer,
  type ServerOptions,
  sse,
  startFakeServer,
  type WireFormat,
} from "./_fake_server.ts";

function lastUser(body: Record<string, unknown>): string {
  const contents = (body.contents ?? []) as { role: string; parts: { text?: string }[] }[];
  const user = [...contents].reverse().find((c) => c.role === "user");
  return (user?.parts ?? []).map((p) => p.text ?? "").join("");
}

const STATUS: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

const calls = (answer: ScriptedAnswer) =>
  (answer.toolCalls ?? []).map((c) => ({ functionCall: { name: c.name, args: c.arguments } }));

const usage = (output: number) => ({
  promptTokenCount: 12,
  candidatesTokenCount: output,
  totalTokenCount: 12 + output,
});

/** The Gemini generateContent format. */
export const GEMINI_FORMAT: WireFormat = {
  base: "/v1beta",
  keyHeader: "x-goog-api-key",
  read: (body, path) => {
    const m = /\/models\/([^:]+):(generateContent|streamGenerateContent)/.exec(path);
    return {
      model: decodeURIComponent(m?.[1] ?? ""),
      question: lastUser(body),
      stream: m?.[2] === "streamGenerateContent",
    };
  },
  finish: { stop: "STOP", tools: "STOP" },
  reply: (asked, answer, finish) => ({
    candidates: [{
      content: {
        parts: [...(answer.text !== "" ? [{ text: answer.text }] : []), ...calls(answer)],
        role: "model",
      },
      finishReason: finish,
      index: 0,
    }],
    usageMetadata: usage(answer.text.split(/\s+/).length),
    modelVersion: asked.model,
    responseId: `resp-${crypto.randomUUID().slice(0, 8)}`,
  }),
  events(asked, answer, finish) {
    const id = `resp-${crypto.randomUUID().slice(0, 8)}`;
    const chunk = (parts: unknown[], extra: Record<string, unknown> = {}) =>
      sse({
        candidates: [{ content: { parts, role: "model" }, index: 0, ...extra }],
        usageMetadata: usage(1),
        modelVersion: asked.model,
        responseId: id,
      });
    const out: string[] = [];
    if (answer.text !== "") {
      for (const piece of halves(answer.text)) out.push(chunk([{ text: piece }]));
    }
    if (answer.toolCalls?.length) out.push(chunk(calls(answer)));
    out.push(chunk([{ text: "" }], { finishReason: finish }));
    return out;
  },
  streamError: () =>
    sse({ error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } }),
  retryInBody: true,
  error: (status, message, retryAfter) => ({
    error: {
      code: status,
      message,
      status: STATUS[status] ?? "UNKNOWN",
      ...(retryAfter !== undefined
        ? {
          details: [{
            "@type": "type.googleapis.com/google.rpc.RetryInfo",
            retryDelay: `${retryAfter}s`,
          }],
        }
        : {}),
    },
  }),
};

/** Start a Gemini-format server on 127.0.0.1 at a random port (base URL ends in `/v1beta`). */
export function startGeminiServer(options: ServerOptions = {}): FakeServer {
  return startFakeServer(GEMINI_FORMAT, options);
}
