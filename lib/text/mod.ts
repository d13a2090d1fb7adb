// Public API of lib/text: re-exports only.
export {};
