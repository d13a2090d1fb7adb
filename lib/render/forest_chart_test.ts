import assert from "node:assert/strict";
import { forestChart } from "./forest_chart.ts";
import { COLORS } from "./palette.ts";

type Trace = Record<string, unknown>;
const HOSTILE = '<img src=x onerror="window.__verdict_xss=1">';

Deno.test("forestChart: a point and interval per row, coloured by verdict, envelope as a band", () => {
  const chart = forestChart([
    { label: "exact", estimate: -0.1, lower: -0.18, upper: -0.02, method: "Newcombe" },
    {
      label: HOSTILE,
      estimate: 0.05,
      lower: -0.02,
      upper: 0.12,
      method: "paired bootstrap",
      envelope: { lower: -0.2, upper: 0.3 },
      detail: "p = 0.2",
    },
    { label: "bleu", estimate: 0.04, lower: 0.01, upper: 0.07, method: "paired bootstrap" },
    { label: "none", estimate: NaN, lower: NaN, upper: NaN, method: "Newcombe" },
  ], { a: "v2", b: "v3", confidence: 0.9, notes: ["seed 0"] });
  const [band, points] = chart.figure.data as Trace[];
  assert.deepEqual(points.y, [3, 2, 1, 0], "first row on top");
  assert.deepEqual(points.x, [-0.1, 0.05, 0.04, null]);
  const colors = (points.marker as { color: string[] }).color;
  assert.deepEqual(colors, [COLORS.worse, COLORS.primary, COLORS.better, COLORS.neutral]);
  const err = points.error_x as { array: number[]; arrayminus: number[] };
  assert.ok(Math.abs(err.array[0] - 0.08) < 1e-12 && Math.abs(err.arrayminus[0] - 0.08) < 1e-12);
  assert.deepEqual(band.base, [null, -0.2, null, null]);
  assert.ok(Math.abs((band.x as number[])[1] - 0.5) < 1e-12);
  const ticks = (chart.figure.layout?.yaxis as Trace).ticktext as string[];
  assert.equal(ticks[1], "&lt;img src=x onerror=&#34;window.__verdict_xss=1&#34;&gt;");
  assert.match(chart.text, /^v3 − v2 by grader, 90% intervals/);
  assert.match(chart.text, /exact +-0\.1000 +\[-0\.1800, -0\.0200\] +worse +Newcombe/);
  assert.match(chart.text, /bleu +\+0\.0400 +\[\+0\.0100, \+0\.0700\] +better/);
  assert.match(chart.text, /\[-0\.2000, \+0\.3000\] +p = 0\.2/);
  assert.match(chart.text, /seed 0/);
});

Deno.test("forestChart: an interval that does not hold its difference, or bad settings, are refused", () => {
  const row = { label: "exact", estimate: 0.3, lower: -0.1, upper: 0.2, method: "Newcombe" };
  assert.throws(() => forestChart([row], { a: "a", b: "b", confidence: 0.95 }), /does not hold/);
  const ok = { ...row, upper: 0.4 };
  assert.throws(() => forestChart([ok], { a: "a", b: "b", confidence: 95 }), RangeError);
  assert.throws(
    () => forestChart([{ ...ok, label: 3 as never }], { a: "a", b: "b", confidence: 0.95 }),
    TypeError,
  );
});

Deno.test("forestChart: long version names and labels are cut on the chart, whole in hover and text", () => {
  const a = `baseline-${"a".repeat(90)}-end`;
  const b = `candidate-${"b".repeat(90)}-end`;
  const label = `grader-${"g".repeat(80)}`;
  const chart = forestChart(
    [{ label, estimate: 0.1, lower: 0, upper: 0.2, method: "Newcombe" }],
    { a, b, confidence: 0.95 },
  );
  const layout = chart.figure.layout as Record<string, Trace>;
  const axisTitle = (layout.xaxis.title as { text: string }).text;
  const title = layout.title as { text: string; subtitle: { text: string } };
  for (const shown of [axisTitle, title.text, title.subtitle.text]) {
    assert.ok(!shown.includes(a) && !shown.includes(b), `cut: ${shown}`);
    assert.match(shown, /candidate-b+…/);
  }
  assert.ok(axisTitle.length < 120, `axis title of ${axisTitle.length} characters`);
  const tick = ((layout.yaxis as Trace).ticktext as string[])[0];
  assert.ok(tick.endsWith("…") && [...tick].length <= 48, tick);
  const [, points] = chart.figure.data as Trace[];
  const hover = JSON.stringify(points.customdata) + String(points.hovertemplate);
  assert.ok(hover.includes(`difference = ${b} − ${a}`), "full names in the hover");
  assert.ok(hover.includes(label), "full label in the hover");
  assert.ok(chart.text.startsWith(`${b} − ${a} by grader`), "the text form keeps the names");
});
