/**
 * verdict: score results files with code graders, audit them for rows without a verdict, and
 * report honest pass rates.
 *
 * @module
 */
export * from "./lib/io/mod.ts";
export * from "./lib/text/mod.ts";
export * from "./lib/stats/mod.ts";
export * from "./lib/graders/mod.ts";
export * from "./lib/audit/mod.ts";
export * from "./lib/harness/mod.ts";
export * from "./lib/render/mod.ts";
