// Asking a model through an AI SDK provider (the LanguageModel specification: doGenerate and
// doStream), shared by every provider file: the prompt, settings and tools in, one CallReply or one
// classified CallError out. The provider packages speak the wire formats; nothing here does.
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4FunctionTool,
  LanguageModelV4Prompt,
  LanguageModelV4ToolChoice,
  LanguageModelV4Usage,
  SharedV4Warning,
} from "npm:@ai-sdk/provider@4.0.38";
import { CallError, type CallReply, type CallRequest, type ModelCaller } from "./model_caller.ts";
import { callError } from "./_call_errors.ts";
import { NO_SECRETS, redactor, redactValue } from "./_redact.ts";
import type {
  ChatMessage,
  FinishReason,
  TokenLogprob,
  TokenUsage,
  ToolCall,
  ToolDefinition,
} from "./types.ts";

/** What askModel needs to know of a provider besides its model object. */
export interface ProviderWire {
  /** The provider's name in messages (`anthropic`, `gemini`, `openai`). */
  name: string;
  /** The key its specific options go under in `providerOptions` (`anthropic`, `google`, …). */
  optionsKey: string;
  /** Token log probabilities in a plain reply's body, when the API returns them. */
  logprobsOfBody?: (body: unknown) => TokenLogprob[] | undefined;
  /** Token log probabilities in one raw stream chunk. */
  logprobsOfChunk?: (chunk: unknown) => TokenLogprob[] | undefined;
}

/**
 * A caller around a provider model. `model` may load its package first (a dynamic import): it is
 * started at once and awaited by each call, so a failed load is reported by the first call.
 */
export function providerCaller(init: {
  id: string;
  apiKey?: string;
  wire: ProviderWire;
  model: LanguageModelV4 | Promise<LanguageModelV4>;
}): ModelCaller {
  const secrets = init.apiKey ? [init.apiKey] : [];
  const redact = redactor(secrets);
  const model = Promise.resolve(init.model);
  const ready = model.then(() => {});
  ready.catch(() => {});
  return {
    id: init.id,
    source: "model",
    secrets,
    ready,
    call: async (request) => {
      let loaded: LanguageModelV4;
      try {
        loaded = await model;
      } catch (error) {
        // Asking again cannot help: not retried.
        throw new CallError(
          "client",
          redact(error instanceof Error ? error.message : String(error)),
        );
      }
      return askModel(loaded, init.wire, request, redact);
    },
  };
}

/**
 * A fetch that reads a reply's whole body before handing it on, unless it is a stream of events
 * (`text/event-stream`, read as it arrives for time to first token). The provider packages read
 * a body chunk by chunk through a stream reader; Deno reads a whole body in one step much more
 * cheaply, which matters at hundreds of calls a second. Status, headers and body are unchanged.
 * `base` is looked up at each call (default: the global fetch then).
 */
export function wholeBodyFetch(base?: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await (base ?? globalThis.fetch)(input, init);
    const type = response.headers.get("content-type") ?? "";
    if (response.body === null || type.includes("text/event-stream")) return response;
    const body = await response.arrayBuffer();
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** Chat messages as the specification's prompt. */
export function toPrompt(messages: readonly ChatMessage[]): LanguageModelV4Prompt {
  return messages.map((m) =>
    m.role === "system"
      ? { role: "system", content: m.content }
      : { role: m.role, content: [{ type: "text", text: m.content }] }
  );
}

const number = (v: unknown) => typeof v === "number" && Number.isFinite(v) ? v : undefined;

/** Chat-completions parameters that become the specification's own settings. */
const COMMON = new Set([
  "max_tokens",
  "max_completion_tokens",
  "temperature",
  "top_p",
  "top_k",
  "presence_penalty",
  "frequency_penalty",
  "seed",
  "stop",
  "tool_choice",
]);

function toolChoiceOf(value: unknown): LanguageModelV4ToolChoice | undefined {
  if (value === "auto" || value === "none" || value === "required") return { type: value };
  const name = (value as { function?: { name?: unknown } } | null)?.function?.name;
  return typeof name === "string" ? { type: "tool", toolName: name } : undefined;
}

/**
 * Chat-completions parameters as call settings: the common ones (max_tokens, temperature, top_p,
 * top_k, stop, seed, presence/frequency penalty, tool_choice) become the specification's
 * settings, so every provider maps them to its own names; everything else is handed to the
 * provider under `optionsKey` (OpenAI-compatible servers get it in the body as is; Anthropic's
 * and Gemini's providers take the options they know and drop the rest, which askModel reports).
 */
export function callSettings(
  params: Readonly<Record<string, unknown>>,
  optionsKey: string,
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
      case "tool_choice":
        out.toolChoice = toolChoiceOf(value);
        break;
      default:
        rest[key] = value;
    }
  }
  if (Object.keys(rest).length > 0) {
    out.providerOptions = { [optionsKey]: rest as Record<string, never> };
  }
  return out;
}

/** Tools in the OpenAI function format as the specification's function tools. */
export function toolsOf(tools: readonly ToolDefinition[]): LanguageModelV4FunctionTool[] {
  return tools.map(({ function: f }) => ({
    type: "function",
    name: f.name,
    ...(f.description !== undefined ? { description: f.description } : {}),
    inputSchema: (f.parameters ?? { type: "object", properties: {} }) as never,
    ...(f.strict !== undefined ? { strict: f.strict } : {}),
  }));
}

