// Public API of lib/render: re-exports only.
export * from "./display_symbol.ts";
export * from "./escape.ts";
export * from "./table.ts";
