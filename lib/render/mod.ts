// Public API of lib/render: re-exports only.
export {};
