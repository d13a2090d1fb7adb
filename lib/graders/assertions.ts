/**
 * Per-row assertions (promptfoo style): each item of a row's `assertions` list runs as an extra
 * check on that row, named `assert:<type>` in the scored file. Known kinds map onto the graders
 * or onto small checks here; unknown kinds are never run and never pass.
 *
 * @module
 */
import { errored, quote } from "./_result.ts";
import { jsonCheck, listCheck, parseJson, startsWithCheck } from "./_assertion_checks.ts";
import { nearMiss } from "./near_miss.ts";
import { GRADER_NAMES, graderFor, type GraderName, GRADERS, isGraderName } from "./registry.ts";
import type { GradeInput, GradeResult } from "./types.ts";

/**
 * Assertion kinds other than the graders' own names: aliases of a grader with other settings
 * (`icontains`, `equals`, `is-json`) and small checks (lists, prefixes).
 */
const OTHER_KINDS = [
  "equals",
  "icontains",
  "contains-any",
  "contains-all",
  "icontains-any",
  "icontains-all",
  "starts-with",
  "is-json",
] as const;

/** Kinds that run a grader under another name, with these settings. */
const ALIASES: Readonly<
  Partial<Record<typeof OTHER_KINDS[number], { grader: GraderName; options?: object }>>
> = {
  "equals": { grader: "exact" },
  "icontains": { grader: "contains", options: { ignoreCase: true } },
  "is-json": { grader: "json-schema" },
};

/** A kind of assertion that verdict runs: every grader's name, and the kinds above. */
export type KnownAssertionType = GraderName | typeof OTHER_KINDS[number];

/**
 * The assertion kinds verdict runs: each grader by its name, then aliases and small checks.
 *
 * @example Every grader is an assertion kind
 * ```ts
 * import { GRADER_NAMES, KNOWN_ASSERTION_TYPES } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.ok(GRADER_NAMES.every((name) => KNOWN_ASSERTION_TYPES.includes(name)));
 * assert.ok(KNOWN_ASSERTION_TYPES.includes("icontains-all"));
 * ```
 */
export const KNOWN_ASSERTION_TYPES: readonly KnownAssertionType[] = Object.freeze([
  ...GRADER_NAMES,
  ...OTHER_KINDS,
]);

/**
 * One per-row assertion as a results file gives it (promptfoo style). The reader's `Assertion`
 * rows have this shape.
 */
export interface AssertionSpec {
  /** The assertion kind (`contains`, `regex`, `llm-rubric`…). */
  type: string;
  /** What the output is checked against: text, a pattern, a list, a schema. */
  value?: unknown;
  /** Pass threshold for graded kinds. */
  threshold?: unknown;
}

/** What running one assertion gave. */
export interface AssertionOutcome {
  /** The assertion's type as written. */
  type: string;
  /** False for a kind verdict does not run: then `result` has error `not-implemented`. */
  known: boolean;
  /** The verdict, as a grader gives it. */
  result: GradeResult;
  /** Near-miss steps when the assertion failed (see `nearMiss`). */
  nearMiss: string[];
  /** What the check did, for the scored file and reports. */
  settings: string;
  /** The threshold used by a graded kind, if any. */
  threshold?: number;
}

/** What an assertion may use from its row besides the output. */
export interface AssertionContext {
  /** The row's JSON Schema: a `json-schema` assertion without a value uses it. */
  schema?: unknown;
}

function isKnown(type: string): type is KnownAssertionType {
  return (KNOWN_ASSERTION_TYPES as readonly string[]).includes(type);
}

/** The value as a list of texts (a text, a number or boolean, or a list of them); or why not. */
function texts(value: unknown, splitCommas: boolean): string[] | string {
  if (value === undefined || value === null) return "the assertion has no value";
  if (typeof value === "string") {
    return splitCommas ? value.split(",").map((s) => s.trim()).filter((s) => s !== "") : [value];
  }
  if (typeof value === "number" || typeof value === "boolean") return [String(value)];
  if (
    Array.isArray(value) && value.every((v) => ["string", "number", "boolean"].includes(typeof v))
  ) {
    return value.map(String);
  }
  return `the assertion's value ${quote(JSON.stringify(value))} is not text or a list of texts`;
}

function threshold(a: AssertionSpec): number | undefined | GradeResult {
  const t: unknown = a.threshold;
  if (t === undefined || t === null) return undefined;
  const n = typeof t === "string" && t.trim() !== "" ? Number(t) : t;
  if (typeof n !== "number" || !Number.isFinite(n)) {
    return errored("bad-threshold", `threshold ${quote(String(t))} is not a number`);
  }
  return n;
}

