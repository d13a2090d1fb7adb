/**
 * `evaluate(dataset, options)`: run a model (or an app) over a dataset, or score its recorded
 * answers, and summarize every metric with a seeded bootstrap interval.
 *
 * @module
 */
import type { Source } from "../io/mod.ts";
import { checkConfidence } from "../stats/check_confidence.ts";
import { Progress } from "../render/progress.ts";
import { plural } from "../render/format.ts";
import { AnswerWriter, readAnswers } from "./answers_file.ts";
import { appCaller, type AppFunction } from "./app_caller.ts";
import { type DatasetOptions, readDataset } from "./dataset.ts";
import { resolveMetric } from "./eval_metrics.ts";
import { EvalResult } from "./eval_result.ts";
import type { Metric } from "./metric.ts";
import type { ModelCaller } from "./model_caller.ts";
import { resolveModel } from "./resolve_model.ts";
import { DEFAULT_RETRY, PauseGate, type RetryPolicy } from "./_retry.ts";
import { needsJudge, runJudge } from "./judge.ts";
import { fixCandidates, searchFixes } from "./fix_search.ts";
import type { LiveCheckOptions } from "./live_checks.ts";
import { runItems } from "./_runner.ts";
import { summarize } from "./_summary.ts";
import type { AnswerRecord, ItemResult } from "./types.ts";
import type { JudgeSummary } from "./judge.ts";
import type { FixSummary } from "./fix_search.ts";
import { UserRangeError, UserTypeError } from "../errors/mod.ts";

/** Options of {@link evaluate}. */
export interface EvaluateOptions extends DatasetOptions {
  /** The model: a preset (`openai:gpt-4o-mini`), `MODEL@http://host/v1`, or a caller object. */
  model?: string | ModelCaller;
  /** An application to evaluate instead of a model: question → answer. */
  app?: AppFunction;
  /** Metrics: `name`, `name:threshold`, or custom metric objects (default `["exact_match"]`). */
  metrics?: readonly (string | Metric)[];
  /** Stream answers (measures the time to the first token). */
  stream?: boolean;
  /** Items in flight at once (default 4). */
  concurrency?: number;
  /** Retries per call after the first attempt (default 3). */
  retries?: number;
  /** Per-attempt timeout in milliseconds (default 60,000). */
  timeoutMs?: number;
  /** Backoff settings (first ceiling, largest ceiling, longest Retry-After honoured). */
  backoff?: Partial<Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs" | "maxRetryAfterMs">>;
  /** Keep answers in this JSON-lines file as they arrive, and reuse them on the next run. */
  out?: string;
  /** Bootstrap seed (default 0). */
  seed?: number;
  /** Confidence level of the intervals (default 0.95). */
  confidence?: number;
  /** Bootstrap resamples (default 1000). */
  resamples?: number;
  /**
   * Progress: `true` shows it (a notebook output updated in place, else a terminal's stderr,
   * else nothing), `false` hides it, or a {@link Progress} of your own. Default: shown when a
   * model or app is called.
   */
  progress?: boolean | Progress;
  /** Leave out rows that cannot be used (listed in `result.problems`) instead of refusing to run. */
  skipBadRows?: boolean;
  /** The suite the run comes from, shown with its settings (set by {@link readSuite}). */
  suite?: { name: string; path: string };
  /** Reads environment variables for keys (default `Deno.env.get`). */
  env?: (name: string) => string | undefined;
  /** Stops the run. */
  signal?: AbortSignal;
  /**
   * A judge for the misses the free live checks leave unexplained: a model name, a caller, or
   * `true` for the run's own model (with `answers`: the model that wrote them).
   */
  judge?: string | ModelCaller | true;
  /** Search verified fixes for up to this many items (missed first, then flagged); needs a model. */
  fix?: number;
  /** Tries per plain retry and per candidate change in the fix search (k, default 3). */
  fixTries?: number;
  /** Settings of the live checks (the script an answer must be written in). */
  live?: LiveCheckOptions;
  /**
   * Diagnose the answers kept in this answers file (an earlier run's `out`) instead of asking:
   * each item's own answer (tag `""`) is scored, live-checked and judged; items with none are
   * left out and listed. No model is asked (the judge aside).
   */
  answers?: string;
}

