// Public API of lib/compare: re-exports only.
export * from "./types.ts";
export * from "./compare_result.ts";
export * from "./compare.ts";
