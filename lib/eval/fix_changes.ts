/**
 * The candidate changes of the fix search, in one registry: which causes each fits, what it costs
 * (tried cheapest first), and how it changes an ask (the messages and the request parameters).
 *
 * @module
 */
import type { CauseId } from "./causes.ts";
import type { AnswerRecord, ChatMessage } from "./types.ts";

/** An ask as a change sees it: what is sent. */
export interface AskShape {
  /** The messages. */
  messages: ChatMessage[];
  /** The request parameters. */
  params: Record<string, unknown>;
}

/** What a change may look at besides the ask: the answer that missed and the run's metrics. */
export interface ChangeContext {
  /** The answer that missed (or was flagged). */
  answer: AnswerRecord;
  /** The names of the run's metrics. */
  metrics: readonly string[];
}

/** One candidate change. */
export interface FixChange {
  /** The causes it fits (`none`: misses with no cause found). */
  fits: readonly (CauseId | "none")[];
  /**
   * Relative cost, tried lowest first: 0 changes a setting and adds no tokens, 1 adds a sentence
   * to the prompt, 2–3 allow longer answers, 4 asks for longer answers.
   */
  cost: number;
  /** What it does, in words. */
  description: string;
  /** The changed ask, or null when the change does not apply (the setting is already there). */
  apply(ask: AskShape, context: ChangeContext): AskShape | null;
}

/** The names of the changes. */
export type FixChangeName =
  | "lower_temperature"
  | "json_mode"
  | "reduce_repetition"
  | "answer_only"
  | "allow_unknown"
  | "format_instruction"
  | "same_language"
  | "use_context"
  | "raise_max_tokens"
  | "raise_max_tokens_more"
  | "step_by_step";

/** A sentence added to the end of the last user message. */
function instruct(ask: AskShape, sentence: string): AskShape {
  const messages = ask.messages.map((m) => ({ ...m }));
  const last = messages.findLastIndex((m) => m.role === "user");
  if (last < 0) messages.push({ role: "user", content: sentence });
  else messages[last] = { ...messages[last], content: `${messages[last].content}\n\n${sentence}` };
  return { messages, params: ask.params };
}

const TOKEN_KEYS = ["max_tokens", "max_completion_tokens", "max_output_tokens"];

/** `times` the output-token limit used (the one set, else the tokens a truncated answer used). */
function raiseLimit(ask: AskShape, context: ChangeContext, times: number): AskShape | null {
  const key = TOKEN_KEYS.find((k) => typeof ask.params[k] === "number") ?? "max_tokens";
  const set = ask.params[key];
  const used = context.answer.finishReason === "length" ? context.answer.usage?.output : null;
  const base = typeof set === "number" ? set : used;
  if (typeof base !== "number" || !(base > 0)) return null;
  return { messages: ask.messages, params: { ...ask.params, [key]: Math.ceil(base * times) } };
}

function formatSentence(metrics: readonly string[]): string {
  if (metrics.some((m) => m.startsWith("json"))) {
    return "Reply with the JSON only: no code fence and no text before or after it.";
  }
  if (metrics.includes("number")) return 'End your answer with a line "#### <the number>".';
  if (metrics.includes("choice")) return "Answer with the letter of the option only.";
  return "Reply in exactly the form the question asks for, with nothing else.";
}

