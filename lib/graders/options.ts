/**
 * Grader options as data: each grader declares a schema of its settings (type, default, allowed
 * values or range, help), and every option given through the API, a configuration file or the
 * command line is checked against it. The TypeScript type of a grader's options is derived from
 * the same schema, so the two cannot drift apart.
 *
 * @module
 */
import { closestName, UserRangeError, UserSyntaxError, UserTypeError } from "../errors/mod.ts";

/** What every option spec has. */
interface OptionBase<T> {
  /** One line saying what the option does (shown in `--help` and errors). */
  readonly help: string;
  /** The value used when the option is not given (`null` only when `nullable`). */
  readonly default: T | null;
  /** `null` is allowed and means "not set" (e.g. "the smoothing method's own value"). */
  readonly nullable?: boolean;
}

/** `true` or `false`. */
export interface BooleanOption extends OptionBase<boolean> {
  /** The option's type. */
  readonly type: "boolean";
}

/** One of a fixed list of values (text or numbers, e.g. a tokenizer name or a version 1 | 2). */
export interface EnumOption<V extends string | number = string | number> extends OptionBase<V> {
  /** The option's type. */
  readonly type: "enum";
  /** The values allowed, in the order help lists them. */
  readonly values: readonly V[];
}

/** Bounds of a number or whole number; any left out is open. */
export interface NumberRange {
  /** Smallest value allowed. */
  readonly minimum?: number;
  /** Largest value allowed. */
  readonly maximum?: number;
  /** The value must be above this. */
  readonly exclusiveMinimum?: number;
  /** The value must be below this. */
  readonly exclusiveMaximum?: number;
}

/** A whole number, optionally within a range. */
export interface IntegerOption extends OptionBase<number>, NumberRange {
  /** The option's type. */
  readonly type: "integer";
}

/** A finite number, optionally within a range. */
export interface NumberOption extends OptionBase<number>, NumberRange {
  /** The option's type. */
  readonly type: "number";
}

/** A list drawn from a fixed set of values (each at most once). */
export interface ListOption<V extends string = string> extends OptionBase<readonly V[]> {
  /** The option's type. */
  readonly type: "list";
  /** The values an item may take. */
  readonly values: readonly V[];
}

/** Any JSON value (e.g. a JSON Schema); `help` says what shape is expected. */
export interface JsonOption extends OptionBase<unknown> {
  /** The option's type. */
  readonly type: "json";
}

/** One option's declaration. */
export type OptionSpec =
  | BooleanOption
  | EnumOption
  | IntegerOption
  | NumberOption
  | ListOption
  | JsonOption;

/** A grader's options schema: option name → declaration. */
export type OptionsSchema = { readonly [name: string]: OptionSpec };

/** The schema of a grader that takes no options. */
export type NoOptions = Record<never, never>;

type BaseValue<S> = S extends { type: "boolean" } ? boolean
  : S extends { type: "enum"; values: readonly (infer V)[] } ? V
  : S extends { type: "integer" | "number" } ? number
  : S extends { type: "list"; values: readonly (infer V)[] } ? readonly V[]
  : S extends { type: "json" } ? unknown
  : never;

/** The value type of one option spec. */
export type OptionValue<S> = BaseValue<S> | (S extends { nullable: true } ? null : never);

/** The options object a schema describes (every option present, as after resolving). */
export type OptionsOf<S extends OptionsSchema> = { -readonly [K in keyof S]: OptionValue<S[K]> };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const show = (v: unknown): string => {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean" || v === null) return String(v);
  if (v === undefined) return "nothing";
  try {
    const text = JSON.stringify(v);
    return text.length > 60 ? `${text.slice(0, 59)}…` : text;
  } catch {
    return String(v);
  }
};

function rangeText(r: NumberRange): string {
  const low = r.minimum !== undefined
    ? `≥ ${r.minimum}`
    : r.exclusiveMinimum !== undefined
    ? `> ${r.exclusiveMinimum}`
    : undefined;
  const high = r.maximum !== undefined
    ? `≤ ${r.maximum}`
    : r.exclusiveMaximum !== undefined
    ? `< ${r.exclusiveMaximum}`
    : undefined;
  return [low, high].filter((x) => x !== undefined).join(" and ");
}

