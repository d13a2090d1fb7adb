// A results file graded here with the chosen graders (as `score` grades it).
import { openResultRows, type ReadLimits, type Source } from "../io/mod.ts";
import { graderFor, gradeRow, nrefsLabel, type ScoreConfig } from "./_deps.ts";
import type { Collector } from "./_collect.ts";
import { corpusMetric } from "./_corpus.ts";
import type { GraderInfo } from "./_grader_comparison.ts";
import type { SidePicker } from "./_side_picker.ts";

/**
 * Read a results file and grade each row of versions a and b with every configured grader;
 * rows of other versions are counted and skipped before grading. Returns what each grader is.
 */
export async function readResultsSource(
  source: Source,
  name: string | undefined,
  config: ScoreConfig,
  picker: SidePicker,
  collector: Collector,
  limits?: ReadLimits,
): Promise<{ source: string; graders: Map<string, GraderInfo> }> {
  const reader = await openResultRows(source, {
    name,
    limits,
    format: config.format ?? undefined,
    mapping: config.mapping,
    defaultVersion: config.defaultVersion,
    referenceRequired: config.graders.every((n) => graderFor(n).needsReference),
  });
  const refs = new Map<string, Set<number>>(config.graders.map((g) => [g, new Set()]));
  let other = 0;
  const otherRows: number[] = [];
  for await (const row of reader) {
    const side = picker.pick(row.version);
    if (side === null) {
      other++;
      if (otherRows.length < 20) otherRows.push(row.row);
      continue;
    }
    for (const grader of config.graders) {
      const { result } = gradeRow(row, grader, config);
      const score = Number.isFinite(result.score) && !result.error ? result.score : null;
      const stats = score !== null && result.stats ? result.stats : undefined;
      collector.add(
        {
          case: row.case,
          version: row.version,
          repeat: row.repeat,
          grader,
          pass: result.pass,
          score,
          ...(stats ? { stats } : {}),
          ...(result.error ? { reason: result.error } : {}),
        },
        side,
        row.row,
      );
      if (score !== null) refs.get(grader)!.add(row.reference?.values.length ?? 0);
    }
  }
  if (other > 0) collector.leaveOut("another version", otherRows, other);
  for (const [reason, entry] of Object.entries(reader.report.toJSON().rows.leftOut)) {
    if (entry) collector.leaveOut(`not readable: ${reason}`, entry.rows, entry.count);
  }
  const graders = new Map<string, GraderInfo>();
  for (const g of config.graders) {
    const info: GraderInfo = { kind: graderFor(g).kind === "binary" ? "pass/fail" : "graded" };
    const corpus = corpusMetric(g, config.graderOptions[g], nrefsLabel([...refs.get(g)!]));
    if (corpus) info.corpus = corpus;
    graders.set(g, info);
  }
  return { source: reader.report.source, graders };
}
