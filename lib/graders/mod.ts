// Public API of lib/graders: re-exports only.
export {};