/**
 * What an option accepts, in words: `true or false`, `one of first, last`, `a number ≥ 0`…
 *
 * @example Four kinds of option
 * ```ts
 * import { allowedText } from "./options.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(allowedText({ type: "boolean", default: false, help: "" }), "true or false");
 * assert.equal(allowedText({ type: "enum", values: ["13a", "none"], default: "13a", help: "" }), "one of 13a, none");
 * assert.equal(allowedText({ type: "integer", minimum: 1, maximum: 4, default: 4, help: "" }), "a whole number ≥ 1 and ≤ 4");
 * assert.equal(allowedText({ type: "number", exclusiveMinimum: 0, default: 1, nullable: true, help: "" }), "a number > 0, or null");
 * ```
 */
export function allowedText(spec: OptionSpec): string {
  let text: string;
  switch (spec.type) {
    case "boolean":
      text = "true or false";
      break;
    case "enum":
      text = `one of ${spec.values.join(", ")}`;
      break;
    case "integer":
    case "number": {
      const range = rangeText(spec);
      text = `${spec.type === "integer" ? "a whole number" : "a number"}${
        range ? ` ${range}` : ""
      }`;
      break;
    }
    case "list":
      text = `a list of ${spec.values.join(", ")} (each at most once)`;
      break;
    case "json":
      text = "a JSON value";
      break;
  }
  return spec.nullable ? `${text}, or null` : text;
}

/** The option's default as help shows it. */
export function defaultText(spec: OptionSpec): string {
  const d = spec.default;
  if (d === null) return "null";
  if (Array.isArray(d)) return d.length === 0 ? "none" : d.join(",");
  return typeof d === "string" ? d : JSON.stringify(d);
}

function inRange(n: number, r: NumberRange): boolean {
  return (r.minimum === undefined || n >= r.minimum) &&
    (r.maximum === undefined || n <= r.maximum) &&
    (r.exclusiveMinimum === undefined || n > r.exclusiveMinimum) &&
    (r.exclusiveMaximum === undefined || n < r.exclusiveMaximum);
}

/** Check one value against its spec; returns the value to use (lists are copied). */
function checkValue(grader: string, name: string, spec: OptionSpec, value: unknown): unknown {
  const fail = (Kind: typeof UserTypeError | typeof UserRangeError): never => {
    throw new Kind(
      `Grader "${grader}": option "${name}" must be ${allowedText(spec)}, got ${show(value)}`,
    );
  };
  if (value === null) return spec.nullable ? null : fail(UserTypeError);
  switch (spec.type) {
    case "boolean":
      if (typeof value !== "boolean") fail(UserTypeError);
      return value;
    case "enum": {
      const sameType = spec.values.some((v) => typeof v === typeof value);
      if (!sameType) fail(UserTypeError);
      if (!(spec.values as readonly unknown[]).includes(value)) fail(UserRangeError);
      return value;
    }
    case "integer":
    case "number":
      if (typeof value !== "number") fail(UserTypeError);
      if (!Number.isFinite(value as number)) fail(UserRangeError);
      if (spec.type === "integer" && !Number.isInteger(value)) fail(UserRangeError);
      if (!inRange(value as number, spec)) fail(UserRangeError);
      return value;
    case "list": {
      if (!Array.isArray(value)) fail(UserTypeError);
      const items = value as unknown[];
      if (items.some((v) => typeof v !== "string")) fail(UserTypeError);
      const known = spec.values as readonly unknown[];
      if (items.some((v) => !known.includes(v)) || new Set(items).size !== items.length) {
        fail(UserRangeError);
      }
      return [...items];
    }
    case "json":
      return value === undefined ? fail(UserTypeError) : structuredClone(value);
  }
}

/** The error for an option the schema does not have. */
function unknownOption(grader: string, name: string, schema: OptionsSchema): RangeError {
  const names = Object.keys(schema);
  if (names.length === 0) {
    return new UserRangeError(`Grader "${grader}" takes no options, got "${name}"`);
  }
  const near = closestName(name, names);
  const listed = names.map((n) => `${n} (${allowedText(schema[n])})`).join("; ");
  return new UserRangeError(
    `Grader "${grader}" has no option "${name}"${
      near ? ` (did you mean "${near}"?)` : ""
    }; its options: ${listed}`,
  );
}

/** The defaults of a schema, as an options object. */
export function defaultOptions<S extends OptionsSchema>(schema: S): OptionsOf<S> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(schema)) {
    out[name] = Array.isArray(spec.default) ? [...spec.default] : spec.default;
  }
  return out as OptionsOf<S>;
}

