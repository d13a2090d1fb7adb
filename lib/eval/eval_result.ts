/**
 * The result of an eval: per-metric means with seeded bootstrap intervals and pass counts, every
 * item with its answer and verdicts, misses by cause. Displays itself in a notebook.
 *
 * @module
 */
import type { RowProblem } from "../io/mod.ts";
import { Displayable } from "../render/bundle.ts";
import { formatCount, formatRate, formatScore, plural } from "../render/format.ts";
import { sectionsHtml, sectionsText, type SectionsTextOptions } from "../render/sections.ts";
import type { Table } from "../render/table.ts";
import type { ReportSection } from "../render/sections.ts";
import type { IntervalSettings, MetricSummary } from "./_summary.ts";
import { evalHtmlPage, type EvalPageOptions } from "./eval_page.ts";
import type { Cause, ItemResult } from "./types.ts";
import type { FixSummary } from "./fix_search.ts";
import type { JudgeSummary } from "./judge.ts";
import {
  causesTable,
  countCauses,
  fixesTable,
  fixItemsTable,
  flaggedTable,
} from "./_diagnosis_tables.ts";

/** Calls made by the run. */
export interface CallCounts {
  /** Items sent to the model or app in this run. */
  asked: number;
  /** Of those, items that got an answer. */
  answered: number;
  /** Of those, items whose call failed after its retries (misses with cause INFRA). */
  failed: number;
  /** Items whose answer was reused from the answers file. */
  reused: number;
  /** Items scored from a recorded answer (no call). */
  recorded: number;
}

/** The settings of a run, shown beside its figures. */
export interface EvalSettings {
  /** The dataset's name. */
  dataset: string;
  /** The model or app (`recorded` when recorded answers were scored). */
  model: string;
  /** The metrics as resolved: `name` or `name:threshold`. */
  metrics: string[];
  /** Run-wide request parameters. */
  params: Record<string, unknown>;
  /** The interval's settings. */
  confidence: number;
  /** Bootstrap resamples. */
  resamples: number;
  /** Items in flight at once. */
  concurrency: number;
  /** Retries per call. */
  retries: number;
  /** Per-attempt timeout in milliseconds. */
  timeoutMs: number;
  /** Answers streamed. */
  stream: boolean;
  /** The answers file, or null. */
  out: string | null;
  /** The answers file diagnosed instead of asking, or null. */
  answers?: string | null;
  /** The dataset's format as read. */
  format: string | null;
  /** Which dataset column played which role. */
  mapping: Record<string, string>;
  /** The judge model, or null when no judge was asked. */
  judge: string | null;
  /** Items the fix search was allowed (0: no search). */
  fix: number;
  /** Tries per plain retry and per change in the fix search (k). */
  fixTries: number;
  /** The script the live checks expect answers in (`auto`: the reference's, else the question's). */
  script: string;
  /** The suite file the run's settings came from, if any. */
  suite?: { name: string; path: string };
}

/** What `eval --json` prints. */
export interface EvalResultJson {
  /** Items evaluated. */
  items: number;
  /** The model or app. */
  model: string;
  /** Per-metric figures. */
  metrics: {
    name: string;
    mean: number | null;
    ci: [number | null, number | null];
    passed: number | null;
    scored: number;
    notScored: number;
    threshold: number | null;
  }[];
  /**
   * Misses by main cause, each miss once: `INFRA`, F1–F14, `none` (no cause found) and
   * `not-judged` (no free check explained it and the judge could not check it).
   */
  causes: Record<string, number>;
  /** Items that passed every metric but a live check found a failure. */
  flagged: { id: string; cause: Cause }[];
  /** What the judge did, or null without a judge. */
  judge: { model: string; judged: number; notJudged: number; calls: number } | null;
  /** The verified fix search, or null without one. */
  fixes: {
    searched: number;
    tries: number;
    rule: string;
    items: {
      id: string;
      cause: string;
      flagged: boolean;
      outcome: string;
      change: string | null;
      retry: { passed: number; tries: number };
      withChange: { passed: number; tries: number } | null;
      tried: { change: string; passed: number; tries: number; verified: boolean; note: string }[];
    }[];
    byChange: Record<string, number>;
    calls: { asked: number; reused: number; failed: number };
  } | null;
  /** The bootstrap seed. */
  seed: number;
  /** The rest of the settings. */
  settings: EvalSettings;
}

