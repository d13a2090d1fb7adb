/**
 * The verified fix search: for up to N items (missed first, then flagged), a plain retry k times;
 * when no retry passes, the candidate changes that fit the item's causes, cheapest first, each up
 * to k times. A change is a verified fix only when it passes at least ⌈2k/3⌉ of its k tries (the
 * retries passed 0 of k), with no new failure: every metric passes, no live check finds a failure
 * the original answer did not have, and the failure that put the item in the search is gone.
 *
 * @module
 */
import type { AnswerWriter, KeptAnswers } from "./answers_file.ts";
import { type CauseId, mainCause } from "./causes.ts";
import type { EvalItem } from "./dataset.ts";
import { candidateChanges, type FixChangeName } from "./fix_changes.ts";
import type { LiveCheckOptions } from "./live_checks.ts";
import type { ResolvedMetric } from "./metric.ts";
import type { ModelCaller } from "./model_caller.ts";
import { askItem, scoreItem } from "./_runner.ts";
import { forEachLimited } from "./_pool.ts";
import type { PauseGate, RetryPolicy } from "./_retry.ts";
import type { ItemResult } from "./types.ts";

/** Passes over tries. */
export interface TryCount {
  /** Tries that passed with no new failure. */
  passed: number;
  /** Tries made (calls that failed count as tries that did not pass). */
  tries: number;
}

/** One change tried on an item. */
export interface ChangeTried extends TryCount {
  /** The change. */
  change: FixChangeName;
  /** Verified: passed at least the rule's share of k tries. */
  verified: boolean;
  /** Metrics that passed on the original answer and failed with the change (a new failure). */
  broke: string[];
  /** Why it was not verified (or what it did), in words. */
  note: string;
}

/** What the search found for one item. */
export interface FixItem {
  /** The item's id. */
  id: string;
  /** The cause searched for: the miss's main cause, or the flag (`none` when none was found). */
  cause: CauseId | "none";
  /** True when the item passed every metric and was flagged. */
  flagged: boolean;
  /**
   * `fixed` (a change verified), `not-repeatable` (a plain retry passed: no change claimed),
   * `no-fix` (no change verified, or none fits), `incomplete` (the plain retries' calls failed).
   */
  outcome: "fixed" | "not-repeatable" | "no-fix" | "incomplete";
  /** The verified change, or null. */
  change: FixChangeName | null;
  /** The plain retries. */
  retry: TryCount;
  /** The verified change's tries, or null. */
  withChange: TryCount | null;
  /** Every change tried, in order. */
  tried: ChangeTried[];
}

/** What the search did over a run. */
export interface FixSummary {
  /** Items searched. */
  searched: number;
  /** Tries per plain retry and per change (k). */
  tries: number;
  /** Passes a change needs out of k (⌈2k/3⌉). */
  need: number;
  /** The rule, in words. */
  rule: string;
  /** Per item. */
  items: FixItem[];
  /** Verified fixes by change. */
  byChange: Partial<Record<FixChangeName, number>>;
  /** Every call of the search: made now, reused from the answers file, failed. */
  calls: { asked: number; reused: number; failed: number };
  /** Items eligible but not searched (past N), and misses left out because their call failed. */
  skipped: { overLimit: number; failedCalls: number };
}

/** What the search needs from the run. */
export interface FixContext {
  /** Who answers. */
  caller: ModelCaller;
  /** The run's metrics. */
  metrics: readonly ResolvedMetric[];
  /** Retries and timeouts. */
  policy: RetryPolicy;
  /** Stream answers. */
  stream: boolean;
  /** Answers kept by an earlier run (search calls are reused too). */
  kept: KeptAnswers | null;
  /** Where new answers are appended. */
  writer: AnswerWriter | null;
  /** The run's pause gate. */
  gate: PauseGate;
  /** Live-check settings. */
  live?: LiveCheckOptions;
  /** Items searched at once (each item's tries run one after another; default 1). */
  concurrency?: number;
  /** Called as each item's search ends (for progress). */
  onItem?: (found: FixItem) => void;
  /** Stops the run. */
  signal?: AbortSignal;
}

/** Passes a change needs out of k tries: ⌈2k/3⌉ (2 of 3, 4 of 5, 7 of 10). */
export const fixNeed = (k: number): number => Math.ceil((2 * k) / 3);

/** The rule in words, for reports. */
export function fixRule(k: number): string {
  return `a change is a verified fix when it passes ≥ ${fixNeed(k)} of ${k} tries with no new ` +
    `failure, after the original answer and ${k} plain retries all missed`;
}

/** Items to search: misses (not failed calls) first, then flagged items, in input order. */
export function fixCandidates(
  items: readonly ItemResult[],
  n: number,
): { chosen: ItemResult[]; overLimit: number; failedCalls: number } {
  const missed = items.filter((i) => i.missed && !i.causes.includes("INFRA"));
  const flagged = items.filter((i) => !i.missed && i.flag !== undefined);
  const all = [...missed, ...flagged];
  return {
    chosen: all.slice(0, n),
    overLimit: Math.max(0, all.length - n),
    failedCalls: items.filter((i) => i.missed && i.causes.includes("INFRA")).length,
  };
}

