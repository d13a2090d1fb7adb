// Public API of lib/errors: re-exports only.
export * from "./user_error.ts";
export * from "./closest_name.ts";
