/**
 * Reports as sections (a heading, tables, lines), rendered as text or as escaped HTML.
 *
 * @module
 */
import { escapeHtml } from "./escape.ts";
import { htmlTable, type Table, type TableOptions, textTable } from "./table.ts";

/** One part of a report: a heading, tables and lines of text, all plain data. */
export interface ReportSection {
  /** The section's heading. */
  heading?: string;
  /** Its tables, in order. */
  tables?: readonly Table[];
  /** Lines of text under the tables. */
  lines?: readonly string[];
}

/** How each table of a section is capped (see {@link TableOptions}). */
export type SectionTableOptions = (table: Table) => TableOptions;

/**
 * Sections as plain text: each heading underlined, its tables aligned, then its lines; sections
 * apart by a blank line.
 *
 * @example Two sections
 * ```ts
 * import { sectionsText } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const text = sectionsText([
 *   { heading: "Totals", tables: [{ columns: ["class", "rows"], rows: [["passed", 3]] }] },
 *   { lines: ["No unscored attempts."] },
 * ]);
 * assert.equal(text, "Totals\n======\nclass   rows\n------  ----\npassed     3\n\nNo unscored attempts.\n");
 * ```
 */
export function sectionsText(
  sections: readonly ReportSection[],
  tableOptions: SectionTableOptions = () => ({}),
): string {
  const out: string[] = [];
  for (const s of sections) {
    const block: string[] = [];
    if (s.heading) block.push(s.heading, "=".repeat([...s.heading].length));
    for (const t of s.tables ?? []) block.push(textTable(t, tableOptions(t)), "");
    for (const line of s.lines ?? []) block.push(line);
    out.push(block.join("\n").trimEnd());
  }
  return out.join("\n\n") + "\n";
}

/**
 * Sections as an HTML fragment in a `<div>` of the given class: the first heading an `<h2>`, the
 * others `<h3>`; every value escaped.
 *
 * @example A heading from a file is escaped
 * ```ts
 * import { sectionsHtml } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const html = sectionsHtml([{ heading: "Audit of <x.csv>", lines: ["ok"] }], "verdict-audit");
 * assert.equal(html, '<div class="verdict-audit">\n<h2>Audit of &lt;x.csv&gt;</h2>\n<p>ok</p>\n</div>');
 * ```
 */
export function sectionsHtml(
  sections: readonly ReportSection[],
  cssClass: string,
  tableOptions: SectionTableOptions = () => ({}),
): string {
  const out: string[] = [`<div class="${escapeHtml(cssClass)}">`];
  sections.forEach((s, i) => {
    if (s.heading) {
      const tag = i === 0 ? "h2" : "h3";
      out.push(`<${tag}>${escapeHtml(s.heading)}</${tag}>`);
    }
    for (const t of s.tables ?? []) out.push(htmlTable(t, tableOptions(t)));
    for (const line of s.lines ?? []) out.push(`<p>${escapeHtml(line)}</p>`);
  });
  out.push("</div>");
  return out.join("\n");
}
