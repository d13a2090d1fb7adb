// Public API of lib/audit: re-exports only.
export {};
