// Public API of lib/eval: re-exports only.
export * from "./types.ts";
export * from "./model_caller.ts";
export * from "./openai_compatible_caller.ts";
export * from "./anthropic_caller.ts";
export * from "./gemini_caller.ts";
export * from "./app_caller.ts";
export * from "./resolve_model.ts";
export * from "./dataset.ts";
export * from "./metric.ts";
export * from "./eval_metrics.ts";
export * from "./answers_file.ts";
export * from "./eval_result.ts";
export * from "./evaluate.ts";
export * from "./assert_metric.ts";
export type { IntervalSettings, MetricSummary } from "./_summary.ts";
export type { RetryPolicy } from "./_retry.ts";
