// The assertion kinds that are small checks rather than graders: contains-any/-all (with or
// without case), starts-with, and JSON parsing or equality. Each comes with its near-miss probe.
import { binary, notJudged, quote } from "./_result.ts";
import { codeFence, numberReading, probe, type ProbeTarget } from "./_probe.ts";
import type { AssertionOutcome } from "./assertions.ts";
import type { GradeInput, GradeResult } from "./types.ts";

function fromCheck(
  type: string,
  grade: (input: GradeInput) => GradeResult,
  target: ProbeTarget,
  input: GradeInput,
  settings: string,
): AssertionOutcome {
  const result = grade(input);
  return { type, known: true, result, nearMiss: probe(target, input, result), settings };
}

// The small checks: contains-any/-all (optionally ignoring case) and starts-with.
export function listCheck(type: string, output: string, items: string[]): AssertionOutcome {
  const fold = type.startsWith("i") ? (s: string) => s.toLowerCase() : (s: string) => s;
  const all = type.endsWith("-all");
  const grade = (input: GradeInput): GradeResult => {
    const used = input.references.filter((r) => r !== "");
    if (used.length === 0) return notJudged("no-reference", "the assertion's list is empty");
    const text = fold(input.output);
    const missing = used.filter((r) => !text.includes(fold(r)));
    if (all ? missing.length === 0 : missing.length < used.length) return binary(true);
    return binary(
      false,
      all
        ? `output lacks ${missing.length} of ${used.length}: ${
          missing.map((m) => quote(m)).join(", ")
        }`
        : `output contains none of the ${used.length} items`,
    );
  };
  const verdict = (input: GradeInput) => grade(input).pass;
  const target = { verdict, stepsOnReferences: true, extras: [numberReading(verdict)] };
  const how = `${all ? "every item" : "at least one item"}, ${
    fold("A") === "a" ? "ignoring case" : "case-sensitive"
  }`;
  return fromCheck(type, grade, target, { output, references: items }, `${type}: ${how}`);
}

export function startsWithCheck(output: string, prefixes: string[]): AssertionOutcome {
  const grade = (input: GradeInput): GradeResult => {
    const index = input.references.findIndex((p) => input.output.startsWith(p));
    if (index >= 0) return binary(true, undefined, index);
    return binary(
      false,
      `output does not start with ${input.references.map((p) => quote(p)).join(" or ")}`,
    );
  };
  const verdict = (input: GradeInput) => grade(input).pass;
  const target = { verdict, stepsOnReferences: true, extras: [numberReading(verdict)] };
  return fromCheck(
    "starts-with",
    grade,
    target,
    { output, references: prefixes },
    "starts-with: case-sensitive prefix",
  );
}

/** JSON values equal regardless of key order. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length &&
    ka.every((k) =>
      Object.hasOwn(b, k) &&
      sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])
    );
}

export function parseJson(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

// `is-json` without a schema, and `equals` with a JSON value: the output parsed as JSON.
export function jsonCheck(
  type: string,
  output: string,
  expected?: { value: unknown },
): AssertionOutcome {
  const grade = (input: GradeInput): GradeResult => {
    const parsed = parseJson(input.output);
    if ("error" in parsed) return binary(false, `output is not valid JSON: ${parsed.error}`);
    if (!expected || sameJson(parsed.value, expected.value)) return binary(true);
    return binary(false, "output parses as JSON but differs from the expected value");
  };
  const verdict = (input: GradeInput) => grade(input).pass;
  const target = { verdict, stepsOnReferences: false, extras: [codeFence(verdict)] };
  const settings = expected
    ? `${type}: JSON equal to the value (key order ignored)`
    : `${type}: output parses as JSON`;
  return fromCheck(type, grade, target, { output, references: [] }, settings);
}
