/**
 * An eval as one self-contained HTML page (what `eval --html` writes): the result's tables (metric
 * table with intervals, diagnosis, the misses with each answer beside its reference), the latency
 * and time-to-first-token distributions as charts, and the run's settings. plotly.js is inlined
 * once, only when there is a chart; every value from the dataset or a model is escaped.
 *
 * @module
 */
import { distributionChart } from "../render/distribution_chart.ts";
import type { PlotlyChart } from "../render/chart.ts";
import { offlineHtmlPage, type PageSection } from "../render/html_page.ts";
import { htmlTable, type Table } from "../render/table.ts";
import { plural } from "../render/format.ts";
import type { EvalResult } from "./eval_result.ts";
import type { MissesOptions } from "./eval_result.ts";

/** Options of {@link evalHtmlPage}. */
export interface EvalPageOptions {
  /** The page title (default `Eval of DATASET · MODEL`). */
  title?: string;
  /** Lines at the foot of the page, e.g. the command that made it. */
  footer?: readonly string[];
  /** Misses listed at most (default 500). */
  maxRows?: MissesOptions["maxRows"];
}

/** The timing metric's threshold, when the run has that metric with one. */
function thresholdOf(result: EvalResult, name: "latency" | "ttft"): number | null {
  return result.metrics.find((m) => m.name === name)?.threshold ?? null;
}

/**
 * The latency and time-to-first-token charts of a run: one chart per measure that has any value
 * (answered calls only; a call that failed has no latency of an answer, and ttft exists only for
 * streamed answers), with the metric's threshold when the run has one.
 *
 * @example The charts of recorded answers with latencies
 * ```ts
 * import { evalTimingCharts, evaluate } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const result = await evaluate("examples/capitals.jsonl", { metrics: ["latency:1000"] });
 * const [latency] = evalTimingCharts(result);
 * assert.match(latency.text, /^Latency of the answers \(ms\)/);
 * assert.match(latency.text, /of 20 at or under 1,000 ms/);
 * ```
 */
export function evalTimingCharts(result: EvalResult): PlotlyChart[] {
  const answered = result.items.filter((i) => i.answer.error === null);
  const failed = result.items.length - answered.length;
  const left = failed > 0 ? [`${plural(failed, "failed call")} not shown`] : [];
  const model = `model ${result.settings.model}`;
  const charts: PlotlyChart[] = [];
  const latency = answered.map((i) => i.answer.latencyMs).filter((v): v is number => v !== null);
  if (latency.length > 0) {
    charts.push(distributionChart([{ name: "latency", values: latency }], {
      title: "Latency of the answers (ms)",
      unit: "ms",
      settings: [
        `${model} · milliseconds of the attempt that answered (retries and waits not counted)`,
        ...left,
      ],
      threshold: thresholdOf(result, "latency"),
    }));
  }
  const ttft = answered.map((i) => i.answer.ttftMs).filter((v): v is number => v !== null);
  if (ttft.length > 0) {
    const unstreamed = answered.length - ttft.length;
    charts.push(distributionChart([{ name: "time to first token", values: ttft }], {
      title: "Time to the first token (ms)",
      unit: "ms",
      settings: [
        `${model} · from sending the request to the first streamed token`,
        ...(unstreamed > 0
          ? [`${plural(unstreamed, "answer")} not streamed: no time to first token`]
          : []),
        ...left,
      ],
      threshold: thresholdOf(result, "ttft"),
    }));
  }
  return charts;
}

const valueText = (v: unknown) =>
  v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v);

/** Settings the table shows in words; any other is listed by its name. */
const SHOWN = new Set([
  "dataset",
  "format",
  "suite",
  "model",
  "metrics",
  "mapping",
  "params",
  "stream",
  "concurrency",
  "retries",
  "timeoutMs",
  "out",
  "confidence",
  "resamples",
]);

/** The run's settings as a table: everything its figures depend on. */
export function evalSettingsTable(result: EvalResult): Table {
  const s = result.settings;
  const i = result.interval;
  const rows: [string, unknown][] = [
    ["dataset", `${s.dataset} (${s.format ?? "rows"})`],
    ...(s.suite ? [["suite", `${s.suite.name} (${s.suite.path})`] as [string, unknown]] : []),
    ["model", s.model],
    ["metrics", s.metrics.join(", ")],
    ["columns", Object.entries(s.mapping).map(([r, c]) => `${r} ← ${c}`).join(", ")],
    ["params", s.params],
    ["streamed", s.stream],
    ["concurrency", s.concurrency],
    ["retries", s.retries],
    ["timeout (ms)", s.timeoutMs],
    ["answers file", s.out],
    [
      "interval",
      `${Number((i.confidence * 100).toPrecision(10))}% percentile bootstrap of the mean`,
    ],
    ["resamples", i.resamples],
    ["seed", i.seed],
  ];
  // Every other setting (the judge, the fix search…) as it is, so none is left off the page.
  for (const [key, value] of Object.entries(s)) if (!SHOWN.has(key)) rows.push([key, value]);
  return {
    caption: "Settings of the run",
    columns: ["setting", "value"],
    rows: rows.map(([k, v]) => [k, valueText(v)]),
    numeric: [],
  };
}

/**
 * Build the offline HTML page of an eval: the result's tables (misses up to `maxRows`, answer
 * beside reference), the latency and time-to-first-token distributions, and the settings table.
 * It loads nothing from the network.
 *
 * @example A page of recorded answers
 * ```ts
 * import { evalHtmlPage, evaluate } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const result = await evaluate("examples/capitals.jsonl", { metrics: ["exact_match", "latency:1000"] });
 * const page = await evalHtmlPage(result, { footer: ["made in a test"] });
 * assert.ok(page.startsWith("<!doctype html>"));
 * assert.equal(page.match(/class="verdict-chart"/g)?.length, 1); // latency (nothing was streamed)
 * assert.ok(page.includes("Settings of the run") && page.includes("made in a test"));
 * ```
 */
export function evalHtmlPage(result: EvalResult, options: EvalPageOptions = {}): Promise<string> {
  const sections: PageSection[] = [{ html: result.toHTML({ maxRows: options.maxRows ?? 500 }) }];
  for (const chart of evalTimingCharts(result)) {
    sections.push({ figure: chart.figure, text: chart.text });
  }
  sections.push({ html: htmlTable(evalSettingsTable(result)) });
  const model = result.settings.model === "recorded" ? "recorded answers" : result.settings.model;
  return offlineHtmlPage({
    title: options.title ?? `Eval of ${result.settings.dataset} · ${model}`,
    sections,
    footer: options.footer,
  });
}
