// Public API of lib/stats: re-exports only.
export * from "./types.ts";
export * from "./wilson_interval.ts";
export * from "./clopper_pearson_interval.ts";
export * from "./bootstrap_interval.ts";
export * from "./mcnemar.ts";
