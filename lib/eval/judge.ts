/**
 * The judge: a model asked why a miss missed, for the misses the free live checks left
 * unexplained. It must answer one JSON object, `{"cause": "F4", "reason": "one line"}` (or
 * `"cause": "none"`); a reply that is not that, a failed call or a used-up limit leaves the miss
 * "not judged" — counted and reported, never guessed.
 *
 * @module
 */
import { type CauseId, CAUSES, JUDGE_CAUSES, sortCauses } from "./causes.ts";
import type { ModelCaller } from "./model_caller.ts";
import { forEachLimited } from "./_pool.ts";
import { askItem } from "./_runner.ts";
import type { AnswerWriter, KeptAnswers } from "./answers_file.ts";
import type { PauseGate, RetryPolicy } from "./_retry.ts";
import type { AnswerRecord, ChatMessage, ItemResult, JudgeVerdict } from "./types.ts";

/** What the judge did over a run. */
export interface JudgeSummary {
  /** The judge model. */
  model: string;
  /** Misses sent to the judge (misses that no metric or live check explained). */
  asked: number;
  /** Misses it judged (a cause or `none`). */
  judged: number;
  /** Misses it could not judge. */
  notJudged: number;
  /** Why, by kind: the call failed, the reply was not the JSON asked for, a limit was used up. */
  notJudgedBy: { error: number; malformed: number; limit: number };
  /** Calls: made now, and reused from the answers file. */
  calls: { asked: number; reused: number };
}

/** The tag of a judge's answer in the answers file. */
export const JUDGE_TAG = "judge";

/** Request parameters of a judge call: deterministic. */
export const JUDGE_PARAMS: Readonly<Record<string, unknown>> = { temperature: 0 };

const CONTEXT_FIELDS = ["context", "contexts", "retrieved_contexts", "documents", "passages"];
const clip = (s: string, n: number) =>
  s.length > n ? `${s.slice(0, n)}… [${s.length - n} more]` : s;

/** The item data the judge sees: what was asked, the references, the answer, what missed. */
export interface JudgeCase {
  /** The messages the model was sent. */
  messages: readonly ChatMessage[];
  /** References (may be empty). */
  references: readonly string[];
  /** The answer as recorded. */
  answer: Pick<AnswerRecord, "text" | "finishReason">;
  /** Failed metrics with their reasons. */
  failed: { name: string; reason: string }[];
  /** Context given with the question (retrieved passages), when the item has any. */
  context?: string;
}

/** The case of a missed item. */
export function judgeCase(item: ItemResult, fields: Readonly<Record<string, unknown>>): JudgeCase {
  const context = CONTEXT_FIELDS.map((f) => fields[f]).find((v) => v !== undefined && v !== "");
  return {
    messages: item.answer.messages,
    references: item.references,
    answer: item.answer,
    failed: Object.entries(item.metrics).filter(([, v]) => v.pass === false).map((
      [name, v],
    ) => ({ name, reason: v.reason })),
    ...(context !== undefined
      ? { context: typeof context === "string" ? context : JSON.stringify(context) }
      : {}),
  };
}

/**
 * The messages sent to the judge. The causes offered are those a reader of the answer can see
 * ({@link JUDGE_CAUSES}); the others are found by checks that cost nothing.
 *
 * @example The judge is told the causes and the one reply it may give
 * ```ts
 * import { judgeMessages } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const [system, user] = judgeMessages({
 *   messages: [{ role: "user", content: "Capital of Australia?" }],
 *   references: ["Canberra"],
 *   answer: { text: "Sydney", finishReason: "stop" },
 *   failed: [{ name: "exact_match", reason: '"sydney" ≠ "canberra"' }],
 * });
 * assert.match(system.content, /F4 Missing knowledge/);
 * assert.match(user.content, /Sydney/);
 * ```
 */
export function judgeMessages(c: JudgeCase): ChatMessage[] {
  const causes = JUDGE_CAUSES.map((id) => `${id} ${CAUSES[id].title}: ${CAUSES[id].definition}`);
  const system = [
    "You diagnose why a model's answer was scored as a miss. Pick the one cause that best " +
    "explains it from this list:",
    ...causes.map((c) => `- ${c}`),
    "- none: none of these fits (for example, the reference itself looks wrong).",
    "",
    'Reply with one JSON object and nothing else: {"cause": "F4", "reason": "one short line"}.',
  ].join("\n");
  const asked = c.messages.map((m) => `[${m.role}] ${clip(m.content, 3000)}`).join("\n");
  const user = [
    `## What the model was asked\n${asked}`,
    ...(c.context !== undefined
      ? [`## Context given with the question\n${clip(c.context, 4000)}`]
      : []),
    `## Reference answer${c.references.length > 1 ? "s (any one is right)" : ""}\n${
      c.references.length > 0 ? c.references.map((r) => clip(r, 1000)).join("\n") : "(none)"
    }`,
    `## The model's answer (finish reason: ${c.answer.finishReason ?? "unknown"})\n${
      clip(c.answer.text ?? "", 4000)
    }`,
    `## Why it was scored a miss\n${c.failed.map((f) => `- ${f.name}: ${f.reason}`).join("\n")}`,
  ].join("\n\n");
  return [{ role: "system", content: system }, { role: "user", content: user }];
}