/** The candidate changes. */
export const FIX_CHANGES: Readonly<Record<FixChangeName, FixChange>> = {
  lower_temperature: {
    fits: ["F4", "F5", "F6", "F12", "F14", "none"],
    cost: 0,
    description: "temperature 0 (when it was unset or above 0)",
    apply: (ask) =>
      typeof ask.params.temperature === "number" && ask.params.temperature <= 0
        ? null
        : { messages: ask.messages, params: { ...ask.params, temperature: 0 } },
  },
  json_mode: {
    fits: ["F2"],
    cost: 0,
    description: 'response_format {"type": "json_object"} (when no response_format was set)',
    apply: (ask) =>
      ask.params.response_format !== undefined ? null : {
        messages: ask.messages,
        params: { ...ask.params, response_format: { type: "json_object" } },
      },
  },
  reduce_repetition: {
    fits: ["F11"],
    cost: 0,
    description: "frequency_penalty 0.5 (when none was set)",
    apply: (ask) =>
      ask.params.frequency_penalty !== undefined ? null : {
        messages: ask.messages,
        params: { ...ask.params, frequency_penalty: 0.5 },
      },
  },
  answer_only: {
    fits: ["F5", "F8", "F9", "F13", "none"],
    cost: 1,
    description: 'adds "Give only the final answer, with no explanation."',
    apply: (ask) => instruct(ask, "Give only the final answer, with no explanation."),
  },
  allow_unknown: {
    fits: ["F4"],
    cost: 1,
    description:
      `adds "If you do not know the answer, reply \\"I don't know\\" instead of guessing."`,
    apply: (ask) =>
      instruct(ask, `If you do not know the answer, reply "I don't know" instead of guessing.`),
  },
  format_instruction: {
    fits: ["F2", "F5", "F8"],
    cost: 1,
    description: "adds a sentence on the form the run's metrics read (JSON only; a final " +
      '"#### N" line; the option letter only; else the form the question asks for)',
    apply: (ask, context) => instruct(ask, formatSentence(context.metrics)),
  },
  same_language: {
    fits: ["F10"],
    cost: 1,
    description: 'adds "Answer in the same language as the question."',
    apply: (ask) => instruct(ask, "Answer in the same language as the question."),
  },
  use_context: {
    fits: ["F7"],
    cost: 1,
    description: 'adds "Answer from the context given above; do not rely on memory."',
    apply: (ask) => instruct(ask, "Answer from the context given above; do not rely on memory."),
  },
  raise_max_tokens: {
    fits: ["F1", "F9"],
    cost: 2,
    description: "2× the output-token limit used (max_tokens, or the tokens a truncated answer " +
      "used when none was set)",
    apply: (ask, context) => raiseLimit(ask, context, 2),
  },
  raise_max_tokens_more: {
    fits: ["F1", "F9"],
    cost: 3,
    description: "4× the output-token limit used",
    apply: (ask, context) => raiseLimit(ask, context, 4),
  },
  step_by_step: {
    fits: ["F6", "F12"],
    cost: 4,
    description: 'adds "Think step by step, then give the final answer on the last line."',
    apply: (ask) =>
      instruct(ask, "Think step by step, then give the final answer on the last line."),
  },
};

/**
 * The changes that fit a miss's causes, cheapest first (registry order among equal costs), each
 * with the ask it gives; changes that do not apply are left out.
 *
 * @example A truncated answer gets the two raises, cheapest first
 * ```ts
 * import { candidateChanges, type AnswerRecord } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const answer = { finishReason: "length", usage: { output: 16 } } as AnswerRecord;
 * const ask = { messages: [{ role: "user" as const, content: "Explain." }], params: { max_tokens: 16 } };
 * const found = candidateChanges(["F1"], ask, { answer, metrics: ["contains"] });
 * assert.deepEqual(found.map((c) => [c.name, c.ask.params.max_tokens]), [
 *   ["raise_max_tokens", 32], ["raise_max_tokens_more", 64],
 * ]);
 * ```
 */
export function candidateChanges(
  causes: readonly (CauseId | "none")[],
  ask: AskShape,
  context: ChangeContext,
): { name: FixChangeName; ask: AskShape }[] {
  const wanted = causes.length > 0 ? causes : ["none" as const];
  const out: { name: FixChangeName; ask: AskShape; cost: number }[] = [];
  for (const [name, change] of Object.entries(FIX_CHANGES) as [FixChangeName, FixChange][]) {
    if (!change.fits.some((c) => wanted.includes(c))) continue;
    const changed = change.apply(ask, context);
    if (changed) out.push({ name, ask: changed, cost: change.cost });
  }
  return out.sort((a, b) => a.cost - b.cost).map(({ name, ask }) => ({ name, ask }));
}
