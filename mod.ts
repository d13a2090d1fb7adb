/**
 * verdict: score results files with code graders, audit them for rows without a verdict, and
 * report honest pass rates.
 *
 * @module
 */
export * from "./lib/io/mod.ts";
