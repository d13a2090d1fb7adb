/**
 * Private: the text of plotly.js, loaded on first use.
 *
 * verdict inlines plotly.js's cartesian bundle (1.5 MB of text, against 4.8 MB for the full
 * bundle): it draws every chart verdict makes (bar and scatter traces, error bars, category and
 * two-level axes; `tests/chart_kinds_browser_test.ts` checks each in Chromium) and the 2-D trace
 * types people chart beside them (histogram, box, heatmap…). A static import would still load it
 * in every program that imports verdict, charts or not, so it is imported dynamically, the first
 * time a chart is displayed or a page is built. The specifier is a literal, so `deno bundle`,
 * `deno publish` and the module graph still see it.
 *
 * @module
 */

/** The trace types the inlined bundle draws (its registered trace modules, checked by a test). */
export const PLOTLY_TRACE_TYPES: readonly string[] = [
  "bar",
  "box",
  "contour",
  "heatmap",
  "histogram",
  "histogram2d",
  "histogram2dcontour",
  "image",
  "pie",
  "scatter",
  "scatterternary",
  "violin",
];

let script: Promise<string> | undefined;

// A literal "</script" would end the element early; in JavaScript source "<\/script" means the
// same inside strings, regular expressions and comments.
async function load(): Promise<string> {
  const { default: source } = await import(
    "npm:plotly.js-cartesian-dist-min@4.1.1/plotly-cartesian.min.js",
    {
      with: { type: "text" },
    }
  );
  return `<script type="text/javascript">${source.replace(/<\/script/gi, "<\\/script")}</script>`;
}

/** The `<script>` element that defines `window.Plotly` (loaded once, then reused). */
export function plotlyLibraryScript(): Promise<string> {
  script ??= load().catch((e) => {
    script = undefined; // let a later call try again
    throw e;
  });
  return script;
}
