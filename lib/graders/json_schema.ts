/**
 * The JSON Schema grader: the output must be JSON that the row's schema accepts (ajv 8,
 * draft-07, with ajv-formats). Schemas are compiled once per distinct JSON text and never load
 * remote `$ref`s.
 *
 * @module
 */

// ajv and ajv-formats bundled as one ES module (tools/bundle_cjs.ts): the packages are CommonJS,
// and loading them through Deno's Node module loader costs ~110 ms of CPU. The bundle runs them
// when the first schema is compiled, so a file with no schema never does.
import { ajvModules } from "./_ajv.js";
import { validate as draft07 } from "./_ajv_meta.js";
import type { Ajv, ErrorObject, ValidateFunction } from "npm:ajv@8.20.0";
import { binary, errored, notJudged } from "./_result.ts";
import { re2Engine } from "./_re2.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { OptionsOf, OptionsSchema } from "./options.ts";

const JSON_SCHEMA_OPTIONS = {
  schema: {
    type: "json",
    nullable: true,
    default: null,
    help: "a JSON Schema (JSON text on the command line) for rows that carry none",
  },
} as const satisfies OptionsSchema;

/** Options of the JSON Schema grader: `schema`, used for rows that carry none. */
export type JsonSchemaOptions = OptionsOf<typeof JSON_SCHEMA_OPTIONS>;

const CACHE_LIMIT = 256;
const MAX_REASONS = 3;
const cache = new Map<string, ValidateFunction | string>();

/** An ajv instance as every schema is compiled: draft-07 with formats, patterns on RE2. */
function newAjv(): Ajv {
  // strict: false accepts unknown keywords (common in real schemas); the meta-schema check
  // still rejects invalid ones. No loadSchema: an unresolved $ref is an error, never a fetch.
  // Patterns run on RE2 (linear time), never on JavaScript's backtracking RegExp.
  // tools/bundle_cjs.ts makes _ajv_meta.js from these options: change both together.
  const { Ajv, addFormats } = ajvModules();
  const ajv = new Ajv({ allErrors: true, strict: false, code: { regExp: re2Engine } });
  addFormats(ajv);
  // Every schema is first checked against the draft-07 meta-schema, whose validator ajv would
  // compile on the instance's first schema (~40 ms of CPU, most of a small file's json-schema
  // time). The validator ajv generates for it is made ahead instead: the same code, as ajv's
  // standalone output (_ajv_meta.js), given to the meta-schema's entry as if compiled there.
  const meta = ajv.schemas[DRAFT_07];
  if (meta === undefined) throw new Error(`ajv has no meta-schema ${DRAFT_07}`);
  meta.validate = draft07;
  return ajv;
}

/** The draft-07 meta-schema's key in ajv. */
const DRAFT_07 = "http://json-schema.org/draft-07/schema";

/**
 * The instance schemas without an `$id` share (building one costs more than most compiles). ajv
 * keeps some values of every schema it compiled (its patterns, generated names), so a fresh one
 * replaces it every SHARED_COMPILES schemas: memory stays bounded on files with many schemas.
 */
let shared: Ajv | undefined;
let sharedCompiles = 0;
const SHARED_COMPILES = 256;

/**
 * Compile a schema given as its JSON text (cached). A string result is why it cannot be used.
 * A schema that names an `$id` anywhere gets its own ajv instance, so two
 * rows whose schemas share an `$id` cannot clash; the others share one instance, which forgets
 * each schema once its validator is compiled (so it holds nothing per schema).
 */