/** Options of the views of an {@link EvalResult}. */
export interface MissesOptions extends SectionsTextOptions {
  /** Rows shown (default 20). */
  maxRows?: number;
  /** Characters of each answer and reference shown (default 120). */
  maxChars?: number;
}

const finite = (x: number) => Number.isFinite(x) ? x : null;
const clip = (s: string, n: number) => s.length > n ? s.slice(0, n) + "…" : s;

function figure(x: number, unit?: string): string {
  if (!Number.isFinite(x)) return "—";
  return unit === "ms" ? formatCount(Math.round(x)) : formatScore(x);
}

/**
 * The result of {@link evaluate}.
 *
 * @example Look up a metric and the misses
 * ```ts
 * import { evaluate } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const result = await evaluate([
 *   { id: "q1", question: "Capital of France?", answer: "Paris", response: "Paris." },
 *   { id: "q2", question: "Capital of Italy?", answer: "Rome", response: "Milan" },
 * ], { metrics: ["exact_match"] });
 * const em = result.metric("exact_match")!;
 * assert.deepEqual([em.mean, em.passed, em.scored], [0.5, 1, 2]);
 * assert.deepEqual(result.missed.map((m) => m.id), ["q2"]);
 * ```
 */
export class EvalResult extends Displayable {
  /** Per-metric figures, in the order the metrics were given. */
  readonly metrics: MetricSummary[];
  /** Every item with its answer and verdicts, in input order. */
  readonly items: ItemResult[];
  /** Rows of the dataset left out, with their reasons. */
  readonly problems: RowProblem[];
  /** Calls made. */
  readonly calls: CallCounts;
  /**
   * Misses by main cause, each miss once (`INFRA` always present; `none` when no cause was found,
   * `not-judged` when the judge could not check the miss).
   */
  readonly causes: Record<string, number>;
  /** Items that passed every metric but a live check found a failure, with the cause. */
  readonly flagged: { id: string; cause: Cause }[];
  /** What the judge did, or null when no judge was asked. */
  readonly judge: JudgeSummary | null;
  /** The verified fix search, or null when none was run. */
  readonly fixes: FixSummary | null;
  /** The run's settings. */
  readonly settings: EvalSettings;
  /** The interval settings (seed, resamples, confidence). */
  readonly interval: IntervalSettings;

  /** Build a result from its parts (as {@link evaluate} does). */
  constructor(init: {
    metrics: MetricSummary[];
    items: ItemResult[];
    problems: RowProblem[];
    calls: CallCounts;
    settings: EvalSettings;
    interval: IntervalSettings;
    judge?: JudgeSummary | null;
    fixes?: FixSummary | null;
  }) {
    super();
    this.metrics = init.metrics;
    this.items = init.items;
    this.problems = init.problems;
    this.calls = init.calls;
    this.settings = init.settings;
    this.interval = init.interval;
    this.judge = init.judge ?? null;
    this.fixes = init.fixes ?? null;
    this.causes = countCauses(this.items);
    this.flagged = this.items.filter((i) => i.flag).map((i) => ({ id: i.id, cause: i.flag! }));
  }

  /** One metric's figures. */
  metric(name: string): MetricSummary | undefined {
    return this.metrics.find((m) => m.name === name);
  }

  /** Items that missed (a failed metric or a failed call), in input order. */
  get missed(): ItemResult[] {
    return this.items.filter((i) => i.missed);
  }

  /** True when no item got an answer: every call failed (the run could not be done). */
  get nothingAnswered(): boolean {
    return this.items.length > 0 && this.items.every((i) => i.answer.error !== null);
  }

  /** Plain data, as `eval --json` prints it. */
  toJSON(): EvalResultJson {
    return {
      items: this.items.length,
      model: this.settings.model,
      metrics: this.metrics.map((m) => ({
        name: m.name,
        mean: finite(m.mean),
        ci: [finite(m.ci[0]), finite(m.ci[1])],
        passed: m.passed,
        scored: m.scored,
        notScored: m.notScored,
        threshold: m.threshold,
      })),
      causes: this.causes,
      flagged: this.flagged,
      judge: this.judge
        ? {
          model: this.judge.model,
          judged: this.judge.judged,
          notJudged: this.judge.notJudged,
          calls: this.judge.calls.asked + this.judge.calls.reused,
        }
        : null,
      fixes: this.fixes
        ? {
          searched: this.fixes.searched,
          tries: this.fixes.tries,
          rule: this.fixes.rule,
          items: this.fixes.items.map((i) => ({
            id: i.id,
            cause: i.cause,
            flagged: i.flagged,
            outcome: i.outcome,
            change: i.change,
            retry: i.retry,
            withChange: i.withChange,
            tried: i.tried.map((t) => ({
              change: t.change,
              passed: t.passed,
              tries: t.tries,
              verified: t.verified,
              note: t.note,
            })),
          })),
          byChange: this.fixes.byChange as Record<string, number>,
          calls: this.fixes.calls,
        }
        : null,
      seed: this.interval.seed,
      settings: this.settings,
    };
  }

