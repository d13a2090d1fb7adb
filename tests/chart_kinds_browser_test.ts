/**
 * Every kind of chart verdict makes, drawn offline in Chromium with the plotly.js bundle that
 * verdict inlines: the audit envelope (bars as a band, markers with vertical error bars), near
 * misses (stacked bars on a two-level version · grader axis), the corpus-vs-sentence gap
 * (markers and dashed lines) and the comparison forest (horizontal bars, markers with horizontal
 * error bars). Counting charts is not enough — a bundle without a component draws the chart and
 * silently leaves the part out — so the page is probed for each part: the error bars, the second
 * axis level, the points and lines. Two figures of the kind people chart beside ours (a histogram
 * and a box plot) draw as well. The page and its screenshot are kept in `tests/artifacts/`.
 *
 * @module
 */
import assert from "node:assert/strict";
import {
  bleuGapChart,
  envelopeChart,
  forestChart,
  nearMissChart,
  offlineHtmlPage,
} from "../lib/render/mod.ts";
import { PLOTLY_TRACE_TYPES, plotlyLibraryScript } from "../lib/render/_plotly_library.ts";
import { browserMissing, checkHtmlInBrowser } from "./_browser.ts";

const ARTIFACTS = new URL("./artifacts/", import.meta.url).pathname;

const rate = (successes: number, trials: number, lower: number, upper: number) => ({
  rate: successes / trials,
  lower,
  upper,
  successes,
  trials,
});

function charts() {
  const envelope = envelopeChart([
    {
      version: "v1",
      grader: "exact",
      scoredOnly: rate(30, 36, 0.68, 0.93),
      allAttempted: rate(30, 40, 0.6, 0.86),
      upperEdge: rate(34, 40, 0.71, 0.93),
      unscored: 4,
    },
    {
      version: "v2",
      grader: "exact",
      scoredOnly: rate(35, 40, 0.74, 0.95),
      allAttempted: rate(35, 40, 0.74, 0.95),
      upperEdge: rate(35, 40, 0.74, 0.95),
      unscored: 0,
    },
  ], { confidence: 0.95 });
  const nearMiss = nearMissChart([
    { version: "v1", grader: "exact", nearMisses: { trim: 3, lowercase: 2 }, realMisses: 4 },
    { version: "v1", grader: "contains", nearMisses: { trim: 1 }, realMisses: 2 },
    { version: "v2", grader: "exact", nearMisses: { lowercase: 1 }, realMisses: 3 },
  ]);
  const gap = bleuGapChart(
    Array.from({ length: 12 }, (_, i) => ({ id: `case-${i + 1}`, score: 10 + 5 * (i % 7) })),
    { metric: "BLEU", corpus: 31.5, signature: "nrefs:1|case:mixed|tok:13a|smooth:exp" },
  );
  const forest = forestChart([
    { label: "exact", estimate: 0.1, lower: 0.02, upper: 0.18, method: "Newcombe hybrid score" },
    {
      label: "contains",
      estimate: -0.05,
      lower: -0.12,
      upper: 0.03,
      method: "Newcombe hybrid score",
      envelope: { lower: -0.2, upper: 0.1 },
    },
    { label: "bleu", estimate: 1.2, lower: -0.4, upper: 2.9, method: "paired bootstrap" },
  ], { a: "v1", b: "v2", confidence: 0.95 });
  return { envelope, nearMiss, gap, forest };
}

// Figures a user might show with plotlyBundle beside verdict's charts.
const scores = [0.2, 0.35, 0.4, 0.5, 0.55, 0.6, 0.62, 0.7, 0.8, 0.9];
const histogram = {
  data: [{ type: "histogram", x: scores, xbins: { start: 0, end: 1, size: 0.25 } }],
  layout: { title: { text: "sentence scores" } },
};
const box = {
  data: [{ type: "box", y: scores, name: "v1" }, { type: "box", y: scores.map((x) => x / 2) }],
};

