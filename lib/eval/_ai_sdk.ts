// Asking a model through an AI SDK provider (the LanguageModel specification: doGenerate and
// doStream), shared by every provider file: the prompt and settings in, one CallReply or one
// classified CallError out. The provider packages speak the wire formats; nothing here does.
import { APICallError } from "npm:@ai-sdk/provider@4.0.38";
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4Prompt,
  LanguageModelV4Usage,
  SharedV4Warning,
} from "npm:@ai-sdk/provider@4.0.38";
import { CallError, type CallReply, type CallRequest } from "./model_caller.ts";
import { NO_SECRETS, redactValue } from "./_redact.ts";
import type { CallErrorKind, ChatMessage, FinishReason, TokenUsage, ToolCall } from "./types.ts";

/** Chat messages as the specification's prompt. */
export function toPrompt(messages: readonly ChatMessage[]): LanguageModelV4Prompt {
  return messages.map((m) =>
    m.role === "system"
      ? { role: "system", content: m.content }
      : { role: m.role, content: [{ type: "text", text: m.content }] }
  );
}

const number = (v: unknown) => typeof v === "number" && Number.isFinite(v) ? v : undefined;

/**
 * Chat-completions parameters as call settings: the common ones (max_tokens, temperature, top_p,
 * top_k, stop, seed, presence/frequency penalty) become the specification's settings, so every
 * provider maps them to its own names; everything else is passed to the provider as is.
 */
export function callSettings(
  params: Readonly<Record<string, unknown>>,
  provider: string,
): Omit<LanguageModelV4CallOptions, "prompt"> {
  const rest: Record<string, unknown> = {};
  const out: Omit<LanguageModelV4CallOptions, "prompt"> = {};
  for (const [key, value] of Object.entries(params)) {
    switch (key) {
      case "max_tokens":
      case "max_completion_tokens":
        out.maxOutputTokens = number(value);
        break;
      case "temperature":
        out.temperature = number(value);
        break;
      case "top_p":
        out.topP = number(value);
        break;
      case "top_k":
        out.topK = number(value);
        break;
      case "presence_penalty":
        out.presencePenalty = number(value);
        break;
      case "frequency_penalty":
        out.frequencyPenalty = number(value);
        break;
      case "seed":
        out.seed = number(value);
        break;
      case "stop":
        out.stopSequences = Array.isArray(value) ? value.map(String) : [String(value)];
        break;
      default:
        rest[key] = value;
    }
  }
  if (Object.keys(rest).length > 0) {
    out.providerOptions = { [provider]: rest as Record<string, never> };
  }
  return out;
}

const FINISH: Record<string, FinishReason> = {
  "stop": "stop",
  "length": "length",
  "tool-calls": "tool_calls",
  "content-filter": "content_filter",
  "error": "error",
};

/** The specification's finish reason in verdict's vocabulary, with the provider's raw value. */
export function finishOf(
  reason: LanguageModelV4FinishReason | undefined,
): { finishReason: FinishReason | null; rawFinishReason: string | null } {
  if (!reason) return { finishReason: null, rawFinishReason: null };
  return {
    finishReason: FINISH[reason.unified] ?? "other",
    rawFinishReason: reason.raw ?? null,
  };
}

/** The specification's usage, normalized. */
export function usageOf(usage: LanguageModelV4Usage | undefined): TokenUsage | null {
  if (!usage) return null;
  const input = usage.inputTokens?.total ?? null;
  const output = usage.outputTokens?.total ?? null;
  return {
    input,
    output,
    total: input !== null && output !== null ? input + output : null,
    reasoning: usage.outputTokens?.reasoning ?? null,
    cachedInput: usage.inputTokens?.cacheRead ?? null,
    raw: usage.raw,
  };
}

function warningText(w: SharedV4Warning): string {
  const r = w as { type: string; feature?: string; message?: string; details?: string };
  return [r.type, r.feature, r.message, r.details].filter((x) => x).join(": ");
}

function textAndTools(content: readonly LanguageModelV4Content[]) {
  let text = "";
  const toolCalls: ToolCall[] = [];
  for (const part of content) {
    if (part.type === "text") text += part.text;
    if (part.type === "tool-call") {
      toolCalls.push({ name: part.toolName, arguments: part.input, id: part.toolCallId });
    }
  }
  return { text, toolCalls };
}

