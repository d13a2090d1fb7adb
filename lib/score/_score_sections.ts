// The score report as sections, summary first: how the file was read in one line, one table of
// every grader's figure per version, the near misses per grader, the settings once; then the
// details (counts per version, near-miss steps, failing cases, corpus details, assertions), folded
// in HTML and shown in text only when verbose.
import type { ReportSection } from "../render/sections.ts";
import type { Table } from "../render/table.ts";
import { formatCount, formatHundred, formatScore, plural, signedFigure } from "../render/format.ts";
import { type SummaryRow, summaryTable } from "../render/summary_table.ts";
import {
  type CorpusGraderName,
  type GraderName,
  GRADERS,
  isGraderName,
  passRule,
  sacrebleuName as sacrebleuLabel,
  type Signature,
} from "../graders/mod.ts";
import {
  assertionLines,
  assertionTables,
  FAILING_SHOWN,
  failingTable,
  nearMissLines,
} from "./_report_sections.ts";
import type {
  AssertionSummary,
  CorpusScore,
  CorpusSections,
  GraderSummary,
} from "./score_report.ts";
import { summaryIndex } from "./_summary_index.ts";

/** What the sections are built from: a score report's data (signatures as objects or text). */
export interface ScoreSectionsSource {
  /** The file's name. */
  source: string;
  /** How the file was read, in one sentence (the read report's summary). */
  readLine: string;
  /** The mapping in one line. */
  mappingLine: string;
  /** The left-out rows as a table, or null. */
  leftOut: Table | null;
  /** The read report's warnings. */
  warnings: readonly string[];
  graders: readonly GraderSummary[];
  corpus: Readonly<CorpusSections<Signature | string>>;
  assertions: AssertionSummary;
  scoredFile: string | null;
}

const isGraded = (grader: string) => isGraderName(grader) && GRADERS[grader].kind === "graded";

/** The corpus metric of a grader, when it has one. */
function corpusOf(grader: string): CorpusGraderName | undefined {
  return isGraderName(grader) && GRADERS[grader].corpus !== undefined
    ? grader as CorpusGraderName
    : undefined;
}

/** sacreBLEU's name of a corpus figure (`BLEU`, `chrF2`, `chrF2++`, `TER`), from its signature. */
export function sacrebleuName(metric: CorpusGraderName, signature: string): string {
  return sacrebleuLabel(GRADERS[metric].corpus.label, signature);
}

/** A corpus section's figure of one version, through a map built once per section. */
const corpusIndexes = new WeakMap<object, Map<string, CorpusScore<Signature | string>>>();

function corpusFigure(
  section: { versions: readonly CorpusScore<Signature | string>[] } | undefined,
  version: string,
): CorpusScore<Signature | string> | undefined {
  if (!section) return undefined;
  let map = corpusIndexes.get(section);
  if (!map) {
    map = new Map();
    for (const f of section.versions) if (!map.has(f.version)) map.set(f.version, f);
    corpusIndexes.set(section, map);
  }
  return map.get(version);
}

function versionsOf(graders: readonly GraderSummary[]): string[] {
  return [...summaryIndex(graders).byVersion.keys()];
}

function gradersOf(graders: readonly GraderSummary[]): string[] {
  return [...summaryIndex(graders).byGrader.keys()];
}

