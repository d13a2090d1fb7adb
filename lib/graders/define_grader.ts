/**
 * `defineGrader`: turn a grader's declaration (name, kind, options schema, probe, optional corpus
 * figure, grade and describe functions) into a grader whose options are checked and filled in
 * before every use.
 *
 * @module
 */
import { defaultOptions, type OptionsOf, type OptionsSchema, resolveOptions } from "./options.ts";
import { PROBE_EXTRAS, type ProbeExtraEntry } from "./_probe.ts";
import type {
  CorpusCapability,
  GradeInput,
  Grader,
  GradeResult,
  GraderKind,
  GraderScale,
  ProbeSpec,
} from "./types.ts";

/** The scale of every grader that does not declare one: fractions, higher is better. */
export const FRACTION_SCALE: GraderScale = Object.freeze({ direction: "higher", maximum: 1 });

/** What a grader file declares. `grade` and `describe` receive every option, checked. */
export interface GraderSpec<N extends string, K extends GraderKind, S extends OptionsSchema> {
  /** The grader's name (the registry key). */
  readonly name: N;
  /** Pass/fail, or a score with pass/fail only under a threshold. */
  readonly kind: K;
  /** What it checks, in one line. */
  readonly summary: string;
  /**
   * True when the grader cannot judge a row without a reference; a function when that depends on
   * the settings (SQuAD v2: a row without a reference is a question with no answer).
   */
  readonly needsReference: boolean | ((options: OptionsOf<S>) => boolean);
  /** What the output is compared with. */
  readonly reads: "references" | "schema";
  /**
   * Which way scores are better and their range (graded graders); default fractions in [0, 1],
   * higher is better. The grader's `grade` applies it to thresholds (see `graded`).
   */
  readonly scale?: GraderScale;
  /** The options schema. */
  readonly options: S;
  /** How the near-miss probe applies. */
  readonly probe: ProbeSpec;
  /** Grade one row with resolved options. */
  grade(input: GradeInput, options: OptionsOf<S>): GradeResult;
  /**
   * The verdict alone (`grade(input, options).pass`), without building the reason: the near-miss
   * probe re-grades failing rows many times and only asks whether they pass. Left out, `grade`
   * is used.
   */
  verdict?(input: GradeInput, options: OptionsOf<S>): boolean | null;
  /** The settings line for resolved options. */
  describe(options: OptionsOf<S>): string;
}

/** A grader as `defineGrader` returns it: its name, kind and corpus capability kept literal. */
export type DefinedGrader<
  N extends string,
  K extends GraderKind,
  S extends OptionsSchema,
  C extends CorpusCapability<OptionsOf<S>> | undefined,
> = Grader<S> & { readonly name: N; readonly kind: K; readonly corpus: C };

function checkProbe(name: string, schema: OptionsSchema, probe: ProbeSpec): void {
  for (const extra of probe.extras) {
    const entry: ProbeExtraEntry = PROBE_EXTRAS[extra];
    const option = entry.needsOption;
    if (option !== undefined && schema[option]?.type !== "boolean") {
      // A mistake in a grader's definition is a bug in verdict: a plain TypeError.
      throw new TypeError(
        `Grader "${name}": the probe "${extra}" needs a boolean option "${option}"`,
      );
    }
  }
}

function checkSchema(name: string, schema: OptionsSchema): void {
  for (const [option, spec] of Object.entries(schema)) {
    if (spec.default === null && !spec.nullable) {
      // A mistake in a grader's definition is a bug in verdict: a plain TypeError.
      throw new TypeError(`Grader "${name}": option "${option}" has a null default`);
    }
    // The default must itself be allowed.
    resolveOptions(name, schema, { [option]: spec.default });
  }
}

/** Freeze a value and everything in it. */
function frozen<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/** True when the value and everything in it is frozen (so it cannot change after a check). */
function deeplyFrozen(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(deeplyFrozen);
}

