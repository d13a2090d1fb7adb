/**
 * Reports as sections (a heading, tables, lines), rendered as text or as escaped HTML. A section
 * marked `details` is folded in HTML (a `<details>` element) and left out of the text unless it is
 * verbose, so a report opens with what a person reads at a glance.
 *
 * @module
 */
import { escapeHtml } from "./escape.ts";
import { htmlTable, type Table, type TableOptions, textTable } from "./table.ts";

/** One part of a report: a heading, tables and lines of text, all plain data. */
export interface ReportSection {
  /** The section's heading (for a folded section: the summary line that opens it). */
  heading?: string;
  /** Lines shown before the tables, e.g. which number to report. */
  lead?: readonly string[];
  /** Its tables, in order. */
  tables?: readonly Table[];
  /** Lines of text under the tables. */
  lines?: readonly string[];
  /**
   * Details rather than summary: folded under its heading in HTML, and in text shown only when
   * verbose.
   */
  details?: boolean;
}

/** How each table of a section is capped (see {@link TableOptions}). */
export type SectionTableOptions = (table: Table) => TableOptions;

/** Options of {@linkcode sectionsText}. */
export interface SectionsTextOptions {
  /** Show the detail sections too (default false). */
  verbose?: boolean;
  /**
   * How to see the details, ending the line that counts the sections left out (default
   * `toText({ verbose: true }) shows them`).
   */
  more?: string;
}

/** The line that says which detail sections the text leaves out (by kind, each named once). */
function leftOutLine(sections: readonly ReportSection[], more: string): string | undefined {
  const hidden = sections.filter((s) => s.details);
  if (hidden.length === 0) return undefined;
  // "Failing cases, version v2: 113 rows" and "…, version v3: …" are one kind of detail, and so
  // are "Unscored attempts of judge · v2" and "… of judge · v3".
  const kinds = [
    ...new Set(hidden.map((s) => (s.heading ?? "details").split(/[,:(]| of /)[0].trim())),
  ];
  return `Details not shown: ${kinds.join("; ")} (${more}).`;
}

/**
 * Sections as plain text: each heading underlined, its lead lines, its tables aligned, then its
 * lines; sections apart by a blank line. Detail sections only when `verbose`; otherwise one line
 * names them.
 *
 * @example Two sections and a detail
 * ```ts
 * import { sectionsText } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const sections = [
 *   { heading: "Totals", tables: [{ columns: ["class", "rows"], rows: [["passed", 3]] }] },
 *   { lines: ["No unscored attempts."] },
 *   { heading: "Notes", lines: ["From a test."], details: true },
 * ];
 * assert.equal(
 *   sectionsText(sections),
 *   "Totals\n======\nclass   rows\n------  ----\npassed     3\n\nNo unscored attempts.\n\n" +
 *     "Details not shown: Notes (toText({ verbose: true }) shows them).\n",
 * );
 * assert.match(sectionsText(sections, undefined, { verbose: true }), /Notes\n=====\nFrom a test\.\n$/);
 * ```
 */
export function sectionsText(
  sections: readonly ReportSection[],
  tableOptions: SectionTableOptions = () => ({}),
  options: SectionsTextOptions = {},
): string {
  const out: string[] = [];
  for (const s of sections) {
    if (s.details && !options.verbose) continue;
    const block: string[] = [];
    // A heading is one line: a newline from the data (a prompt as a version name) is shown as \n.
    const heading = s.heading?.replace(/\r?\n/g, "\\n");
    if (heading) block.push(heading, "=".repeat([...heading].length));
    for (const line of s.lead ?? []) block.push(line);
    if (s.lead?.length && s.tables?.length) block.push("");
    for (const t of s.tables ?? []) block.push(textTable(t, tableOptions(t)), "");
    for (const line of s.lines ?? []) block.push(line);
    out.push(block.join("\n").trimEnd());
  }
  if (!options.verbose) {
    const line = leftOutLine(sections, options.more ?? "toText({ verbose: true }) shows them");
    if (line) out.push(line);
  }
  return out.join("\n\n") + "\n";
}

/**
 * Sections as an HTML fragment in a `<div>` of the given class: the first heading an `<h2>`, the
 * others `<h3>`; detail sections folded in `<details>` under their heading; every value escaped.
 *
 * @example A heading from a file is escaped
 * ```ts
 * import { sectionsHtml } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const html = sectionsHtml([{ heading: "Audit of <x.csv>", lines: ["ok"] }], "verdict-audit");
 * assert.equal(html, '<div class="verdict-audit">\n<h2>Audit of &lt;x.csv&gt;</h2>\n<p>ok</p>\n</div>');
 * const folded = sectionsHtml([{ heading: "Notes", lines: ["a"], details: true }], "x");
 * assert.match(folded, /<details class="verdict-details"><summary>Notes<\/summary>\n<p>a<\/p>\n<\/details>/);
 * ```
 */
export function sectionsHtml(
  sections: readonly ReportSection[],
  cssClass: string,
  tableOptions: SectionTableOptions = () => ({}),
): string {
  const out: string[] = [`<div class="${escapeHtml(cssClass)}">`];
  sections.forEach((s, i) => {
    const body: string[] = [];
    for (const line of s.lead ?? []) body.push(`<p class="verdict-lead">${escapeHtml(line)}</p>`);
    for (const t of s.tables ?? []) body.push(htmlTable(t, tableOptions(t)));
    for (const line of s.lines ?? []) body.push(`<p>${escapeHtml(line)}</p>`);
    if (s.details) {
      out.push(
        `<details class="verdict-details"><summary>${escapeHtml(s.heading ?? "Details")}` +
          `</summary>\n${body.join("\n")}\n</details>`,
      );
      return;
    }
    if (s.heading) {
      const tag = i === 0 ? "h2" : "h3";
      out.push(`<${tag}>${escapeHtml(s.heading)}</${tag}>`);
    }
    for (const part of body) out.push(part);
  });
  out.push("</div>");
  return out.join("\n");
}
