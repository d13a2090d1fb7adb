/**
 * Shapes of the eval job: chat messages, one answer as it was recorded (with its finish reason,
 * latency, usage and raw request/response metadata), and per-item metric values and causes.
 *
 * The answer record is the line format of `--out answers.jsonl`; later issues read the same
 * records for live checks, judges and fix searches, so every field a diagnosis needs is kept.
 *
 * @module
 */
import type { CauseId } from "./causes.ts";
import type { LiveFinding } from "./live_checks.ts";

/** One chat message, in the OpenAI chat-completions shape. */
export interface ChatMessage {
  /** Who speaks. */
  role: "system" | "user" | "assistant";
  /** The text. */
  content: string;
}

/**
 * Why a model stopped, in one vocabulary for every provider. The provider's own value is kept
 * beside it (`rawFinishReason`).
 */
export type FinishReason =
  | "stop"
  | "length"
  | "tool_calls"
  | "content_filter"
  | "error"
  | "other";

/** Token counts of one call, normalized; null where the provider did not say. */
export interface TokenUsage {
  /** Prompt (input) tokens. */
  input: number | null;
  /** Completion (output) tokens. */
  output: number | null;
  /** Total tokens (input + output when the provider gives no total). */
  total: number | null;
  /** Reasoning tokens inside `output`, when reported. */
  reasoning?: number | null;
  /** Input tokens read from a prompt cache, when reported. */
  cachedInput?: number | null;
  /** The provider's own usage object. */
  raw?: unknown;
}

/** A tool call the model asked for (OpenAI function format; compared by the `tool_call` metric). */
export interface ToolCall {
  /** The tool's name. */
  name: string;
  /** Its arguments as the model wrote them (JSON text). */
  arguments: string;
  /** The call id the provider gave. */
  id?: string;
}

/**
 * A tool the model may call, in the OpenAI function format: a row's `tools` field holds a list of
 * these, and every provider gets them in its own format.
 */
export interface ToolDefinition {
  /** Always `function`. */
  type: "function";
  /** The function. */
  function: {
    /** Its name. */
    name: string;
    /** What it does, for the model. */
    description?: string;
    /** Its arguments as a JSON Schema object. */
    parameters?: Record<string, unknown>;
    /** Ask the provider to hold the model to the schema (where supported). */
    strict?: boolean;
  };
}

/** One generated token with its log probability, as the server reported it. */
export interface TokenLogprob {
  /** The token's text. */
  token: string;
  /** Its natural-log probability (≤ 0). */
  logprob: number;
}

/** Raw request metadata kept with an answer. Request headers (which carry the key) are never kept. */
export interface RequestMeta {
  /** The request body as sent (parsed JSON), when the client exposes it. */
  body?: unknown;
}

/** Raw response metadata kept with an answer. */
export interface ResponseMeta {
  /** The provider's response id. */
  id?: string;
  /** The model that answered, as the server named it. */
  model?: string;
  /** When the server says it answered (ISO time). */
  timestamp?: string;
  /** Response headers (values redacted when they hold a key). */
  headers?: Record<string, string>;
  /** The response body (parsed JSON; absent for streams). */
  body?: unknown;
}

/** Where an answer came from. */
export type AnswerSource = "model" | "app" | "recorded";

/** Kinds of failed calls. All of them are `INFRA` misses: never blamed on the model. */
export type CallErrorKind =
  | "rate-limit"
  | "server"
  | "connection"
  | "timeout"
  | "malformed"
  | "not-found"
  | "auth"
  | "client"
  | "app"
  | "recorded";

/** Why a call failed, in words with every key removed. */
export interface CallFailure {
  /** The kind of failure. */
  kind: CallErrorKind;
  /** A sentence for people (redacted). */
  message: string;
  /** The HTTP status, when there was one. */
  status?: number;
}

/**
 * One answer: a line of `--out answers.jsonl`. A failed call is kept too (`text` null and
 * `error` set); a later run asks it again.
 */
