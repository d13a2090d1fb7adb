// Reading the six result fields from file values: CSV gives strings, JSON gives typed values.
import type { ErrorKind } from "./types.ts";

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const NO_VALUE = new Set(["", "null", "none", "na", "n/a", "nan"]);
const TRUE = new Set(["true", "t", "pass", "passed", "yes", "y", "1", "1.0"]);
const FALSE = new Set(["false", "f", "fail", "failed", "no", "n", "0", "0.0"]);
const KINDS: readonly ErrorKind[] = ["infrastructure", "model", "grader", "unstated"];

/** A value that could not be read, with the sentence that says why. */
export interface Unreadable {
  problem: string;
}

function show(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  return JSON.stringify(text.length > 60 ? text.slice(0, 59) + "…" : text);
}

/** Text of an id-like value; null and undefined give "". */
export function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value) ?? "";
}

/** A score: a number (NaN and ±Infinity included), null when there is none. */
export function readScore(value: unknown, column: string): number | null | Unreadable {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string") {
    const t = value.trim();
    if (t === "") return null;
    if (/^[+-]?nan$/i.test(t)) return NaN;
    const inf = /^([+-]?)inf(?:inity)?$/i.exec(t);
    if (inf) return inf[1] === "-" ? -Infinity : Infinity;
    if (DECIMAL.test(t)) return Number(t);
  }
  return { problem: `${column} ${show(value)} is not a number` };
}

/** A verdict: true, false, or null when there is none. */
export function readPass(value: unknown, column: string): boolean | null | Unreadable {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (value === 1) return true;
    if (value === 0) return false;
    if (Number.isNaN(value)) return null;
  }
  if (typeof value === "string") {
    const t = value.trim().toLowerCase();
    if (NO_VALUE.has(t)) return null;
    if (TRUE.has(t)) return true;
    if (FALSE.has(t)) return false;
  }
  return { problem: `${column} ${show(value)} is not a verdict` };
}

/** A repeat number; blank gives 0, anything else not a whole number gives NaN (unreadable). */
export function readRepeatValue(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === "number") return value;
  const t = text(value);
  if (t === "") return 0;
  return DECIMAL.test(t) ? Number(t) : NaN;
}

/** Error text: blank gives undefined; an object gives its message or its JSON. */
export function readError(value: unknown): string | undefined {
  if (value === null || value === undefined || value === false) return undefined;
  if (typeof value === "object" && !Array.isArray(value)) {
    const message = (value as { message?: unknown }).message;
    if (typeof message === "string" && message.trim()) return message.trim();
  }
  const t = text(value);
  return t === "" ? undefined : t;
}

/** An error kind named in the file, or undefined (blank or not one of the four). */
export function readErrorKind(value: unknown): ErrorKind | undefined {
  const t = text(value).toLowerCase();
  if (t === "infra") return "infrastructure";
  return (KINDS as readonly string[]).includes(t) ? t as ErrorKind : undefined;
}

/** A raw grade: kept as it is, blank text gives undefined. */
export function readGrade(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  return value;
}

/**
 * A declared rate with its printed precision: `0.919`, `"0.919"`, `"91.9%"`. Percentages (a `%`
 * sign, or a number above 1 and at most 100) are turned into a fraction and keep their precision.
 */
export function readDeclared(
  value: unknown,
): { value: number; decimals: number; percent: boolean } | undefined | Unreadable {
  if (value === null || value === undefined) return undefined;
  let t = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (t === "") {
    return typeof value === "string"
      ? undefined
      : { problem: `declared ${show(value)} is not a rate` };
  }
  let percent = false;
  if (t.endsWith("%")) {
    percent = true;
    t = t.slice(0, -1).trim();
  }
  if (!DECIMAL.test(t) || /e/i.test(t)) return { problem: `declared ${show(value)} is not a rate` };
  let n = Number(t);
  let decimals = (t.split(".")[1] ?? "").length;
  if (!percent && n > 1 && n <= 100) percent = true;
  if (percent) {
    n = n / 100;
    decimals += 2;
  }
  if (!(n >= 0 && n <= 1)) return { problem: `declared ${show(value)} is not a rate in [0, 1]` };
  return { value: Number(n.toFixed(decimals)), decimals, percent };
}
