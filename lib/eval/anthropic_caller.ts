/**
 * Anthropic's Messages API through the AI SDK's `@ai-sdk/anthropic` provider: a system message
 * becomes the request's `system` prompt, `max_tokens` is sent on every request (the provider's
 * default for the model when none is given), and `stop_reason` is kept as the raw finish reason
 * beside the normalized one.
 *
 * @module
 */
import { providerCaller, wholeBodyFetch } from "./_ai_sdk.ts";
import type { ModelCaller } from "./model_caller.ts";

/** Settings of {@link anthropicCaller}. */
export interface AnthropicCallerOptions {
  /** The model name (`claude-sonnet-4-5`, `claude-haiku-4-5`). */
  model: string;
  /** The API key (sent as `x-api-key`; never written anywhere). */
  apiKey: string;
  /** The API's base URL (default `https://api.anthropic.com/v1`). */
  baseURL?: string;
  /** The id kept with every answer (default `anthropic:MODEL`). */
  id?: string;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof globalThis.fetch;
}

/** Where Anthropic's API answers. */
export const ANTHROPIC_BASE_URL = "https://api.anthropic.com/v1";

/**
 * A caller for Anthropic's Messages API. Each call is one request (the runner retries). The
 * finish reason is normalized (`end_turn` and `stop_sequence` → `stop`, `max_tokens` → `length`,
 * `tool_use` → `tool_calls`, `refusal` → `content_filter`) with `stop_reason` kept raw; usage
 * counts cached input reads in `cachedInput`. The Messages API returns no log probabilities, so
 * the `confidence` metric does not score its answers.
 *
 * `@ai-sdk/anthropic` is loaded when the first caller is made, not when verdict is imported. The
 * package makes a default provider as it loads, and that provider reads the environment variable
 * `ANTHROPIC_BASE_URL` whatever this caller is given, so calling Anthropic needs
 * `--allow-env=ANTHROPIC_BASE_URL` (or `--allow-env`) even with the key and URL passed here; a
 * program that never calls Anthropic needs no such permission. Without it the caller's `ready`
 * rejects with a `Deno.errors.NotCapable` that says so, and a run stops before asking anything.
 *
 * @example A caller (nothing is sent until it is called)
 * ```ts
 * import { anthropicCaller } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const caller = anthropicCaller({ model: "claude-haiku-4-5", apiKey: "sk-ant-example" });
 * assert.equal(caller.id, "anthropic:claude-haiku-4-5");
 * assert.deepEqual(caller.secrets, ["sk-ant-example"]);
 * ```
 */
export function anthropicCaller(options: AnthropicCallerOptions): ModelCaller {
  // baseURL and apiKey are always given, so this provider reads no key or URL; the package's own
  // default provider reads ANTHROPIC_BASE_URL as the package loads (see above).
  const model = import("npm:@ai-sdk/anthropic@4.0.105").catch((error) => {
    if (!(error instanceof Deno.errors.NotCapable)) throw error;
    throw new Deno.errors.NotCapable(
      "Cannot call Anthropic: its provider package (@ai-sdk/anthropic) reads the environment " +
        "variable ANTHROPIC_BASE_URL when it loads, so run with --allow-env=ANTHROPIC_BASE_URL " +
        "(or --allow-env)",
    );
  }).then(({ createAnthropic }) =>
    createAnthropic({
      baseURL: (options.baseURL ?? ANTHROPIC_BASE_URL).replace(/\/+$/, ""),
      apiKey: options.apiKey,
      fetch: wholeBodyFetch(options.fetch),
    }).messages(options.model)
  );
  return providerCaller({
    id: options.id ?? `anthropic:${options.model}`,
    apiKey: options.apiKey,
    wire: { name: "anthropic", optionsKey: "anthropic" },
    model,
  });
}