  /** The one-line heading: dataset, model, items, misses. */
  headline(): string {
    const n = this.items.length;
    const model = this.settings.model === "recorded" ? "recorded answers" : this.settings.model;
    const flagged = this.flagged.length > 0 ? `, ${this.flagged.length} flagged` : "";
    const judge = this.judge ? ` · judged by ${this.judge.model}` : "";
    return `eval ${this.settings.dataset} · ${model} · ${n} item${
      n === 1 ? "" : "s"
    }, ${this.missed.length} missed${flagged}${judge}`;
  }

  /**
   * The diagnosis tables: misses by cause, flagged items, and the verified fixes (with one row per
   * item searched), each only when it has something to show.
   */
  diagnosisTables(): Table[] {
    const tables: Table[] = [];
    if (this.missed.length > 0) tables.push(causesTable(this.items, this.causes, this.judge));
    if (this.flagged.length > 0) tables.push(flaggedTable(this.items));
    if (this.fixes) {
      tables.push(fixesTable(this.fixes));
      if (this.fixes.items.length > 0) tables.push(fixItemsTable(this.fixes));
    }
    return tables;
  }

  /** The settings every figure depends on, in one line. */
  settingsLine(): string {
    const i = this.interval;
    return `${Math.round(i.confidence * 100)}% CI: percentile bootstrap of the mean, ${
      i.resamples.toLocaleString("en-US")
    } resamples, seed ${i.seed} · model ${this.settings.model}`;
  }

  /** The metric table: mean, interval, pass count, not scored and failed calls per metric. */
  metricTable(): Table {
    const pct = Math.round(this.interval.confidence * 100);
    return {
      caption: `Metrics (${this.settingsLine()})`,
      columns: ["metric", "mean", `${pct}% CI`, "passed", "not scored", "failed calls"],
      rows: this.metrics.map((m) => [
        m.unit ? `${m.name} (${m.unit})` : m.name,
        figure(m.mean, m.unit),
        Number.isFinite(m.ci[0]) ? `${figure(m.ci[0], m.unit)} to ${figure(m.ci[1], m.unit)}` : "—",
        m.passed === null ? "no threshold" : formatRate(m.passed, m.scored),
        m.notScored,
        m.failedCalls,
      ]),
      numeric: [1, 2, 3, 4, 5],
      notes: this.metrics.map((m) => `${m.name}: ${rule(m)}; ${m.settings}`),
    };
  }

  /** The misses, answer beside reference, capped. */
  missesTable(options: MissesOptions = {}): Table {
    const chars = options.maxChars ?? 120;
    return {
      caption: `Misses (${this.missed.length} of ${this.items.length} items)`,
      columns: ["id", "missed on", "answer", "reference", "cause", "why"],
      rows: this.missed.map((item) => {
        const failed = Object.entries(item.metrics).filter(([, v]) => v.pass === false);
        const why = [
          ...failed.map(([, v]) => v.reason),
          ...item.findings.map((f) => `${f.cause}: ${f.detail}`),
          ...(item.judged ? [`judge: ${item.judged.reason}`] : []),
        ];
        return [
          item.id,
          failed.map(([name]) => name).join(", "),
          item.answer.error ? "(no answer)" : clip(item.answer.text ?? "", chars),
          clip(item.references.join(" | "), chars),
          item.causes.join(", ") ||
          (item.judged && "notJudged" in item.judged ? "not judged" : "none found"),
          clip(why.filter((r) => r).join("; "), chars),
        ];
      }),
      numeric: [],
    };
  }