/**
 * Build a grader from its declaration. Options given to `grade` and `describe` are checked
 * against the schema and completed with the defaults, so the declaration's functions always see
 * every option with a valid value. A deeply frozen options object, such as the one `resolve`
 * returns, is checked once and remembered; any other is checked at every call.
 *
 * @example A tiny grader
 * ```ts
 * import { defineGrader } from "./define_grader.ts";
 * import { binary } from "./_result.ts";
 * import assert from "node:assert/strict";
 *
 * const startsWith = defineGrader({
 *   name: "starts-with",
 *   kind: "binary",
 *   summary: "the output starts with a reference",
 *   needsReference: true,
 *   reads: "references",
 *   options: { ignoreCase: { type: "boolean", default: false, help: "compare ignoring case" } },
 *   probe: { stepsOnReferences: true, extras: [] },
 *   grade(input, options) {
 *     const fold = (s: string) => options.ignoreCase ? s.toLowerCase() : s;
 *     return binary(input.references.some((r) => fold(input.output).startsWith(fold(r))));
 *   },
 *   describe: (options) => `starts-with: ${options.ignoreCase ? "ignore case" : "case-sensitive"}`,
 * });
 * assert.equal(startsWith.grade({ output: "Paris, France", references: ["paris"] }, { ignoreCase: true }).pass, true);
 * assert.equal(startsWith.describe(), "starts-with: case-sensitive");
 * assert.throws(() => startsWith.grade({ output: "x", references: ["x"] }, { ignorecase: true } as never), RangeError);
 * ```
 */
export function defineGrader<
  const N extends string,
  const K extends GraderKind,
  const S extends OptionsSchema,
>(
  spec: GraderSpec<N, K, S> & { readonly corpus: CorpusCapability<OptionsOf<S>> },
): DefinedGrader<N, K, S, CorpusCapability<OptionsOf<S>>>;
export function defineGrader<
  const N extends string,
  const K extends GraderKind,
  const S extends OptionsSchema,
>(spec: GraderSpec<N, K, S> & { readonly corpus?: undefined }): DefinedGrader<N, K, S, undefined>;
export function defineGrader<S extends OptionsSchema>(
  spec: GraderSpec<string, GraderKind, S> & { readonly corpus?: CorpusCapability<OptionsOf<S>> },
): Grader<S> {
  checkSchema(spec.name, spec.options);
  checkProbe(spec.name, spec.options, spec.probe);
  const defaults = frozen(defaultOptions(spec.options));
  // Only deeply frozen objects are remembered: they cannot change after they were checked.
  // Resolved options are frozen, so passing them back (as the jobs do for every row) is cheap.
  const seen = new WeakMap<object, OptionsOf<S>>();
  seen.set(defaults, defaults);
  // The remembered object asked for last, and its resolved options: the jobs pass the same
  // resolved options for every row.
  let lastAsked: unknown = defaults;
  let lastResolved = defaults;
  const resolve = (options?: unknown): OptionsOf<S> => {
    if (options === lastAsked) return lastResolved;
    if (options === undefined || options === null) return defaults;
    // A remembered object was deeply frozen when it was checked, and frozen objects stay so.
    if (typeof options === "object") {
      const known = seen.get(options);
      if (known !== undefined) {
        lastAsked = options;
        lastResolved = known;
        return known;
      }
    }
    const remember = typeof options === "object" && deeplyFrozen(options);
    const resolved = frozen(resolveOptions(spec.name, spec.options, options));
    seen.set(resolved, resolved);
    if (remember) seen.set(options, resolved);
    return resolved;
  };
  const needsReference = spec.needsReference;
  const needsReferenceWith = typeof needsReference === "boolean"
    ? () => needsReference
    : (options?: unknown) => needsReference(resolve(options));
  return {
    name: spec.name,
    kind: spec.kind,
    scale: spec.scale ?? FRACTION_SCALE,
    summary: spec.summary,
    needsReference: needsReferenceWith(),
    needsReferenceWith,
    reads: spec.reads,
    options: spec.options,
    defaults,
    probe: spec.probe,
    corpus: spec.corpus,
    resolve,
    grade: (input, options) => spec.grade(input, resolve(options)),
    verdict: spec.verdict === undefined
      ? (input, options) => spec.grade(input, resolve(options)).pass
      : (input, options) => spec.verdict!(input, resolve(options)),
    describe: (options) => spec.describe(resolve(options)),
  };
}
