// Public API of lib/stats: re-exports only.
export {};
