// A recorded answer (a dataset row's `response`/`output`) as an answer record: no call is made;
// a recorded finish reason, latency, time to the first token, retrieved ids or tool calls are
// kept when the row has them.
import type { EvalItem } from "./dataset.ts";
import type { AnswerRecord, FinishReason } from "./types.ts";

const FINISH: Readonly<Record<string, FinishReason>> = {
  stop: "stop",
  end_turn: "stop",
  stop_sequence: "stop",
  STOP: "stop",
  length: "length",
  max_tokens: "length",
  MAX_TOKENS: "length",
  model_length: "length",
  tool_calls: "tool_calls",
  tool_use: "tool_calls",
  content_filter: "content_filter",
  SAFETY: "content_filter",
};

/** A recorded number of milliseconds, or null when the row has none. */
function ms(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** The item's recorded answer as a record. */
export function recordedAnswer(item: EvalItem): AnswerRecord {
  const rawFinish = item.finishReason;
  const latency = ms(item.latency);
  const ttft = ms(item.ttft);
  return {
    kind: "answer",
    v: 1,
    id: item.id,
    tag: "",
    key: "",
    model: "recorded",
    messages: item.messages,
    params: item.params,
    source: "recorded",
    text: item.recorded ?? "",
    finishReason: typeof rawFinish === "string" ? FINISH[rawFinish] ?? "other" : null,
    rawFinishReason: typeof rawFinish === "string" ? rawFinish : null,
    usage: null,
    latencyMs: latency,
    ttftMs: ttft,
    elapsedMs: latency,
    attempts: 0,
    streamed: ttft !== null,
    ...(item.toolCalls ? { toolCalls: item.toolCalls } : {}),
    ...(item.retrieved ? { retrieved: item.retrieved } : {}),
    error: null,
    request: null,
    response: null,
    startedAt: "",
  };
}
