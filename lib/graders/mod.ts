// Public API of lib/graders: re-exports only.
export * from "./types.ts";
export * from "./signature.ts";
export * from "./bleu_metric.ts";
export * from "./chrf_metric.ts";
export * from "./rouge_l_metric.ts";
export * from "./squad_metric.ts";
