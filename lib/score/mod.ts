// Public API of lib/score: re-exports only.
export * from "./score_config.ts";
export * from "./config_file.ts";
export * from "./scored_file.ts";
export * from "./score_report.ts";
export * from "./score.ts";
export * from "./overall.ts";
export * from "./score_charts.ts";
export * from "./score_views.ts";
export * from "./score_page.ts";
export * from "./read_view.ts";