  #lines(): string[] {
    const c = this.calls;
    const roles = Object.entries(this.settings.mapping).map(([role, col]) => `${role} ← ${col}`);
    const recorded = this.settings.model.startsWith("recorded by ");
    const suite = this.settings.suite;
    const lines: string[] = suite ? [`suite ${suite.name} (${suite.path})`] : [];
    lines.push(
      recorded
        ? `read ${this.settings.dataset} as a ${this.settings.format} file: its answers and its ` +
          "own verdicts, as recorded"
        : `read ${this.settings.dataset} as ${this.settings.format ?? "rows"}; columns: ${
          roles.length > 0 ? roles.join(", ") : "none matched"
        }${
          this.settings.params && Object.keys(this.settings.params).length > 0
            ? `; params ${JSON.stringify(this.settings.params)}`
            : ""
        }`,
    );
    if (c.asked + c.reused > 0) {
      const from = this.settings.answers ?? this.settings.out;
      const reused = from ? `, ${c.reused} reused from ${from}` : "";
      const streamed = this.settings.stream ? " (streamed)" : "";
      lines.push(
        `calls: ${c.asked} asked${streamed}, ${c.answered} answered, ${c.failed} failed after retries (INFRA)${reused}`,
      );
      const warnings = clientWarnings(this.items);
      if (warnings.length > 0) lines.push(`client warnings: ${warnings.join("; ")}`);
    } else {
      lines.push(
        `answers: ${c.recorded} recorded in the ${recorded ? "file" : "dataset"} (no model called)`,
      );
    }
    if (this.problems.length > 0) {
      lines.push(
        `${plural(this.problems.length, "row")} left out: ${
          this.problems.slice(0, 5).map((p) => p.message).join("; ")
        }${this.problems.length > 5 ? "; …" : ""}`,
      );
    }
    return lines;
  }

  /**
   * The result as sections: the metric table and the run's lines, the causes, flagged items and
   * verified fixes, then the details (the misses, and the fix search item by item).
   */
  #sections(options: MissesOptions, text: boolean) {
    const sections: ReportSection[] = [{
      heading: this.headline(),
      tables: [this.metricTable()],
      lines: this.#lines(),
    }];
    const diagnosis = this.diagnosisTables();
    const perItem = this.fixes && this.fixes.items.length > 0 ? diagnosis.pop() : undefined;
    if (diagnosis.length > 0) sections.push({ tables: diagnosis });
    if (perItem) {
      sections.push({
        heading: perItem.caption ?? "Fix search, item by item",
        tables: [{ ...perItem, caption: undefined }],
        details: true,
      });
    }
    if (this.missed.length > 0) {
      const misses = this.missesTable({ ...(text ? { maxChars: 60 } : {}), ...options });
      sections.push({
        heading: misses.caption,
        tables: [{ ...misses, caption: undefined }],
        details: true,
      });
    }
    return sections;
  }

  /**
   * The result as one offline HTML page (what `eval --html` writes): the tables, the latency and
   * time-to-first-token charts and the settings; see {@linkcode evalHtmlPage}.
   */
  htmlPage(options: EvalPageOptions = {}): Promise<string> {
    return evalHtmlPage(this, options);
  }

  /**
   * Text for terminals: the metric table, the run's settings and the diagnosis tables; with
   * `{ verbose: true }` also the misses, answer beside reference.
   */
  toText(options: MissesOptions = {}): string {
    const rows = { maxRows: options.maxRows ?? 20 };
    return sectionsText(this.#sections(options, true), () => rows, options).trimEnd();
  }

  /** An HTML fragment, the misses folded; every value from the dataset or a model is escaped. */
  toHTML(options: MissesOptions = {}): string {
    const rows = { maxRows: options.maxRows ?? 20 };
    return sectionsHtml(this.#sections(options, false), "verdict-eval-result", () => rows);
  }
}

/** Distinct client warnings with the number of answers carrying each (first five). */
function clientWarnings(items: readonly ItemResult[]): string[] {
  const counts = new Map<string, number>();
  for (const item of items) {
    for (const w of new Set(item.answer.warnings ?? [])) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const shown = [...counts].slice(0, 5).map(([w, n]) => `${w} (${n} answer${n === 1 ? "" : "s"})`);
  return counts.size > 5 ? [...shown, `${counts.size - 5} more`] : shown;
}

function rule(m: MetricSummary): string {
  if (m.rule) return m.rule;
  if (m.threshold === null) return "graded, no threshold so no pass/fail";
  const unit = m.unit ? ` ${m.unit}` : "";
  return m.direction === "lower"
    ? `pass at or under ${m.threshold}${unit}`
    : m.kind === "binary" && m.threshold === 1
    ? "right or wrong, pass at 1"
    : `pass at or above ${m.threshold}${unit}`;
}
