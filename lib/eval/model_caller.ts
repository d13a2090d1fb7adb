/**
 * The caller interface: how the runner asks a model (or an application) one question. Each
 * provider is one file that implements it ({@link openAICompatibleCaller}, {@link appCaller});
 * the runner adds retries, timeouts, pacing and recording around it.
 *
 * @module
 */
import type {
  CallErrorKind,
  ChatMessage,
  FinishReason,
  RequestMeta,
  ResponseMeta,
  TokenLogprob,
  TokenUsage,
  ToolCall,
  ToolDefinition,
} from "./types.ts";

/** One attempt at asking: what the runner hands a caller. */
export interface CallRequest {
  /** The messages to send. */
  messages: ChatMessage[];
  /** Request parameters (`max_tokens`, `temperature`, … as in the chat-completions API). */
  params: Record<string, unknown>;
  /** Stream the answer (so the time to the first token is measured). */
  stream: boolean;
  /** Tools the model may call (OpenAI function format), from the row's `tools`. */
  tools?: readonly ToolDefinition[];
  /** Aborts the attempt (the per-call timeout, or the run being stopped). */
  signal: AbortSignal;
  /** The dataset row, for callers that evaluate an application. */
  row: Readonly<Record<string, unknown>>;
}

/** What a caller returns when an attempt answered. */
export interface CallReply {
  /** The answer text. */
  text: string;
  /** Why the model stopped (normalized); null when the caller cannot know. */
  finishReason: FinishReason | null;
  /** The provider's own value. */
  rawFinishReason: string | null;
  /** Token usage; null when not reported. */
  usage: TokenUsage | null;
  /** Milliseconds to the first token when streamed; null otherwise. */
  ttftMs: number | null;
  /** Tool calls the model asked for. */
  toolCalls?: ToolCall[];
  /** Ids an application says it retrieved. */
  retrieved?: string[];
  /** The answer's tokens with their log probabilities, when asked for and returned. */
  logprobs?: TokenLogprob[];
  /** Raw request metadata (never headers). */
  request?: RequestMeta;
  /** Raw response metadata. */
  response?: ResponseMeta;
  /** Warnings from the client (settings the provider does not support). */
  warnings?: string[];
}

/**
 * A model or application the runner can ask. Implementations translate one {@link CallRequest}
 * into one request through a well-kept client and throw a {@link CallError} when it fails; they
 * never retry (the runner does) and never put a key in a message.
 */
export interface ModelCaller {
  /** The model as the user named it: kept with every answer and used to decide reuse. */
  readonly id: string;
  /** `model` for a model API, `app` for an application. */
  readonly source: "model" | "app";
  /** Values that must never appear in a file, report, message or log (API keys). */
  readonly secrets: readonly string[];
  /** Ask once. */
  call(request: CallRequest): Promise<CallReply>;
  /**
   * Settles once the caller can be asked (a provider package loaded on first use); rejects with
   * the reason it never can, e.g. a missing Deno permission. A run waits for it before asking, so
   * such a problem stops the run with one message instead of failing every item.
   */
  readonly ready?: Promise<void>;
}

/**
 * A failed attempt, classified so the runner knows whether to retry it. The message never holds a
 * key (callers redact by value before throwing).
 *
 * @example A rate limit with a Retry-After of two seconds
 * ```ts
 * import { CallError } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const e = new CallError("rate-limit", "429 Too Many Requests", { status: 429, retryAfterMs: 2000 });
 * assert.equal(e.retryable, true);
 * assert.equal(new CallError("not-found", "404: no such model").retryable, false);
 * ```
 */
export class CallError extends Error {
  override name = "CallError";
  /** The kind of failure. */
  readonly kind: CallErrorKind;
  /** The HTTP status, when there was one. */
  readonly status?: number;
  /** How long the server asked us to wait (Retry-After), in milliseconds. */
  readonly retryAfterMs?: number;
  /** Whether another attempt may succeed: rate limits, server errors, dropped connections, timeouts. */
  readonly retryable: boolean;

  /** Make a failure of a kind, with its status and the server's Retry-After. */
  constructor(
    kind: CallErrorKind,
    message: string,
    options: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    if (options.status !== undefined) this.status = options.status;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
    this.retryable = RETRYABLE.has(kind);
  }
}

const RETRYABLE: ReadonlySet<CallErrorKind> = new Set([
  "rate-limit",
  "server",
  "connection",
  "timeout",
]);
