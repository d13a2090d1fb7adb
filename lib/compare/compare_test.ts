import assert from "node:assert/strict";
import { newcombePairedInterval } from "../stats/newcombe_paired_interval.ts";
import { pairedBootstrap } from "../stats/paired_bootstrap.ts";
import { compare } from "./compare.ts";

type Cell = "P" | "F" | "U";
/** Six-field rows (as a scored file holds them) for one grader: P pass, F fail, U errored. */
function rows(pairs: [Cell, Cell][], grader = "exact", repeat = 0): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  pairs.forEach(([a, b], i) => {
    for (const [version, cell] of [["v2", a], ["v3", b]] as const) {
      out.push({
        item: `c${i + 1}`,
        system: version,
        repeat,
        scorer: grader,
        score: cell === "U" ? null : cell === "P" ? 1 : 0,
        pass: cell === "U" ? null : cell === "P",
        error: cell === "U" ? "Request timed out" : "",
      });
    }
  });
  return out;
}

/** Exact two-sided McNemar p-value with integers: 2·Σ_{k ≤ min} C(n, k) / 2^n, capped at 1. */
function exactMcNemar(b: number, c: number): number {
  const n = b + c;
  let coefficient = 1n;
  let sum = 0n;
  for (let k = 0; k <= Math.min(b, c); k++) {
    if (k > 0) coefficient = coefficient * BigInt(n - k + 1) / BigInt(k);
    sum += coefficient;
  }
  return Math.min(1, Number(2n * sum * 10n ** 30n / 2n ** BigInt(n)) / 1e30);
}

const CRAFTED: [Cell, Cell][] = [
  ["P", "P"],
  ["P", "F"],
  ["F", "P"],
  ["F", "P"],
  ["F", "F"], // all scored
  ["U", "P"],
  ["P", "U"],
  ["U", "U"],
  ["F", "U"],
  ["U", "F"], // some unscored
];

Deno.test("unscored attempts under each convention on crafted pairs", async () => {
  const result = await compare("v2", "v3", { source: rows(CRAFTED) });
  const g = result.grader("exact")!;
  assert.equal(g.kind, "pass/fail");
  assert.deepEqual(g.unscored, { a: 3, b: 3 });
  const { scoredOnly, allAttempted, envelope } = g.conventions;
  // Scored only: the five pairs where both have a verdict.
  assert.deepEqual(scoredOnly!.table, { bothPass: 1, onlyA: 1, onlyB: 2, bothFail: 1 });
  assert.ok(Math.abs(scoredOnly!.difference - 0.2) < 1e-15);
  // All attempted: an unscored attempt is a failure.
  assert.deepEqual(allAttempted!.table, { bothPass: 1, onlyA: 2, onlyB: 3, bothFail: 4 });
  assert.ok(Math.abs(allAttempted!.difference - 0.1) < 1e-15);
  // Envelope: b's unscored fail and a's pass (−0.2), then the reverse (+0.4).
  const worst = { bothPass: 2, onlyA: 4, onlyB: 2, bothFail: 2 };
  const best = { bothPass: 2, onlyA: 1, onlyB: 5, bothFail: 2 };
  assert.deepEqual(envelope!.difference.map((d) => Math.round(d * 10) / 10), [-0.2, 0.4]);
  assert.deepEqual(envelope!.ci, [
    newcombePairedInterval(worst).lower,
    newcombePairedInterval(best).upper,
  ]);
  // The headline is all attempted by default, scored only on request.
  assert.equal(g.convention, "allAttempted");
  assert.deepEqual(g.table, allAttempted!.table);
  const scored = await compare("v2", "v3", { source: rows(CRAFTED), convention: "scoredOnly" });
  assert.deepEqual(scored.grader("exact")!.table, scoredOnly!.table);
  assert.match(result.toText({ verbose: true }), /envelope +-20\.0 pp to +\+40\.0 pp/);
});

