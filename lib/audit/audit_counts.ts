/**
 * Counts mode: the three conventions and the envelope from typed counts, with intervals by one or
 * more methods side by side (Wilson and Clopper-Pearson unless others are chosen).
 *
 * @module
 */
import { mimeBundle } from "../render/bundle.ts";
import { $display, type MimeBundle } from "../render/display_symbol.ts";
import { escapeHtml } from "../render/escape.ts";
import { htmlTable, type Table, textTable } from "../render/table.ts";
import {
  INTERVAL_METHODS,
  type IntervalMethod,
  intervalMethod,
} from "../stats/proportion_interval.ts";
import type { Interval } from "../stats/types.ts";
import { confidenceLabel, percent } from "./_advice.ts";
import { type Convention, conventionRates, CONVENTIONS } from "./convention_rates.ts";
import { UserRangeError, UserTypeError } from "../errors/mod.ts";

/** Typed counts of attempts: passes, fails and each kind of unscored attempt. */
export interface AttemptCounts {
  /** Attempts that passed. */
  passes: number;
  /** Attempts that failed. */
  fails: number;
  /** Attempts that ended in an error (timeout, rate limit, content filter, grader failure…). */
  errored?: number;
  /** Attempts with a NaN score. */
  nan?: number;
  /** Attempts whose grade could not be read. */
  unparsed?: number;
  /** Other unreadable attempts (blank case id, score off its scale). */
  unreadable?: number;
  /** Attempts with a score but no verdict on a pass/fail grader. */
  noVerdict?: number;
  /** Attempts with no score, no verdict and no error. */
  empty?: number;
}

const KEYS = [
  "passes",
  "fails",
  "errored",
  "nan",
  "unparsed",
  "unreadable",
  "noVerdict",
  "empty",
] as const;

/** Intervals keyed by method name, one for each method asked for. */
export type IntervalsByMethod = Partial<Record<IntervalMethod, Interval>>;

/** One convention's rate with its intervals. */
export interface CountsConvention {
  /** successes / trials (NaN with no trials). */
  rate: number;
  /** The numerator. */
  successes: number;
  /** The denominator. */
  trials: number;
  /** Two-sided intervals, one per method in {@link CountsAuditData.methods}. */
  intervals: IntervalsByMethod;
}

/** Everything {@link auditCounts} computes, as plain data. */
export interface CountsAuditData {
  /** Confidence level of every interval. */
  confidence: number;
  /** The interval methods, in the order of the columns. */
  methods: IntervalMethod[];
  /** The counts given, with zeros filled in. */
  counts: Required<AttemptCounts>;
  /** Every attempt. */
  attempted: number;
  /** Passes and fails. */
  scored: number;
  /** Attempts without a verdict. */
  unscored: number;
  /** passes / scored. */
  scoredOnly: CountsConvention;
  /** passes / attempts. */
  allAttempted: CountsConvention;
  /** (passes + unscored) / attempts. */
  upperEdge: CountsConvention;
  /** All-attempted lower bound to upper-edge upper bound, for each method. */
  envelope: IntervalsByMethod;
}

function checkCounts(counts: AttemptCounts): Required<AttemptCounts> {
  if (typeof counts !== "object" || counts === null) {
    throw new UserTypeError("counts must be an object such as { passes: 34, fails: 3 }");
  }
  for (const key of Object.keys(counts)) {
    if (!(KEYS as readonly string[]).includes(key)) {
      throw new UserRangeError(
        `counts.${key} is not a count; the counts are ${KEYS.join(", ")}`,
      );
    }
  }
  const out = {} as Required<AttemptCounts>;
  for (const key of KEYS) {
    const value = counts[key] ?? (key === "passes" || key === "fails" ? undefined : 0);
    if (value === undefined) throw new UserTypeError(`counts.${key} is required`);
    if (typeof value !== "number") {
      throw new UserTypeError(`counts.${key} must be a number, got ${typeof value}`);
    }
    if (!Number.isInteger(value) || value < 0) {
      throw new UserRangeError(`counts.${key} must be a whole number ≥ 0, got ${value}`);
    }
    out[key] = value;
  }
  return out;
}

function checkMethods(names: readonly (IntervalMethod | string)[]): IntervalMethod[] {
  if (!Array.isArray(names) || names.length === 0) {
    throw new UserTypeError('methods must be a non-empty list such as ["wilson", "jeffreys"]');
  }
  const methods = names.map(intervalMethod);
  const repeated = methods.find((m, i) => methods.indexOf(m) !== i);
  if (repeated) throw new UserRangeError(`The interval method "${repeated}" is named twice`);
  return methods;
}

/**
 * The result of {@link auditCounts}: the three conventions and the envelope, each with an interval
 * per chosen method. Displays itself in a notebook.
 */
export class CountsAudit {
  readonly #data: CountsAuditData;

  /** Wrap computed data; use {@link auditCounts} to make one. */
  constructor(data: CountsAuditData) {
    this.#data = data;
  }

