// The audit report as sections of headings, tables and lines, shared by the text and HTML views.
import type { ReportSection } from "../render/sections.ts";
import type { Table } from "../render/table.ts";
import {
  bootstrapText,
  confidenceLabel,
  intervalText,
  percent,
  scaleName,
  scaleNote,
  scoreText,
} from "./_advice.ts";
import { formatCount, formatRate, plural } from "../render/format.ts";
import { INTERVAL_METHODS } from "../stats/proportion_interval.ts";
import { CONVENTIONS } from "./convention_rates.ts";
import { UNSCORED_CLASSES } from "./classify_row.ts";
import type { AuditReportData, GroupReport } from "./audit_report.ts";
import type { ScoreMean } from "./score_mean.ts";
import type { ClassCounts } from "./_state.ts";

export type Section = ReportSection & { tables?: Table[]; lines?: string[] };

const CLASS_NAMES: Record<keyof ClassCounts, string> = {
  attempted: "attempted",
  refused: "refused",
  passed: "passed",
  failed: "failed",
  nan: "NaN score",
  unparsed: "unparsed grade",
  unreadable: "unreadable",
  errored: "errored",
  noVerdict: "score without verdict",
  empty: "empty (no score, verdict or error)",
};

function quoted(text: string): string {
  return JSON.stringify(text);
}

function unscoredSummary(g: GroupReport): string {
  // Without verdicts a scored row is the normal case: only rows without a usable score are listed.
  const classes = UNSCORED_CLASSES.filter((c) => g.verdicts || c !== "noVerdict");
  const parts = classes.filter((c) => g.counts[c] > 0).map((c) => {
    const n = g.counts[c];
    if (c !== "errored") return `${CLASS_NAMES[c]} ${n}`;
    const kinds = Object.entries(g.errorKinds).filter(([, k]) => k > 0)
      .map(([kind, k]) => `${kind} ${k}`).join(", ");
    return `errored ${n} (${kinds})`;
  });
  const what = g.verdicts ? "Unscored attempts" : "Attempts without a usable score";
  return parts.length ? `${what}: ${parts.join("; ")}.` : `No ${what.toLowerCase()}.`;
}

function ratesTable(g: GroupReport, data: AuditReportData): Table | undefined {
  if (!g.scoredOnly || !g.allAttempted || !g.upperEdge || !g.envelope) return undefined;
  const columns = ["convention", "unscored attempts are", "passes", "of", "rate", "interval"];
  const interval = (lower: number, upper: number) =>
    intervalText(lower, upper, data.confidence, data.method);
  if (g.unscored === 0) {
    const r = g.scoredOnly;
    return {
      caption: "Pass rate (no unscored attempts: the three conventions agree, so one rate)",
      columns,
      rows: [[
        "one rate",
        "(none)",
        r.successes,
        r.trials,
        percent(r.rate),
        interval(r.lower, r.upper),
      ]],
      numeric: [2, 3, 4],
    };
  }
  const rows: unknown[][] = (["scoredOnly", "allAttempted", "upperEdge"] as const).map((key) => {
    const r = g[key]!;
    const info = CONVENTIONS[key];
    return [
      info.name,
      info.unscored,
      r.successes,
      r.trials,
      percent(r.rate),
      interval(r.lower, r.upper),
    ];
  });
  rows.push([
    "envelope",
    "unknown (all-attempted low to upper-edge high)",
    null,
    null,
    null,
    interval(g.envelope.lower, g.envelope.upper),
  ]);
  // An interval reads as one figure: never split it over lines.
  return { caption: "Pass rate three ways", columns, rows, numeric: [2, 3, 4], nowrap: [5] };
}

function meanTable(g: GroupReport, m: ScoreMean, data: AuditReportData): Table {
  const b = data.bootstrap;
  return {
    caption: "Mean score (no verdicts, so no pass rate); interval: percentile bootstrap, " +
      `${formatCount(b.resamples)} resamples, seed ${b.seed}`,
    columns: ["statistic", "scored", "of", "unscored", "value", "interval"],
    rows: [[
      "mean score",
      m.scored,
      g.counts.attempted,
      m.unscored,
      scoreText(m.mean, g.grader) + scaleNote(g.grader),
      bootstrapText(m, g.grader),
    ]],
    numeric: [1, 2, 3, 4],
    nowrap: [5],
  };
}

/** A declared figure as the file gives it, cut to four significant digits (0.7917, 19). */
function declaredValue(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(4))) : String(value);
}

/** The group's name in headings and the summary: `judge · returns-assistant-v2`. */
function groupName(g: GroupReport): string {
  return `${g.grader} · ${g.version}`;
}

