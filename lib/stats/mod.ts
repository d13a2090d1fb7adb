// Public API of lib/stats: re-exports only.
export * from "./types.ts";
export * from "./check_confidence.ts";
export * from "./meets_threshold.ts";
export * from "./wilson_interval.ts";
export * from "./clopper_pearson_interval.ts";
export * from "./agresti_coull_interval.ts";
export * from "./normal_interval.ts";
export * from "./jeffreys_interval.ts";
export * from "./proportion_interval.ts";
export * from "./bootstrap_interval.ts";
export * from "./mcnemar.ts";
export * from "./newcombe_paired_interval.ts";
export * from "./paired_bootstrap.ts";
