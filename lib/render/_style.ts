/**
 * Private: the one stylesheet of verdict's tables, notes and folded details, used by report pages
 * and by notebook outputs alike. Every rule is scoped under `.verdict`, so a notebook output that
 * carries it restyles nothing else on the page; each rule is specific enough to win over Jupyter's
 * own table styles (JupyterLab right-aligns every cell, centres tables and fixes their layout).
 *
 * @module
 */

/** The class of the element that scopes the stylesheet. */
export const SCOPE = "verdict";

const S = `.${SCOPE}`;

/** The stylesheet, as CSS text. */
export const TABLE_CSS = [
  `${S}{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#222;line-height:1.4}`,
  `${S} table.verdict-table{border-collapse:collapse;font-size:.875rem;margin:.4rem 0 .6rem;` +
  `table-layout:auto;width:auto;max-width:100%}`,
  `${S} table.verdict-table caption{caption-side:top;text-align:left;font-weight:600;` +
  `padding:.2rem 0;color:#222;white-space:nowrap}`,
  // A wide table scrolls in its own box. Width 0 stretched back to 100% keeps the table's width
  // out of the output's own sizing: in a notebook export the output area grows to fit its
  // content, so with max-width alone a wide table pushed the whole output past the page's edge.
  `${S} .verdict-scroll{overflow-x:auto;width:0;min-width:100%}`,
  `${S} table.verdict-table th,${S} table.verdict-table td{border:1px solid #d4d4d4;` +
  `padding:.2rem .55rem;vertical-align:top;line-height:1.35;white-space:normal;max-width:none}`,
  `${S} table.verdict-table thead th{background:#f3f3f3;font-weight:600;white-space:normal}`,
  `${S} table.verdict-table tbody tr:nth-child(even){background:#fafafa}`,
  `${S} table.verdict-table tbody tr:hover{background:#eef4fb}`,
  `${S} table.verdict-table .v-text{text-align:left}`,
  `${S} table.verdict-table .v-num{text-align:right;font-variant-numeric:tabular-nums;` +
  `white-space:nowrap}`,
  `${S} table.verdict-table .v-nowrap{white-space:nowrap}`,
  `${S} table.verdict-table td[title]{cursor:help}`,
  `${S} .verdict-note{color:#555;font-size:.82rem;margin:.1rem 0}`,
  `${S} .verdict-lead{font-size:.95rem;margin:.3rem 0 .5rem}`,
  `${S} details.verdict-details{margin:.4rem 0;border-left:3px solid #d4d4d4;padding-left:.6rem}`,
  `${S} details.verdict-details>summary{cursor:pointer;font-weight:600;padding:.15rem 0}`,
  `${S} h2{font-size:1.2rem;margin:.6rem 0 .3rem}`,
  `${S} h3{font-size:1.02rem;margin:.8rem 0 .3rem}`,
  `${S} p{margin:.3rem 0}`,
  `${S} .verdict-chart-text{font-size:.8rem;white-space:pre-wrap}`,
].join("\n");

/** The stylesheet as a `<style>` element. */
export const STYLE_ELEMENT = `<style>\n${TABLE_CSS}\n</style>`;
