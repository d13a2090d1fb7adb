// Turning one raw record into the fields of a result row, or the reason it is left out.
import { parseJson } from "./nonfinite_json.ts";
import { isPlainObject } from "./_flatten.ts";
import type { Assertion, LeftOutReason, Reference, ReferenceKind } from "./types.ts";

/** A check that failed: the reason code, the column and a sentence. */
export interface Failure {
  code: LeftOutReason;
  field?: string;
  message: string;
}

const KINDS: readonly ReferenceKind[] = ["exact", "any-of", "label"];

/** Blank: absent, null or a string of only whitespace. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null ||
    (typeof value === "string" && value.trim() === "");
}

/** A scalar as text (numbers and booleans as JSON writes them); objects as JSON text. */
export function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** JSON text in a CSV cell (`[...]` or `{...}`) parsed; anything else returned as it is. */
export function maybeJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const t = value.trim();
  if (!(t.startsWith("[") || t.startsWith("{"))) return value;
  try {
    return parseJson(t);
  } catch {
    return value;
  }
}

/** The repeat number: absent → 0; a whole number ≥ 0, or a string of digits. */
export function readRepeat(value: unknown, column: string | undefined): number | Failure {
  if (column === undefined || isBlank(value)) return 0;
  const n = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n === "number" && Number.isInteger(n) && n >= 0) return n;
  return {
    code: "bad-repeat",
    field: column,
    message: `${column} is ${JSON.stringify(value)}, not a whole number of 0 or more`,
  };
}

function kindFailure(kind: unknown, field: string): Failure {
  return {
    code: "bad-expected-kind",
    field,
    message: `expected kind ${JSON.stringify(kind)} is not one of exact, any-of, label`,
  };
}

function isReferenceObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value).sort().join(",");
  return keys === "kind,value";
}

function valuesOf(value: unknown): string[] | null {
  if (Array.isArray(value)) {
    return value.every((v) => typeof v === "string" || typeof v === "number")
      ? value.map(asText)
      : null;
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return [asText(value)];
  }
  return null;
}

/**
 * The reference: a string (exact), a list (any-of), or `{kind, value}`; an expected-kind column
 * overrides the kind. Returns null when there is none.
 */
export function readReference(
  raw: unknown,
  column: string | undefined,
  kindValue: unknown,
  kindColumn: string | undefined,
): Reference | null | Failure {
  let kind: unknown = isBlank(kindValue) ? undefined : kindValue;
  if (kind !== undefined && !KINDS.includes(kind as ReferenceKind)) {
    return kindFailure(kind, kindColumn ?? "expected_kind");
  }
  if (column === undefined || isBlank(raw)) return null;
  let value = raw;
  const parsed = maybeJson(raw);
  // Text cells (CSV) may hold a JSON list for any-of, or a whole {kind, value} object; any other
  // text, JSON-looking or not, is the reference itself.
  if (kind === "any-of" && Array.isArray(parsed)) value = parsed;
  if (typeof raw === "string" && isReferenceObject(parsed)) value = parsed;
  if (isPlainObject(value)) {
    if (value.kind !== undefined) {
      if (!KINDS.includes(value.kind as ReferenceKind)) return kindFailure(value.kind, column);
      kind ??= value.kind;
    }
    value = value.value;
    if (isBlank(value)) return null;
  }
  const values = valuesOf(value);
  if (values === null) {
    return {
      code: "no-reference",
      field: column,
      message: `${column} holds ${JSON.stringify(value)}, not text or a list of texts`,
    };
  }
  if (values.length === 0) return null;
  const resolved = (kind ?? (Array.isArray(value) ? "any-of" : "exact")) as ReferenceKind;
  if (resolved !== "any-of" && values.length > 1) {
    return {
      code: "bad-expected-kind",
      field: column,
      message: `expected kind ${resolved} takes one reference, the row has ${values.length}`,
    };
  }
  return { kind: resolved, values };
}

/** Assertions: a list of objects, each with a string `type`; blank means none. */
export function readAssertions(
  raw: unknown,
  column: string | undefined,
): Assertion[] | null | Failure {
  if (column === undefined || isBlank(raw)) return null;
  const value = maybeJson(raw);
  const bad = (why: string): Failure => ({
    code: "bad-assertions",
    field: column,
    message: `${column} ${why}`,
  });
  if (!Array.isArray(value)) return bad("is not a list of assertions");
  for (let i = 0; i < value.length; i++) {
    const a = value[i];
    if (!isPlainObject(a)) return bad(`item ${i + 1} is not an object`);
    if (typeof a.type !== "string" || a.type.trim() === "") {
      return bad(`item ${i + 1} has no string "type"`);
    }
  }
  return value as Assertion[];
}

/** A per-row threshold, or undefined when blank; a warning sentence when it is not a number. */
export function readThreshold(raw: unknown): number | undefined | string {
  if (isBlank(raw)) return undefined;
  const n = typeof raw === "string" ? Number(raw.trim()) : raw;
  if (typeof n === "number" && Number.isFinite(n)) return n;
  return `threshold ${JSON.stringify(raw)} is not a number; the grader's own threshold applies`;
}
