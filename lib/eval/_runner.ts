// The run: N workers take items in order, reuse a kept answer when its key matches, else ask
// (with retries), record the answer as it arrives, and score it. Results keep input order.
import { answerKey, type AnswerWriter, type KeptAnswers, keptKey } from "./answers_file.ts";
import { callWithRetries, PauseGate, type RetryPolicy } from "./_retry.ts";
import type { EvalItem } from "./dataset.ts";
import type { ModelCaller } from "./model_caller.ts";
import type { ResolvedMetric } from "./metric.ts";
import { recordedAnswer } from "./_recorded.ts";
import { forEachLimited } from "./_pool.ts";
import type { AnswerRecord, Cause, ItemResult, MetricValue } from "./types.ts";
import { type LiveCheckOptions, liveChecks } from "./live_checks.ts";
import { mainCause, sortCauses } from "./causes.ts";

/** Everything a run needs besides the items. */
export interface RunContext {
  /** Who answers; null: the items' recorded answers are scored. */
  caller: ModelCaller | null;
  /** Metrics to score each answer with. */
  metrics: readonly ResolvedMetric[];
  /** Retries and timeouts. */
  policy: RetryPolicy;
  /** Stream answers. */
  stream: boolean;
  /** Items in flight at once. */
  concurrency: number;
  /** Answers kept by an earlier run. */
  kept: KeptAnswers | null;
  /** Where new answers are appended. */
  writer: AnswerWriter | null;
  /** Stops the run. */
  signal?: AbortSignal;
  /** Settings of the live checks. */
  live?: LiveCheckOptions;
  /** The run's pause gate (shared with the judge and the fix search). */
  gate?: PauseGate;
  /** Answers given by id (an answers file being diagnosed): used instead of asking. */
  answers?: ReadonlyMap<string, AnswerRecord>;
  /** Called as each item is done (for progress). */
  onItem?: (item: ItemResult) => void;
}

/** One ask of an item: its own messages and params (a fix changes them) and a tag. */
export interface Ask {
  /** The tag kept with the answer (`""` for the eval's own answer). */
  tag: string;
  /** The messages to send. */
  messages: EvalItem["messages"];
  /** The request parameters. */
  params: EvalItem["params"];
}

/**
 * Ask a caller once (with retries), or reuse the answer kept for the same id, model, messages,
 * params and tag; a new answer is appended to the answers file as it arrives.
 */
export async function askItem(
  item: Pick<EvalItem, "id" | "fields" | "tools">,
  ask: Ask,
  ctx: Pick<RunContext, "kept" | "writer" | "policy" | "stream" | "signal"> & {
    caller: ModelCaller;
  },
  gate: PauseGate,
): Promise<{ answer: AnswerRecord; reused: boolean }> {
  const caller = ctx.caller;
  const key = answerKey({
    model: caller.id,
    messages: ask.messages,
    params: ask.params,
    tag: ask.tag,
    ...(item.tools ? { tools: item.tools } : {}),
  });
  const kept = ctx.kept?.answers.get(keptKey(item.id, key));
  if (kept) return { answer: kept, reused: true };
  const startedAt = new Date().toISOString();
  const r = await callWithRetries(
    caller,
    {
      messages: ask.messages,
      params: ask.params,
      stream: ctx.stream,
      row: item.fields,
      ...(item.tools ? { tools: item.tools } : {}),
    },
    ctx.policy,
    { gate, signal: ctx.signal },
  );
  const reply = r.reply;
  const answer: AnswerRecord = {
    kind: "answer",
    v: 1,
    id: item.id,
    tag: ask.tag,
    key,
    model: caller.id,
    messages: ask.messages,
    params: ask.params,
    source: caller.source,
    text: reply?.text ?? null,
    finishReason: reply?.finishReason ?? null,
    rawFinishReason: reply?.rawFinishReason ?? null,
    usage: reply?.usage ?? null,
    latencyMs: reply ? r.latencyMs : null,
    ttftMs: reply?.ttftMs ?? null,
    elapsedMs: r.elapsedMs,
    attempts: r.attempts,
    streamed: ctx.stream && caller.source === "model",
    ...(reply?.toolCalls ? { toolCalls: reply.toolCalls } : {}),
    ...(reply?.retrieved ? { retrieved: reply.retrieved } : {}),
    ...(reply?.logprobs ? { logprobs: reply.logprobs } : {}),
    error: r.error
      ? {
        kind: r.error.kind,
        message: r.error.message,
        ...(r.error.status !== undefined ? { status: r.error.status } : {}),
      }
      : null,
    request: reply?.request ?? null,
    response: reply?.response ?? null,
    ...(reply?.warnings ? { warnings: reply.warnings } : {}),
    startedAt,
  };
  await ctx.writer?.write(answer);
  return { answer, reused: false };
}