function compile(text: string): ValidateFunction | string {
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  let out: ValidateFunction | string;
  try {
    const schema = JSON.parse(text);
    if (/"\$id"\s*:/.test(text)) out = newAjv().compile(schema);
    else {
      if (sharedCompiles++ % SHARED_COMPILES === 0) shared = undefined;
      const ajv = shared ??= newAjv();
      try {
        out = ajv.compile(schema);
      } finally {
        if (typeof schema === "object" && schema !== null) ajv.removeSchema(schema);
      }
    }
  } catch (e) {
    out = `the schema cannot be used: ${e instanceof Error ? e.message : String(e)}`;
    const declared = declaredDraft(text);
    if (declared !== undefined && !declared.includes("draft-07")) {
      out = `the schema declares $schema ${
        JSON.stringify(declared)
      }, which is not supported (draft-07 is)`;
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(text, out);
  return out;
}

/** The `$schema` a schema declares, if any. */
function declaredDraft(text: string): string | undefined {
  const schema: unknown = JSON.parse(text);
  if (typeof schema !== "object" || schema === null) return undefined;
  const declared = (schema as Record<string, unknown>).$schema;
  return typeof declared === "string" ? declared : undefined;
}

/** A property name from the output, cut to a length a reason can show. */
function cut(name: string, max = 60): string {
  const chars = Array.from(name);
  return chars.length > max ? chars.slice(0, max).join("") + "…" : name;
}

function describeError(e: ErrorObject): string {
  const where = e.instancePath === "" ? "(root)" : e.instancePath;
  const extra = e.keyword === "additionalProperties"
    ? ` (${cut(String(e.params.additionalProperty))})`
    : "";
  return `${where} ${e.message ?? e.keyword}${extra}`;
}

/** The schema's JSON text, or a not-judged / error result. */
function schemaText(schema: unknown): string | ReturnType<typeof errored> {
  if (schema === undefined || schema === null || schema === "") {
    return notJudged("no-schema", "the row has no JSON Schema");
  }
  if (typeof schema === "string") {
    try {
      return JSON.stringify(JSON.parse(schema));
    } catch {
      return errored("bad-schema", "the schema is not valid JSON");
    }
  }
  if (typeof schema !== "object" && typeof schema !== "boolean") {
    return errored("bad-schema", `the schema is a ${typeof schema}, not an object`);
  }
  return JSON.stringify(schema);
}

/**
 * JSON Schema: passes when the output parses as JSON and validates against `input.schema` (an
 * object, or its JSON text), or against the `schema` option for a row that has none. Output that is not JSON fails with the parser's message; a failed
 * validation names the first errors (JSON pointer and message). A schema that ajv rejects, or
 * whose `$ref` points outside it, is an error (`bad-schema`); no schema: not judged.
 *
 * @example Validate two outputs and an invalid schema
 * ```ts
 * import { jsonSchemaGrader } from "./json_schema.ts";
 * import assert from "node:assert/strict";
 *
 * const schema = { type: "object", required: ["total"], properties: { total: { type: "number" } } };
 * assert.equal(jsonSchemaGrader.grade({ output: '{"total": 12}', references: [], schema }).pass, true);
 * const miss = jsonSchemaGrader.grade({ output: '{"total": "12"}', references: [], schema });
 * assert.equal(miss.reason, "/total must be number");
 * assert.equal(jsonSchemaGrader.grade({ output: "{}", references: [], schema: { type: "strng" } }).error, "bad-schema");
 * ```
 */
export const jsonSchemaGrader: DefinedGrader<
  "json-schema",
  "binary",
  typeof JSON_SCHEMA_OPTIONS,
  undefined
> = defineGrader({
  name: "json-schema",
  kind: "binary",
  summary: "the output is JSON valid against the row's schema (ajv, draft-07)",
  needsReference: false,
  reads: "schema",
  options: JSON_SCHEMA_OPTIONS,
  // There is no reference to format; a fenced JSON block is the usual near miss.
  probe: { stepsOnReferences: false, extras: ["code-fence"] },
  grade(input, options) {
    const text = schemaText(input.schema ?? options.schema);
    if (typeof text !== "string") return text;
    const validate = compile(text);
    if (typeof validate === "string") return errored("bad-schema", validate);
    let value: unknown;
    try {
      value = JSON.parse(input.output);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      return binary(false, `output is not valid JSON: ${message}`);
    }
    let valid: boolean;
    try {
      valid = validate(value) as boolean;
    } catch (e) {
      // A schema that refers to itself with no end (`{"$ref": "#"}`) recurses until the stack
      // runs out: an error on this row, not the end of the run.
      if (!(e instanceof RangeError)) throw e;
      return errored(
        "bad-schema",
        "the schema cannot be used: validating with it never ends (it refers to itself " +
          'without consuming the value, e.g. {"$ref": "#"})',
      );
    }
    if (valid) return binary(true);
    const errors = validate.errors ?? [];
    const shown = errors.slice(0, MAX_REASONS).map(describeError).join("; ");
    const more = errors.length > MAX_REASONS ? ` (and ${errors.length - MAX_REASONS} more)` : "";
    return binary(false, `${shown}${more}`);
  },
  describe(options) {
    const fallback = options.schema === null ? "" : "; rows without a schema use the given one";
    return `json-schema: ajv draft-07 + formats, remote $ref not loaded${fallback}`;
  },
});
