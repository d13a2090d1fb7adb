import assert from "node:assert/strict";
import { bleuGapChart } from "./bleu_gap_chart.ts";
import { envelopeChart, type EnvelopeGroup, type IntervalRate } from "./envelope_chart.ts";
import { nearMissChart } from "./near_miss_chart.ts";

const HOSTILE = '<img src=x onerror="window.__verdict_xss=1">';
const r = (rate: number, lower: number, upper: number, successes: number, trials: number) => ({
  rate,
  lower,
  upper,
  successes,
  trials,
});
type Trace = Record<string, unknown>;
const byName = (data: readonly Trace[], name: string) => data.find((t) => t.name === name)!;
const subtitle = (layout: Record<string, unknown> | undefined) =>
  ((layout?.title as Trace).subtitle as Trace).text as string;
const title = (layout: Record<string, unknown> | undefined) => (layout?.title as Trace).text;

const withUnscored: EnvelopeGroup = {
  version: "v1",
  grader: "exact",
  unscored: 2,
  scoredOnly: r(0.8, 0.49, 0.94, 8, 10),
  allAttempted: r(8 / 12, 0.39, 0.86, 8, 12),
  upperEdge: r(10 / 12, 0.55, 0.95, 10, 12),
};
const complete: EnvelopeGroup = {
  version: HOSTILE,
  grader: "regex",
  unscored: 0,
  scoredOnly: r(0.5, 0.3, 0.7, 10, 20),
  allAttempted: r(0.5, 0.3, 0.7, 10, 20),
  upperEdge: r(0.5, 0.3, 0.7, 10, 20),
};

Deno.test("envelopeChart: three rates with interval bars and the band per group", () => {
  const chart = envelopeChart([withUnscored, complete], { confidence: 0.9 });
  const { data, layout } = chart.figure;
  assert.equal(title(layout), "Pass rates with 90% Wilson intervals, by version × grader");
  const band = byName(data, "envelope");
  assert.deepEqual(band.base, [0.39, null], "no band for a group without unscored rows");
  assert.ok(Math.abs((band.y as number[])[0] - (0.95 - 0.39)) < 1e-12);
  const all = byName(data, "all attempted");
  assert.deepEqual(all.y, [8 / 12, null], "one rate only when nothing is unscored");
  const err = all.error_y as { array: number[]; arrayminus: number[] };
  assert.ok(Math.abs(err.array[0] - (0.86 - 8 / 12)) < 1e-12);
  assert.ok(Math.abs(err.arrayminus[0] - (8 / 12 - 0.39)) < 1e-12);
  const scored = byName(data, "scored only");
  assert.deepEqual(scored.y, [0.8, 0.5]);
  assert.deepEqual(scored.x, [-0.22, 1], "side by side in a group, centred when alone");
  assert.deepEqual((scored.customdata as unknown[][])[0].slice(0, 2), [8, 10]);
  const ticks = (layout?.xaxis as Trace).ticktext as string[];
  assert.equal(ticks[1], "&lt;img src=x onerror=&#34;window.__verdict_xss=1&#34;&gt;<br>regex");
  assert.match(chart.text, /^Pass rates with 90% Wilson intervals/);
  assert.match(chart.text, /v1 +exact +2 +0\.8000 \[0\.4900, 0\.9400\] 8\/10/);
  assert.ok(chart.text.includes("same"), "text says the one-rate group has a single rate");
});

Deno.test("envelopeChart: NaN rates become gaps; bad input is refused with its place", () => {
  const empty = { ...withUnscored, scoredOnly: r(NaN, NaN, NaN, 0, 0) };
  const chart = envelopeChart([empty], { confidence: 0.95, method: "Clopper-Pearson" });
  assert.deepEqual(byName(chart.figure.data, "scored only").y, [null]);
  assert.match(String(title(chart.figure.layout)), /95% Clopper-Pearson/);
  assert.throws(() => envelopeChart([withUnscored], { confidence: 95 }), RangeError);
  assert.throws(
    () => envelopeChart([withUnscored, withUnscored], { confidence: 0.95 }),
    /appears twice/,
  );
  const outside: IntervalRate = r(0.8, 0.85, 0.9, 8, 10);
  assert.throws(
    () => envelopeChart([{ ...withUnscored, upperEdge: outside }], { confidence: 0.95 }),
    (e: Error) => e instanceof RangeError && /group 1 \(v1 · exact\)\.upperEdge/.test(e.message),
  );
  assert.throws(
    () => envelopeChart([{ ...withUnscored, scoredOnly: r(1.2, 1, 1, 1, 1) }], { confidence: 0.9 }),
    RangeError,
  );
  assert.throws(
    () => envelopeChart([{ ...withUnscored, unscored: -1 }], { confidence: 0.9 }),
    RangeError,
  );
});

