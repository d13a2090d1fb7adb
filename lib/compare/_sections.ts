// The comparison as sections of headings, tables and lines, shared by the text and HTML views.
import type { ReportSection } from "../render/sections.ts";
import { sacrebleuName } from "../graders/signature.ts";
import { formatCount, plural } from "../render/format.ts";
import type { Table } from "../render/table.ts";
import {
  confidenceLabel,
  figureWithCounts,
  pValue,
  type Scale,
  scaleOf,
  signed,
  signedInterval,
} from "./_format.ts";
import { BOOTSTRAP_TEST } from "./_settings.ts";
import { corpusLabel } from "./_corpus.ts";
import {
  COMPARE_CONVENTIONS,
  type CompareData,
  type ConventionFigures,
  type GraderComparison,
} from "./types.ts";

/** A part of the report (tables and lines kept mutable while it is built). */
type Section = ReportSection & { tables?: Table[]; lines?: string[] };

const SHOWN_IDS = 20;
const quoted = (text: string) => JSON.stringify(text);

function ids(list: readonly string[]): string {
  const shown = list.slice(0, SHOWN_IDS).map(quoted).join(", ");
  return list.length > SHOWN_IDS ? `${shown}, … (${list.length - SHOWN_IDS} more)` : shown;
}

/** The p-value as reports show it (a bootstrap's at its resolution). */
function shownP(p: number, test: string, d: CompareData): string {
  return pValue(p, test === BOOTSTRAP_TEST ? d.bootstrap.resamples : undefined);
}

function summaryTable(d: CompareData): Table {
  const conf = confidenceLabel(d.confidence);
  return {
    caption: `${d.b} − ${d.a} by grader (${conf} intervals)`,
    columns: [
      "grader",
      "metric",
      "cases",
      d.a,
      d.b,
      "difference",
      `${conf} interval`,
      "verdict",
      "p-value",
      "convention",
    ],
    rows: d.graders.map((g) => {
      const f = g.conventions[g.convention]!;
      const scale = scaleOf(g);
      return [
        g.grader,
        metricLabel(g),
        f.cases,
        figureWithCounts(f, "a", scale),
        figureWithCounts(f, "b", scale),
        signed(g.difference, scale),
        signedInterval(g.ci, scale),
        g.verdict,
        shownP(g.pValue, g.test, d),
        COMPARE_CONVENTIONS[g.convention].name,
      ];
    }),
    numeric: [2, 3, 4, 5, 6, 8],
    nowrap: [1, 7, 9],
  };
}

/** The metric as the tables name it, with the scale of a corpus metric. */
function metricLabel(g: GraderComparison): string {
  return scaleOf(g) === "hundred" ? `${g.metric} (0–100)` : g.metric;
}

function conventionRow(
  name: string,
  f: ConventionFigures,
  d: CompareData,
  scale: Scale,
): unknown[] {
  return [
    name,
    f.cases,
    figureWithCounts(f, "a", scale),
    figureWithCounts(f, "b", scale),
    signed(f.difference, scale),
    signedInterval(f.ci, scale),
    shownP(f.pValue, f.test, d),
  ];
}