// Per chart, in page order: traces drawn, vertical and horizontal error bars, bars with an area
// (a null or zero value leaves an empty path), marker points,
// line paths, and the labels of an axis's second level (a multicategory axis).
const PROBE = `[...document.querySelectorAll(".verdict-chart .js-plotly-plot")].map((p) => ({
  traces: p.querySelectorAll(".trace").length,
  yErrorBars: p.querySelectorAll("path.yerror").length,
  xErrorBars: p.querySelectorAll("path.xerror").length,
  bars: [...p.querySelectorAll(".barlayer .point path")]
    .filter((b) => b.getBBox().width > 0 && b.getBBox().height > 0).length,
  markers: p.querySelectorAll(".scatterlayer .point").length,
  lines: p.querySelectorAll(".scatterlayer .js-line").length,
  secondLevel: p.querySelectorAll(".xtick2").length,
}))`;

interface Drawn {
  traces: number;
  yErrorBars: number;
  xErrorBars: number;
  bars: number;
  markers: number;
  lines: number;
  secondLevel: number;
}

Deno.test({
  name: "every chart kind verdict makes draws offline, with its error bars and two-level axis",
  ignore: browserMissing() !== undefined,
  async fn() {
    const { envelope, nearMiss, gap, forest } = charts();
    const page = `${ARTIFACTS}chart-kinds.html`;
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    await Deno.writeTextFile(
      page,
      await offlineHtmlPage({
        title: "Every chart kind",
        sections: [
          ...[envelope, nearMiss, gap, forest].map((c) => ({ figure: c.figure, text: c.text })),
          { figure: histogram },
          { figure: box },
        ],
      }),
    );
    const seen = await checkHtmlInBrowser(page, {
      expectPlots: 6,
      screenshot: `${ARTIFACTS}chart-kinds.png`,
      probe: PROBE,
    });
    assert.deepEqual(seen.consoleErrors, []);
    assert.deepEqual(seen.blockedRequests, []);
    assert.equal(seen.plots, 6);
    const [env, near, bleu, fst, hist, boxes] = seen.probe as Drawn[];

    // Envelope: the band (one bar per group with unscored rows) and three rates, each marker
    // with its error bar; a group without unscored rows shows one rate.
    assert.equal(env.traces, 4);
    assert.equal(env.bars, 1);
    assert.equal(env.markers, 4);
    assert.equal(env.yErrorBars, 4);

    // Near misses: a trace per step plus real misses, stacked; versions under graders.
    assert.equal(near.traces, 3);
    assert.equal(near.bars, 7, "non-zero segments: trim 2, lowercase 2, real misses 3");
    assert.equal(near.secondLevel, 2, "the version labels of the two-level axis");

    // Sentence scores against their mean and the corpus figure.
    assert.equal(bleu.traces, 3);
    assert.equal(bleu.markers, 12);
    assert.equal(bleu.lines, 2);

    // Forest: a difference per row with its horizontal interval, and one envelope band.
    assert.equal(fst.traces, 2);
    assert.equal(fst.markers, 3);
    assert.equal(fst.xErrorBars, 3);
    assert.equal(fst.bars, 1);

    // A user's histogram (four bins of 0.25, none empty) and two boxes.
    assert.equal(hist.traces, 1);
    assert.equal(hist.bars, 4);
    assert.equal(boxes.traces, 2);
  },
});

Deno.test("the trace types verdict accepts are the ones the inlined plotly.js registers", async () => {
  const script = await plotlyLibraryScript();
  const registered = [...script.matchAll(/moduleType:"trace",name:"(\w+)"/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(registered)].sort(), [...PLOTLY_TRACE_TYPES].sort());
  // Every trace of every chart verdict makes is among them.
  for (const chart of Object.values(charts())) {
    for (const trace of chart.figure.data) {
      assert.ok(PLOTLY_TRACE_TYPES.includes(String(trace.type)), String(trace.type));
    }
  }
});
