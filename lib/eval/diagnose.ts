/**
 * Diagnose answers another tool recorded, without asking the model again: the live checks run on
 * every answer, the tool's own verdicts say which answers missed, and an optional judge looks at
 * the misses nothing explained. Records come in a small neutral shape that any reader can fill
 * (verdict's harness readers fill it from promptfoo, Inspect AI and DeepEval files).
 *
 * @module
 */
import { checkConfidence } from "../stats/check_confidence.ts";
import { AnswerWriter, readAnswers } from "./answers_file.ts";
import type { EvalItem } from "./dataset.ts";
import { EvalResult } from "./eval_result.ts";
import { judgeOf } from "./evaluate.ts";
import { runJudge } from "./judge.ts";
import type { LiveCheckOptions } from "./live_checks.ts";
import type { ResolvedMetric } from "./metric.ts";
import type { ModelCaller } from "./model_caller.ts";
import { recordedAnswer } from "./_recorded.ts";
import { DEFAULT_RETRY, PauseGate } from "./_retry.ts";
import { scoreItem } from "./_runner.ts";
import { summarize } from "./_summary.ts";
import type { AnswerRecord, MetricValue } from "./types.ts";
import { UserRangeError, UserTypeError } from "../errors/mod.ts";

/** One answer another tool recorded, with that tool's verdicts on it. */
export interface RecordedResult {
  /** The case id (unique). */
  id: string;
  /** What was asked. */
  question: string;
  /** The answer; null when the call failed. */
  answer: string | null;
  /** The error recorded for a failed call. */
  error?: string;
  /** References (may be empty). */
  references: readonly string[];
  /** The finish reason as recorded (`stop`, `length`, `max_tokens`, …). */
  finishReason?: string;
  /** Milliseconds the model took. */
  latencyMs?: number;
  /** Tool calls the model made. */
  toolCalls?: readonly { name: string; arguments: string }[];
  /** Context given with the question (shown to the judge). */
  context?: string;
  /** The tool's verdicts: a name, pass/fail (null: none) and a score (null: none). */
  verdicts: readonly {
    name: string;
    pass: boolean | null;
    score: number | null;
    reason?: string;
  }[];
}

/** Options of {@link diagnose}. */
export interface DiagnoseOptions {
  /** A name for reports (the file's). */
  name?: string;
  /** Who recorded the answers (`promptfoo`, `inspect`, …), shown beside the figures. */
  recordedBy?: string;
  /** A judge for misses nothing explained: a model name or a caller. */
  judge?: string | ModelCaller;
  /** Keep the judge's answers here and reuse them on the next run. */
  out?: string;
  /** Live-check settings. */
  live?: LiveCheckOptions;
  /** Judge calls in flight at once (default 4). */
  concurrency?: number;
  /** Bootstrap seed (default 0). */
  seed?: number;
  /** Confidence of the intervals (default 0.95). */
  confidence?: number;
  /** Reads environment variables for keys. */
  env?: (name: string) => string | undefined;
  /** Stops the run. */
  signal?: AbortSignal;
}

function verdictMetric(
  name: string,
  verdicts: Map<string, MetricValue>,
  recordedBy: string,
  binary: boolean,
): ResolvedMetric {
  return {
    name,
    kind: binary ? "binary" : "graded",
    direction: "higher",
    threshold: binary ? 1 : null,
    settings: binary ? `the verdict ${recordedBy} recorded` : `the score ${recordedBy} recorded`,
    rule: binary
      ? "pass or fail as recorded (value 1 or 0)"
      : "a score as recorded, no verdict so no pass/fail",
    needsReference: false,
    failedValue: () => 0,
    score: (record) =>
      Promise.resolve(
        verdicts.get(`${record.item.id}\u0000${name}`) ??
          { value: NaN, pass: null, scored: false, reason: `${recordedBy} recorded no verdict` },
      ),
  };
}

function answerOf(item: EvalItem, r: RecordedResult): AnswerRecord {
  const answer = recordedAnswer(item);
  answer.model = "recorded";
  if (r.toolCalls) answer.toolCalls = r.toolCalls.map((c) => ({ ...c }));
  if (r.answer === null) {
    answer.text = null;
    answer.error = {
      kind: "recorded",
      message: r.error ?? "the call failed (no message recorded)",
    };
  }
  return answer;
}

