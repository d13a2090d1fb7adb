// Public API of lib/audit: re-exports only.
export * from "./types.ts";
export * from "./error_kind.ts";
export * from "./raw_grade.ts";
export * from "./classify_row.ts";
export * from "./convention_rates.ts";
export * from "./score_mean.ts";
export * from "./declared_match.ts";
export * from "./zeroing_check.ts";
export * from "./audit.ts";
export * from "./audit_report.ts";
export * from "./audit_counts.ts";
export * from "./audit_gates.ts";
export * from "./audit_file.ts";