Deno.test("bleuGapChart: rows, mean line, corpus line and BLEU settings", () => {
  const rows = [{ id: "c1", score: 10 }, { id: HOSTILE, score: 30 }, { id: "c3", score: NaN }];
  const signature = "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0";
  const chart = bleuGapChart(rows, {
    metric: "BLEU",
    corpus: 24.5,
    brevityPenalty: 0.9512,
    precisions: [60, 35.5, 20, 12.25],
    signature,
  });
  const [points, mean, corpus] = chart.figure.data;
  assert.deepEqual(points.y, [10, 30, null]);
  assert.deepEqual(points.x, [
    "c1",
    "&lt;img src=x onerror=&#34;window.__verdict_xss=1&#34;&gt;",
    "c3",
  ]);
  assert.deepEqual(mean.x, ["c1", "c3"], "the lines span the cases");
  assert.deepEqual(mean.y, [20, 20], "mean of the finite sentence scores");
  assert.deepEqual(corpus.y, [24.5, 24.5]);
  assert.equal(
    title(chart.figure.layout),
    "BLEU: corpus 24.50 vs mean of sentence scores 20.00 (gap 4.50)",
  );
  const sub = subtitle(chart.figure.layout);
  assert.ok(
    sub.includes("brevity penalty 0.9512; n-gram precisions 60.00 / 35.50 / 20.00 / 12.25"),
  );
  assert.ok(sub.includes(`signature: ${signature}`));
  assert.ok(
    sub.includes("2 rows plotted by case id in file order; 1 row without a score not plotted"),
  );
  const y = (chart.figure.layout?.yaxis as Trace).range as number[];
  assert.ok(y[0] < 0 && y[1] > 100, "0 and 100 sit inside the plot, off the axis lines");
  assert.equal(points.cliponaxis, false);
  assert.ok(chart.text.includes(signature) && chart.text.includes("brevity penalty 0.9512"));
});

Deno.test("bleuGapChart: the hover shows output and reference, escaped; repeated ids stay apart", () => {
  const chart = bleuGapChart([
    { id: "q1", score: 0, output: HOSTILE, reference: "Paris\nFrance" },
    { id: "q1", score: 1, output: "x".repeat(500), reference: "y" },
  ], { metric: "BLEU", corpus: 0.5, signature: "tok:13a" });
  const [points] = chart.figure.data;
  assert.deepEqual(points.x, ["q1", "q1 (2)"]);
  const [first, second] = points.customdata as string[][];
  assert.deepEqual(first, [
    "&lt;img src=x onerror=&#34;window.__verdict_xss=1&#34;&gt;",
    "Paris France",
  ]);
  assert.equal([...second[0]].length, 200, "long outputs are cut");
  assert.match(String(points.hovertemplate), /output: %\{customdata\[0\]\}/);
  const y = (chart.figure.layout?.yaxis as Trace).range as number[];
  assert.ok(y[0] < 0 && y[1] > 1 && y[1] < 1.1, "a 0–1 scale with room around 0 and 1");
});

Deno.test("bleuGapChart: chrF on a 0–1 scale, with a given sentence mean", () => {
  const chart = bleuGapChart([{ id: "a", score: 0.5 }, { id: "b", score: 0.7 }], {
    metric: "chrF",
    corpus: 0.61,
    sentenceMean: 0.6,
    signature: "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0",
  });
  assert.equal(
    title(chart.figure.layout),
    "chrF: corpus 0.6100 vs mean of sentence scores 0.6000 (gap 0.0100)",
  );
  assert.ok(!subtitle(chart.figure.layout).includes("brevity"));
  assert.deepEqual(chart.figure.data[1].y, [0.6, 0.6]);
  assert.throws(
    () => bleuGapChart([{ id: "a" } as never], { metric: "chrF", corpus: 1, signature: "" }),
    TypeError,
  );
  assert.throws(() => bleuGapChart([], { metric: "chrF", corpus: 1 } as never), TypeError);
});