/**
 * Diagnose recorded answers: live checks on every answer, misses from the recorded verdicts
 * (each verdict name becomes a metric of the result), the judge on misses nothing explained. No
 * model is asked besides the judge; a fix search needs the model and is not run here.
 *
 * @throws {TypeError} Duplicate ids, or no records.
 *
 * @example A cut-off answer that its tool passed is flagged
 * ```ts
 * import { diagnose } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const result = await diagnose([
 *   { id: "a", question: "Capital of Italy?", answer: "Rome is the", finishReason: "length",
 *     references: ["Rome"], verdicts: [{ name: "contains", pass: true, score: 1 }] },
 *   { id: "b", question: "Capital of Peru?", answer: "", references: ["Lima"],
 *     verdicts: [{ name: "contains", pass: false, score: 0 }] },
 * ], { recordedBy: "promptfoo" });
 * assert.deepEqual(result.flagged, [{ id: "a", cause: "F1" }]);
 * assert.deepEqual(result.causes, { INFRA: 0, F9: 1 });
 * ```
 */
export async function diagnose(
  records: readonly RecordedResult[],
  options: DiagnoseOptions = {},
): Promise<EvalResult> {
  if (records.length === 0) {
    throw new UserRangeError(`Cannot diagnose "${options.name ?? "records"}": it has no answers`);
  }
  const recordedBy = options.recordedBy ?? "the tool";
  const seen = new Set<string>();
  const verdicts = new Map<string, MetricValue>();
  const names: string[] = [];
  const binary = new Set<string>();
  const items: EvalItem[] = records.map((r, index) => {
    if (seen.has(r.id)) {
      throw new UserTypeError(
        `Cannot diagnose "${options.name ?? "records"}": the id "${r.id}" appears twice`,
      );
    }
    seen.add(r.id);
    for (const v of r.verdicts) {
      if (!names.includes(v.name)) names.push(v.name);
      if (v.pass !== null) binary.add(v.name);
      const value = v.pass !== null ? (v.pass ? 1 : 0) : v.score ?? NaN;
      verdicts.set(`${r.id}\u0000${v.name}`, {
        value,
        pass: v.pass,
        scored: Number.isFinite(value),
        reason: v.reason ?? (v.score !== null ? `score ${v.score}` : ""),
      });
    }
    return {
      index,
      row: index + 1,
      id: r.id,
      messages: [{ role: "user", content: r.question }],
      references: [...r.references],
      params: {},
      recorded: r.answer,
      finishReason: r.finishReason,
      latency: r.latencyMs,
      fields: r.context !== undefined ? { context: r.context } : {},
    };
  });
  const metrics = names.map((n) => verdictMetric(n, verdicts, recordedBy, binary.has(n)));
  const results = await Promise.all(
    items.map((item, i) =>
      scoreItem(item, answerOf(item, records[i]), false, metrics, options.live)
    ),
  );
  const judge = options.judge ? judgeOf(options.judge, null, options.env) : null;
  const interval = {
    seed: options.seed ?? 0,
    resamples: 1000,
    confidence: checkConfidence(options.confidence ?? 0.95),
  };
  const concurrency = options.concurrency ?? 4;
  let judged = null;
  if (judge) {
    const kept = options.out ? await readAnswers(options.out) : null;
    const writer = options.out
      ? await AnswerWriter.open(options.out, judge.secrets, kept?.torn ?? false)
      : null;
    try {
      judged = await runJudge(results, {
        caller: judge,
        policy: DEFAULT_RETRY,
        concurrency,
        kept,
        writer,
        gate: new PauseGate(),
        fields: (r) => items[r.index].fields,
        signal: options.signal,
      });
    } finally {
      await writer?.close();
    }
  }
  const failed = results.filter((r) => r.answer.error).length;
  return new EvalResult({
    metrics: metrics.map((m) => summarize(results, m, interval)),
    items: results,
    problems: [],
    calls: { asked: 0, answered: 0, failed: 0, reused: 0, recorded: results.length - failed },
    settings: {
      dataset: options.name ?? "records",
      model: `recorded by ${recordedBy}`,
      metrics: names,
      params: {},
      confidence: interval.confidence,
      resamples: interval.resamples,
      concurrency,
      retries: DEFAULT_RETRY.retries,
      timeoutMs: DEFAULT_RETRY.timeoutMs,
      stream: false,
      out: options.out ?? null,
      format: recordedBy,
      mapping: {},
      judge: judge?.id ?? null,
      fix: 0,
      fixTries: 0,
      script: options.live?.script ?? "auto",
    },
    interval,
    judge: judged,
    fixes: null,
  });
}