/** The roles the run used: a recorded answer and its details are not used when a model is asked. */
function usedRoles(
  mapping: Readonly<Record<string, string | undefined>>,
  asked: boolean,
): Record<string, string> {
  const recordedRoles = ["recorded", "finishReason", "latency"];
  return Object.fromEntries(
    Object.entries(mapping).filter((e): e is [string, string] =>
      e[1] !== undefined && !(asked && recordedRoles.includes(e[0]))
    ),
  );
}

/** Each item's own answer (tag `""`) in an answers file, by id; the last one of an id wins. */
async function keptById(path: string): Promise<Map<string, AnswerRecord>> {
  await Deno.stat(path).catch((error) => {
    throw error instanceof Deno.errors.NotFound
      ? new UserTypeError(`Cannot read answers file "${path}": no such file`)
      : error;
  });
  const kept = await readAnswers(path);
  const out = new Map<string, AnswerRecord>();
  for (const a of [...kept.failures.values(), ...kept.answers.values()]) {
    if (a.tag === "") out.set(a.id, a);
  }
  if (out.size === 0) {
    throw new UserTypeError(
      `Cannot diagnose "${path}": it holds no answer records (is it an answers file written by ` +
        "an eval's out?)",
    );
  }
  return out;
}

/** `judge: true` on an answers file: the model that wrote the answers, when it is one model. */
function answersModel(
  given: ReadonlyMap<string, AnswerRecord>,
  env?: (name: string) => string | undefined,
): ModelCaller {
  const models = [...new Set([...given.values()].map((a) => a.model))];
  const model = models.length === 1 && !models[0].startsWith("app:") ? models[0] : null;
  if (model === null) {
    throw new UserTypeError(
      `judge: true uses the model that wrote the answers, and they come from ${
        models.length === 1 ? "an app" : `${models.length} models`
      }: name a judge model (judge: "openai:gpt-4o-mini", --judge MODEL)`,
    );
  }
  return resolveModel(model, { env });
}

function modelsOf(given: ReadonlyMap<string, AnswerRecord>): string {
  const models = [...new Set([...given.values()].map((a) => a.model))];
  return models.length === 1 ? models[0] : `${models.length} models`;
}

function count(name: string, value: number | undefined, fallback: number, min: number): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < min) {
    throw new UserRangeError(`${name} must be a whole number ≥ ${min}, got ${value}`);
  }
  return v;
}

function callerOf(options: EvaluateOptions): ModelCaller | null {
  if (options.model !== undefined && options.app !== undefined) {
    throw new UserTypeError("Give either a model or an app, not both");
  }
  if (options.app) return appCaller(options.app);
  if (typeof options.model === "string") return resolveModel(options.model, { env: options.env });
  return options.model ?? null;
}

/** The judge's caller: a name or caller, or the run's own model for `true`. */
export function judgeOf(
  judge: EvaluateOptions["judge"],
  caller: ModelCaller | null,
  env?: (name: string) => string | undefined,
): ModelCaller | null {
  if (judge === undefined || judge === null || (judge as unknown) === false) return null;
  if (judge === true) {
    if (!caller || caller.source !== "model") {
      throw new UserTypeError(
        "judge: true uses the run's model, and this run has none (an app or recorded answers): " +
          'name a judge model (judge: "openai:gpt-4o-mini", --judge MODEL)',
      );
    }
    return caller;
  }
  return typeof judge === "string" ? resolveModel(judge, { env }) : judge;
}

function progressOf(
  option: EvaluateOptions["progress"],
  total: number,
  calling: boolean,
  label = "eval",
) {
  if (option instanceof Progress) return label === "eval" ? option : null;
  if (option === false || (option === undefined && !calling)) return null;
  return new Progress({ label, total });
}

/** A progress line of its own for the judge or the fix search, when progress is shown. */
async function phase<T>(
  option: EvaluateOptions["progress"],
  label: string,
  total: number,
  run: (tick: () => void) => Promise<T>,
): Promise<T> {
  const shown = total > 0 ? progressOf(option, total, true, label) : null;
  let done = 0;
  try {
    return await run(() => shown?.set(++done, `${done} of ${total}`));
  } finally {
    await shown?.finish(`${done} of ${total}`);
  }
}

function note(done: number, total: number, failed: number, started: number): string {
  const seconds = (performance.now() - started) / 1000;
  const rate = seconds > 0 ? done / seconds : 0;
  const eta = rate > 0 ? (total - done) / rate : NaN;
  return `${rate.toFixed(1)}/s · ETA ${
    Number.isFinite(eta) ? `${eta.toFixed(0)} s` : "—"
  } · ${failed} failed`;
}

