/**
 * Notebook views of a score report: one grader's rows, and the list of near misses. Both are
 * capped tables that display themselves; every value from the file is escaped in HTML.
 *
 * @module
 */
import { Displayable } from "../render/bundle.ts";
import { escapeHtml } from "../render/escape.ts";
import { htmlTable, type Table, textTable } from "../render/table.ts";
import { keptRows, nearMissLabel, type ScoreChartSource } from "./score_charts.ts";
import type { GraderSummary } from "./score_report.ts";
import { UserRangeError } from "../errors/mod.ts";
import { formatScore, plural } from "../render/format.ts";
import { GRADERS, isGraderName, passRule } from "../graders/mod.ts";

/** Options of the capped views. */
export interface ScoreViewOptions {
  /** Only this version (default: every version). */
  version?: string;
  /** Show at most this many rows (default 25); pass `Infinity` for all. */
  maxRows?: number;
}

const DEFAULT_ROWS = 25;

function checkVersion(source: ScoreChartSource, version: string | undefined, what: string) {
  const versions = [...new Set(source.graders.map((g) => g.version))];
  if (version !== undefined && !versions.includes(version)) {
    throw new UserRangeError(
      `Cannot show ${what} of version ${JSON.stringify(version)}: the report has ` +
        `${versions.map((v) => JSON.stringify(v)).join(", ")}`,
    );
  }
  return versions.length;
}

function checkMax(maxRows: number | undefined): number {
  const max = maxRows ?? DEFAULT_ROWS;
  if (typeof max !== "number" || Number.isNaN(max) || max < 0) {
    throw new UserRangeError(`Cannot show ${String(maxRows)} rows: maxRows must be a number ≥ 0`);
  }
  return max;
}

const reasonOf = (m: Record<string, unknown>) => typeof m.reason === "string" ? m.reason : "";

/** A table with the view's own hint for showing more. */
function render(table: Table, max: number, html: boolean): string {
  const options = {
    maxRows: max,
    digits: 4,
    more: `pass { maxRows: ${table.rows.length} } to show all`,
  };
  return html ? htmlTable(table, options) : textTable(table, options);
}

/**
 * One grader's scored rows: case, version, repeat, score, verdict, error, near miss and reason
 * (and the output when the run kept it), with the grader's counts and settings. Made by
 * {@linkcode graderTable}.
 *
 * @example Its notebook bundle
 * ```ts
 * import { $display, graderTable, score } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = await score([{ id: "<a>", output: "x", expected: "y" }], { graders: ["exact"] });
 * const bundle = graderTable(report, "exact")[$display]();
 * assert.deepEqual(Object.keys(bundle), ["text/html", "text/plain", "application/json"]);
 * assert.ok((bundle["text/html"] as string).includes("&lt;a&gt;"));
 * ```
 */
export class GraderTable extends Displayable {
  /** The grader's name. */
  readonly grader: string;
  /** The grader's counts, one per version shown. */
  readonly summaries: GraderSummary[];
  /** The whole table; the views show the first `maxRows` rows of it. */
  readonly table: Table;
  /** Rows shown at most. */
  readonly maxRows: number;
  /** Why there are no rows, when the report did not keep them. */
  readonly missing?: string;

  /** Build a view; use {@linkcode graderTable}. */
  constructor(init: {
    grader: string;
    summaries: GraderSummary[];
    table: Table;
    maxRows: number;
    missing?: string;
  }) {
    super();
    this.grader = init.grader;
    this.summaries = init.summaries;
    this.table = init.table;
    this.maxRows = init.maxRows;
    if (init.missing) this.missing = init.missing;
  }

