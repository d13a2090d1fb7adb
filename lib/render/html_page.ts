/**
 * Self-contained HTML report files: sections of HTML and charts, with plotly.js inlined once.
 *
 * @module
 */
import { plotlyLibraryScript } from "./_plotly_library.ts";
import { escapeHtml } from "./escape.ts";
import { SCOPE, TABLE_CSS } from "./_style.ts";
import { type PlotlyFigure, plotlyHtml } from "./plotly.ts";

/**
 * One part of a report page: trusted HTML built by verdict (for instance from `htmlTable` or a
 * report's `toHTML()`, which escape their values), or a chart (a {@linkcode PlotlyChart} fits).
 */
export type PageSection =
  | { html: string }
  | { figure: PlotlyFigure; text?: string };

/** A report page. */
export interface HtmlPageOptions {
  /** The page title (escaped). */
  title: string;
  /** The parts, in order. */
  sections: readonly PageSection[];
  /** Lines shown at the foot of the page, e.g. the command and settings that made it (escaped). */
  footer?: readonly string[];
}

const STYLE = `body{margin:2rem auto;max-width:76rem;padding:0 1rem;background:#fff}
h1{font-size:1.5rem;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#222}
section{margin:1.2rem 0}
footer{color:#666;font-size:.8rem;border-top:1px solid #ddd;margin-top:2rem;padding-top:.5rem;
font-family:system-ui,sans-serif}
${TABLE_CSS}`;

// The page may only run its own inline scripts and styles and load nothing from the network, so a
// report opened from disk never reaches out, whatever the data in it.
const POLICY = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; " +
  "img-src data: blob:; font-src data:";

/**
 * Build a whole HTML page that works offline: plotly.js is inlined once in the head when the
 * page has a chart (it is read then, on the first such page), and a Content-Security-Policy
 * forbids loading anything from the network.
 *
 * @example A page with a table and a chart
 * ```ts
 * import { htmlTable, offlineHtmlPage } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const page = await offlineHtmlPage({
 *   title: "Audit of <runs.jsonl>",
 *   sections: [
 *     { html: htmlTable({ columns: ["grader", "passed"], rows: [["exact", 3]] }) },
 *     { figure: { data: [{ type: "bar", x: ["exact"], y: [3] }] }, text: "exact: 3" },
 *   ],
 * });
 * assert.ok(page.startsWith("<!doctype html>"));
 * assert.ok(page.includes("<title>Audit of &lt;runs.jsonl&gt;</title>"));
 * assert.equal(page.split("window.Plotly = Plotly").length, 2); // the library appears once
 * ```
 */
export async function offlineHtmlPage(options: HtmlPageOptions): Promise<string> {
  const charts = options.sections.filter((s) => "figure" in s);
  const body = options.sections.map((s) =>
    "figure" in s
      ? `<section>${plotlyHtml(s.figure, { text: s.text })}</section>`
      : `<section>${s.html}</section>`
  ).join("\n");
  const footer = (options.footer ?? []).map((l) => `<div>${escapeHtml(l)}</div>`).join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<style>${STYLE}</style>
${charts.length ? await plotlyLibraryScript() : ""}
</head>
<body>
<h1>${escapeHtml(options.title)}</h1>
<main class="${SCOPE}">
${body}
</main>
${footer ? `<footer>${footer}</footer>` : ""}
</body>
</html>
`;
}