Deno.test("McNemar p-values equal exact binomial sums; the interval is Newcombe's on the table", async () => {
  for (
    const [onlyA, onlyB, both, neither] of [[1, 9, 5, 5], [3, 12, 0, 2], [7, 9, 10, 4], [
      0,
      6,
      3,
      0,
    ]]
  ) {
    const pairs: [Cell, Cell][] = [
      ...Array(onlyA).fill(["P", "F"]),
      ...Array(onlyB).fill(["F", "P"]),
      ...Array(both).fill(["P", "P"]),
      ...Array(neither).fill(["F", "F"]),
    ];
    const g = (await compare("v2", "v3", { source: rows(pairs) })).grader("exact")!;
    const want = exactMcNemar(onlyA, onlyB);
    assert.ok(
      Math.abs(g.pValue - want) <= 1e-12 * want,
      `${onlyA}/${onlyB}: ${g.pValue} vs ${want}`,
    );
    const interval = newcombePairedInterval(g.table!, 0.95);
    assert.deepEqual(g.ci, [interval.lower, interval.upper]);
    assert.equal(g.difference, (onlyB - onlyA) / pairs.length);
  }
});

Deno.test("the published Cavo et al. table through compare: −0.0621 (−0.1186 to −0.0046)", async () => {
  // b plays the first occasion of Fagerland, Lydersen & Laake's table: 6 pairs only b passed.
  const pairs: [Cell, Cell][] = [
    ...Array(59).fill(["P", "P"]),
    ...Array(16).fill(["P", "F"]),
    ...Array(6).fill(["F", "P"]),
    ...Array(80).fill(["F", "F"]),
  ];
  const g = (await compare("v2", "v3", { source: rows(pairs) })).grader("exact")!;
  assert.deepEqual(
    [g.difference, ...g.ci].map((v) => v.toFixed(4)),
    ["-0.0621", "-0.1186", "-0.0046"],
  );
  assert.equal(g.verdict, "worse");
});

Deno.test("repeats: pooled rates resampled by case, not by attempt", async () => {
  // Three attempts per case, identical within a case: clustering matters.
  const base: [Cell, Cell][] = [
    ["P", "P"],
    ["F", "P"],
    ["F", "P"],
    ["P", "F"],
    ["F", "F"],
    ["F", "P"],
    ["P", "P"],
    ["F", "P"],
  ];
  const source = [0, 1, 2].flatMap((r) => rows(base, "exact", r));
  const result = await compare("v2", "v3", { source, seed: 7 });
  const g = result.grader("exact")!;
  assert.equal(g.repeats, true);
  assert.equal(g.table, null);
  assert.match(g.method, /paired bootstrap over cases/);
  // An independent computation: per-case passes over three attempts, resampled by case.
  const perCase = base.map(([a, b]) => [a === "P" ? 3 : 0, b === "P" ? 3 : 0]);
  const want = pairedBootstrap(perCase.length, (idx) => {
    let pa = 0, pb = 0;
    for (const i of idx) (pa += perCase[i][0], pb += perCase[i][1]);
    return [pa / (3 * idx.length), pb / (3 * idx.length)];
  }, { seed: 7 });
  assert.ok(Math.abs(g.difference - want.difference) < 1e-12);
  assert.ok(Math.abs(g.ci[0] - want.lower) < 1e-12 && Math.abs(g.ci[1] - want.upper) < 1e-12);
  // Treating the 24 attempts as independent cases would give a narrower, wrong interval.
  const flat = (await compare("v2", "v3", {
    source: source.map((r) => ({ ...r, item: `${r.item}#${r.repeat}`, repeat: 0 })),
  })).grader("exact")!;
  assert.ok(flat.ci[1] - flat.ci[0] < g.ci[1] - g.ci[0]);
});

