import assert from "node:assert/strict";
import { plotlyBundle, type PlotlyFigure, plotlyHtml, resetPlotlyInlining } from "./plotly.ts";

const LIBRARY_MARK = "window.Plotly = Plotly";
const HOSTILE = '</script><img src=x onerror="window.__verdict_xss=1"><!--\u2028';
const figure: PlotlyFigure = {
  data: [{ type: "bar", name: HOSTILE, x: ["a", HOSTILE], y: [1, NaN] }],
  layout: { title: { text: "t" } },
};

/** Run the drawing script of an HTML fragment against a fake page; report what it did. */
function runDrawScript(html: string, plotly: boolean) {
  const scripts = [...html.matchAll(/<script type="text\/javascript">([\s\S]*?)<\/script>/g)];
  const body = scripts[scripts.length - 1][1];
  const calls: unknown[][] = [];
  const timers: (() => void)[] = [];
  const el: Record<string, unknown> = { style: {} };
  const fallback = { style: { display: "" } };
  const window: Record<string, unknown> = {};
  const setPlotly = () =>
    window.Plotly = {
      newPlot: (...args: unknown[]) => {
        calls.push(args);
        return Promise.resolve();
      },
    };
  if (plotly) setPlotly();
  const document = {
    getElementById: (id: string) => id.endsWith("-text") ? fallback : el,
  };
  new Function("window", "document", "setTimeout", body)(
    window,
    document,
    (f: () => void) => timers.push(f),
  );
  return { calls, timers, el, fallback, setPlotly, scriptCount: scripts.length };
}

const htmlOf = async (options?: Parameters<typeof plotlyBundle>[1]) =>
  (await plotlyBundle(figure, options))["text/html"] as string;

Deno.test("only the first chart bundle of the process inlines plotly.js", async () => {
  resetPlotlyInlining();
  const first = await htmlOf();
  const second = await htmlOf();
  assert.equal(first.split(LIBRARY_MARK).length, 2);
  assert.ok(first.indexOf(LIBRARY_MARK) < first.indexOf('class="verdict-chart"'), "library first");
  assert.ok(!second.includes(LIBRARY_MARK));
  assert.ok(first.length > 1_000_000 && second.length < 5_000);
  assert.ok((await htmlOf({ includeLibrary: true })).includes(LIBRARY_MARK));
  resetPlotlyInlining();
  await htmlOf({ includeLibrary: false });
  assert.ok((await htmlOf()).includes(LIBRARY_MARK), "includeLibrary: false does not use it up");
  resetPlotlyInlining();
  const both = await Promise.all([htmlOf(), htmlOf()]);
  assert.equal(
    both.filter((h) => h.includes(LIBRARY_MARK)).length,
    1,
    "two at once: one carries it",
  );
});

Deno.test("a bare chart fragment never carries plotly.js", () => {
  resetPlotlyInlining();
  assert.ok(!plotlyHtml(figure).includes(LIBRARY_MARK));
  assert.ok(plotlyHtml(figure).length < 5_000);
});

Deno.test("the draw script survives hostile labels and passes the figure intact", async () => {
  const html = plotlyHtml(figure, { text: HOSTILE });
  assert.equal(html.match(/<\/script/gi)?.length, 1, "only our own closing tag");
  assert.ok(!/<img/i.test(html));
  const run = runDrawScript(html, true);
  assert.equal(run.calls.length, 1);
  const [el, data, layout, config] = run.calls[0];
  assert.equal(el, run.el);
  assert.deepEqual(data, [{ type: "bar", name: HOSTILE, x: ["a", HOSTILE], y: [1, null] }]);
  assert.deepEqual(layout, { title: { text: "t" } });
  assert.equal((config as Record<string, unknown>).displaylogo, false);
  await Promise.resolve();
  assert.equal(run.fallback.style.display, "none", "the text fallback hides once drawn");
});

Deno.test("a later chart waits for window.Plotly, then gives up with a message", () => {
  const html = plotlyHtml(figure);
  const waiting = runDrawScript(html, false);
  assert.equal(waiting.calls.length, 0);
  assert.equal(waiting.timers.length, 1);
  waiting.setPlotly();
  waiting.timers[0]();
  assert.equal(waiting.calls.length, 1);

  const never = runDrawScript(html, false);
  for (let i = 0; i < 700 && never.timers.length; i++) never.timers.shift()!();
  assert.equal(never.calls.length, 0);
  assert.match(String(never.el.textContent), /needs plotly\.js/);
});

Deno.test("plotlyBundle carries Plotly JSON, HTML and text", async () => {
  const bundle = await plotlyBundle(figure, { includeLibrary: false });
  assert.deepEqual(Object.keys(bundle).sort(), [
    "application/vnd.plotly.v1+json",
    "text/html",
    "text/plain",
  ]);
  const json = bundle["application/vnd.plotly.v1+json"] as PlotlyFigure;
  assert.deepEqual(json.data[0].y, [1, null]);
  assert.equal(bundle["text/plain"], `t\n- ${HOSTILE}: 2 points`);
  assert.ok((bundle["text/html"] as string).includes("&lt;img src=x"), "fallback text escaped");
});

Deno.test("a figure without a data array is refused", async () => {
  await assert.rejects(() => plotlyBundle({} as PlotlyFigure), TypeError);
  assert.throws(() => plotlyHtml({ data: "x" } as unknown as PlotlyFigure), TypeError);
});

Deno.test("a trace type the inlined plotly.js cannot draw is refused, naming what it draws", async () => {
  const surface = {
    data: [{ type: "bar", y: [1] }, { type: "scatter3d", x: [1], y: [1], z: [1] }],
  };
  assert.throws(
    () => plotlyHtml(surface),
    /^TypeError: Cannot draw a Plotly trace of type "scatter3d": .* draws bar, box, .*histogram, /,
  );
  await assert.rejects(() => plotlyBundle(surface, { includeLibrary: false }), TypeError);
  // A trace without a type is a scatter trace, as in Plotly; histograms and boxes draw.
  for (const type of [undefined, "histogram", "box", "heatmap"]) {
    assert.ok(plotlyHtml({ data: [{ type, y: [1, 2] }] }).includes("newPlot"), String(type));
  }
});
