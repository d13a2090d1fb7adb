// Public API of lib/io: re-exports only.
export * from "./types.ts";
export * from "./nonfinite_json.ts";
export * from "./numbered_lines.ts";
export * from "./source.ts";
export * from "./detect_format.ts";
export * from "./limits.ts";
export * from "./output_file.ts";
export * from "./open_records.ts";
export * from "./mapping.ts";
export * from "./result_roles.ts";
export * from "./open_mapped.ts";
export * from "./read_report.ts";
export * from "./read_results.ts";
