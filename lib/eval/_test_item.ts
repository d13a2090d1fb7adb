// For tests: a dataset item and an answer record with every required field, and the fields a
// test cares about on top. Test-only: left out of the published package (deno.json).
import type { EvalItem } from "./dataset.ts";
import type { AnswerRecord } from "./types.ts";

/** An item (id "x", row 1, no messages or references) with `over` on top. */
export function testItem(over: Partial<EvalItem> = {}): EvalItem {
  return {
    index: 0,
    row: 1,
    id: "x",
    messages: [],
    references: [],
    params: {},
    recorded: "",
    fields: {},
    ...over,
  };
}

/** A model's answer `text` to "What is the capital of France?" (id "x"), `over` on top. */
export function testAnswer(text: string, over: Partial<AnswerRecord> = {}): AnswerRecord {
  return {
    kind: "answer",
    v: 1,
    id: "x",
    tag: "",
    key: "",
    model: "m",
    messages: [{ role: "user", content: "What is the capital of France?" }],
    params: {},
    source: "model",
    text,
    finishReason: "stop",
    rawFinishReason: "stop",
    usage: null,
    latencyMs: 10,
    ttftMs: null,
    elapsedMs: 10,
    attempts: 1,
    streamed: false,
    error: null,
    request: null,
    response: null,
    startedAt: "",
    ...over,
  };
}
