// Pass/fail graders: the paired difference in pass rate under each convention.
import { mcnemarTest } from "../stats/mcnemar.ts";
import { newcombePairedInterval } from "../stats/newcombe_paired_interval.ts";
import { pairedBootstrap } from "../stats/paired_bootstrap.ts";
import type { PairedTable } from "../stats/types.ts";
import type { Attempt, CasePair } from "./_collect.ts";
import { bootstrapFigures, type Settings } from "./_settings.ts";
import type { ConventionFigures, EnvelopeFigures } from "./types.ts";

/** What an unscored attempt becomes: a pass, a failure, or nothing (left out). */
type Fill = boolean | null;

/** The figures of a pass/fail grader under scored only, all attempted and the envelope. */
export interface PassFailFigures {
  scoredOnly: ConventionFigures;
  allAttempted: ConventionFigures;
  envelope: EnvelopeFigures | null;
}

const outcome = (t: Attempt, fill: Fill): boolean | null => t.pass ?? fill;

// One attempt per case and side: the 2×2 table, Newcombe's interval and McNemar's exact test.
function fromTable(pairs: readonly CasePair[], fillA: Fill, fillB: Fill, s: Settings) {
  const table: PairedTable = { bothPass: 0, onlyA: 0, onlyB: 0, bothFail: 0 };
  for (const p of pairs) {
    const a = outcome(p.a[0], fillA);
    const b = outcome(p.b[0], fillB);
    if (a === null || b === null) continue;
    if (a && b) table.bothPass++;
    else if (a) table.onlyA++;
    else if (b) table.onlyB++;
    else table.bothFail++;
  }
  const d = newcombePairedInterval(table, s.confidence);
  const figures: ConventionFigures = {
    cases: d.pairs,
    rows: { a: d.pairs, b: d.pairs },
    passes: { a: table.bothPass + table.onlyA, b: table.bothPass + table.onlyB },
    table,
    a: d.rateA,
    b: d.rateB,
    difference: d.difference,
    ci: [d.lower, d.upper],
    method: d.method,
    pValue: d.pairs === 0 ? NaN : mcnemarTest(table.onlyA, table.onlyB).pValue,
    test: "McNemar exact (binomial on the discordant pairs), two-sided",
  };
  return figures;
}

// Several attempts per case: pooled pass rates, resampled by case.
function fromClusters(pairs: readonly CasePair[], fillA: Fill, fillB: Fill, s: Settings) {
  // Per case: passes and counted attempts of each side.
  const counts: number[][] = [];
  for (const p of pairs) {
    const c = [0, 0, 0, 0];
    for (const t of p.a) {
      const v = outcome(t, fillA);
      if (v !== null) (c[0] += v ? 1 : 0, c[1]++);
    }
    for (const t of p.b) {
      const v = outcome(t, fillB);
      if (v !== null) (c[2] += v ? 1 : 0, c[3]++);
    }
    if (c[1] > 0 && c[3] > 0) counts.push(c);
  }
  let rowsA = 0, rowsB = 0, passA = 0, passB = 0;
  for (const c of counts) (passA += c[0], rowsA += c[1], passB += c[2], rowsB += c[3]);
  const r = pairedBootstrap(counts.length, (idx) => {
    let pa = 0, na = 0, pb = 0, nb = 0;
    for (const i of idx) {
      const c = counts[i];
      pa += c[0], na += c[1], pb += c[2], nb += c[3];
    }
    return [pa / na, pb / nb];
  }, s);
  return bootstrapFigures(r, { a: rowsA, b: rowsB }, { a: passA, b: passB });
}

/**
 * Compare the pass rates of a pass/fail grader on paired cases: scored only (pairs where both
 * versions have a verdict), all attempted (no verdict counts as a failure) and the envelope (the
 * two extreme ways the unscored attempts could have ended).
 */
export function passFailFigures(
  pairs: readonly CasePair[],
  repeats: boolean,
  unscored: boolean,
  s: Settings,
): PassFailFigures {
  const figures = repeats ? fromClusters : fromTable;
  const scoredOnly = figures(pairs, null, null, s);
  if (!unscored) return { scoredOnly, allAttempted: scoredOnly, envelope: null };
  const allAttempted = figures(pairs, false, false, s);
  const worst = figures(pairs, true, false, s);
  const best = figures(pairs, false, true, s);
  return {
    scoredOnly,
    allAttempted,
    envelope: {
      difference: [worst.difference, best.difference],
      ci: [worst.ci[0], best.ci[1]],
    },
  };
}