const squash = (key: string) => key.replace(/[_-]/g, "").toLowerCase();

function bodyKeys(value: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (depth > 6 || value === null || typeof value !== "object") return out;
  if (Array.isArray(value)) {
    for (const v of value) bodyKeys(v, out, depth + 1);
    return out;
  }
  for (const [k, v] of Object.entries(value)) {
    out.add(squash(k));
    bodyKeys(v, out, depth + 1);
  }
  return out;
}

/**
 * Parameters that are not in the request body as sent (under any spelling: `top_logprobs`,
 * `topLogprobs`): the provider did not take them. Only the uncommon ones are looked for.
 */
export function unsentParams(
  params: Readonly<Record<string, unknown>>,
  body: unknown,
): string[] {
  const extra = Object.keys(params).filter((k) => !COMMON.has(k));
  if (extra.length === 0) return [];
  const sent = bodyKeys(body);
  return extra.filter((k) => !sent.has(squash(k)));
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

/** True when the request asks for token log probabilities (`logprobs: true`). */
const wantsLogprobs = (params: Readonly<Record<string, unknown>>) =>
  params.logprobs === true || params.logprobs === "true";

/**
 * Ask once through a provider model, plain or streamed, and return the reply; any failure comes
 * out as a {@link CallError} whose message and data are redacted. Parameters the provider did not
 * send are named in the reply's warnings.
 */
export async function askModel(
  model: LanguageModelV4,
  wire: ProviderWire,
  request: CallRequest,
  redact: (text: string) => string,
): Promise<CallReply> {
  const options: LanguageModelV4CallOptions = {
    ...callSettings(request.params, wire.optionsKey),
    prompt: toPrompt(request.messages),
    ...(request.tools && request.tools.length > 0 ? { tools: toolsOf(request.tools) } : {}),
    abortSignal: request.signal,
  };
  const logprobs = wantsLogprobs(request.params);
  try {
    const reply = request.stream
      ? await streamed(model, options, logprobs ? wire.logprobsOfChunk : undefined)
      : await generated(model, options, logprobs ? wire.logprobsOfBody : undefined);
    const unsent = unsentParams(request.params, reply.request?.body);
    if (unsent.length > 0) {
      reply.warnings = [
        ...(reply.warnings ?? []),
        ...unsent.map((k) =>
          `parameter "${k}" was not sent: the ${wire.name} provider does not take it`
        ),
      ];
    }
    return redact === NO_SECRETS ? reply : redactValue(reply, redact);
  } catch (error) {
    throw callError(error, request.signal, redact);
  }
}

async function generated(
  model: LanguageModelV4,
  options: LanguageModelV4CallOptions,
  logprobsOf: ProviderWire["logprobsOfBody"],
): Promise<CallReply> {
  const r = await model.doGenerate(options);
  const { text, toolCalls } = textAndTools(r.content);
  const logprobs = logprobsOf?.(r.response?.body);
  return {
    text,
    ...finishOf(r.finishReason),
    usage: usageOf(r.usage),
    ttftMs: null,
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    ...(logprobs ? { logprobs } : {}),
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
  logprobsOf: ProviderWire["logprobsOfChunk"],
): Promise<CallReply> {
  const started = performance.now();
  const r = await model.doStream({ ...options, includeRawChunks: logprobsOf !== undefined });
  let text = "";
  let ttftMs: number | null = null;
  const toolCalls: ToolCall[] = [];
  const warnings: string[] = [];
  const logprobs: TokenLogprob[] = [];
  const meta: { id?: string; model?: string; timestamp?: string } = {};
  let finish: LanguageModelV4FinishReason | undefined;
  let usage: LanguageModelV4Usage | undefined;
  for await (const part of r.stream) {
    switch (part.type) {
      case "text-delta":
        if (ttftMs === null && part.delta !== "") ttftMs = performance.now() - started;
        text += part.delta;
        break;
      case "reasoning-delta":
      case "tool-input-delta":
        // The first token of any output counts: a reasoning model thinks first, a tool call
        // streams its arguments.
        if (ttftMs === null && part.delta !== "") ttftMs = performance.now() - started;
        break;
      case "tool-call":
        ttftMs ??= performance.now() - started;
        toolCalls.push({ name: part.toolName, arguments: part.input, id: part.toolCallId });
        break;
      case "raw": {
        const found = logprobsOf?.(part.rawValue);
        if (found) { for (const l of found) logprobs.push(l); }
        break;
      }
      case "stream-start":
        for (const w of part.warnings) warnings.push(warningText(w));
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
  // A stream that stopped without the model's final event (the provider says "interrupted") was
  // cut off: the text may be partial, so it is a failed attempt, retried like a dropped line.
  if (!finish || finish.unified === "interrupted") {
    throw new CallError("connection", "the stream ended before the model finished");
  }
  return {
    text,
    ...finishOf(finish),
    usage: usageOf(usage),
    ttftMs,
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    ...(logprobs.length > 0 ? { logprobs } : {}),
    request: { body: jsonBody(r.request?.body) },
    response: { ...meta, headers: headerRecord(r.response?.headers) },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}