/** The causes a search targets on an item: its causes, or its flag. */
function targets(item: ItemResult): CauseId[] {
  if (!item.missed && item.flag) return [item.flag];
  return item.causes.filter((c) => c !== "INFRA");
}

/** Does a new answer pass with no new failure, and is the searched failure gone? */
function judgeTry(original: ItemResult, now: ItemResult): { pass: boolean; broke: string[] } {
  const broke = Object.entries(now.metrics)
    .filter(([name, v]) => v.pass === false && original.metrics[name]?.pass === true)
    .map(([name]) => name);
  if (now.answer.error || now.missed) return { pass: false, broke };
  const before = new Set(original.findings.map((f) => f.cause));
  const gone = new Set(targets(original));
  const bad = now.findings.filter((f) => !before.has(f.cause) || gone.has(f.cause));
  return { pass: bad.length === 0, broke };
}

/**
 * Search verified fixes for up to `n` items. Every call goes through the runner (retries,
 * pacing) with its own tag (`retry#1`, `fix:raise_max_tokens#2`), so the answers file keeps and
 * resumes it.
 */
export async function searchFixes(
  results: readonly ItemResult[],
  items: readonly EvalItem[],
  n: number,
  k: number,
  ctx: FixContext,
): Promise<FixSummary> {
  const need = fixNeed(k);
  const { chosen, overLimit, failedCalls } = fixCandidates(results, n);
  const summary: FixSummary = {
    searched: chosen.length,
    tries: k,
    need,
    rule: fixRule(k),
    items: [],
    byChange: {},
    calls: { asked: 0, reused: 0, failed: 0 },
    skipped: { overLimit, failedCalls },
  };
  const metricNames = ctx.metrics.map((m) => m.name);
  // Each item's tries run one after another (the search stops early); items run side by side.
  const found: FixItem[] = new Array(chosen.length);
  await forEachLimited(chosen, ctx.concurrency ?? 1, async (original, position) => {
    const item = items[original.index];
    const tryAsk = async (
      tag: string,
      messages: EvalItem["messages"],
      params: EvalItem["params"],
    ) => {
      const { answer, reused } = await askItem(item, { tag, messages, params }, ctx, ctx.gate);
      if (reused) summary.calls.reused++;
      else summary.calls.asked++;
      if (answer.error) summary.calls.failed++;
      const now = await scoreItem(item, answer, reused, ctx.metrics, ctx.live);
      return { ...judgeTry(original, now), failed: answer.error !== null };
    };
    const causes = targets(original);
    const result: FixItem = {
      id: original.id,
      cause: mainCause(causes) ?? "none",
      flagged: !original.missed,
      outcome: "no-fix",
      change: null,
      retry: { passed: 0, tries: 0 },
      withChange: null,
      tried: [],
    };
    let answered = 0;
    for (let t = 1; t <= k && result.retry.passed === 0; t++) {
      const r = await tryAsk(`retry#${t}`, item.messages, item.params);
      result.retry.tries++;
      if (!r.failed) answered++;
      if (r.pass) result.retry.passed++;
    }
    if (result.retry.passed > 0) result.outcome = "not-repeatable";
    else if (answered < k) result.outcome = "incomplete";
    else {
      const candidates = candidateChanges(
        causes,
        { messages: item.messages, params: item.params },
        { answer: original.answer, metrics: metricNames },
      );
      for (const candidate of candidates) {
        const tried: ChangeTried = {
          change: candidate.name,
          passed: 0,
          tries: 0,
          verified: false,
          broke: [],
          note: "",
        };
        for (let t = 1; t <= k && tried.passed + (k - tried.tries) >= need; t++) {
          const r = await tryAsk(
            `fix:${candidate.name}#${t}`,
            candidate.ask.messages,
            candidate.ask.params,
          );
          tried.tries++;
          if (r.pass) tried.passed++;
          for (const b of r.broke) if (!tried.broke.includes(b)) tried.broke.push(b);
        }
        tried.verified = tried.passed >= need;
        tried.note = tried.verified
          ? `passed ${tried.passed} of ${tried.tries}`
          : tried.broke.length > 0
          ? `rejected: broke ${tried.broke.join(", ")}`
          : `passed ${tried.passed} of ${tried.tries}, fewer than ${need}`;
        result.tried.push(tried);
        if (tried.verified) {
          result.outcome = "fixed";
          result.change = candidate.name;
          result.withChange = { passed: tried.passed, tries: tried.tries };
          break;
        }
      }
    }
    found[position] = result;
    ctx.onItem?.(result);
  }, ctx.signal);
  for (const f of found) summary.items.push(f);
  for (const f of found) {
    if (f.change) summary.byChange[f.change] = (summary.byChange[f.change] ?? 0) + 1;
  }
  return summary;
}
