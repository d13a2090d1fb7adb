/**
 * Google's Gemini API (`generateContent`, and `streamGenerateContent` for streamed calls) through
 * the AI SDK's `@ai-sdk/google` provider: system messages become the `systemInstruction`,
 * `max_tokens` the `maxOutputTokens`, and the candidate's `finishReason` is kept raw beside the
 * normalized one.
 *
 * @module
 */
import { providerCaller, wholeBodyFetch } from "./_ai_sdk.ts";
import type { ModelCaller } from "./model_caller.ts";

/** Settings of {@link geminiCaller}. */
export interface GeminiCallerOptions {
  /** The model name (`gemini-2.5-flash`). */
  model: string;
  /** The API key (sent as `x-goog-api-key`; never written anywhere). */
  apiKey: string;
  /** The API's base URL (default `https://generativelanguage.googleapis.com/v1beta`). */
  baseURL?: string;
  /** The id kept with every answer (default `gemini:MODEL`). */
  id?: string;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof globalThis.fetch;
}

/** Where the Gemini API answers. */
export const GEMINI_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

/**
 * A caller for the Gemini API's `generateContent`. Each call is one request (the runner
 * retries); a 429's wait is read from the error body's `RetryInfo` when there is no Retry-After
 * header. The finish reason is normalized (`STOP` → `stop`, or `tool_calls` when the answer holds
 * function calls; `MAX_TOKENS` → `length`; `SAFETY`, `RECITATION`, `BLOCKLIST`… →
 * `content_filter`) with the raw value kept. The provider cannot ask for log probabilities, so the
 * `confidence` metric does not score its answers. `@ai-sdk/google` is loaded when the first caller
 * is made, so a program that never calls Gemini does not load it.
 *
 * @example A caller (nothing is sent until it is called)
 * ```ts
 * import { geminiCaller } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const caller = geminiCaller({ model: "gemini-2.5-flash", apiKey: "AIza-example" });
 * assert.equal(caller.id, "gemini:gemini-2.5-flash");
 * assert.equal(caller.source, "model");
 * ```
 */
export function geminiCaller(options: GeminiCallerOptions): ModelCaller {
  // The key is always given, so the provider never reads GOOGLE_GENERATIVE_AI_API_KEY itself.
  const model = import("npm:@ai-sdk/google@4.0.121").then(({ createGoogleGenerativeAI }) =>
    createGoogleGenerativeAI({
      baseURL: (options.baseURL ?? GEMINI_BASE_URL).replace(/\/+$/, ""),
      apiKey: options.apiKey,
      fetch: wholeBodyFetch(options.fetch),
    }).chat(options.model)
  );
  return providerCaller({
    id: options.id ?? `gemini:${options.model}`,
    apiKey: options.apiKey,
    wire: { name: "gemini", optionsKey: "google" },
    model,
  });
}