/** One row (or two) of the summary per grader, one cell per version. */
function summaryRows(src: ScoreSectionsSource, versions: readonly string[]): SummaryRow[] {
  const rows: SummaryRow[] = [];
  for (const name of gradersOf(src.graders)) {
    const of = (v: string) => summaryIndex(src.graders).of(name, v);
    const metric = corpusOf(name);
    const threshold = versions.map(of).find((g) => g && g.threshold !== null)?.threshold ?? null;
    if (!isGraded(name) || threshold !== null) {
      rows.push({
        label: name,
        figure: threshold === null
          ? "pass rate"
          : `pass rate (${passRule(name as GraderName, threshold)})`,
        cells: versions.map((v) => {
          const g = of(v);
          return g ? { kind: "rate", passed: g.passed, total: g.passed + g.failed } : null;
        }),
      });
    }
    if (!isGraded(name)) continue;
    if (metric) {
      const section = src.corpus[metric];
      const label = GRADERS[metric].corpus.label;
      const lower = GRADERS[metric].scale.direction === "lower" ? ", lower is better" : "";
      rows.push({
        label: name,
        figure: `corpus ${label} (0–100${lower})`,
        cells: versions.map((v) => {
          const f = corpusFigure(section, v);
          return f ? { kind: "hundred", value: f.score, count: f.segments } : null;
        }),
      });
    } else {
      rows.push({
        label: name,
        figure: "mean score",
        cells: versions.map((v) => {
          const g = of(v);
          return g && g.meanScore !== null
            ? { kind: "score", value: g.meanScore, count: g.graded }
            : null;
        }),
      });
    }
  }
  const a = src.assertions;
  if (a.run > 0) {
    rows.push({
      label: "assertions",
      figure: "pass rate",
      cells: versions.map((v) => {
        const c = a.byVersion[v];
        return c ? { kind: "rate", passed: c.passed, total: c.passed + c.failed } : null;
      }),
    });
  }
  return rows;
}

/** "numeric 24, json-schema 34 in each version" — rows a grader could not judge, or errors. */
function leftOfRates(
  graders: readonly GraderSummary[],
  versions: readonly string[],
  key: "notJudged" | "errors",
): string | undefined {
  const parts: string[] = [];
  for (const name of gradersOf(graders)) {
    const counts = versions.map((v) => summaryIndex(graders).of(name, v)?.[key] ?? 0);
    if (counts.every((n) => n === 0)) continue;
    const same = counts.every((n) => n === counts[0]);
    parts.push(
      same
        ? `${name} ${formatCount(counts[0])}${versions.length > 1 ? " in each version" : ""}`
        : `${name} ${counts.map((n, i) => `${formatCount(n)} (${versions[i]})`).join(", ")}`,
    );
  }
  return parts.length ? parts.join("; ") : undefined;
}

/** The near-miss table: per pass/fail grader and version, how many fails a step would pass. */
function nearMissTable(
  graders: readonly GraderSummary[],
  versions: readonly string[],
): Table | undefined {
  const names = gradersOf(graders).filter((n) =>
    n !== "overall" && summaryIndex(graders).byGrader.get(n)!.some((g) => g.failed > 0)
  );
  if (names.length === 0) return undefined;
  return {
    caption: "Near misses: fails that one formatting step or probe would pass",
    columns: ["grader", ...versions],
    rows: names.map((n) => [
      n,
      ...versions.map((v) => {
        const g = summaryIndex(graders).of(n, v);
        if (!g) return "—";
        return g.failed === 0
          ? "no fails"
          : `${formatCount(g.nearMisses)} of ${plural(g.failed, "fail")}`;
      }),
    ]),
    numeric: versions.map((_, i) => i + 1),
  };
}

/** Each corpus figure with its signature in front, once per metric: `BLEU|… = 78.11 (v2), …`. */
function corpusLines(src: ScoreSectionsSource, versions: readonly string[]): string[] {
  const lines: string[] = [];
  for (const [metric, section] of Object.entries(src.corpus)) {
    if (!section) continue;
    const m = metric as CorpusGraderName;
    const label = GRADERS[m].corpus.label;
    const groups = (pick: (f: CorpusScore<Signature | string>) => [string, number]) => {
      const bySignature = new Map<string, string[]>();
      for (const v of versions) {
        const f = corpusFigure(section, v);
        if (!f) continue;
        const [signature, value] = pick(f);
        const shown = formatHundred(value);
        const list = bySignature.get(signature) ?? [];
        list.push(versions.length > 1 ? `${shown} (${v})` : shown);
        bySignature.set(signature, list);
      }
      return [...bySignature];
    };
    const lower = GRADERS[m].scale.direction === "lower" ? " (lower is better)" : "";
    for (const [sig, figures] of groups((f) => [String(f.signature), f.score])) {
      lines.push(
        `corpus ${label}: ${sacrebleuName(m, sig)}|${sig} = ${figures.join(", ")}${lower}`,
      );
    }
    for (const [sig, figures] of groups((f) => [String(f.sentenceSignature), f.meanSentence])) {
      lines.push(`mean sentence ${label}: ${sacrebleuName(m, sig)}|${sig} = ${figures.join(", ")}`);
    }
  }
  return lines;
}

