// Public API of lib/harness: re-exports only.
export {};
