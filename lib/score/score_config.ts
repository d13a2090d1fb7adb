/**
 * The whole configuration of a scoring run, resolved and saved to a file that re-runs it exactly.
 *
 * @module
 */
import type { ColumnMapping, Format } from "../io/mod.ts";
import { VERDICT_VERSION } from "../graders/_version.ts";
import { GRADER_NAMES, type GraderName } from "../graders/mod.ts";

/** How the optional overall row combines the pass/fail graders. */
export type OverallRule = "all" | "any";

/** What a caller may give to {@link resolveScoreConfig} (and so to `score`). */
export interface ScoreSettings {
  /** Graders to run, or `"all"` for the ten. */
  graders: readonly (GraderName | "all")[];
  /** Pass thresholds for graded graders (token-f1, bleu, rouge-l, chrf): pass ⇔ score ≥ threshold. */
  thresholds?: Partial<Record<GraderName, number>>;
  /** Per-grader settings (e.g. `{ numeric: { abs: 0.01 }, "rouge-l": { stemmer: true } }`). */
  graderOptions?: Partial<Record<GraderName, Record<string, unknown>>>;
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
  /** Pass thresholds of graded graders. */
  thresholds: Partial<Record<GraderName, number>>;
  /** Every grader's settings, defaults filled in. */
  graderOptions: Partial<Record<GraderName, Record<string, unknown>>>;
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

const GRADED = new Set<GraderName>(["token-f1", "bleu", "rouge-l", "chrf"]);

/**
 * Resolve settings into a full configuration, checking every name and number.
 *
 * @example Expand "all" and check a threshold
 * ```ts
 * import { resolveScoreConfig } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const config = resolveScoreConfig({ graders: ["all"], thresholds: { bleu: 0.3 } });
 * assert.equal(config.graders.length, 10);
 * assert.throws(() => resolveScoreConfig({ graders: ["bleu"], thresholds: { bleu: 30 } }), RangeError);
 * ```
 */
export function resolveScoreConfig(settings: ScoreSettings): ScoreConfig {
  const graders: GraderName[] = [];
  for (const name of settings.graders) {
    if (name === "all") graders.push(...GRADER_NAMES);
    else if ((GRADER_NAMES as readonly string[]).includes(name)) graders.push(name);
    else {
      throw new RangeError(
        `Unknown grader "${name}": choose from ${GRADER_NAMES.join(", ")} or all`,
      );
    }
  }
  const unique = [...new Set(graders)];
  if (unique.length === 0) throw new RangeError("Choose at least one grader");
  const thresholds: Partial<Record<GraderName, number>> = {};
  for (const [name, value] of Object.entries(settings.thresholds ?? {})) {
    if (!GRADED.has(name as GraderName)) {
      throw new RangeError(
        `A threshold applies to token-f1, bleu, rouge-l or chrf, not "${name}"`,
      );
    }
    if (typeof value !== "number" || !(value >= 0 && value <= 1)) {
      throw new RangeError(
        `The ${name} threshold must be a fraction between 0 and 1, got ${value}`,
      );
    }
    thresholds[name as GraderName] = value;
  }
  for (const name of Object.keys(settings.graderOptions ?? {})) {
    if (!(GRADER_NAMES as readonly string[]).includes(name)) {
      throw new RangeError(`Options given for unknown grader "${name}"`);
    }
  }
  if (settings.overall !== undefined && settings.overall !== "all" && settings.overall !== "any") {
    throw new RangeError(`The overall rule is "all" or "any", not "${settings.overall}"`);
  }
  return {
    verdict: VERDICT_VERSION,
    graders: unique,
    thresholds,
    graderOptions: structuredClone(settings.graderOptions ?? {}),
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