function fromGrader(
  type: string,
  name: GraderName,
  input: GradeInput,
  options: object = {},
  prefix = "",
): AssertionOutcome {
  const grader = graderFor(name);
  const resolved = grader.resolve(options);
  const result = grader.grade(input, resolved);
  const out: AssertionOutcome = {
    type,
    known: true,
    result,
    nearMiss: nearMiss(name, input, result, resolved),
    settings: `${prefix}${grader.describe(resolved)}`,
  };
  if (input.threshold !== undefined) out.threshold = input.threshold;
  return out;
}

function schemaOf(value: unknown): unknown {
  if (typeof value === "string") {
    const parsed = parseJson(value);
    return "value" in parsed && typeof parsed.value === "object" ? parsed.value : undefined;
  }
  return typeof value === "object" && value !== null ? value : undefined;
}

function unknownKind(type: string): AssertionOutcome {
  return {
    type,
    known: false,
    result: errored(
      "not-implemented",
      `verdict does not run assertions of kind ${quote(type)}; it is counted and never passes`,
    ),
    nearMiss: [],
    settings: `${type}: not run by verdict`,
  };
}

function bad(type: string, reason: string): AssertionOutcome {
  return {
    type,
    known: true,
    result: errored("bad-assertion", reason),
    nearMiss: [],
    settings: type,
  };
}

/**
 * Run one assertion on a row's output. Known kinds:
 *
 * - every grader's name (see `GRADER_NAMES`): that grader with its default settings. `value` is
 *   the reference or pattern, or a list of them (any one may match); for a grader that reads a
 *   schema (json-schema) it is the schema, else the row's schema is used. A graded grader gives
 *   pass/fail only with the assertion's own `threshold` (pass ⇔ score ≥ threshold);
 * - `icontains`: contains ignoring case;
 * - `equals`: `exact` for a text value; for an object or array value, the output parsed as JSON
 *   must equal it (key order ignored);
 * - `contains-any`, `contains-all`, `icontains-any`, `icontains-all`: `value` is a list (or a
 *   comma-separated text) of items the output must contain, any or all, with or without case;
 * - `starts-with`: the output begins with `value`;
 * - `is-json`: the output parses as JSON; with a schema in `value` it becomes `json-schema`.
 *
 * Any other kind (llm-rubric, javascript, similar, rouge-n, levenshtein, a `not-` kind…) is not
 * run: its result is an error `not-implemented` that never counts as a pass. A known kind with a
 * missing or unusable value gives the error `bad-assertion`. A failing known assertion gets the
 * near-miss probe of the check it ran.
 *
 * @example A known kind, a near miss and an unknown kind
 * ```ts
 * import { runAssertion } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(runAssertion({ type: "icontains-all", value: ["box", "label"] }, "Box and Label").result.pass, true);
 * const miss = runAssertion({ type: "equals", value: "Paris" }, "Paris.");
 * assert.deepEqual([miss.result.pass, miss.nearMiss], [false, ["strip-trailing-punctuation"]]);
 * const rubric = runAssertion({ type: "llm-rubric", value: "is polite" }, "Hello");
 * assert.deepEqual([rubric.known, rubric.result.pass, rubric.result.error], [false, null, "not-implemented"]);
 * ```
 */
export function runAssertion(
  assertion: AssertionSpec,
  output: string,
  context: AssertionContext = {},
): AssertionOutcome {
  const type = assertion.type;
  if (!isKnown(type)) return unknownKind(type);
  const value = assertion.value;
  const absent = value === undefined || value === null;
  if (type === "equals" && typeof value === "object" && value !== null) {
    return jsonCheck(type, output, { value });
  }
  if (type === "is-json" && absent) return jsonCheck(type, output);
  const alias = isGraderName(type) ? undefined : ALIASES[type];
  const name = isGraderName(type) ? type : alias?.grader;
  if (name !== undefined && GRADERS[name].reads === "schema") {
    const given = absent ? undefined : schemaOf(value);
    if (!absent && given === undefined) {
      return bad(
        type,
        `the assertion's value ${quote(String(JSON.stringify(value)))} is not a JSON Schema`,
      );
    }
    const input = { output, references: [], schema: given ?? context.schema };
    const from = given === undefined ? "schema from the row; " : "schema from the assertion; ";
    return fromGrader(type, name, input, alias?.options, from);
  }
  const list = texts(value, type.endsWith("-any") || type.endsWith("-all"));
  if (typeof list === "string") return bad(type, list);
  const input: GradeInput = { output, references: list };
  if (name !== undefined) {
    if (GRADERS[name].kind === "binary") return fromGrader(type, name, input, alias?.options);
    const t = threshold(assertion);
    if (typeof t === "object") return { ...bad(type, t.reason ?? ""), result: t };
    return fromGrader(type, name, { ...input, threshold: t }, alias?.options);
  }
  switch (type) {
    case "contains-any":
    case "contains-all":
    case "icontains-any":
    case "icontains-all":
      return listCheck(type, output, list);
    case "starts-with":
      return startsWithCheck(output, list);
  }
  return unknownKind(type);
}