export interface AnswerRecord {
  /** The record kind and format version. */
  kind: "answer";
  /** Format version of this record. */
  v: 1;
  /** The item's id. */
  id: string;
  /**
   * Which ask of the item this is: `""` for the eval's own answer; later issues use tags such as
   * `retry#2` or `fix:raise_max_tokens#1`, so their calls are kept and resumed in the same file.
   */
  tag: string;
  /** SHA-256 of model, messages, params and tag: an answer is reused only when it matches. */
  key: string;
  /** The model as given (`openai:gpt-4o-mini`, `m@http://host/v1`, `app:name`, `recorded`). */
  model: string;
  /** The messages sent. */
  messages: ChatMessage[];
  /** The request parameters (run-wide `--param` plus the row's own `params`). */
  params: Record<string, unknown>;
  /** Where the answer came from. */
  source: AnswerSource;
  /** The answer text; null when the call failed. */
  text: string | null;
  /** Why the model stopped (normalized); null when unknown (an app, a recorded answer). */
  finishReason: FinishReason | null;
  /** The provider's own finish reason. */
  rawFinishReason: string | null;
  /** Token usage; null when not reported. */
  usage: TokenUsage | null;
  /** Milliseconds of the attempt that answered (request sent to last byte); null when unknown. */
  latencyMs: number | null;
  /** Milliseconds to the first token of a streamed answer; null when not streamed. */
  ttftMs: number | null;
  /** Milliseconds from the first attempt to the end, waits between retries included. */
  elapsedMs: number | null;
  /** Attempts made (1 when the first one answered). */
  attempts: number;
  /** True when the answer was streamed. */
  streamed: boolean;
  /** Tool calls the model asked for. */
  toolCalls?: ToolCall[];
  /** Ids an `app` says it retrieved (retrieval metrics). */
  retrieved?: string[];
  /** The answer's tokens with their log probabilities, when asked for and returned. */
  logprobs?: TokenLogprob[];
  /** Why the call failed; null when it answered. */
  error: CallFailure | null;
  /** Raw request metadata (never headers). */
  request: RequestMeta | null;
  /** Raw response metadata. */
  response: ResponseMeta | null;
  /** Warnings the client gave (unsupported settings). */
  warnings?: string[];
  /** When the first attempt started (ISO time). */
  startedAt: string;
}

/** Cause of a miss: `INFRA` (the call failed) or F1–F14 (see {@link CAUSES}). */
export type Cause = CauseId;

/** One metric's verdict on one item. */
export interface MetricValue {
  /** The value (1/0 for right-or-wrong metrics, a share, milliseconds); NaN when not scored. */
  value: number;
  /** Pass or fail at the threshold; null when not scored or graded without a threshold. */
  pass: boolean | null;
  /** False when the metric could not score the item (no reference, no latency recorded). */
  scored: boolean;
  /** Why, in words: what was compared, what was found. */
  reason: string;
  /** The cause a miss on this metric names (json_valid → F2), when the metric names one. */
  cause?: Cause;
}

/** One item of an eval with its answer and every metric's verdict. */
export interface ItemResult {
  /** Position in the dataset (0-based, input order). */
  index: number;
  /** The item's id. */
  id: string;
  /** The dataset row (1-based record number). */
  row: number;
  /** The reference answers (several: the best match counts). */
  references: string[];
  /** The answer. */
  answer: AnswerRecord;
  /** True when the answer was taken from `--out` of an earlier run. */
  reused: boolean;
  /** Metric name → verdict. */
  metrics: Record<string, MetricValue>;
  /** True when it failed a metric with a verdict (or its call failed). */
  missed: boolean;
  /**
   * The causes found (`INFRA` for a failed call; metrics' and live checks' causes; the judge's),
   * main cause first (see {@link mainCause}); empty when none is known. Kept for a flagged item
   * too, where they name what the live checks found.
   */
  causes: Cause[];
  /** What the live checks found (free checks run on every answer). */
  findings: LiveFinding[];
  /**
   * The cause a flagged item is flagged for: it passed every metric, but a live check found a
   * failure. Absent for items that missed or were found clean.
   */
  flag?: Cause;
  /** The judge's diagnosis of a miss the free checks left unexplained, when a judge was asked. */
  judged?: JudgeVerdict;
}

/**
 * A judge's verdict on one miss: a cause (or `none`) with its one-line reason, or why the miss
 * could not be judged (the call failed, the reply was not the JSON asked for, a limit was used up).
 */
export type JudgeVerdict =
  | { cause: CauseId | "none"; reason: string }
  | { notJudged: "error" | "malformed" | "limit"; reason: string };