Deno.test("graded means: scored only, unscored as the lowest score, and the envelope", async () => {
  const scores: [number | null, number | null][] = [[0.2, 0.4], [0.5, 0.9], [0.6, null], [
    null,
    0.3,
  ], [0.1, 0.7]];
  const source = scores.flatMap(([a, b], i) =>
    [["v2", a], ["v3", b]].map(([version, score]) => ({
      item: `c${i}`,
      system: version,
      scorer: "judge",
      score,
      error: score === null ? "grader failed" : "",
    }))
  );
  const g = (await compare("v2", "v3", { source })).grader("judge")!;
  assert.equal(g.kind, "graded");
  assert.equal(g.metric, "mean score");
  const so = g.conventions.scoredOnly!;
  assert.equal(so.cases, 3);
  assert.ok(Math.abs(so.difference - ((0.4 + 0.9 + 0.7) - (0.2 + 0.5 + 0.1)) / 3) < 1e-12);
  const all = g.conventions.allAttempted!;
  assert.ok(Math.abs(all.a - (0.2 + 0.5 + 0.6 + 0 + 0.1) / 5) < 1e-12);
  assert.ok(Math.abs(all.b - (0.4 + 0.9 + 0 + 0.3 + 0.7) / 5) < 1e-12);
  const [low, high] = g.conventions.envelope!.difference;
  assert.ok(
    Math.abs(low - ((0.4 + 0.9 + 0 + 0.3 + 0.7) - (0.2 + 0.5 + 0.6 + 1 + 0.1)) / 5) < 1e-12,
  );
  assert.ok(
    Math.abs(high - ((0.4 + 0.9 + 1 + 0.3 + 0.7) - (0.2 + 0.5 + 0.6 + 0 + 0.1)) / 5) < 1e-12,
  );
  assert.equal(g.method, "paired bootstrap over cases (percentile)");
});

Deno.test("cases in one version only are listed and counted; other rows are counted as left out", async () => {
  const source = [
    ...rows([["P", "F"], ["F", "F"], ["P", "P"]]),
    { item: "only-old", system: "v2", scorer: "exact", pass: true },
    { item: "only-new", system: "v3", scorer: "exact", pass: false },
    { item: "c1", system: "v1", scorer: "exact", pass: true },
    { item: "c1", system: "v2", repeat: 0, scorer: "exact", pass: false },
  ];
  const result = await compare("v2", "v3", { source });
  const d = result.toJSON();
  assert.equal(d.pairs, 3);
  assert.deepEqual([d.onlyA, d.onlyB], [["only-old"], ["only-new"]]);
  assert.deepEqual(d.graders[0].cases, { paired: 3, onlyA: 1, onlyB: 1 });
  assert.deepEqual(d.leftOut.map((e) => [e.reason, e.count, e.rows]), [
    ["another version", 1, [9]],
    ["duplicate case × repeat × grader", 1, [10]],
  ]);
  const text = result.toText();
  assert.match(text, /Only in "v2": "only-old"\./);
  assert.match(text, /Rows not used: 2/);
});

Deno.test("bad requests are refused with what to do", async () => {
  const source = rows([["P", "F"]]);
  await assert.rejects(
    () => compare("v2", "v9", { source }),
    /has no version "v9" \(versions: "v2", "v3"\)/,
  );
  await assert.rejects(() => compare("v2", "v2", { source }), /with itself/);
  await assert.rejects(() => compare("v2", "v3", { source, confidence: 95 }), RangeError);
  await assert.rejects(
    () => compare("v2", "v3", { source, convention: "upperEdge" as never }),
    RangeError,
  );
  await assert.rejects(
    () => compare({ source }, { source }),
    /holds several versions \("v2", "v3"\); name the one to compare/,
  );
  const results = [{ id: "a", version: "v2", output: "x", expected: "x" }];
  await assert.rejects(() => compare("v2", "v3", { source: results }), /give the graders/);
});

Deno.test("the audit's zeroing check: a failing grade nobody could read is unscored, as audit counts it", async () => {
  const source = ["q1", "q2", "q3", "q4"].flatMap((item, i) => [
    {
      item,
      system: "v2",
      scorer: "judge",
      pass: i < 2,
      score: i < 2 ? 1 : 0,
      raw_grade: i < 2 ? "C" : "I",
    },
    {
      item,
      system: "v3",
      scorer: "judge",
      pass: i < 3,
      score: i < 3 ? 1 : 0,
      raw_grade: i < 3 ? "C" : "the grader said: unsure",
    },
  ]);
  const result = await compare("v2", "v3", { source });
  const g = result.grader("judge")!;
  assert.deepEqual(g.unscored, { a: 0, b: 1 });
  assert.deepEqual(g.conventions.scoredOnly!.table, {
    bothPass: 2,
    onlyA: 0,
    onlyB: 1,
    bothFail: 0,
  });
  assert.match(
    result.toJSON().notes.join(" "),
    /Zeroing check \(judge\): failing attempts whose raw grade is unrecognized text, counted as unparsed \(unscored\) as the audit counts them: 1\./,
  );
});

