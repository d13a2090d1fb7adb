/**
 * The whole configuration of a scoring run, resolved and saved to a file that re-runs it exactly.
 *
 * @module
 */
import type { ColumnMapping, Format } from "../io/mod.ts";
import { VERDICT_VERSION } from "../graders/_version.ts";
import {
  GRADED_GRADERS,
  type GradedGraderName,
  GRADER_NAMES,
  type GraderName,
  type GraderOptions,
  GRADERS,
  isGraderName,
  unknownGrader,
} from "../graders/mod.ts";

/** How the optional overall row combines the pass/fail graders. */
export type OverallRule = "all" | "any";

/** What a caller may give to {@link resolveScoreConfig} (and so to `score`). */
export interface ScoreSettings {
  /** Graders to run, or `"all"` for every grader. */
  graders: readonly (GraderName | "all")[];
  /** Pass thresholds for graded graders (`GRADED_GRADERS`): pass ⇔ score ≥ threshold. */
  thresholds?: Partial<Record<GradedGraderName, number>>;
  /**
   * Per-grader settings (e.g. `{ numeric: { abs: 0.01 }, "rouge-l": { stemmer: true } }`), checked
   * against each grader's options schema.
   */
  graderOptions?: { [N in GraderName]?: Partial<GraderOptions[N]> };
  /** Column mapping overrides (`null` switches a suggested role off). */
  mapping?: ColumnMapping;
  /** Force the input format. */
  format?: Format;
  /** Version for files without a version column. */
  defaultVersion?: string;
  /** Add an `overall` row per case × version × repeat under this rule. */
  overall?: OverallRule;
  /** Put each row's output text in the scored file. */
  includeOutput?: boolean;
}

/** A configuration with every choice made explicit. Saved as JSON by `--save-config`. */
export interface ScoreConfig {
  /** The verdict version that wrote it. */
  verdict: string;
  /** Graders to run, in order. */
  graders: GraderName[];
  /** Pass thresholds of graded graders (never set for a pass/fail grader). */
  thresholds: Partial<Record<GraderName, number>>;
  /** Each selected grader's settings (and any given for others), checked, defaults filled in. */
  graderOptions: { [N in GraderName]?: GraderOptions[N] };
  /** The column mapping used. */
  mapping: ColumnMapping;
  /** The input format, or null to detect it. */
  format: Format | null;
  /** Version for files without a version column. */
  defaultVersion: string;
  /** The overall-row rule, or null for no overall row. */
  overall: OverallRule | null;
  /** Whether the scored file carries the output text. */
  includeOutput: boolean;
}

/** "a, b or c" */
function orList(names: readonly string[]): string {
  return names.length < 2
    ? names.join("")
    : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

/** Check options given per grader and fill in each selected grader's defaults. */
function resolveGraderOptions(
  given: Readonly<Record<string, unknown>>,
  selected: readonly GraderName[],
): ScoreConfig["graderOptions"] {
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    throw new TypeError("The grader options must be an object keyed by grader name");
  }
  for (const name of Object.keys(given)) {
    if (!isGraderName(name)) throw unknownGrader(name, { where: "in the grader options" });
  }
  const out: Record<string, unknown> = {};
  for (const name of GRADER_NAMES) {
    if (selected.includes(name) || given[name] !== undefined) {
      out[name] = GRADERS[name].resolve(given[name]);
    }
  }
  return out as ScoreConfig["graderOptions"];
}

/**
 * Resolve settings into a full configuration, checking every name and number: grader names,
 * thresholds (graded graders only, fractions in [0, 1]) and each grader's options against its
 * schema (an unknown option or a value out of range is a RangeError, a value of the wrong type a
 * TypeError, each naming the grader, the option and what is allowed).
 *
 * @example Expand "all" and check a threshold
 * ```ts
 * import { resolveScoreConfig } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const config = resolveScoreConfig({ graders: ["all"], thresholds: { bleu: 0.3 } });
 * assert.equal(config.graders.length, 10);
 * assert.throws(() => resolveScoreConfig({ graders: ["bleu"], thresholds: { bleu: 30 } }), RangeError);
 * assert.equal(config.graderOptions.numeric?.abs, 1e-9); // defaults filled in
 * assert.throws(
 *   () => resolveScoreConfig({ graders: ["numeric"], graderOptions: { numeric: { abss: 0.1 } as never } }),
 *   /Grader "numeric" has no option "abss" \(did you mean "abs"\?\)/,
 * );
 * ```
 */
export function resolveScoreConfig(settings: ScoreSettings): ScoreConfig {
  const graders: GraderName[] = [];
  for (const name of settings.graders) {
    if (name === "all") graders.push(...GRADER_NAMES);
    else if (isGraderName(name)) graders.push(name);
    else throw unknownGrader(name, { also: ["all"] });
  }
  const unique = [...new Set(graders)];
  if (unique.length === 0) throw new RangeError("Choose at least one grader");
  const thresholds: Partial<Record<GraderName, number>> = {};
  for (const [name, value] of Object.entries(settings.thresholds ?? {})) {
    if (!isGraderName(name) || GRADERS[name].kind !== "graded") {
      throw new RangeError(`A threshold applies to ${orList(GRADED_GRADERS)}, not "${name}"`);
    }
    if (typeof value !== "number") {
      throw new TypeError(
        `The ${name} threshold must be a fraction between 0 and 1, got ${JSON.stringify(value)}`,
      );
    }
    if (!(value >= 0 && value <= 1)) {
      throw new RangeError(
        `The ${name} threshold must be a fraction between 0 and 1, got ${value}`,
      );
    }
    thresholds[name] = value;
  }
  if (settings.overall !== undefined && settings.overall !== "all" && settings.overall !== "any") {
    throw new RangeError(`The overall rule is "all" or "any", not "${settings.overall}"`);
  }
  return {
    verdict: VERDICT_VERSION,
    graders: unique,
    thresholds,
    graderOptions: resolveGraderOptions(settings.graderOptions ?? {}, unique),
    mapping: { ...(settings.mapping ?? {}) },
    format: settings.format ?? null,
    defaultVersion: settings.defaultVersion ?? "default",
    overall: settings.overall ?? null,
    includeOutput: settings.includeOutput ?? false,
  };
}

/**
 * Read a configuration saved by `--save-config` (or written by hand) back into settings.
 *
 * @example Round trip
 * ```ts
 * import { configFromJson, resolveScoreConfig } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const saved = JSON.stringify(resolveScoreConfig({ graders: ["exact", "bleu"], overall: "all" }));
 * assert.deepEqual(resolveScoreConfig(configFromJson(saved, "cfg.json")).graders, ["exact", "bleu"]);
 * ```
 */
export function configFromJson(text: string, name: string): ScoreSettings {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SyntaxError(`Cannot read configuration "${name}": it is not valid JSON`);
  }
  if (
    typeof value !== "object" || value === null || !Array.isArray((value as ScoreConfig).graders)
  ) {
    throw new TypeError(`Cannot read configuration "${name}": it has no "graders" list`);
  }
  const c = value as Partial<ScoreConfig>;
  return {
    graders: c.graders as GraderName[],
    thresholds: c.thresholds,
    graderOptions: c.graderOptions,
    mapping: c.mapping,
    format: c.format ?? undefined,
    defaultVersion: c.defaultVersion,
    overall: c.overall ?? undefined,
    includeOutput: c.includeOutput,
  };
}