/**
 * Check options against a grader's schema and fill in the defaults. An unknown option is a
 * RangeError (naming the options there are); a value of the wrong type a TypeError; a value out
 * of range or not among the allowed ones a RangeError. Every message names the grader, the option
 * and what is allowed. Options left out or `undefined` take their defaults.
 *
 * @example Defaults filled in; a typo and a wrong type refused
 * ```ts
 * import { resolveOptions } from "./options.ts";
 * import assert from "node:assert/strict";
 *
 * const schema = {
 *   abs: { type: "number", minimum: 0, default: 1e-9, help: "absolute tolerance" },
 *   ignoreCase: { type: "boolean", default: false, help: "ignore case" },
 * } as const;
 * assert.deepEqual(resolveOptions("numeric", schema, { abs: 0.5 }), { abs: 0.5, ignoreCase: false });
 * assert.throws(() => resolveOptions("numeric", schema, { abss: 0.1 }), {
 *   name: "RangeError",
 *   message: /^Grader "numeric" has no option "abss" \(did you mean "abs"\?\)/,
 * });
 * assert.throws(() => resolveOptions("numeric", schema, { ignoreCase: 5 }), {
 *   name: "TypeError",
 *   message: 'Grader "numeric": option "ignoreCase" must be true or false, got 5',
 * });
 * ```
 */
export function resolveOptions<S extends OptionsSchema>(
  grader: string,
  schema: S,
  given?: unknown,
): OptionsOf<S> {
  const out = defaultOptions(schema) as Record<string, unknown>;
  if (given === undefined || given === null) return out as OptionsOf<S>;
  if (!isRecord(given)) {
    throw new UserTypeError(
      `Grader "${grader}": options must be an object of named settings, got ${show(given)}`,
    );
  }
  for (const [name, value] of Object.entries(given)) {
    if (!Object.hasOwn(schema, name)) throw unknownOption(grader, name, schema);
    if (value === undefined) continue;
    out[name] = checkValue(grader, name, schema[name], value);
  }
  return out as OptionsOf<S>;
}

/**
 * Read an option's value from command-line text, by its type: `true`/`false`; a number; one of
 * the allowed values; a list as JSON (`["a","b"]`) or comma-separated (`a,b`, empty for none);
 * JSON for a JSON option; `null` when the option allows it. The value is then checked as
 * {@link resolveOptions} checks it, with the same messages.
 *
 * @example Text to values
 * ```ts
 * import { parseOptionText } from "./options.ts";
 * import assert from "node:assert/strict";
 *
 * const schema = {
 *   ignoreCase: { type: "boolean", default: false, help: "ignore case" },
 *   steps: { type: "list", values: ["lowercase", "punct"], default: ["lowercase", "punct"], help: "steps" },
 * } as const;
 * assert.equal(parseOptionText("contains", schema, "ignoreCase", "true"), true);
 * assert.deepEqual(parseOptionText("normalized", schema, "steps", "punct"), ["punct"]);
 * assert.throws(() => parseOptionText("contains", schema, "ignoreCase", "5"), {
 *   name: "TypeError",
 *   message: 'Grader "contains": option "ignoreCase" must be true or false, got "5"',
 * });
 * ```
 */
export function parseOptionText(
  grader: string,
  schema: OptionsSchema,
  name: string,
  text: string,
): unknown {
  if (!Object.hasOwn(schema, name)) throw unknownOption(grader, name, schema);
  const spec = schema[name];
  const trimmed = text.trim();
  let value: unknown = text;
  if (spec.nullable && trimmed === "null") value = null;
  else {
    switch (spec.type) {
      case "boolean":
        if (trimmed === "true" || trimmed === "false") value = trimmed === "true";
        break;
      case "integer":
      case "number":
        if (trimmed !== "" && Number.isFinite(Number(trimmed))) value = Number(trimmed);
        break;
      case "enum": {
        const match = spec.values.find((v) => String(v) === trimmed);
        if (match !== undefined) value = match;
        break;
      }
      case "list":
        if (trimmed.startsWith("[")) value = jsonOr(trimmed, text);
        else value = trimmed === "" ? [] : trimmed.split(",").map((s) => s.trim());
        break;
      case "json":
        value = jsonOr(trimmed, undefined);
        if (value === undefined) {
          throw new UserSyntaxError(
            `Grader "${grader}": option "${name}" takes JSON text, got ${show(text)}`,
          );
        }
        break;
    }
  }
  return checkValue(grader, name, spec, value);
}

function jsonOr(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}