Deno.test("graded scores on a declared scale fill unscored attempts from it; differing scales: scored only", async () => {
  const pairs = [[7, 8], [5, 9], [6, null], [4, 6]];
  const declared = pairs.flatMap(([a, b], i) => [
    { item: `q${i}`, system: "v2", scorer: "rating", score: a, scale_min: 0, scale_max: 10 },
    { item: `q${i}`, system: "v3", scorer: "rating", score: b, scale_min: 0, scale_max: 10 },
  ]);
  const g = (await compare("v2", "v3", { source: declared })).grader("rating")!;
  assert.equal(g.convention, "allAttempted");
  assert.ok(Math.abs(g.difference - ((8 + 9 + 0 + 6) - (7 + 5 + 6 + 4)) / 4) < 1e-12);
  const [low, high] = g.conventions.envelope!.difference;
  assert.ok(Math.abs(low - ((8 + 9 + 0 + 6) - (7 + 5 + 6 + 4)) / 4) < 1e-12);
  assert.ok(Math.abs(high - ((8 + 9 + 10 + 6) - (7 + 5 + 6 + 4)) / 4) < 1e-12);
  // v3 rated out of 20: no common scale to fill the unscored attempt from.
  const differing = declared.map((r) => r.system === "v3" ? { ...r, scale_max: 20 } : r);
  const d = (await compare("v2", "v3", { source: differing })).grader("rating")!;
  assert.equal(d.convention, "scoredOnly");
  assert.equal(d.conventions.allAttempted, null);
  assert.ok(Math.abs(d.difference - (8 + 9 + 6 - 7 - 5 - 4) / 3) < 1e-12);
  assert.match(d.notes.join(" "), /No common score scale/);
});

Deno.test("TER, where lower is better: a version with fewer edits is the better one", async () => {
  const source = [[0.5, 0.1], [0.6, 0.2], [0.4, 0.1], [0.7, 0.3], [0.5, 0.2]].flatMap(([a, b], i) =>
    [["v2", a], ["v3", b]].map(([version, score]) => ({
      item: `c${i}`,
      system: version,
      scorer: "ter",
      score,
    }))
  );
  const g = (await compare("v2", "v3", { source })).grader("ter")!;
  assert.equal(g.better, "lower");
  assert.ok(g.conventions.scoredOnly!.difference < 0);
  assert.equal(g.verdict, "better");
});

/** Six-field rows of a lower-is-better "ter" grader: one [v2, v3] score pair per case. */
function terRows(pairs: (number | null)[][], scaleMax: number) {
  return pairs.flatMap(([a, b], i) =>
    [["v2", a], ["v3", b]].map(([version, score]) => ({
      item: `c${i}`,
      system: version,
      scorer: "ter",
      score,
      scale_min: 0,
      scale_max: scaleMax,
    }))
  );
}

Deno.test("TER with unscored attempts: no worst score, so only scored-only figures, said why", async () => {
  const source = terRows([[0.5, 0.1], [0.6, 0.2], [0.4, null], [0.7, 0.3]], Infinity);
  const g = (await compare("v2", "v3", { source })).grader("ter")!;
  assert.deepEqual(g.unscored, { a: 0, b: 1 });
  assert.equal(g.convention, "scoredOnly");
  // Filling the unscored attempt with 0, the best TER, would favour v3: it must not happen.
  assert.equal(g.conventions.allAttempted, null);
  assert.equal(g.conventions.envelope, null);
  assert.ok(Math.abs(g.difference - ((0.1 + 0.2 + 0.3) - (0.5 + 0.6 + 0.7)) / 3) < 1e-12);
  assert.match(g.notes.join(" "), /no finite worst score/);
});

Deno.test("a bounded lower-is-better score fills an unscored attempt with its top, the worst", async () => {
  const source = terRows([[2, 1], [3, 1], [2, null]], 10);
  const g = (await compare("v2", "v3", { source })).grader("ter")!;
  const all = g.conventions.allAttempted!;
  assert.ok(Math.abs(all.difference - ((1 + 1 + 10) - (2 + 3 + 2)) / 3) < 1e-12);
});