/** One line per group: attempts, unscored, the three rates with counts, the envelope. */
function summaryTable(data: AuditReportData): Table {
  const conf = confidenceLabel(data.confidence);
  const method = INTERVAL_METHODS[data.method].label;
  const rate = (r: GroupReport["scoredOnly"]) => r ? formatRate(r.successes, r.trials) : "—";
  return {
    caption: "Summary: one line per grader × version",
    columns: [
      "grader",
      "version",
      "attempts",
      "unscored",
      "scored only",
      "all attempted",
      "upper edge",
      `envelope (${conf} ${method})`,
    ],
    rows: data.groups.map((g) => {
      const m = g.scoreMean;
      if (!g.verdicts && m) {
        return [
          g.grader,
          g.version,
          g.counts.attempted,
          m.unscored,
          m.scored > 0
            ? `mean ${scoreText(m.mean, g.grader)} (${
              [scaleName(g.grader), `n=${m.scored}`].filter((s) => s !== "").join(", ")
            })`
            : "no usable score",
          "—",
          "—",
          m.scored > 0 ? bootstrapText(m, g.grader) : "—",
        ];
      }
      const one = g.unscored === 0;
      return [
        g.grader,
        g.version,
        g.counts.attempted,
        g.unscored,
        rate(g.scoredOnly),
        one ? "same" : rate(g.allAttempted),
        one ? "same" : rate(g.upperEdge),
        g.envelope && !one ? `${percent(g.envelope.lower)} to ${percent(g.envelope.upper)}` : "—",
      ];
    }),
    numeric: [2, 3, 4, 5, 6, 7],
    nowrap: [1], // the version is a name: never split it over lines
  };
}

function groupSection(g: GroupReport, data: AuditReportData): Section {
  const c = g.counts;
  const m = g.scoreMean;
  const tally = m
    ? `${m.scored} scored, ${m.unscored} without a usable score; no verdicts`
    : `${c.passed} passed, ${c.failed} failed, ${g.unscored} unscored`;
  const heading = `${groupName(g)}: ${plural(c.attempted, "attempt")} (${tally})` +
    (c.refused ? `, ${c.refused} refused` : "");
  const tables: Table[] = [];
  const lines: string[] = [];
  const rates = ratesTable(g, data);
  if (rates) tables.push(rates);
  else if (m) tables.push(meanTable(g, m, data));
  else lines.push("No pass rate: this grader gave scores but no pass/fail verdicts.");
  lines.push(unscoredSummary(g));
  for (const d of g.declared) {
    const pooled = d.groups > 1 ? ` (pooled over ${d.groups} version × grader groups)` : "";
    lines.push(
      // The source says where in the file the figure was found; quoting it would escape its
      // own quotes (column "declared").
      `Declared ${d.kind} ${quoted(d.metric)} = ${declaredValue(d.value)} (from ${d.source})` +
        `${pooled}: ${d.verdict}.`,
    );
  }
  const once = g.eachCaseOnce;
  if (once) {
    lines.push(
      `Each case once: ${percent(once.rate)} over ${plural(once.cases, "case")} with a scored ` +
        `attempt (attempts per case from ${once.minRepeats} to ${once.maxRepeats}` +
        (once.casesWithoutScore
          ? `; ${plural(once.casesWithoutScore, "case")} with none scored`
          : "") +
        `), beside the pooled scored-only rate ${percent(once.pooledRate)}; no interval.`,
    );
  }
  return { heading, lead: [`Which number to report: ${g.advice}`], tables, lines };
}

/** The unscored attempts of one group, row by row: a detail. */
function unscoredSection(g: GroupReport): Section | undefined {
  const listed = g.unscoredRows.filter((r) => g.verdicts || r.class !== "noVerdict");
  if (listed.length === 0) return undefined;
  const what = g.verdicts ? "Unscored attempts" : "Attempts without a usable score";
  return {
    heading: `${what} of ${groupName(g)}: ${plural(listed.length, "row")}` +
      (listed.length < g.unscored ? ` listed (up to 20 of each class)` : ""),
    tables: [{
      columns: ["row", "class", "error kind", "reason"],
      rows: listed.map((r) => [r.row, CLASS_NAMES[r.class], r.errorKind ?? "", r.reason]),
      numeric: [0],
      nowrap: [1, 2],
    }],
    details: true,
  };
}

/** The zeroing check of each grader, once: it runs over all of a grader's versions together. */
function zeroingLines(data: AuditReportData): string[] {
  const lines: string[] = [];
  // Grouped in one pass: a file may hold many thousands of graders.
  const byGrader = new Map<string, AuditReportData["groups"]>();
  for (const g of data.groups) {
    const list = byGrader.get(g.grader);
    if (list) list.push(g);
    else byGrader.set(g.grader, [g]);
  }
  for (const [grader, groups] of byGrader) {
    const z = groups[0].zeroing;
    const all = groups.length > 1 ? " (all its versions together)" : "";
    if (!z.ran) {
      lines.push(`Zeroing check of grader ${quoted(grader)}${all}: not run: ${z.reason}.`);
      continue;
    }
    const moved = groups.map((g) =>
      groups.length > 1 ? `${g.zeroing.moved} in ${g.version}` : `${g.zeroing.moved}`
    ).join(", ");
    lines.push(
      `Zeroing check of grader ${quoted(grader)}${all}: ran (${z.reason}); failing attempts ` +
        `whose raw grade is unrecognized text, moved from failed to unparsed: ${moved}.`,
    );
  }
  return lines;
}

