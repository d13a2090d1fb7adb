// Small readers for loosely typed JSON values, shared by the adapters.
import type { ScoreScale } from "../audit/types.ts";

/** The scale of scores a harness gives on no stated range (the audit then never calls them off scale). */
export const UNBOUNDED: Readonly<ScoreScale> = { min: -Infinity, max: Infinity };

/** A plain JSON object. */
export type Obj = Record<string, unknown>;

/** True for a non-null, non-array object. */
export function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value as an object, or undefined. */
export function obj(value: unknown): Obj | undefined {
  return isObj(value) ? value : undefined;
}

/** The value as a non-empty string, or undefined. Numbers are written out. */
export function text(value: unknown): string | undefined {
  if (typeof value === "string") return value === "" ? undefined : value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** The value as a number (NaN and ±Infinity included), or undefined. */
export function num(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}

/** The value as an array, or an empty array. */
export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The first line of a message, trimmed and capped, for reasons and notes. */
export function firstLine(message: string, max = 200): string {
  const line = message.trim().split("\n", 1)[0];
  return line.length > max ? line.slice(0, max - 1) + "…" : line;
}

/** A rate `part / whole`, or undefined when `whole` is 0 or either is missing. */
export function rate(part: unknown, whole: unknown): number | undefined {
  return typeof part === "number" && typeof whole === "number" && whole > 0
    ? part / whole
    : undefined;
}

/** Format a number for notes: up to four decimals, no trailing zeros. */
export function fmt(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return String(Math.round(value * 1e4) / 1e4);
}
