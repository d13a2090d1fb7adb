/**
 * Private: the text of plotly.min.js, ready to inline in a `<script>` element.
 *
 * @module
 */
import source from "plotly.js-dist-min/plotly.min.js" with { type: "text" };

/** Plotly's version, read from the library's banner. */
export const PLOTLY_VERSION: string = /plotly\.js v(\d+\.\d+\.\d+)/.exec(source)?.[1] ?? "unknown";

// A literal "</script" would end the element early; in JavaScript source "<\/script" means the
// same inside strings, regular expressions and comments.
/** plotly.min.js, safe to place between `<script>` and `</script>`. */
export const PLOTLY_SCRIPT: string = source.replace(/<\/script/gi, "<\\/script");

/** The `<script>` element that defines `window.Plotly`. */
export function plotlyLibraryScript(): string {
  return `<script type="text/javascript">${PLOTLY_SCRIPT}</script>`;
}