/**
 * Score one answer with every metric and run the live checks on it: a miss gets the causes its
 * metrics name and the checks find; an item that passed every metric is flagged when a check
 * found a failure.
 */
export async function scoreItem(
  item: EvalItem,
  answer: AnswerRecord,
  reused: boolean,
  metrics: readonly ResolvedMetric[],
  live?: LiveCheckOptions,
): Promise<ItemResult> {
  const values: Record<string, MetricValue> = {};
  const causes = new Set<Cause>();
  if (answer.error) causes.add("INFRA");
  for (const metric of metrics) {
    const cannot = metric.unscorable?.(item) ??
      (metric.needsReference && item.references.length === 0 ? "no reference" : null);
    if (answer.error && cannot !== null) {
      // The metric could not have scored this item even with an answer.
      values[metric.name] = { value: NaN, pass: null, scored: false, reason: cannot };
      continue;
    }
    if (answer.error) {
      const value = metric.failedValue(answer);
      values[metric.name] = {
        value: Number.isFinite(value) ? value : NaN,
        pass: metric.threshold === null ? null : false,
        scored: Number.isFinite(value),
        reason: `the call failed: ${answer.error.message}`,
        cause: "INFRA",
      };
      continue;
    }
    let v: MetricValue;
    try {
      v = await metric.score({ text: answer.text ?? "", answer, item }, item.references);
    } catch (error) {
      v = {
        value: NaN,
        pass: null,
        scored: false,
        reason: `the metric failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    values[metric.name] = v;
    if (v.pass === false && v.cause) causes.add(v.cause);
  }
  const missed = answer.error !== null || Object.values(values).some((v) => v.pass === false);
  const findings = liveChecks({
    answer,
    references: item.references,
    metrics: values,
    ...(item.tools ? { tools: item.tools } : {}),
    ...(live ? { options: live } : {}),
  });
  for (const f of findings) causes.add(f.cause);
  const flag = missed ? null : mainCause(findings.map((f) => f.cause));
  return {
    index: item.index,
    id: item.id,
    row: item.row,
    references: item.references,
    answer,
    reused,
    metrics: values,
    missed,
    causes: sortCauses(causes),
    findings,
    ...(flag ? { flag } : {}),
  };
}

/** Run every item; results come back in input order. */
export async function runItems(
  items: readonly EvalItem[],
  ctx: RunContext,
): Promise<ItemResult[]> {
  const results: ItemResult[] = new Array(items.length);
  const gate = ctx.gate ?? new PauseGate();
  await forEachLimited(items, ctx.concurrency, async (item) => {
    const given = ctx.answers?.get(item.id);
    const { answer, reused } = given ? { answer: given, reused: true } : ctx.caller
      ? await askItem(
        item,
        { tag: "", messages: item.messages, params: item.params },
        { ...ctx, caller: ctx.caller },
        gate,
      )
      : { answer: recordedAnswer(item), reused: false };
    const result = await scoreItem(item, answer, reused, ctx.metrics, ctx.live);
    results[item.index] = result;
    ctx.onItem?.(result);
  }, ctx.signal);
  return results;
}