Deno.test("nearMissChart: stacked segments per step and real misses", () => {
  const chart = nearMissChart([
    { grader: "exact", nearMisses: { lowercase: 5, trim: 1 }, realMisses: 3, failed: 9 },
    { grader: HOSTILE, nearMisses: { trim: 2, [HOSTILE]: 1 }, realMisses: 0 },
  ], { settings: ["probe: seven steps; graded graders: within 0.1 below the threshold"] });
  const { data, layout } = chart.figure;
  assert.equal(layout?.barmode, "stack");
  assert.deepEqual(data.map((t) => t.y), [[5, 0], [1, 2], [0, 1], [3, 0]]);
  assert.equal(data[2].name, "&lt;img src=x onerror=&#34;window.__verdict_xss=1&#34;&gt;");
  assert.equal(data[3].name, "real misses");
  assert.equal(
    subtitle(layout),
    "probe: seven steps; graded graders: within 0.1 below the threshold",
  );
  assert.match(chart.text, /exact +5 +1 +0 +3 +9/);
  assert.throws(
    () => nearMissChart([{ grader: "exact", nearMisses: { trim: 1 }, realMisses: 3, failed: 5 }]),
    /1 near misses \+ 3 real misses ≠ 5 fails/,
  );
  assert.throws(
    () => nearMissChart([{ grader: "x", nearMisses: { trim: 1.5 }, realMisses: 0 }]),
    RangeError,
  );
  assert.ok(subtitle(nearMissChart([]).figure.layout).startsWith("near miss = "));
});

Deno.test("nearMissChart: at most eight colours, the rarest steps folded into one segment", () => {
  const steps = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
  const chart = nearMissChart([{
    grader: "exact",
    nearMisses: Object.fromEntries(steps.map((s, i) => [s, 9 - i])),
    realMisses: 2,
  }]);
  const { data } = chart.figure;
  assert.deepEqual(data.map((t) => t.name), [
    "a",
    "b",
    "c",
    "d",
    "e",
    "f",
    "other steps (3)",
    "real misses",
  ]);
  assert.deepEqual(data[6].y, [3 + 2 + 1]);
  const colors = data.map((t) => (t.marker as Trace).color);
  assert.equal(new Set(colors).size, 8);
  assert.match(String(data[6].hovertemplate), /g, h, i/);
  assert.match(chart.text, /exact +9 +8 +7 +6 +5 +4 +3 +2 +1 +2 +47/, "the text keeps every step");
});

Deno.test("nearMissChart: bars grouped by version on a two-level axis", () => {
  const chart = nearMissChart([
    { version: "v2", grader: "exact", nearMisses: { lowercase: 2 }, realMisses: 1 },
    { version: HOSTILE, grader: "exact", nearMisses: {}, realMisses: 4 },
  ]);
  const { data, layout } = chart.figure;
  assert.deepEqual(data[0].x, [
    ["v2", "&lt;img src=x onerror=&#34;window.__verdict_xss=1&#34;&gt;"],
    [
      "exact",
      "exact",
    ],
  ]);
  assert.equal((layout?.xaxis as Trace).type, "multicategory");
  assert.match(chart.text, /^version +grader +lowercase +real misses +fails$/m);
});

Deno.test("bleuGapChart: a given 0–100 scale holds for figures near 0; one case still shows its lines", () => {
  // A version whose BLEU is 0.23 on the 0–100 scale: its figures are all below 1.
  const chart = bleuGapChart([{ id: "only", score: 0.2336 }], {
    metric: "BLEU",
    corpus: 0,
    sentenceMean: 0.2336,
    signature: "BLEU|nrefs:1|tok:13a",
    scale: 100,
  });
  assert.equal(
    title(chart.figure.layout),
    "BLEU: corpus 0.00 vs mean of sentence scores 0.23 (gap -0.23)",
  );
  const y = (chart.figure.layout?.yaxis as Trace).range as number[];
  assert.ok(y[0] < 0 && y[1] > 100, "the axis runs to 100");
  // With one case a line from the first case to the last has no length: each is a wide dash.
  for (const line of chart.figure.data.slice(1)) {
    assert.equal(line.mode, "markers");
    assert.equal((line.marker as Trace).symbol, "line-ew-open");
  }
  const two = bleuGapChart([{ id: "a", score: 10 }, { id: "b", score: 20 }], {
    metric: "BLEU",
    corpus: 15,
    signature: "BLEU|nrefs:1",
  });
  assert.equal(two.figure.data[1].mode, "lines");
});

Deno.test("bleuGapChart: a long case id is cut on the axis, whole in the hover", () => {
  const long = `case-${"x".repeat(60)}<b>`;
  const chart = bleuGapChart([{ id: long, score: 0.5 }, { id: "short", score: 0.2 }], {
    metric: "BLEU",
    corpus: 0.4,
    signature: "BLEU|nrefs:1",
  });
  const axis = chart.figure.layout?.xaxis as Trace;
  const ticks = axis.ticktext as string[];
  assert.equal([...ticks[0]].length, 24);
  assert.ok(ticks[0].endsWith("…") && !ticks[0].includes("<"));
  assert.equal(ticks[1], "short");
  assert.deepEqual(axis.tickvals, chart.figure.data[0].x);
  assert.equal((chart.figure.data[0].x as string[])[0], `case-${"x".repeat(60)}&lt;b&gt;`);
});
