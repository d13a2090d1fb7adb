/**
 * The whole configuration of a scoring run: the user's own choices, checked and made explicit, so
 * that a saved configuration re-runs the same scoring.
 *
 * @module
 */
import { type ColumnMapping, type Format, FORMATS, RESULT_ROLES } from "../io/mod.ts";
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
import { closestName, UserRangeError, UserTypeError } from "../errors/mod.ts";

/** How the optional overall row combines the pass/fail graders. */
export type OverallRule = "all" | "any";

/** What a caller may give to {@link resolveScoreConfig} (and so to `score`). */
export interface ScoreSettings {
  /** Graders to run, or `"all"` for every grader. */
  graders: readonly (GraderName | "all")[];
  /**
   * Pass thresholds for graded graders (`GRADED_GRADERS`): pass ⇔ score ≥ threshold, or ≤ for a
   * grader where lower is better (TER; see each grader's `scale`).
   */
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

/** What a run read the file as, recorded beside the configuration for information. */
export interface ResolvedReading {
  /** The format the file was read as (detected unless forced); null for rows given in memory. */
  format: Format | null;
  /** The column of each role: the overrides, plus what was suggested from the file's columns. */
  mapping: ColumnMapping;
}

/**
 * A configuration with every choice made explicit. Saved as JSON by `--save-config`; `--config`
 * (or {@link configFromJson}) reads it back. It holds the user's choices, not what they resolved
 * to on one file: the mapping overrides as given (a `null` switches a role off) and the format
 * as forced or `null`, so a re-run resolves them against the file exactly as the first run did.
 */
export interface ScoreConfig {
  /** The verdict version that wrote it. */
  verdict: string;
  /** Graders to run, in order. */
  graders: GraderName[];
  /** Pass thresholds of graded graders (never set for a pass/fail grader). */
  thresholds: Partial<Record<GraderName, number>>;
  /** Each selected grader's settings (and any given for others), checked, defaults filled in. */
  graderOptions: { [N in GraderName]?: GraderOptions[N] };
  /**
   * The column mapping overrides as given (`null` switches a role off); roles left out are
   * suggested from the file's columns at each run.
   */
  mapping: ColumnMapping;
  /** The input format as forced, or null to detect it from the file. */
  format: Format | null;
  /** Version for files without a version column. */
  defaultVersion: string;
  /** The overall-row rule, or null for no overall row. */
  overall: OverallRule | null;
  /** Whether the scored file carries the output text. */
  includeOutput: boolean;
  /**
   * Set by a run: the format and the whole mapping it read the file with. For information only;
   * a re-run from this configuration does not use it.
   */
  resolved?: ResolvedReading;
}

/** What a grader's threshold may be, in words. */
function thresholdRange(name: GraderName): string {
  const scale = GRADERS[name].scale;
  return scale.maximum === 1
    ? "a fraction between 0 and 1"
    : `a number ≥ 0 (${name} passes at or ${scale.direction === "lower" ? "under" : "over"} it)`;
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
    throw new UserTypeError("The grader options must be an object keyed by grader name");
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
 * thresholds (graded graders only, fractions in [0, 1]; TER's may exceed 1) and each grader's options against its
 * schema (an unknown option or a value out of range is a RangeError, a value of the wrong type a
 * TypeError, each naming the grader, the option and what is allowed).
 *
 * @example Expand "all" and check a threshold
 * ```ts
 * import { GRADER_NAMES, resolveScoreConfig } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const config = resolveScoreConfig({ graders: ["all"], thresholds: { bleu: 0.3, ter: 1.5 } });
 * assert.deepEqual(config.graders, GRADER_NAMES);
 * assert.throws(() => resolveScoreConfig({ graders: ["bleu"], thresholds: { bleu: 30 } }), RangeError);
 * assert.throws(() => resolveScoreConfig({ graders: ["ter"], thresholds: { ter: -1 } }), /a number ≥ 0/);
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
    if (name === "all") { for (const g of GRADER_NAMES) graders.push(g); }
    else if (isGraderName(name)) graders.push(name);
    else throw unknownGrader(name, { also: ["all"] });
  }
  const unique = [...new Set(graders)];
  if (unique.length === 0) throw new UserRangeError("Choose at least one grader");
  const thresholds: Partial<Record<GraderName, number>> = {};
  for (const [name, value] of Object.entries(settings.thresholds ?? {})) {
    if (!isGraderName(name) || GRADERS[name].kind !== "graded") {
      throw new UserRangeError(`A threshold applies to ${orList(GRADED_GRADERS)}, not "${name}"`);
    }
    const range = thresholdRange(name);
    if (typeof value !== "number") {
      throw new UserTypeError(
        `The ${name} threshold must be ${range}, got ${JSON.stringify(value)}`,
      );
    }
    if (!(Number.isFinite(value) && value >= 0 && value <= GRADERS[name].scale.maximum)) {
      throw new UserRangeError(`The ${name} threshold must be ${range}, got ${value}`);
    }
    thresholds[name] = value;
  }
  const mapping = settings.mapping ?? {};
  if (typeof mapping !== "object" || mapping === null || Array.isArray(mapping)) {
    throw new UserTypeError("The column mapping must be an object of role → column name (or null)");
  }
  const roles = Object.keys(RESULT_ROLES.synonyms);
  for (const [role, column] of Object.entries(mapping)) {
    if (!Object.hasOwn(RESULT_ROLES.synonyms, role)) {
      const guess = closestName(role, roles);
      throw new UserRangeError(
        `Cannot use the score settings: the mapping names ${
          JSON.stringify(role)
        }, which is not a role` +
          (guess ? ` (did you mean ${guess}?)` : "") + `; the roles are ${roles.join(", ")}`,
      );
    }
    if (column !== null && typeof column !== "string") {
      throw new UserTypeError(
        `The column mapping of "${role}" must be a column name or null, got ${
          JSON.stringify(column)
        }`,
      );
    }
  }
  if (settings.format !== undefined && !FORMATS.includes(settings.format)) {
    throw new UserRangeError(
      `The format is one of ${FORMATS.join(", ")}, not ${JSON.stringify(settings.format)}`,
    );
  }
  if (settings.overall !== undefined && settings.overall !== "all" && settings.overall !== "any") {
    throw new UserRangeError(`The overall rule is "all" or "any", not "${settings.overall}"`);
  }
  return {
    verdict: VERDICT_VERSION,
    graders: unique,
    thresholds,
    graderOptions: resolveGraderOptions(settings.graderOptions ?? {}, unique),
    mapping: { ...mapping },
    format: settings.format ?? null,
    defaultVersion: settings.defaultVersion ?? "default",
    overall: settings.overall ?? null,
    includeOutput: settings.includeOutput ?? false,
  };
}