/**
 * Run a model or an app over a dataset and score every answer, or score the dataset's recorded
 * answers (`response`/`output`) when no model is given — then no network is used. Rows that cannot
 * be used stop the run with a message naming them (or are left out and listed with
 * `skipBadRows`). A failed call is a miss with cause `INFRA`.
 *
 * @throws {TypeError} Rows that cannot be used, an unknown metric or model.
 * @throws {RangeError} A setting out of range, or a dataset with no items.
 *
 * @example Score recorded answers with two metrics
 * ```ts
 * import { evaluate } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const result = await evaluate("examples/capitals.jsonl", { metrics: ["exact_match", "f1:0.5"] });
 * assert.equal(result.settings.model, "recorded");
 * assert.equal(result.metric("exact_match")!.scored, result.items.length);
 * assert.deepEqual(result.toJSON().metrics[1].threshold, 0.5);
 * ```
 */
export async function evaluate(source: Source, options: EvaluateOptions = {}): Promise<EvalResult> {
  const caller = callerOf(options);
  const metrics = await Promise.all(
    (options.metrics ?? ["exact_match"]).map((m) => resolveMetric(m)),
  );
  const names = new Set<string>();
  for (const m of metrics) {
    if (names.has(m.name)) throw new UserTypeError(`The metric "${m.name}" is given twice`);
    names.add(m.name);
  }
  const interval = {
    seed: options.seed ?? 0,
    resamples: count("resamples", options.resamples, 1000, 1),
    confidence: checkConfidence(options.confidence ?? 0.95),
  };
  if (!Number.isInteger(interval.seed)) throw new UserRangeError(`seed must be a whole number`);
  const policy: RetryPolicy = {
    ...DEFAULT_RETRY,
    ...options.backoff,
    retries: count("retries", options.retries, DEFAULT_RETRY.retries, 0),
    timeoutMs: count("timeoutMs", options.timeoutMs, DEFAULT_RETRY.timeoutMs, 1),
  };
  const concurrency = count("concurrency", options.concurrency, 4, 1);
  let judge = options.judge === true && options.answers !== undefined && !caller
    ? null
    : judgeOf(options.judge, caller, options.env);
  const fix = options.fix === undefined ? 0 : count("fix", options.fix, 0, 0);
  const fixTries = count("fixTries", options.fixTries, 3, 1);
  if (fix > 0 && (!caller || caller.source !== "model")) {
    throw new UserTypeError(
      "fix needs a model to ask again (--model): it retries items and tries changes to the " +
        "request, which recorded answers or an app cannot take",
    );
  }
  if (options.limit !== undefined) count("limit", options.limit, 0, 1);

  if (options.answers !== undefined && caller) {
    throw new UserTypeError(
      "answers diagnoses an answers file and asks no model: to ask again (a fix search), give " +
        "the model with out set to that file instead (its answers are reused)",
    );
  }
  const data = await readDataset(source, options);
  const problems = [...data.problems];
  let items = data.items;
  const given = options.answers !== undefined ? await keptById(options.answers) : null;
  if (given && options.judge === true) judge = answersModel(given, options.env);
  if (given) {
    for (const i of items.filter((i) => !given.has(i.id))) {
      problems.push({
        code: "no-answer",
        row: i.row,
        message: `row ${i.row} (id "${i.id}") has no answer in ${options.answers}`,
      });
    }
    items = items.filter((i) => given.has(i.id)).map((item, index) => ({ ...item, index }));
  } else if (!caller) {
    const unanswered = items.filter((i) => i.recorded === null);
    if (items.length > 0 && unanswered.length === items.length) {
      throw new UserTypeError(
        `Cannot evaluate "${data.name}": no row has a recorded answer (response or output) and ` +
          `no model was given; give a model (--model) or an app to ask`,
      );
    }
    for (const i of unanswered) {
      problems.push({
        code: "no-answer",
        row: i.row,
        message:
          `row ${i.row} (id "${i.id}") has no recorded response or output, and no model was given`,
      });
    }
    items = items.filter((i) => i.recorded !== null).map((item, index) => ({ ...item, index }));
  }
  if (problems.length > 0 && !options.skipBadRows) {
    problems.sort((a, b) => a.row - b.row);
    const shown = problems.slice(0, 5).map((p) => p.message).join("; ");
    throw new UserTypeError(
      `Cannot evaluate "${data.name}": ${plural(problems.length, "row")} cannot be used: ${shown}${
        problems.length > 5 ? "; …" : ""
      } (skip them with skipBadRows / --skip-bad-rows)`,
    );
  }
  if (items.length === 0) {
    // Every row left out (skipBadRows): say why, reason by reason, as score and audit do.
    const byCode = new Map<string, number>();
    for (const p of problems) byCode.set(p.code, (byCode.get(p.code) ?? 0) + 1);
    const why = [...byCode].map(([code, n]) => `${code} ${n}`).join(", ");
    throw new UserRangeError(
      problems.length === 0
        ? `Cannot evaluate "${data.name}": it has no items`
        : `Cannot evaluate "${data.name}": no row could be used (${
          plural(problems.length, "row")
        } left out: ${why}); first: ${problems[0].message}`,
    );
  }

  // A caller that can never answer (a permission its provider package needs) stops the run here.
  await caller?.ready;
  await judge?.ready;
  const asking = caller ?? judge;
  const kept = asking && options.out ? await readAnswers(options.out) : null;
  const secrets = [...new Set([...(caller?.secrets ?? []), ...(judge?.secrets ?? [])])];
  const writer = asking && options.out
    ? await AnswerWriter.open(options.out, secrets, kept?.torn ?? false)
    : null;
  const gate = new PauseGate();
  const progress = progressOf(options.progress, items.length, caller !== null);
  const started = performance.now();
  let done = 0;
  let failed = 0;
  let results: ItemResult[];
  let judged: JudgeSummary | null = null;
  let fixes: FixSummary | null = null;
  try {
    results = await runItems(items, {
      caller,
      metrics,
      policy,
      stream: options.stream ?? false,
      concurrency,
      kept,
      writer,
      gate,
      ...(options.live ? { live: options.live } : {}),
      ...(given ? { answers: given } : {}),
      signal: options.signal,
      onItem(item) {
        done++;
        if (item.answer.error) failed++;
        progress?.set(done, note(done, items.length, failed, started));
      },
    });
    if (judge) {
      judged = await phase(
        options.progress,
        "judge",
        results.filter(needsJudge).length,
        (tick) =>
          runJudge(results, {
            caller: judge,
            policy,
            concurrency,
            kept,
            writer,
            gate,
            fields: (r) => items[r.index].fields,
            onItem: tick,
            signal: options.signal,
          }),
      );
    }
    if (fix > 0 && caller) {
      fixes = await phase(
        options.progress,
        "fix search",
        fixCandidates(results, fix).chosen.length,
        (tick) =>
          searchFixes(results, items, fix, fixTries, {
            caller,
            metrics,
            policy,
            stream: options.stream ?? false,
            kept,
            writer,
            gate,
            concurrency,
            ...(options.live ? { live: options.live } : {}),
            onItem: tick,
            signal: options.signal,
          }),
      );
    }
  } finally {
    await writer?.close();
    await progress?.finish(note(done, items.length, failed, started));
  }

  const asked = results.filter((r) => !r.reused && r.answer.source !== "recorded");
  return new EvalResult({
    metrics: metrics.map((m) => summarize(results, m, interval)),
    items: results,
    problems,
    calls: {
      asked: asked.length,
      answered: asked.filter((r) => !r.answer.error).length,
      failed: asked.filter((r) => r.answer.error).length,
      reused: results.filter((r) => r.reused).length,
      recorded: results.filter((r) => r.answer.source === "recorded").length,
    },
    settings: {
      dataset: data.name,
      model: caller?.id ?? (given ? modelsOf(given) : "recorded"),
      metrics: metrics.map((m) => m.threshold === null ? m.name : `${m.name}:${m.threshold}`),
      params: options.params ?? {},
      confidence: interval.confidence,
      resamples: interval.resamples,
      concurrency,
      retries: policy.retries,
      timeoutMs: policy.timeoutMs,
      stream: options.stream ?? false,
      out: options.out ?? null,
      answers: options.answers ?? null,
      format: data.format,
      mapping: usedRoles(data.mapping, caller !== null),
      judge: judge?.id ?? null,
      fix,
      fixTries,
      script: options.live?.script ?? "auto",
      ...(options.suite ? { suite: options.suite } : {}),
    },
    interval,
    judge: judged,
    fixes,
  });
}
