/**
 * The result of an eval: per-metric means with seeded bootstrap intervals and pass counts, every
 * item with its answer and verdicts, misses by cause. Displays itself in a notebook.
 *
 * @module
 */
import type { RowProblem } from "../io/mod.ts";
import { Displayable } from "../render/bundle.ts";
import { escapeHtml } from "../render/escape.ts";
import { htmlTable, type Table, textTable } from "../render/table.ts";
import type { IntervalSettings, MetricSummary } from "./_summary.ts";
import type { Cause, ItemResult } from "./types.ts";

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
  /** The dataset's format as read. */
  format: string | null;
  /** Which dataset column played which role. */
  mapping: Record<string, string>;
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
  /** Misses by cause. */
  causes: Record<string, number>;
  /** Items that passed every metric but a live check found a failure (a later issue). */
  flagged: { id: string; cause: Cause }[];
  /** The bootstrap seed. */
  seed: number;
  /** The rest of the settings. */
  settings: EvalSettings;
}

/** Options of {@link EvalResult.misses}. */
export interface MissesOptions {
  /** Rows shown (default 20). */
  maxRows?: number;
  /** Characters of each answer and reference shown (default 120). */
  maxChars?: number;
}

const finite = (x: number) => Number.isFinite(x) ? x : null;
const clip = (s: string, n: number) => s.length > n ? s.slice(0, n) + "…" : s;

function figure(x: number, unit?: string): string {
  if (!Number.isFinite(x)) return "—";
  return unit === "ms" ? `${Math.round(x).toLocaleString("en-US")}` : x.toFixed(3);
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
  /** Misses by cause (`INFRA` always present). */
  readonly causes: Record<string, number>;
  /** Flagged items (filled by a later issue's live checks). */
  readonly flagged: { id: string; cause: Cause }[];
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
  }) {
    super();
    this.metrics = init.metrics;
    this.items = init.items;
    this.problems = init.problems;
    this.calls = init.calls;
    this.settings = init.settings;
    this.interval = init.interval;
    const causes: Record<string, number> = { INFRA: 0 };
    for (const item of this.items) {
      if (!item.missed) continue;
      for (const c of item.causes) causes[c] = (causes[c] ?? 0) + 1;
    }
    this.causes = causes;
    this.flagged = [];
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
      seed: this.interval.seed,
      settings: this.settings,
    };
  }

  /** The one-line heading: dataset, model, items, misses. */
  headline(): string {
    const n = this.items.length;
    const model = this.settings.model === "recorded" ? "recorded answers" : this.settings.model;
    return `eval ${this.settings.dataset} · ${model} · ${n} item${
      n === 1 ? "" : "s"
    }, ${this.missed.length} missed`;
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
      columns: ["metric", "mean", `${pct}% CI`, "pass", "not scored", "failed calls"],
      rows: this.metrics.map((m) => [
        m.unit ? `${m.name} (${m.unit})` : m.name,
        figure(m.mean, m.unit),
        Number.isFinite(m.ci[0]) ? `${figure(m.ci[0], m.unit)} to ${figure(m.ci[1], m.unit)}` : "—",
        m.passed === null ? "no threshold" : `${m.passed}/${m.scored}`,
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
        return [
          item.id,
          failed.map(([name]) => name).join(", "),
          item.answer.error ? "(no answer)" : clip(item.answer.text ?? "", chars),
          clip(item.references.join(" | "), chars),
          item.causes.join(", "),
          clip(failed.map(([, v]) => v.reason).filter((r) => r).join("; "), chars),
        ];
      }),
      numeric: [],
    };
  }

  #lines(): string[] {
    const c = this.calls;
    const roles = Object.entries(this.settings.mapping).map(([role, col]) => `${role} ← ${col}`);
    const lines: string[] = [
      `read ${this.settings.dataset} as ${this.settings.format ?? "rows"}; columns: ${
        roles.length > 0 ? roles.join(", ") : "none matched"
      }${
        this.settings.params && Object.keys(this.settings.params).length > 0
          ? `; params ${JSON.stringify(this.settings.params)}`
          : ""
      }`,
    ];
    if (c.asked + c.reused > 0) {
      const reused = this.settings.out ? `, ${c.reused} reused from ${this.settings.out}` : "";
      const streamed = this.settings.stream ? " (streamed)" : "";
      lines.push(
        `calls: ${c.asked} asked${streamed}, ${c.answered} answered, ${c.failed} failed after retries (INFRA)${reused}`,
      );
      const warnings = clientWarnings(this.items);
      if (warnings.length > 0) lines.push(`client warnings: ${warnings.join("; ")}`);
    } else {
      lines.push(`answers: ${c.recorded} recorded in the dataset (no model called)`);
    }
    const causes = Object.entries(this.causes).map(([k, v]) => `${k} ${v}`).join(", ");
    lines.push(`misses by cause: ${causes} (a failed call is a miss with cause INFRA)`);
    if (this.problems.length > 0) {
      lines.push(
        `${this.problems.length} row(s) left out: ${
          this.problems.slice(0, 5).map((p) => p.message).join("; ")
        }${this.problems.length > 5 ? "; …" : ""}`,
      );
    }
    return lines;
  }

  /** Text for terminals. */
  toText(options: MissesOptions = {}): string {
    const parts = [this.headline(), "", textTable(this.metricTable()), "", ...this.#lines()];
    if (this.missed.length > 0) {
      const misses = this.missesTable({ maxChars: 60, ...options });
      parts.push("", textTable(misses, { maxRows: options.maxRows ?? 20 }));
    }
    return parts.join("\n");
  }

  /** An HTML fragment; every value from the dataset or a model is escaped. */
  toHTML(options: MissesOptions = {}): string {
    const parts = [
      `<p><b>${escapeHtml(this.headline())}</b></p>`,
      htmlTable(this.metricTable()),
      ...this.#lines().map((l) => `<div class="verdict-note">${escapeHtml(l)}</div>`),
    ];
    if (this.missed.length > 0) {
      parts.push(htmlTable(this.missesTable(options), { maxRows: options.maxRows ?? 20 }));
    }
    return `<div class="verdict-eval-result">${parts.join("\n")}</div>`;
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
  if (m.threshold === null) return "graded, no threshold so no pass/fail";
  const unit = m.unit ? ` ${m.unit}` : "";
  return m.direction === "lower"
    ? `pass at or under ${m.threshold}${unit}`
    : m.kind === "binary" && m.threshold === 1
    ? "right or wrong, pass at 1"
    : `pass at or above ${m.threshold}${unit}`;
}
