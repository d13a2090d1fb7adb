// Public API of lib/eval: re-exports only.
export * from "./types.ts";
export * from "./model_caller.ts";
export * from "./openai_compatible_caller.ts";
export * from "./app_caller.ts";
export * from "./resolve_model.ts";