function refusedSection(data: AuditReportData): Section | undefined {
  if (data.totals.refused === 0) return undefined;
  const byReason = new Map<string, string[]>(
    Object.keys(data.refusedByReason).map((reason) => [reason, []]),
  );
  for (const r of data.refusedRows) {
    const list = byReason.get(r.reason) ?? [];
    if (list.length < 20) {
      list.push(r.firstRow ? `${r.row} (same key as ${r.firstRow})` : `${r.row}`);
    }
    byReason.set(r.reason, list);
  }
  return {
    heading: `Refused rows: ${data.totals.refused} (not attempts)`,
    tables: [{
      columns: ["reason", "rows", "row numbers (first 20)"],
      rows: [...byReason].map((
        [reason, list],
      ) => [reason, data.refusedByReason[reason] ?? list.length, list.join(", ")]),
      numeric: [1],
    }],
  };
}

/** The totals in one sentence: attempts, passes, fails, unscored by class, refused. */
function totalsLine(data: AuditReportData): string {
  const t = data.totals;
  const unscored = UNSCORED_CLASSES.filter((c) => t[c] > 0)
    .map((c) => `${CLASS_NAMES[c]} ${t[c]}`);
  const left = t.attempted - t.passed - t.failed;
  return `${plural(t.attempted, "attempt")} in ${
    plural(data.groups.length, "group")
  }: ${t.passed} passed, ${t.failed} failed, ${left} without a verdict` +
    (unscored.length ? ` (${unscored.join("; ")})` : "") +
    `; ${plural(t.refused, "row")} refused (not attempts).`;
}

export function reportSections(data: AuditReportData): Section[] {
  const title = `Audit of ${data.source ? quoted(data.source) : "result rows"}` +
    (data.harness ? ` (harness: ${data.harness})` : "");
  const scale = data.scale
    ? `[${data.scale.min}, ${data.scale.max}] for every row`
    : "[0, 1] unless a row declares its own";
  const problems = data.notes.filter((n) => /^Problem\b/.test(n));
  const notes = data.notes.filter((n) => !/^Problem\b/.test(n));
  const head: Section = {
    heading: title,
    lead: [
      `Intervals: ${data.interval}, ${confidenceLabel(data.confidence)} confidence, one per ` +
      `version × grader (no correction for multiple groups). Score scale: ${scale}.`,
    ],
    tables: data.groups.length > 0 ? [summaryTable(data)] : [],
    lines: [
      totalsLine(data),
      ...(data.groups.length > 0
        ? [
          "Scored only leaves unscored attempts out; all attempted counts them as failures; " +
          "upper edge counts them as passes; the envelope runs from the all-attempted lower " +
          "bound to the upper-edge upper bound.",
        ]
        : []),
      ...problems,
    ],
  };
  const sections: Section[] = [head];
  for (const g of data.groups) {
    sections.push(groupSection(g, data));
  }
  const refused = refusedSection(data);
  if (refused) sections.push(refused);
  if (data.unmatchedDeclared.length > 0) {
    sections.push({
      heading: "Declared figures with no matching group",
      lines: data.unmatchedDeclared.map((d) =>
        `${quoted(d.metric)} = ${declaredValue(d.value)} at ${quoted(d.source)}` +
        ` (version ${d.version ?? "any"}, grader ${d.grader ?? "any"}): ${d.reason}.`
      ),
    });
  }
  // Details: each group's unscored rows, the totals by class, then the notes said once.
  for (const g of data.groups) {
    const u = unscoredSection(g);
    if (u) sections.push(u);
  }
  const t = data.totals;
  sections.push({
    heading: "Totals by class",
    tables: [{
      columns: ["class", "rows"],
      rows: (Object.keys(CLASS_NAMES) as (keyof ClassCounts)[]).map((k) => [CLASS_NAMES[k], t[k]]),
    }],
    lines: ["NaN scores are refused as numbers but still count as attempts."],
    details: true,
  });
  const reasons = [...new Set(data.groups.flatMap((g) => g.adviceReasons))];
  sections.push({
    heading: data.harness
      ? `Notes: reading ${data.harness}, checks, conventions`
      : "Notes: checks and conventions",
    lines: [
      ...reasons,
      ...zeroingLines(data),
      ...(data.groups.some((g) => g.scoreMean)
        ? [
          "Mean scores (graders with scores but no verdicts): over the scored attempts only, " +
          "with the unscored ones counted beside them; percentile bootstrap intervals " +
          `(${formatCount(data.bootstrap.resamples)} resamples, seed ${data.bootstrap.seed}) at ` +
          `${confidenceLabel(data.confidence)} confidence.`,
        ]
        : []),
      ...notes,
    ],
    details: true,
  });
  return sections;
}