/**
 * Read a judge's reply: one JSON object with a `cause` it was offered (or `none`) and a one-line
 * `reason`; a single code fence around it is allowed. Anything else is malformed.
 *
 * @example
 * ```ts
 * import { readJudgeReply } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(readJudgeReply('{"cause": "F4", "reason": "Sydney is not the capital"}'),
 *   { cause: "F4", reason: "Sydney is not the capital" });
 * assert.equal("notJudged" in readJudgeReply("F4, because…"), true);
 * assert.equal("notJudged" in readJudgeReply('{"cause": "F1", "reason": "cut"}'), true);
 * ```
 */
export function readJudgeReply(text: string): JudgeVerdict {
  const bare = text.trim().replace(/^```(?:json)?\s*\n?([\s\S]*?)\n?```$/, "$1").trim();
  let value: unknown;
  try {
    value = JSON.parse(bare);
  } catch {
    return { notJudged: "malformed", reason: `the reply is not JSON: ${clip(text.trim(), 80)}` };
  }
  const v = value as { cause?: unknown; reason?: unknown };
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { notJudged: "malformed", reason: "the reply is not a JSON object" };
  }
  const allowed = [...JUDGE_CAUSES, "none"];
  if (typeof v.cause !== "string" || !allowed.includes(v.cause)) {
    return {
      notJudged: "malformed",
      reason: `the reply's cause ${JSON.stringify(v.cause)} is not one of ${allowed.join(", ")}`,
    };
  }
  if (typeof v.reason !== "string" || v.reason.trim() === "") {
    return { notJudged: "malformed", reason: "the reply gives no reason" };
  }
  const reason = v.reason.trim().split("\n")[0];
  return { cause: v.cause as CauseId | "none", reason: clip(reason, 300) };
}

/**
 * True when a miss is left for the judge: a metric that names no cause of its own failed (a
 * latency gate names F13, a JSON metric F2), and no metric or live check explained the answer.
 */
export function needsJudge(item: ItemResult): boolean {
  if (!item.missed || item.answer.error) return false;
  const unexplained = Object.values(item.metrics).some((v) => v.pass === false && !v.cause);
  return unexplained && item.causes.every((c) => c === "F13");
}

/** What a judge run needs from the eval run. */
export interface JudgeContext {
  /** The judge. */
  caller: ModelCaller;
  /** Retries and timeouts. */
  policy: RetryPolicy;
  /** Judge calls in flight at once. */
  concurrency: number;
  /** Answers kept by an earlier run (judge answers are reused too). */
  kept: KeptAnswers | null;
  /** Where new answers are appended. */
  writer: AnswerWriter | null;
  /** The run's pause gate (a Retry-After pauses everyone). */
  gate: PauseGate;
  /** Each item's dataset fields (for context), by index. */
  fields: (item: ItemResult) => Readonly<Record<string, unknown>>;
  /** Called as each miss is judged (for progress). */
  onItem?: (item: ItemResult) => void;
  /** Stops the run. */
  signal?: AbortSignal;
}

/**
 * Ask the judge about every miss the free checks left unexplained; each judged item gets
 * `judged` and, when the judge named one, the cause. Items are changed in place.
 */
export async function runJudge(items: ItemResult[], ctx: JudgeContext): Promise<JudgeSummary> {
  const summary: JudgeSummary = {
    model: ctx.caller.id,
    asked: 0,
    judged: 0,
    notJudged: 0,
    notJudgedBy: { error: 0, malformed: 0, limit: 0 },
    calls: { asked: 0, reused: 0 },
  };
  const todo = items.filter(needsJudge);
  summary.asked = todo.length;
  await forEachLimited(todo, ctx.concurrency, async (item) => {
    const messages = judgeMessages(judgeCase(item, ctx.fields(item)));
    const { answer, reused } = await askItem(
      { id: item.id, fields: {} },
      { tag: JUDGE_TAG, messages, params: { ...JUDGE_PARAMS } },
      { ...ctx, stream: false },
      ctx.gate,
    );
    if (reused) summary.calls.reused++;
    else summary.calls.asked++;
    const verdict: JudgeVerdict = answer.error
      ? {
        notJudged: answer.error.kind === "rate-limit" ? "limit" : "error",
        reason: answer.error.message,
      }
      : readJudgeReply(answer.text ?? "");
    item.judged = verdict;
    if ("notJudged" in verdict) {
      summary.notJudged++;
      summary.notJudgedBy[verdict.notJudged]++;
    } else {
      summary.judged++;
      if (verdict.cause !== "none") item.causes = sortCauses([...item.causes, verdict.cause]);
    }
    ctx.onItem?.(item);
  }, ctx.signal);
  return summary;
}