function graderSection(g: GraderComparison, d: CompareData): Section {
  const conf = confidenceLabel(d.confidence);
  const scale = scaleOf(g);
  const tables: Table[] = [];
  if (g.table) {
    const t = g.table;
    tables.push({
      caption: `Pairs (${COMPARE_CONVENTIONS[g.convention].name})`,
      columns: ["", `${d.b} passes`, `${d.b} fails`],
      rows: [[`${d.a} passes`, t.bothPass, t.onlyA], [`${d.a} fails`, t.onlyB, t.bothFail]],
      numeric: [1, 2],
      notes: [
        `Discordant pairs: ${t.onlyA} only ${d.a} passed, ${t.onlyB} only ${d.b} passed.`,
      ],
    });
  }
  const rows: unknown[][] = [];
  const { scoredOnly, allAttempted, envelope } = g.conventions;
  const agree = g.unscored.a + g.unscored.b === 0;
  if (scoredOnly) {
    rows.push(conventionRow(agree ? "every convention" : "scored only", scoredOnly, d, scale));
  }
  if (allAttempted && !agree) {
    rows.push(conventionRow("all attempted", allAttempted, d, scale));
  }
  if (envelope) {
    rows.push([
      "envelope",
      null,
      null,
      null,
      `${signed(envelope.difference[0], scale)} to ${signed(envelope.difference[1], scale)}`,
      signedInterval(envelope.ci, scale),
      null,
    ]);
  }
  tables.push({
    caption: agree
      ? "No unscored attempts on the paired cases: the conventions agree"
      : "Each convention",
    columns: ["convention", "cases", d.a, d.b, "difference", `${conf} interval`, "p-value"],
    rows,
    numeric: [1, 2, 3, 4, 5, 6],
  });
  const c = g.cases;
  const lines = [
    `Interval: ${g.method}; p-value: ${g.test}.`,
    `Cases: ${c.paired} in both versions` +
    (c.onlyA || c.onlyB
      ? `, ${c.onlyA} only in ${d.a}, ${c.onlyB} only in ${d.b} (not compared)`
      : "") +
    ".",
    ...g.notes,
  ];
  const head = `${g.grader} (${metricLabel(g)}): ${signed(g.difference, scale)} ` +
    `${signedInterval(g.ci, scale)}, ${g.verdict}`;
  return { heading: head, tables, lines, details: true };
}

/** The whole comparison as sections. */
export function compareSections(d: CompareData): ReportSection[] {
  const conf = confidenceLabel(d.confidence);
  const head: Section = {
    heading: `Comparison of ${quoted(d.b)} against ${quoted(d.a)}`,
    lines: [
      `${plural(d.pairs, "case")} in both versions; ${d.onlyA.length} only in ${quoted(d.a)}; ` +
      `${d.onlyB.length} only in ${quoted(d.b)}.`,
      `Every difference is ${d.b} − ${d.a} with a two-sided ${conf} interval. ` +
      `Headline convention: ${COMPARE_CONVENTIONS[d.convention].name} ` +
      `(${COMPARE_CONVENTIONS[d.convention].unscored}). Pass/fail graders: Newcombe's hybrid ` +
      "score interval and McNemar's exact test on one attempt per case; graded metrics and " +
      `repeats: a paired bootstrap over cases (${
        formatCount(d.bootstrap.resamples)
      } resamples, seed ` +
      `${d.bootstrap.seed}). A verdict of worse or better means the whole interval is below or ` +
      "above 0; no correction for comparing several graders.",
      `Sources: ${quoted(d.a)} from ${quoted(d.sources.a)}; ${quoted(d.b)} from ` +
      `${quoted(d.sources.b)}.`,
      ...d.graders.filter((g) => g.signature).map((g) =>
        `${g.grader}: ${sacrebleuName(corpusLabel(g.metric) ?? g.metric, g.signature!)}|` +
        `${g.signature} (shown on the 0–100 scale; the JSON data keep fractions)`
      ),
      ...d.notes,
    ],
    tables: d.graders.length > 0 ? [summaryTable(d)] : [],
  };
  if (d.graders.length === 0) head.lines!.push("No grader has results in both versions.");
  const sections = [head, ...d.graders.map((g) => graderSection(g, d))];
  const unpaired: string[] = [];
  if (d.onlyA.length) unpaired.push(`Only in ${quoted(d.a)}: ${ids(d.onlyA)}.`);
  if (d.onlyB.length) unpaired.push(`Only in ${quoted(d.b)}: ${ids(d.onlyB)}.`);
  if (unpaired.length) sections.push({ heading: "Cases in one version only", lines: unpaired });
  if (d.leftOut.length > 0) {
    sections.push({
      heading: `Rows not used: ${d.leftOut.reduce((s, e) => s + e.count, 0)}`,
      tables: [{
        columns: ["reason", "rows", "row numbers (first 20)"],
        rows: d.leftOut.map((e) => [e.reason, e.count, e.rows.join(", ")]),
        numeric: [1],
      }],
    });
  }
  return sections;
}