function jsonBody(body: unknown): unknown {
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

const headerRecord = (h: Record<string, string | undefined> | undefined) =>
  h
    ? Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >
    : undefined;

/**
 * Ask once through a provider model, plain or streamed, and return the reply; any failure comes
 * out as a {@link CallError} whose message and data are redacted.
 */
export async function askModel(
  model: LanguageModelV4,
  provider: string,
  request: CallRequest,
  redact: (text: string) => string,
): Promise<CallReply> {
  const options: LanguageModelV4CallOptions = {
    ...callSettings(request.params, provider),
    prompt: toPrompt(request.messages),
    abortSignal: request.signal,
  };
  try {
    const reply = request.stream ? await streamed(model, options) : await generated(model, options);
    return redact === NO_SECRETS ? reply : redactValue(reply, redact);
  } catch (error) {
    throw callError(error, request.signal, redact);
  }
}

async function generated(
  model: LanguageModelV4,
  options: LanguageModelV4CallOptions,
): Promise<CallReply> {
  const r = await model.doGenerate(options);
  const { text, toolCalls } = textAndTools(r.content);
  return {
    text,
    ...finishOf(r.finishReason),
    usage: usageOf(r.usage),
    ttftMs: null,
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    request: { body: jsonBody(r.request?.body) },
    response: {
      id: r.response?.id,
      model: r.response?.modelId,
      timestamp: r.response?.timestamp?.toISOString(),
      headers: headerRecord(r.response?.headers),
      body: r.response?.body,
    },
    ...(r.warnings.length > 0 ? { warnings: r.warnings.map(warningText) } : {}),
  };
}

async function streamed(
  model: LanguageModelV4,
  options: LanguageModelV4CallOptions,
): Promise<CallReply> {
  const started = performance.now();
  const r = await model.doStream({ ...options, includeRawChunks: false });
  let text = "";
  let ttftMs: number | null = null;
  const toolCalls: ToolCall[] = [];
  const warnings: string[] = [];
  const meta: { id?: string; model?: string; timestamp?: string } = {};
  let finish: LanguageModelV4FinishReason | undefined;
  let usage: LanguageModelV4Usage | undefined;
  for await (const part of r.stream) {
    switch (part.type) {
      case "text-delta":
        if (ttftMs === null && part.delta !== "") ttftMs = performance.now() - started;
        text += part.delta;
        break;
      case "tool-call":
        toolCalls.push({ name: part.toolName, arguments: part.input, id: part.toolCallId });
        break;
      case "stream-start":
        warnings.push(...part.warnings.map(warningText));
        break;
      case "response-metadata":
        meta.id = part.id;
        meta.model = part.modelId;
        meta.timestamp = part.timestamp?.toISOString();
        break;
      case "finish":
        finish = part.finishReason;
        usage = part.usage;
        break;
      case "error":
        throw part.error;
    }
  }
  if (!finish) throw new CallError("connection", "the stream ended before the model finished");
  return {
    text,
    ...finishOf(finish),
    usage: usageOf(usage),
    ttftMs,
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    request: { body: jsonBody(r.request?.body) },
    response: { ...meta, headers: headerRecord(r.response?.headers) },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** Seconds or an HTTP date in Retry-After (or milliseconds in retry-after-ms), as milliseconds. */
export function retryAfterMs(
  headers: Record<string, string | undefined> | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers["retry-after-ms"] ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers["retry-after"]?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

const CONNECTION =
  /error reading a body|connection (closed|reset|refused)|cannot connect|socket|ECONNRESET|ECONNREFUSED|EPIPE|broken pipe|unexpected eof|tcp connect error/i;

function causes(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e = error; e !== undefined && e !== null && out.length < 8;) {
    out.push(e);
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function serverSays(body: string | undefined): string {
  if (!body) return "";
  try {
    const parsed = JSON.parse(body);
    const said = parsed?.error?.message ?? parsed?.message ?? parsed?.error;
    if (typeof said === "string") return said.slice(0, 300);
  } catch {
    // not JSON: show the start of it
  }
  return body.slice(0, 300);
}

function statusKind(status: number): CallErrorKind {
  if (status === 429) return "rate-limit";
  if (status >= 500 || status === 408) return "server";
  if (status === 404) return "not-found";
  if (status === 401 || status === 403) return "auth";
  return "client";
}

/** Classify any failure of a provider call as a CallError with a redacted message. */
export function callError(
  error: unknown,
  signal: AbortSignal,
  redact: (text: string) => string,
): CallError {
  if (error instanceof CallError) {
    return new CallError(error.kind, redact(error.message), {
      status: error.status,
      retryAfterMs: error.retryAfterMs,
    });
  }
  if (signal.aborted) {
    const reason = signal.reason;
    const timedOut = reason instanceof DOMException && reason.name === "TimeoutError";
    return new CallError(
      "timeout",
      timedOut ? "no answer before the per-call timeout" : redact(`stopped: ${messageOf(reason)}`),
    );
  }
  const chain = causes(error);
  const api = chain.find((e) => APICallError.isInstance(e)) as APICallError | undefined;
  const dropped = chain.some((e) => CONNECTION.test(messageOf(e)));
  if (api?.statusCode !== undefined && api.statusCode >= 400) {
    const said = serverSays(api.responseBody);
    return new CallError(
      statusKind(api.statusCode),
      redact(`the server answered ${api.statusCode}${said ? `: ${said}` : ""}`),
      { status: api.statusCode, retryAfterMs: retryAfterMs(api.responseHeaders) },
    );
  }
  if (dropped) {
    return new CallError("connection", redact(`the connection dropped: ${messageOf(error)}`));
  }
  const detail = chain.map(messageOf).filter((m, i, all) => all.indexOf(m) === i).join(": ");
  return new CallError(
    "malformed",
    redact(`the reply could not be read: ${detail}`.slice(0, 500)),
    api?.statusCode !== undefined ? { status: api.statusCode } : {},
  );
}