/** Which figures the views show on the 0–100 scale, and that the data keep fractions. */
function scaleLine(src: ScoreSectionsSource): string[] {
  const labels = Object.entries(src.corpus).filter(([, s]) => s && s.versions.length > 0)
    .map(([m]) => GRADERS[m as CorpusGraderName].corpus.label);
  if (labels.length === 0) return [];
  const names = labels.length > 1
    ? `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)} are`
    : `${labels[0]} is`;
  return [
    `${names} shown on sacreBLEU's 0–100 scale; the JSON data and the scored file keep ` +
    'fractions ("scale": "fraction").',
  ];
}

/** Each grader's settings, once (the corpus graders' are their signatures, shown above). */
function settingsLines(src: ScoreSectionsSource): string[] {
  const lines: string[] = [];
  const unthresholded: string[] = [];
  for (const name of gradersOf(src.graders)) {
    const g = summaryIndex(src.graders).byGrader.get(name)![0];
    if (isGraded(name) && g.threshold === null) unthresholded.push(name);
    const rule = isGraded(name) && g.threshold !== null
      ? `pass when ${passRule(name as GraderName, g.threshold)}`
      : "";
    if (corpusOf(name)) {
      // Its settings are the signatures above; only the pass rule, on each row's sentence score.
      if (rule) lines.push(`${name}: ${rule} (each row's sentence score, as a fraction)`);
      continue;
    }
    const settings = g.settings.startsWith(`${name}:`)
      ? g.settings.slice(name.length + 1).trim()
      : g.settings;
    lines.push(`${name}: ${rule ? `${rule}; ` : ""}${settings}`);
  }
  if (unthresholded.length > 0) {
    lines.push(
      `${unthresholded.join(", ")}: scores with no threshold, so no pass or fail ` +
        "(a threshold G=X gives them one)",
    );
  }
  return lines;
}

/** Details of a version's corpus figures: BLEU's brevity penalty, precisions and lengths. */
function corpusDetails(src: ScoreSectionsSource, version: string): string[] {
  const lines: string[] = [];
  for (const [metric, section] of Object.entries(src.corpus)) {
    const f = corpusFigure(section, version);
    if (!f || f.bp === undefined) continue;
    const name = sacrebleuName(metric as CorpusGraderName, String(f.signature));
    const precisions = (f.precisions ?? []).map((p) => (p * 100).toFixed(1)).join("/");
    const ratio = f.refLen ? (f.sysLen ?? 0) / f.refLen : NaN;
    lines.push(
      `${signedFigure(name, String(f.signature), f.score)} ${precisions} (BP = ${
        f.bp.toFixed(3)
      } ratio = ${ratio.toFixed(3)} hyp_len = ${f.sysLen} ref_len = ${f.refLen})`,
    );
  }
  return lines;
}

/** BLEU, chrF and TER: their scores read on sacreBLEU's 0–100 scale in every view. */
const onHundred = (grader: string) => isGraderName(grader) && GRADERS[grader].corpus !== undefined;

