/**
 * From a model name as a user writes it (`openai:gpt-4o-mini`, `anthropic:claude-haiku-4-5`,
 * `qwen2.5:3b@http://host/v1`) to a caller, with its key from the usual environment variable.
 *
 * @module
 */
import { openAICompatibleCaller } from "./openai_compatible_caller.ts";
import { ANTHROPIC_BASE_URL, anthropicCaller } from "./anthropic_caller.ts";
import { GEMINI_BASE_URL, geminiCaller } from "./gemini_caller.ts";
import type { ModelCaller } from "./model_caller.ts";
import { UserTypeError } from "../errors/mod.ts";

/**
 * A preset: which API it speaks (the OpenAI chat-completions format, Anthropic's Messages API or
 * Gemini's generateContent), where it answers and which variable holds its key.
 */
export interface ModelPreset {
  /** The wire format, i.e. which caller answers. */
  api: "openai" | "anthropic" | "gemini";
  /** The default base URL. */
  baseURL: string;
  /** The environment variable with the API key; absent when the server needs none. */
  keyVariable?: string;
  /** An environment variable that overrides the base URL (a proxy, a local mirror). */
  urlVariable: string;
}

/** The presets, by prefix. */
export const MODEL_PRESETS: Readonly<Record<string, ModelPreset>> = {
  openai: {
    api: "openai",
    baseURL: "https://api.openai.com/v1",
    keyVariable: "OPENAI_API_KEY",
    urlVariable: "OPENAI_BASE_URL",
  },
  groq: {
    api: "openai",
    baseURL: "https://api.groq.com/openai/v1",
    keyVariable: "GROQ_API_KEY",
    urlVariable: "GROQ_BASE_URL",
  },
  openrouter: {
    api: "openai",
    baseURL: "https://openrouter.ai/api/v1",
    keyVariable: "OPENROUTER_API_KEY",
    urlVariable: "OPENROUTER_BASE_URL",
  },
  ollama: { api: "openai", baseURL: "http://127.0.0.1:11434/v1", urlVariable: "OLLAMA_BASE_URL" },
  anthropic: {
    api: "anthropic",
    baseURL: ANTHROPIC_BASE_URL,
    keyVariable: "ANTHROPIC_API_KEY",
    urlVariable: "ANTHROPIC_BASE_URL",
  },
  gemini: {
    api: "gemini",
    baseURL: GEMINI_BASE_URL,
    keyVariable: "GEMINI_API_KEY",
    urlVariable: "GEMINI_BASE_URL",
  },
};

/** Options of {@link resolveModel}. */
export interface ResolveModelOptions {
  /** Reads an environment variable (default: `Deno.env.get`; needs `--allow-env`). */
  env?: (name: string) => string | undefined;
  /** A fetch to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
}

function denoEnv(name: string): string | undefined {
  return Deno.env.get(name);
}

/**
 * Resolve a model name: a preset followed by the model — `openai:`, `groq:`, `openrouter:`,
 * `ollama:` (OpenAI-compatible endpoints), `anthropic:` (the Messages API, `ANTHROPIC_API_KEY`) or
 * `gemini:` (generateContent, `GEMINI_API_KEY`) — or `MODEL@http://host/v1` for any
 * OpenAI-compatible server (key from `OPENAI_API_KEY` when it is set). A preset's base URL can be
 * moved with its `…_BASE_URL` variable (`OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`, …).
 *
 * @throws {TypeError} An unknown form or preset, or a preset whose key variable is not set.
 *
 * @example A server of your own, and a preset
 * ```ts
 * import { resolveModel } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const local = resolveModel("llama3@http://127.0.0.1:8000/v1", { env: () => undefined });
 * assert.equal(local.id, "llama3@http://127.0.0.1:8000/v1");
 * const env = (name: string) => name === "GROQ_API_KEY" ? "gsk-example" : undefined;
 * assert.deepEqual(resolveModel("groq:openai/gpt-oss-120b", { env }).secrets, ["gsk-example"]);
 * assert.throws(() => resolveModel("groq:x", { env: () => undefined }), /GROQ_API_KEY/);
 * ```
 */
export function resolveModel(spec: string, options: ResolveModelOptions = {}): ModelCaller {
  const env = options.env ?? denoEnv;
  const at = spec.lastIndexOf("@");
  if (at > 0 && /^https?:\/\//.test(spec.slice(at + 1))) {
    const baseURL = spec.slice(at + 1);
    const apiKey = env("OPENAI_API_KEY") || undefined;
    return openAICompatibleCaller({
      model: spec.slice(0, at),
      baseURL,
      apiKey,
      id: spec,
      fetch: options.fetch,
    });
  }
  const colon = spec.indexOf(":");
  const prefix = colon > 0 ? spec.slice(0, colon) : "";
  const model = spec.slice(colon + 1);
  const preset = Object.hasOwn(MODEL_PRESETS, prefix) ? MODEL_PRESETS[prefix] : undefined;
  if (!preset || model === "") {
    throw new UserTypeError(
      `Cannot use model "${spec}": write ${
        Object.keys(MODEL_PRESETS).map((p) => `${p}:MODEL`).join(", ")
      }, or MODEL@http://host/v1 for any OpenAI-compatible server`,
    );
  }
  let apiKey: string | undefined;
  if (preset.keyVariable) {
    apiKey = env(preset.keyVariable) || undefined;
    if (!apiKey) {
      throw new UserTypeError(
        `Cannot use model "${spec}": set ${preset.keyVariable} to your ${prefix} API key`,
      );
    }
  }
  const baseURL = env(preset.urlVariable) || preset.baseURL;
  const common = { model, baseURL, id: spec, fetch: options.fetch };
  if (preset.api === "anthropic") return anthropicCaller({ ...common, apiKey: apiKey! });
  if (preset.api === "gemini") return geminiCaller({ ...common, apiKey: apiKey! });
  return openAICompatibleCaller({ ...common, apiKey, provider: prefix });
}
