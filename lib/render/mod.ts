// Public API of lib/render: re-exports only.
export * from "./display_symbol.ts";
export * from "./escape.ts";
export * from "./table.ts";
export * from "./script_json.ts";
export * from "./bundle.ts";
export * from "./show.ts";
export * from "./plotly.ts";
export * from "./chart.ts";
export * from "./html_page.ts";
export * from "./envelope_chart.ts";
export * from "./bleu_gap_chart.ts";
export * from "./near_miss_chart.ts";
export * from "./progress.ts";
export * from "./forest_chart.ts";
export * from "./distribution_chart.ts";
export * from "./sections.ts";
