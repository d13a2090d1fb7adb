/**
 * Reading a saved scoring configuration (`--save-config`, or one written by hand) back into
 * settings, with every field checked.
 *
 * @module
 */
import type { ColumnMapping, Format } from "../io/mod.ts";
import type { GraderName } from "../graders/mod.ts";
import type { OverallRule, ScoreConfig, ScoreSettings } from "./score_config.ts";
import { UserRangeError, UserSyntaxError, UserTypeError } from "../errors/mod.ts";

/** The fields a configuration file may have, and the type each must be. */
const FIELDS: Readonly<Record<keyof ScoreConfig, string>> = {
  verdict: "text",
  graders: "a list of grader names",
  thresholds: "an object of grader → fraction",
  graderOptions: "an object of grader → settings",
  mapping: "an object of role → column name or null",
  format: "a format name or null",
  defaultVersion: "text",
  overall: '"all", "any" or null',
  includeOutput: "true or false",
  resolved: "an object (information only)",
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function fieldType(name: keyof ScoreConfig, value: unknown): boolean {
  switch (name) {
    case "verdict":
    case "defaultVersion":
      return typeof value === "string";
    case "graders":
      return Array.isArray(value) && value.every((g) => typeof g === "string");
    case "thresholds":
    case "graderOptions":
    case "mapping":
    case "resolved":
      return isObject(value);
    case "format":
    case "overall":
      return value === null || typeof value === "string";
    case "includeOutput":
      return typeof value === "boolean";
  }
}

/**
 * Read a configuration saved by `--save-config` (or written by hand) back into settings. A field
 * it does not know, or a field of the wrong type, is an error naming the file and the field; the
 * values themselves (grader names, options, thresholds, format) are checked when the settings
 * are resolved. `resolved` (what a run read the file as) is information and is not used.
 *
 * @example Round trip, with a role switched off
 * ```ts
 * import { configFromJson, resolveScoreConfig } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const config = resolveScoreConfig({ graders: ["exact", "bleu"], overall: "all", mapping: { schema: null } });
 * const settings = configFromJson(JSON.stringify(config), "cfg.json");
 * assert.deepEqual(resolveScoreConfig(settings), config);
 * assert.throws(() => configFromJson('{"graders": ["exact"], "treshold": {}}', "cfg.json"), {
 *   name: "RangeError",
 *   message: /^Cannot read configuration "cfg.json": unknown field "treshold"/,
 * });
 * ```
 */
export function configFromJson(text: string, name: string): ScoreSettings {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UserSyntaxError(`Cannot read configuration "${name}": it is not valid JSON`);
  }
  if (!isObject(value) || !Array.isArray(value.graders)) {
    throw new UserTypeError(`Cannot read configuration "${name}": it has no "graders" list`);
  }
  for (const [field, v] of Object.entries(value)) {
    if (!Object.hasOwn(FIELDS, field)) {
      throw new UserRangeError(
        `Cannot read configuration "${name}": unknown field "${field}"; the fields are ${
          Object.keys(FIELDS).join(", ")
        }`,
      );
    }
    const key = field as keyof ScoreConfig;
    if (!fieldType(key, v)) {
      throw new UserTypeError(
        `Cannot read configuration "${name}": "${field}" must be ${FIELDS[key]}, got ${
          JSON.stringify(v)
        }`,
      );
    }
  }
  const c = value as Partial<ScoreConfig>;
  const settings: ScoreSettings = { graders: c.graders as GraderName[] };
  if (c.thresholds !== undefined) settings.thresholds = c.thresholds;
  if (c.graderOptions !== undefined) settings.graderOptions = c.graderOptions;
  if (c.mapping !== undefined) settings.mapping = c.mapping as ColumnMapping;
  if (c.format !== undefined && c.format !== null) settings.format = c.format as Format;
  if (c.defaultVersion !== undefined) settings.defaultVersion = c.defaultVersion;
  if (c.overall !== undefined && c.overall !== null) settings.overall = c.overall as OverallRule;
  if (c.includeOutput !== undefined) settings.includeOutput = c.includeOutput;
  return settings;
}