  /** The figures as plain data. */
  toJSON(): CountsAuditData {
    return structuredClone(this.#data);
  }

  #table(): Table {
    const d = this.#data;
    const c = confidenceLabel(d.confidence);
    const iv = (i: Interval | undefined) => i ? `[${percent(i.lower)}, ${percent(i.upper)}]` : "";
    const rows: unknown[][] = (["scoredOnly", "allAttempted", "upperEdge"] as Convention[]).map(
      (key) => {
        const r = d[key];
        const info = CONVENTIONS[key];
        return [
          info.name,
          info.unscored,
          r.successes,
          r.trials,
          percent(r.rate),
          ...d.methods.map((m) => iv(r.intervals[m])),
        ];
      },
    );
    rows.push([
      "envelope",
      "unknown",
      null,
      null,
      null,
      ...d.methods.map((m) => iv(d.envelope[m])),
    ]);
    return {
      caption: `Pass rate three ways, ${c} two-sided intervals`,
      columns: [
        "convention",
        "unscored attempts are",
        "passes",
        "of",
        "rate",
        ...d.methods.map((m) => `${c} ${INTERVAL_METHODS[m].label}`),
      ],
      rows,
      numeric: [2, 3, 4],
      nowrap: d.methods.map((_, i) => 5 + i), // intervals read as one figure each
    };
  }

  #summary(): string {
    const d = this.#data;
    const kinds = KEYS.slice(2).filter((k) => d.counts[k] > 0).map((k) => `${k} ${d.counts[k]}`);
    return `${d.attempted} attempts: ${d.counts.passes} passed, ${d.counts.fails} failed, ` +
      `${d.unscored} unscored${kinds.length ? ` (${kinds.join(", ")})` : ""}. ` +
      (d.unscored === 0
        ? "No unscored attempts: the three conventions agree."
        : "Report scored only with its counts beside it, or the envelope; use all attempted for a release bar.");
  }

  /** The figures as text: what to report in one line, then the table. */
  toText(): string {
    return `${this.#summary()}\n\n${textTable(this.#table())}\n`;
  }

  /** The figures as HTML: what to report in one line, then the table. */
  toHTML(): string {
    return `<div class="verdict-audit-counts"><p class="verdict-lead">${
      escapeHtml(this.#summary())
    }</p>\n${htmlTable(this.#table())}</div>`;
  }

  /** The notebook display bundle. */
  [$display](): MimeBundle {
    return mimeBundle(this);
  }
}

/**
 * Counts mode: from typed counts of passes, fails and each kind of unscored attempt, the pass rate
 * three ways (scored only, all attempted, upper edge) and the envelope, each with two-sided
 * intervals at the chosen confidence by each chosen method (default Wilson, with Clopper-Pearson
 * beside it).
 *
 * @param counts Passes and fails (required) and unscored attempts by kind (default 0).
 * @param options The confidence level (default 0.95) and the interval methods, one column each
 * (default `["wilson", "clopper-pearson"]`; statsmodels' names are accepted).
 * @returns The figures, displayable in a notebook.
 * @throws {TypeError} For an unknown or missing count.
 * @throws {RangeError} For a count that is not a whole number ≥ 0, a confidence outside (0, 1), or
 * an unknown or repeated method.
 *
 * @example 34 passes, 3 fails, 3 errored
 * ```ts
 * import { auditCounts } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const r = auditCounts({ passes: 34, fails: 3, errored: 3 }, { confidence: 0.9 }).toJSON();
 * assert.equal(r.allAttempted.rate, 0.85);
 * assert.deepEqual(r.methods, ["wilson", "clopper-pearson"]);
 * assert.equal(r.envelope.wilson?.lower, r.allAttempted.intervals.wilson?.lower);
 * assert.equal(r.envelope["clopper-pearson"]?.upper, r.upperEdge.intervals["clopper-pearson"]?.upper);
 *
 * const j = auditCounts({ passes: 34, fails: 3 }, { methods: ["jeffreys"] }).toJSON();
 * assert.deepEqual(Object.keys(j.scoredOnly.intervals), ["jeffreys"]);
 * ```
 */
export function auditCounts(
  counts: AttemptCounts,
  options: { confidence?: number; methods?: readonly (IntervalMethod | string)[] } = {},
): CountsAudit {
  const c = checkCounts(counts);
  const confidence = options.confidence ?? 0.95;
  const methods = checkMethods(options.methods ?? ["wilson", "clopper-pearson"]);
  const unscored = c.errored + c.nan + c.unparsed + c.unreadable + c.noVerdict + c.empty;
  const outcome = { passed: c.passes, failed: c.fails, unscored };
  const byMethod = methods.map((m) => [m, conventionRates(outcome, confidence, m)] as const);
  const first = byMethod[0][1];
  const convention = (key: Convention): CountsConvention => ({
    rate: first[key].rate,
    successes: first[key].successes,
    trials: first[key].trials,
    intervals: Object.fromEntries(
      byMethod.map(([m, r]) => [m, { lower: r[key].lower, upper: r[key].upper }]),
    ),
  });
  return new CountsAudit({
    confidence,
    methods,
    counts: c,
    attempted: c.passes + c.fails + unscored,
    scored: c.passes + c.fails,
    unscored,
    scoredOnly: convention("scoredOnly"),
    allAttempted: convention("allAttempted"),
    upperEdge: convention("upperEdge"),
    envelope: Object.fromEntries(byMethod.map(([m, r]) => [m, r.envelope])),
  });
}
