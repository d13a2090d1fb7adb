// Pieces of the score report's text and HTML: the near-miss tally lines, the failing-cases table
// and the assertions section. Plain data in, lines and tables out.
import type { Table } from "../render/table.ts";
import { GRADERS, isGraderName, NEAR_MISS_PROBES } from "../graders/mod.ts";
import { FAILING_KEPT, UNKNOWN_ROWS_KEPT } from "./_tally.ts";
import type { AssertionSummary, GraderSummary } from "./score_report.ts";
import { summaryIndex } from "./_summary_index.ts";

/** Rows shown in each failing-cases table (the JSON keeps up to 500 per grader). */
export const FAILING_SHOWN = 50;

/** Step counts in the probe's order, then any other names in the order seen. */
export function orderedSteps(steps: Readonly<Record<string, number>>): [string, number][] {
  const known = (NEAR_MISS_PROBES as readonly string[]).filter((s) => steps[s] !== undefined);
  const other = Object.keys(steps).filter((s) => !known.includes(s));
  return [...known, ...other].map((s) => [s, steps[s]]);
}

function tallyText(nearMisses: number, failed: number, steps: Record<string, number>): string {
  const ordered = orderedSteps(steps);
  let line = `${nearMisses} of ${failed} ${failed === 1 ? "fail" : "fails"} ${
    nearMisses === 1 ? "is a near miss" : "are near misses"
  }`;
  if (ordered.length > 0) line += ` — ${ordered.map(([s, n]) => `${s} ${n}`).join(", ")}`;
  const sum = ordered.reduce((a, [, n]) => a + n, 0);
  if (sum > nearMisses) line += " (a fail that more than one step fixes counts under each)";
  return line;
}

/** One line per grader: "exact: 12 of 15 fails are near misses — trim 7, lowercase 4, several 1". */
export function nearMissLines(graders: readonly GraderSummary[]): string[] {
  const lines: string[] = [];
  for (const g of graders) {
    if (g.grader === "overall") continue;
    const graded = isGraderName(g.grader) && GRADERS[g.grader].kind === "graded";
    if (graded && g.threshold === null && g.failed === 0) {
      lines.push(`${g.grader}: no threshold, so no fails and no near misses`);
    } else if (g.failed === 0) {
      lines.push(`${g.grader}: no fails`);
    } else {
      lines.push(`${g.grader}: ${tallyText(g.nearMisses, g.failed, g.nearMissSteps)}`);
    }
  }
  return lines;
}

const stepCell = (steps: readonly string[]) =>
  steps.length === 0 ? "no near miss" : steps.join(" or ");

/** The failing cases of one version: near misses first, then the rest, each with its steps. */
export function failingTable(version: string, graders: readonly GraderSummary[]): Table {
  const mine = (summaryIndex(graders).byVersion.get(version) ?? []).filter((g) =>
    g.grader !== "overall"
  );
  const rows: unknown[][] = [];
  for (const near of [true, false]) {
    for (const g of mine) {
      for (const f of g.failing) {
        if ((f.steps.length > 0) !== near) continue;
        rows.push([f.case, f.repeat, g.grader, stepCell(f.steps), f.reason ?? ""]);
      }
    }
  }
  const notes = [
    'step: the formatting step or probe that alone makes the row pass ("or": each would); ' +
    "several: no single step, all seven formatting steps together",
  ];
  const cut = mine.filter((g) => g.failing.length < g.failed).map((g) => g.grader);
  if (cut.length > 0) {
    notes.push(
      `only the first ${FAILING_KEPT} fails of ${
        cut.join(", ")
      } are listed; the counts are complete`,
    );
  }
  // The repeat column only where the file has repeats.
  if (rows.every((r) => r[1] === 0)) {
    return {
      caption: `Failing cases, version ${version} (near misses first)`,
      columns: ["case", "grader", "step that would pass it", "reason"],
      rows: rows.map(([c, , ...rest]) => [c, ...rest]),
      notes,
    };
  }
  return {
    caption: `Failing cases, version ${version} (near misses first)`,
    columns: ["case", "repeat", "grader", "step that would pass it", "reason"],
    rows,
    numeric: [1],
    notes,
  };
}

function countsText(c: AssertionSummary | AssertionSummary["byType"][string]): string {
  return `${c.run} run: ${c.passed} passed, ${c.failed} failed, ${c.scoredOnly} scored without a ` +
    `threshold, ${c.notJudged} not judged, ${c.errors} errors`;
}

/** The assertions section as lines of text (before its tables). */
export function assertionLines(a: AssertionSummary): string[] {
  const unknownTotal = Object.values(a.unknown).reduce((x, y) => x + y, 0);
  if (a.run === 0 && unknownTotal === 0) return ["Assertions: none in this file"];
  const lines = [`Assertions: ${countsText(a)}`];
  if (a.failed > 0) {
    lines.push(`assertions: ${tallyText(a.nearMisses, a.failed, a.nearMissSteps)}`);
  }
  for (const [version, c] of Object.entries(a.byVersion)) {
    lines.push(`  version ${version}: ${countsText(c)}`);
  }
  if (unknownTotal > 0) {
    const kinds = Object.entries(a.unknown).map(([k, n]) => `${k} ${n}`).join(", ");
    lines.push(
      `unknown kinds, not run and never counted as passes: ${kinds} (${unknownTotal} in all)`,
    );
  }
  lines.push(a.settings);
  return lines;
}

/** The assertions section's tables: by kind, failing assertions, rows with unknown kinds. */
export function assertionTables(a: AssertionSummary): Table[] {
  const tables: Table[] = [];
  const kinds = Object.entries(a.byType);
  if (kinds.length > 0) {
    tables.push({
      caption: "Assertions by kind",
      columns: ["kind", "run", "passed", "failed", "no threshold", "not judged", "errors"],
      rows: kinds.map((
        [k, c],
      ) => [k, c.run, c.passed, c.failed, c.scoredOnly, c.notJudged, c.errors]),
      numeric: [1, 2, 3, 4, 5, 6],
    });
  }
  if (a.failing.length > 0) {
    tables.push({
      caption: "Failing assertions",
      columns: ["case", "version", "repeat", "kind", "step that would pass it", "reason"],
      rows: a.failing.map((
        f,
      ) => [f.case, f.version, f.repeat, f.type, stepCell(f.steps), f.reason ?? ""]),
      numeric: [2],
      notes: a.failing.length < a.failed
        ? [`only the first ${FAILING_KEPT} failing assertions are listed; the counts are complete`]
        : [],
    });
  }
  if (a.unknownRows.length > 0) {
    const total = Object.values(a.unknown).reduce((x, y) => x + y, 0);
    tables.push({
      caption: "Assertions of unknown kinds (not run, never passed)",
      columns: ["case", "version", "repeat", "kind"],
      rows: a.unknownRows.map((u) => [u.case, u.version, u.repeat, u.type]),
      numeric: [2],
      notes: a.unknownRows.length < total
        ? [`only the first ${UNKNOWN_ROWS_KEPT} are listed; the counts above are complete`]
        : [],
    });
  }
  return tables;
}
