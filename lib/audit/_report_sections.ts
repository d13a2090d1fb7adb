// The audit report as sections of headings, tables and lines, shared by the text and HTML views.
import type { ReportSection } from "../render/sections.ts";
import type { Table } from "../render/table.ts";
import {
  bootstrapText,
  confidenceLabel,
  intervalText,
  meanText,
  percent,
  scoreText,
} from "./_advice.ts";
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
  return { caption: "Pass rate three ways", columns, rows, numeric: [2, 3, 4] };
}

function meanTable(g: GroupReport, m: ScoreMean, data: AuditReportData): Table {
  const b = data.bootstrap;
  return {
    caption: "Mean score (no verdicts, so no pass rate); interval: percentile bootstrap, " +
      `${b.resamples} resamples, seed ${b.seed}`,
    columns: ["statistic", "scored", "of", "unscored", "value", "interval"],
    rows: [[
      "mean score",
      m.scored,
      g.counts.attempted,
      m.unscored,
      scoreText(m.mean),
      bootstrapText(m),
    ]],
    numeric: [1, 2, 3, 4],
  };
}

function groupSection(g: GroupReport, data: AuditReportData): Section {
  const c = g.counts;
  const m = g.scoreMean;
  const tally = m
    ? `${m.scored} scored, ${m.unscored} without a usable score; no verdicts`
    : `${c.passed} passed, ${c.failed} failed, ${g.unscored} unscored`;
  const heading = `Version ${quoted(g.version)}, grader ${quoted(g.grader)}: ${c.attempted} ` +
    `attempts (${tally})` + (c.refused ? `, ${c.refused} refused` : "");
  const tables: Table[] = [];
  const lines: string[] = [];
  const rates = ratesTable(g, data);
  if (rates) tables.push(rates);
  else if (m) {
    tables.push(meanTable(g, m, data));
    lines.push(
      m.scored > 0
        ? `${meanText(m).replace(/^./, (c) => c.toUpperCase())}, ${bootstrapText(m)}.`
        : `No mean: none of the ${m.attempted} attempts has a usable score.`,
    );
  } else lines.push("No pass rate: this grader gave scores but no pass/fail verdicts.");
  const listed = g.unscoredRows.filter((r) => g.verdicts || r.class !== "noVerdict");
  if (listed.length > 0) {
    tables.push({
      caption: g.verdicts
        ? "Unscored attempts (up to 20 of each class)"
        : "Attempts without a usable score (up to 20 of each class)",
      columns: ["row", "class", "error kind", "reason"],
      rows: listed.map((r) => [r.row, CLASS_NAMES[r.class], r.errorKind ?? "", r.reason]),
      numeric: [0],
    });
  }
  lines.push(unscoredSummary(g));
  for (const d of g.declared) {
    const pooled = d.groups > 1 ? ` (pooled over ${d.groups} version × grader groups)` : "";
    lines.push(
      `Declared ${d.kind} ${quoted(d.metric)} = ${d.value} at ${quoted(d.source)}${pooled}: ` +
        `${d.verdict}.`,
    );
  }
  lines.push(
    g.zeroing.ran
      ? `Zeroing check: ran (${g.zeroing.reason}); ${g.zeroing.moved} failing attempt(s) whose ` +
        "raw grade is unrecognized text moved from failed to unparsed."
      : `Zeroing check: not run (${g.zeroing.reason}).`,
  );
  const once = g.eachCaseOnce;
  if (once) {
    lines.push(
      `Each case once: ${percent(once.rate)} over ${once.cases} case(s) with a scored attempt ` +
        `(attempts per case from ${once.minRepeats} to ${once.maxRepeats}` +
        (once.casesWithoutScore ? `; ${once.casesWithoutScore} case(s) with none scored` : "") +
        `), beside the pooled scored-only rate ${percent(once.pooledRate)}; no interval.`,
    );
  }
  lines.push(`Which number to report: ${g.advice}`);
  return { heading, tables, lines };
}

function refusedSection(data: AuditReportData): Section | undefined {
  if (data.refusedRows.length === 0) return undefined;
  const byReason = new Map<string, string[]>();
  const counts = new Map<string, number>();
  for (const r of data.refusedRows) {
    counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
    const list = byReason.get(r.reason) ?? [];
    if (list.length < 20) {
      list.push(r.firstRow ? `${r.row} (same key as ${r.firstRow})` : `${r.row}`);
    }
    byReason.set(r.reason, list);
  }
  return {
    heading: `Refused rows: ${data.refusedRows.length} (not attempts)`,
    tables: [{
      columns: ["reason", "rows", "row numbers (first 20)"],
      rows: [...byReason].map(([reason, list]) => [reason, counts.get(reason), list.join(", ")]),
      numeric: [1],
    }],
  };
}

export function reportSections(data: AuditReportData): Section[] {
  const title = `Audit of ${data.source ? quoted(data.source) : "result rows"}` +
    (data.harness ? ` (harness: ${data.harness})` : "");
  const scale = data.scale
    ? `[${data.scale.min}, ${data.scale.max}] for every row`
    : "[0, 1] unless a row declares its own";
  const head: Section = {
    heading: title,
    lines: [
      `Intervals: ${data.interval} at ${confidenceLabel(data.confidence)} confidence, one per ` +
      "version × grader, with no correction for multiple groups. " +
      `Score scale: ${scale}.`,
      "Conventions: scored only = passes / scored attempts (unscored left out); " +
      "all attempted = passes / attempts (unscored count as failures); " +
      "upper edge = (passes + unscored) / attempts (unscored count as passes); " +
      "envelope = all-attempted lower bound to upper-edge upper bound.",
      ...(data.groups.some((g) => g.scoreMean)
        ? [
          "Mean scores (graders with scores but no verdicts): over the scored attempts only, " +
          "with the unscored ones counted beside them; percentile bootstrap intervals " +
          `(${data.bootstrap.resamples} resamples, seed ${data.bootstrap.seed}) at ` +
          `${confidenceLabel(data.confidence)} confidence.`,
        ]
        : []),
      ...data.notes.map((n) => `Note: ${n}`),
    ],
  };
  const t = data.totals;
  const totals: Section = {
    heading: "Totals",
    tables: [{
      columns: ["class", "rows"],
      rows: (Object.keys(CLASS_NAMES) as (keyof ClassCounts)[]).map((k) => [CLASS_NAMES[k], t[k]]),
    }],
    lines: [
      `${t.attempted} attempts in ${data.groups.length} version × grader group(s); ` +
      `${t.refused} refused row(s) are not attempts. NaN scores are refused as numbers but ` +
      "still count as attempts.",
    ],
  };
  const sections = [head, totals, ...data.groups.map((g) => groupSection(g, data))];
  const refused = refusedSection(data);
  if (refused) sections.push(refused);
  if (data.unmatchedDeclared.length > 0) {
    sections.push({
      heading: "Declared figures with no matching group",
      lines: data.unmatchedDeclared.map((d) =>
        `${quoted(d.metric)} = ${d.value} at ${quoted(d.source)}` +
        ` (version ${d.version ?? "any"}, grader ${d.grader ?? "any"}): ${d.reason}.`
      ),
    });
  }
  return sections;
}
