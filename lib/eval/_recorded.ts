// A recorded answer (a dataset row's `response`/`output`) as an answer record: no call is made;
// a recorded finish reason or latency is kept when the row has one.
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
  tool_calls: "tool_calls",
  tool_use: "tool_calls",
  content_filter: "content_filter",
  SAFETY: "content_filter",
};

/** The item's recorded answer as a record. */
export function recordedAnswer(item: EvalItem): AnswerRecord {
  const rawFinish = item.finishReason;
  const latency = Number(item.latency);
  const hasLatency = item.latency !== undefined && item.latency !== null && item.latency !== "" &&
    Number.isFinite(latency);
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
    latencyMs: hasLatency ? latency : null,
    ttftMs: null,
    elapsedMs: hasLatency ? latency : null,
    attempts: 0,
    streamed: false,
    error: null,
    request: null,
    response: null,
    startedAt: "",
  };
}
