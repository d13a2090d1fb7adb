/**
 * Private: the text of plotly.min.js, loaded on first use.
 *
 * The library is 4.8 MB of text; a static import would load it in every program that imports
 * verdict, charts or not. It is imported dynamically instead, the first time a chart is displayed
 * or a page is built. The specifier is a literal, so `deno bundle`, `deno publish` and the module
 * graph still see it.
 *
 * @module
 */

let script: Promise<string> | undefined;

// A literal "</script" would end the element early; in JavaScript source "<\/script" means the
// same inside strings, regular expressions and comments.
async function load(): Promise<string> {
  const { default: source } = await import("npm:plotly.js-dist-min@4.1.2/plotly.min.js", {
    with: { type: "text" },
  });
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