  #counts(): string[] {
    return this.summaries.map((s) => {
      const graded = isGraderName(s.grader) && GRADERS[s.grader].kind === "graded";
      const verdicts = !graded || s.threshold !== null;
      const parts = [`${s.graded} graded`];
      if (verdicts) parts.push(`${s.passed} passed`, `${s.failed} failed`);
      else parts.push("scores only (no threshold)");
      if (s.notJudged) parts.push(`${s.notJudged} not judged`);
      if (s.errors) parts.push(plural(s.errors, "error"));
      if (verdicts && s.failed) parts.push(plural(s.nearMisses, "near miss", "near misses"));
      if (s.threshold === null || !isGraderName(s.grader)) {
        return `${s.version}: ${parts.join(", ")}`;
      }
      // The rule compares fractions; say what it is on the 0–100 scale the rows are shown on.
      const scale = GRADERS[s.grader].corpus === undefined
        ? ""
        : ` (${formatScore(s.threshold * 100)} on the 0–100 scale)`;
      return `${s.version}: ${parts.join(", ")}; pass when ${
        passRule(s.grader, s.threshold)
      }${scale}`;
    });
  }

  /** Plain text: counts, settings, then the capped rows. */
  toText(): string {
    const lines = [`Grader ${this.grader}`, ...this.#counts()];
    if (this.summaries[0]) lines.push(`settings: ${this.summaries[0].settings}`);
    lines.push(this.missing ?? render(this.table, this.maxRows, false));
    return lines.join("\n");
  }

  /** An HTML fragment; every value from the file is escaped. */
  toHTML(): string {
    const head = [`Grader ${this.grader}`, ...this.#counts()];
    if (this.summaries[0]) head.push(`settings: ${this.summaries[0].settings}`);
    const body = this.missing
      ? `<p>${escapeHtml(this.missing)}</p>`
      : render(this.table, this.maxRows, true);
    return `<div class="verdict-grader-table"><p><b>${escapeHtml(head[0])}</b><br>` +
      head.slice(1).map(escapeHtml).join("<br>") + `</p>\n${body}</div>`;
  }

  /** The shown data: counts, the number of rows, and the rows shown. */
  toJSON(): {
    grader: string;
    summaries: GraderSummary[];
    columns: string[];
    total: number;
    rows: unknown[][];
  } {
    return {
      grader: this.grader,
      summaries: this.summaries,
      columns: [...this.table.columns],
      total: this.table.rows.length,
      rows: this.table.rows.slice(0, this.maxRows).map((r) => [...r]),
    };
  }
}

/**
 * One grader's rows as a capped, displayable table (a "showing N of M rows" line says how to see
 * more). Needs the report's kept rows; without them the view shows the counts and says why.
 *
 * @throws {RangeError} For a grader or version the report does not have.
 *
 * @example The failing rows of exact match
 * ```ts
 * import { graderTable, score } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = await score([
 *   { id: "a", output: "Paris", expected: "Paris" },
 *   { id: "b", output: "<b>Lyon</b>", expected: "Paris" },
 * ], { graders: ["exact", "contains"] });
 * const view = graderTable(report, "exact", { maxRows: 1 });
 * assert.equal(view.toJSON().total, 2);
 * assert.match(view.toText(), /showing 1 of 2 rows; pass \{ maxRows: 2 \} to show all/);
 * ```
 */
export function graderTable(
  source: ScoreChartSource,
  grader: string,
  options: ScoreViewOptions = {},
): GraderTable {
  const versionCount = checkVersion(source, options.version, `grader ${grader}`);
  const maxRows = checkMax(options.maxRows);
  const summaries = source.graders.filter((g) =>
    g.grader === grader && (options.version === undefined || g.version === options.version)
  );
  if (summaries.length === 0) {
    const names = [...new Set(source.graders.map((g) => g.grader))];
    throw new UserRangeError(
      `Cannot show grader ${JSON.stringify(grader)}: the report has ${names.join(", ")}`,
    );
  }
  const kept = keptRows(source);
  const rows = (kept ?? []).filter((r) =>
    r.scorer === grader && (options.version === undefined || r.system === options.version)
  );
  const withVersion = options.version === undefined && versionCount > 1;
  const withRepeat = rows.some((r) => r.repeat !== 0);
  const withOutput = rows.some((r) => r.output !== undefined);
  // BLEU, chrF and TER read on sacreBLEU's 0–100 scale here too; the rows keep fractions.
  const hundred = isGraderName(grader) && GRADERS[grader].corpus !== undefined;
  const columns = [
    "case",
    ...(withVersion ? ["version"] : []),
    ...(withRepeat ? ["repeat"] : []),
    hundred ? "score (0–100)" : "score",
    "pass",
    "error",
    "near miss",
    "reason",
    ...(withOutput ? ["output"] : []),
  ];
  const table: Table = {
    caption: `${grader}: one row per case${withVersion ? " × version" : ""}` +
      `${withRepeat ? " × repeat" : ""}, in file order`,
    columns,
    rows: rows.map((r) => [
      r.item,
      ...(withVersion ? [r.system] : []),
      ...(withRepeat ? [r.repeat] : []),
      r.score === null ? null : hundred ? r.score * 100 : r.score,
      r.pass,
      r.error,
      nearMissLabel(r.near_miss) ?? "",
      reasonOf(r.metadata),
      ...(withOutput ? [r.output ?? ""] : []),
    ]),
    numeric: withRepeat ? [withVersion ? 2 : 1, withVersion ? 3 : 2] : [withVersion ? 2 : 1],
    ...(hundred ? { digits: { [(withVersion ? 2 : 1) + (withRepeat ? 1 : 0)]: 2 } } : {}),
  };
  const missing = kept
    ? undefined
    : "Per-row results were not kept (plain JSON data, or a file with more rows than keepRows); " +
      "the scored file has them.";
  return new GraderTable({ grader, summaries, table, maxRows, ...(missing ? { missing } : {}) });
}

/**
 * The failing rows that a formatting step or a probe would flip to a pass, with the step and the
 * grader's reason (and the output when the run kept it). Made by {@linkcode nearMissList}.
 *
 * @example Counts of a list
 * ```ts
 * import { nearMissList, score } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = await score([{ id: "a", output: "x", expected: "y" }], { graders: ["exact"] });
 * const list = nearMissList(report);
 * assert.deepEqual(list.counts, { nearMisses: 0, failed: 1 });
 * assert.match(String(list), /^0 near misses among 1 failing row\n/);
 * ```
 */
export class NearMissList extends Displayable {
  /** The whole list; the views show the first `maxRows` rows of it. */
  readonly table: Table;
  /** Rows shown at most. */
  readonly maxRows: number;
  /** Near misses and fails counted over the graders shown. */
  readonly counts: { nearMisses: number; failed: number };

  /** Build a view; use {@linkcode nearMissList}. */
  constructor(
    init: { table: Table; maxRows: number; counts: { nearMisses: number; failed: number } },
  ) {
    super();
    this.table = init.table;
    this.maxRows = init.maxRows;
    this.counts = init.counts;
  }

  #summary(): string {
    const { nearMisses, failed } = this.counts;
    return `${nearMisses} near ${nearMisses === 1 ? "miss" : "misses"} among ${failed} failing ` +
      (failed === 1 ? "row" : "rows");
  }

  /** Plain text: the count, then the capped list. */
  toText(): string {
    return `${this.#summary()}\n${render(this.table, this.maxRows, false)}`;
  }

  /** An HTML fragment; every value from the file is escaped. */
  toHTML(): string {
    return `<div class="verdict-near-misses"><p>${escapeHtml(this.#summary())}</p>\n` +
      `${render(this.table, this.maxRows, true)}</div>`;
  }

  /** The shown data: counts, the number of rows, and the rows shown. */
  toJSON(): {
    counts: { nearMisses: number; failed: number };
    columns: string[];
    total: number;
    rows: unknown[][];
  } {
    return {
      counts: { ...this.counts },
      columns: [...this.table.columns],
      total: this.table.rows.length,
      rows: this.table.rows.slice(0, this.maxRows).map((r) => [...r]),
    };
  }
}

