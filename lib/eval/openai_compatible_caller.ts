/**
 * Any OpenAI-compatible chat-completions server (OpenAI, Groq, OpenRouter, Ollama, vLLM, LM
 * Studio, a LiteLLM proxy) through the AI SDK's `@ai-sdk/openai-compatible` provider.
 *
 * @module
 */
import { createOpenAICompatible } from "npm:@ai-sdk/openai-compatible@3.0.92";
import { providerCaller, wholeBodyFetch } from "./_ai_sdk.ts";
import type { ModelCaller } from "./model_caller.ts";
import type { TokenLogprob } from "./types.ts";

/** Settings of {@link openAICompatibleCaller}. */
export interface OpenAICompatibleOptions {
  /** The model name the server knows (`gpt-4o-mini`, `qwen2.5:3b`). */
  model: string;
  /** The API's base URL, ending in `/v1` for most servers. */
  baseURL: string;
  /** The API key, sent as a bearer token; never written anywhere. */
  apiKey?: string;
  /** The id kept with every answer (default `MODEL@BASEURL`). */
  id?: string;
  /** A name for the provider (the key of provider-specific parameters; default `openai`). */
  provider?: string;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof globalThis.fetch;
}

/** `choices[0].logprobs.content` of a completion or of one stream chunk. */
function choiceLogprobs(value: unknown): TokenLogprob[] | undefined {
  const content = (value as { choices?: { logprobs?: { content?: unknown } }[] } | null)
    ?.choices?.[0]?.logprobs?.content;
  if (!Array.isArray(content) || content.length === 0) return undefined;
  return content
    .filter((t) => typeof t?.logprob === "number")
    .map((t) => ({ token: String(t.token ?? ""), logprob: t.logprob }));
}

/**
 * A caller for an OpenAI-compatible chat-completions server. Each call is one request (the runner
 * retries); streamed calls ask the server to include token usage in the stream. With
 * `logprobs: true` in the parameters, the tokens' log probabilities are kept with the answer
 * (from the body, or from each chunk of a stream).
 *
 * @example A caller for a local server (nothing is sent until it is called)
 * ```ts
 * import { openAICompatibleCaller } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const caller = openAICompatibleCaller({ model: "qwen2.5:3b", baseURL: "http://127.0.0.1:11434/v1" });
 * assert.equal(caller.id, "qwen2.5:3b@http://127.0.0.1:11434/v1");
 * assert.deepEqual(caller.secrets, []);
 * ```
 */
export function openAICompatibleCaller(options: OpenAICompatibleOptions): ModelCaller {
  const provider = options.provider ?? "openai";
  const model = createOpenAICompatible({
    name: provider,
    baseURL: options.baseURL.replace(/\/+$/, ""),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    includeUsage: true,
    fetch: wholeBodyFetch(options.fetch),
  }).chatModel(options.model);
  return providerCaller({
    id: options.id ?? `${options.model}@${options.baseURL}`,
    apiKey: options.apiKey,
    wire: {
      name: provider,
      optionsKey: provider,
      logprobsOfBody: choiceLogprobs,
      logprobsOfChunk: choiceLogprobs,
    },
    model,
  });
}
