/**
 * From a model name as a user writes it (`openai:gpt-4o-mini`, `qwen2.5:3b@http://host/v1`) to a
 * caller, with its key from the usual environment variable.
 *
 * @module
 */
import { openAICompatibleCaller } from "./openai_compatible_caller.ts";
import type { ModelCaller } from "./model_caller.ts";
import { UserTypeError } from "../errors/mod.ts";

/** An OpenAI-compatible preset: where it answers and which variable holds its key. */
export interface ModelPreset {
  /** The default base URL. */
  baseURL: string;
  /** The environment variable with the API key; absent when the server needs none. */
  keyVariable?: string;
  /** An environment variable that overrides the base URL (a proxy, a local mirror). */
  urlVariable: string;
}

/** The presets, by prefix. Issue-12 providers (`anthropic:`, `gemini:`) are added beside them. */
export const MODEL_PRESETS: Readonly<Record<string, ModelPreset>> = {
  openai: {
    baseURL: "https://api.openai.com/v1",
    keyVariable: "OPENAI_API_KEY",
    urlVariable: "OPENAI_BASE_URL",
  },
  groq: {
    baseURL: "https://api.groq.com/openai/v1",
    keyVariable: "GROQ_API_KEY",
    urlVariable: "GROQ_BASE_URL",
  },
  openrouter: {
    baseURL: "https://openrouter.ai/api/v1",
    keyVariable: "OPENROUTER_API_KEY",
    urlVariable: "OPENROUTER_BASE_URL",
  },
  ollama: { baseURL: "http://127.0.0.1:11434/v1", urlVariable: "OLLAMA_BASE_URL" },
};

/** Providers that are specified but not built in this version. */
const NOT_YET: Readonly<Record<string, string>> = {
  anthropic: "the Anthropic Messages API",
  gemini: "Gemini's generateContent API",
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
 * Resolve a model name: a preset `openai:`, `groq:`, `openrouter:` or `ollama:` followed by the
 * model, or `MODEL@http://host/v1` for any OpenAI-compatible server (key from `OPENAI_API_KEY`
 * when it is set). A preset's base URL can be moved with `OPENAI_BASE_URL`, `GROQ_BASE_URL`,
 * `OPENROUTER_BASE_URL` or `OLLAMA_BASE_URL`.
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
  if (prefix in NOT_YET) {
    throw new UserTypeError(
      `Cannot use model "${spec}": ${NOT_YET[prefix]} is not supported in this version of verdict`,
    );
  }
  const preset = MODEL_PRESETS[prefix];
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
  return openAICompatibleCaller({
    model,
    baseURL: env(preset.urlVariable) || preset.baseURL,
    apiKey,
    id: spec,
    provider: prefix,
    fetch: options.fetch,
  });
}