/** Options of {@linkcode nearMissList}. */
export interface NearMissListOptions extends ScoreViewOptions {
  /** Only this grader (default: every grader). */
  grader?: string;
}

/**
 * The near misses of a score report as a capped, displayable list: version, grader, case, repeat,
 * the step(s) that would flip the row, and the grader's reason. With the report's kept rows the
 * list is complete; from plain JSON data it lists the failing rows each summary kept.
 *
 * @example One near miss among two fails
 * ```ts
 * import { nearMissList, score } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = await score([
 *   { id: "a", output: "Lyon", expected: "Paris" },
 *   { id: "b", output: "paris", expected: "Paris" },
 * ], { graders: ["exact"] });
 * const list = nearMissList(report);
 * assert.equal(list.counts.failed, 2);
 * assert.equal(list.toJSON().total, list.counts.nearMisses);
 * ```
 */
export function nearMissList(
  source: ScoreChartSource,
  options: NearMissListOptions = {},
): NearMissList {
  const versionCount = checkVersion(source, options.version, "near misses");
  const maxRows = checkMax(options.maxRows);
  const summaries = source.graders.filter((g) =>
    (options.version === undefined || g.version === options.version) &&
    (options.grader === undefined || g.grader === options.grader)
  );
  if (options.grader !== undefined && summaries.length === 0) {
    throw new UserRangeError(`Cannot list near misses of grader ${JSON.stringify(options.grader)}`);
  }
  const shown = new Set(summaries.map((g) => JSON.stringify([g.version, g.grader])));
  type Entry = [string, string, string, number, string, string, string | undefined];
  const entries: Entry[] = [];
  const kept = keptRows(source);
  if (kept) {
    for (const r of kept) {
      if (r.pass !== false || r.near_miss.length === 0) continue;
      if (!shown.has(JSON.stringify([r.system, r.scorer]))) continue;
      const label = nearMissLabel(r.near_miss)!;
      entries.push([r.system, r.scorer, r.item, r.repeat, label, reasonOf(r.metadata), r.output]);
    }
  } else {
    for (const g of summaries) {
      for (const f of g.failing ?? []) {
        const label = nearMissLabel(f.steps);
        if (label) {
          entries.push([g.version, g.grader, f.case, f.repeat, label, f.reason ?? "", undefined]);
        }
      }
    }
  }
  const withVersion = options.version === undefined && versionCount > 1;
  const withRepeat = entries.some((e) => e[3] !== 0);
  const withOutput = entries.some((e) => e[6] !== undefined);
  const columns = [
    ...(withVersion ? ["version"] : []),
    "grader",
    "case",
    ...(withRepeat ? ["repeat"] : []),
    "would pass with",
    "reason",
    ...(withOutput ? ["output"] : []),
  ];
  const table: Table = {
    caption: "Near misses: failing rows that a formatting step or probe would pass",
    columns,
    rows: entries.map(([version, grader, item, repeat, label, reason, output]) => [
      ...(withVersion ? [version] : []),
      grader,
      item,
      ...(withRepeat ? [repeat] : []),
      label,
      reason,
      ...(withOutput ? [output ?? ""] : []),
    ]),
    numeric: withRepeat ? [withVersion ? 3 : 2] : [],
    // The case id never wraps (the version, when shown, is the first column and never wraps).
    nowrap: [withVersion ? 2 : 1],
  };
  const counts = {
    nearMisses: summaries.reduce((n, g) => n + g.nearMisses, 0),
    failed: summaries.reduce((n, g) => n + g.failed, 0),
  };
  if (entries.length < counts.nearMisses) {
    table.notes = [
      `${counts.nearMisses - entries.length} more near misses are counted but not listed: ` +
      "without kept rows, a summary lists only its first failing rows (the scored file has all)",
    ];
  }
  return new NearMissList({ table, maxRows, counts });
}