/** The counts table of one version: every count the report has, the mean to 3–4 digits. */
export function countsTable(graders: readonly GraderSummary[], version: string): Table {
  const rows = (summaryIndex(graders).byVersion.get(version) ?? []).map((g) => {
    const verdicts = !(g.threshold === null && isGraded(g.grader));
    return [
      g.grader,
      g.graded,
      verdicts ? g.passed : null,
      verdicts ? g.failed : null,
      g.notJudged,
      g.errors,
      g.grader === "overall" || !verdicts ? null : g.nearMisses,
      g.meanScore === null
        ? ""
        : onHundred(g.grader)
        ? formatHundred(g.meanScore)
        : formatScore(g.meanScore),
    ];
  });
  const hundred = rows.filter((r) => onHundred(String(r[0]))).map((r) => String(r[0]));
  return {
    ...(hundred.length > 0
      ? {
        notes: [`mean score of ${hundred.join(", ")}: sentence scores on sacreBLEU's 0–100 scale`],
      }
      : {}),
    caption: `Counts, version ${version}`,
    columns: [
      "grader",
      "graded",
      "passed",
      "failed",
      "not judged",
      "errors",
      "near misses",
      "mean score",
    ],
    rows,
    numeric: [1, 2, 3, 4, 5, 6, 7],
  };
}

/** The whole score report as sections, summary first. */
export function scoreSections(src: ScoreSectionsSource): ReportSection[] {
  const versions = versionsOf(src.graders);
  if (versions.length === 0) {
    return [{
      heading: `Score of ${JSON.stringify(src.source)}`,
      lead: [src.readLine],
      tables: src.leftOut ? [{ ...src.leftOut, caption: "Rows left out" }] : [],
      lines: ["No row could be used, so nothing was scored.", ...src.warnings],
    }];
  }
  const head: ReportSection = {
    heading: `Score of ${JSON.stringify(src.source)}`,
    lead: [src.readLine],
    tables: [
      summaryTable(summaryRows(src, versions), {
        columns: versions,
        caption: "Summary",
      }),
      ...(src.leftOut ? [{ ...src.leftOut, caption: "Rows left out" }] : []),
    ],
    lines: [
      ...[["notJudged", "not judged"], ["errors", "grader errors"]].flatMap(([key, what]) => {
        const line = leftOfRates(src.graders, versions, key as "notJudged" | "errors");
        return line ? [`Rows left out of the rates, ${what}: ${line}.`] : [];
      }),
      ...src.warnings,
    ],
  };
  const sections: ReportSection[] = [head];
  const near = nearMissTable(src.graders, versions);
  if (near) sections.push({ tables: [near] });
  sections.push({
    heading: "Settings",
    lines: [
      ...corpusLines(src, versions),
      ...settingsLines(src),
      ...scaleLine(src),
    ],
  });
  // Details.
  sections.push({ heading: "How the file was read", lines: [src.mappingLine], details: true });
  for (const v of versions) {
    const mine = summaryIndex(src.graders).byVersion.get(v)!;
    sections.push({
      heading: versions.length > 1
        ? `Counts and near-miss steps, version ${v}`
        : "Counts and near-miss steps",
      tables: [countsTable(src.graders, v)],
      lines: [...nearMissLines(mine), ...corpusDetails(src, v)],
      details: true,
    });
    const failing = failingTable(v, src.graders);
    if (failing.rows.length > 0) {
      sections.push({
        heading: `Failing cases${versions.length > 1 ? `, version ${v}` : ""}: ${
          plural(failing.rows.length, "row")
        }, near misses first`,
        tables: [{ ...failing, caption: undefined }],
        details: true,
      });
    }
  }
  const a = src.assertions;
  if (a.run > 0 || Object.keys(a.unknown).length > 0) {
    sections.push({
      heading: "Per-row assertions",
      lead: assertionLines(a),
      tables: assertionTables(a),
      details: true,
    });
  }
  if (src.scoredFile) sections.push({ lines: [`Scored file: ${src.scoredFile}`] });
  return sections;
}

/** How the score report caps its tables. */
export function scoreTableOptions(t: Table) {
  return { digits: 3, maxRows: t.columns.includes("step that would pass it") ? FAILING_SHOWN : 50 };
}
