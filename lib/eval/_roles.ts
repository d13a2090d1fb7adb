// The roles a dataset's columns play in an eval, as a vocabulary for io's reading pipeline: the
// one place that knows the field names. The pipeline settles the mapping once per file (the first
// synonym present is taken, case aside; `--map`, `--input` and `--reference` override it).
import type { RoleVocabulary } from "../io/mod.ts";

/** A role a dataset column can play. */
export type EvalRole =
  | "id"
  | "messages"
  | "prompt"
  | "reference"
  | "recorded"
  | "params"
  | "finishReason"
  | "latency"
  | "ttft"
  | "tools"
  | "relevant"
  | "tests"
  | "retrieved"
  | "toolCalls";

/** Column names that suggest each role, best first. */
export const EVAL_COLUMN_SYNONYMS: Readonly<Record<EvalRole, readonly string[]>> = {
  id: ["id"],
  messages: ["messages"],
  prompt: ["prompt", "question", "input"],
  reference: ["reference", "answer", "expected", "target", "ideal"],
  recorded: ["response", "output"],
  params: ["params"],
  finishReason: ["finish_reason"],
  latency: ["latency_ms"],
  ttft: ["ttft_ms"],
  tools: ["tools"],
  relevant: ["relevant", "gold_ids"],
  tests: ["tests"],
  retrieved: ["retrieved", "retrieved_ids"],
  toolCalls: ["tool_calls"],
};

/** The eval's role vocabulary. No role is required: a template can stand in for the prompt. */
export const EVAL_ROLES: RoleVocabulary<EvalRole> = {
  synonyms: EVAL_COLUMN_SYNONYMS,
  labels: {
    prompt: "the prompt",
    reference: "the reference",
    recorded: "the recorded answer",
    latency: "the recorded latency (ms)",
    ttft: "the recorded time to the first token (ms)",
    tools: "the tools the model may call (OpenAI function format)",
    relevant: "the gold ids (retrieval metrics)",
    tests: "the code tests (tests metric)",
    retrieved: "the recorded retrieved ids",
    toolCalls: "the recorded tool calls",
  },
};
