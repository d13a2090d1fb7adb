// Public API of lib/eval: re-exports only.
export {};
