/**
 * The built-in eval metrics, in one typed registry, and `name[:threshold][:key=value]` parsing.
 *
 * @module
 */
import { contains, exactMatch, f1 } from "./_text_metrics.ts";
import { choice, number } from "./_extract_metrics.ts";
import { jsonMatch, jsonValid } from "./_json_metrics.ts";
import {
  customMetric,
  type Metric,
  type MetricOutcome,
  type MetricRecord,
  type ResolvedMetric,
  verdict,
} from "./metric.ts";
import type { AnswerRecord } from "./types.ts";
import { UserRangeError, UserSyntaxError, UserTypeError } from "../errors/mod.ts";

/** Options given after the name (`schema=person.json`), with files already read. */
type Options = Readonly<Record<string, unknown>>;

/** A built-in metric's description. */
export interface BuiltinMetric {
  /** `binary`: 1 or 0, passing at 1 by default; `graded`: a number, no pass/fail without a threshold. */
  kind: "binary" | "graded";
  /** Which way is better. */
  direction: "higher" | "lower";
  /** True when an item without a reference is not scored. */
  needsReference: boolean;
  /** What it measures and how, shown beside its figures. */
  settings: string;
  /** Units of the value. */
  unit?: string;
  /** Allowed thresholds, inclusive. */
  range: readonly [number, number];
  /** Options it takes after its name (`key=value`); values ending in `.json` are read as files. */
  options?: readonly string[];
  /** The value a failed call gets (default 0). */
  failedValue?: (answer: AnswerRecord) => number;
  /** Score one item. */
  compute(record: MetricRecord, references: readonly string[], options: Options): MetricOutcome;
}

/** The names of the built-in metrics. */
export type EvalMetricName =
  | "exact_match"
  | "f1"
  | "contains"
  | "choice"
  | "number"
  | "json_valid"
  | "json_match"
  | "latency";

/** The built-in metrics. */
export const EVAL_METRICS: Readonly<Record<EvalMetricName, BuiltinMetric>> = {
  exact_match: {
    kind: "binary",
    direction: "higher",
    needsReference: true,
    settings: "SQuAD v1.1 normalization (case, punctuation, articles, spaces); best reference",
    range: [0, 1],
    compute: (r, refs) => exactMatch(r.text, refs),
  },
  f1: {
    kind: "graded",
    direction: "higher",
    needsReference: true,
    settings: "SQuAD v1.1 token F1; best reference",
    range: [0, 1],
    compute: (r, refs) => f1(r.text, refs),
  },
  contains: {
    kind: "binary",
    direction: "higher",
    needsReference: true,
    settings: "a reference appears as whole words after SQuAD normalization; any reference",
    range: [0, 1],
    compute: (r, refs) => contains(r.text, refs),
  },
  choice: {
    kind: "binary",
    direction: "higher",
    needsReference: true,
    settings: 'the option letter the answer names ("answer is (B)", "**B**", "B)")',
    range: [0, 1],
    compute: (r, refs) => choice(r.text, refs),
  },
  number: {
    kind: "binary",
    direction: "higher",
    needsReference: true,
    settings: "final number: after ####, else in \\boxed{}, else the last; equal within 1e-9",
    range: [0, 1],
    compute: (r, refs) => number(r.text, refs),
  },
  json_valid: {
    kind: "binary",
    direction: "higher",
    needsReference: false,
    settings: "the answer is JSON (ajv draft-07 with schema=FILE)",
    range: [0, 1],
    options: ["schema"],
    compute: (r, _refs, o) => jsonValid(r.text, o.schema),
  },
  json_match: {
    kind: "graded",
    direction: "higher",
    needsReference: true,
    settings: "share of the reference's JSON fields the answer gets right; best reference",
    range: [0, 1],
    compute: (r, refs) => jsonMatch(r.text, refs),
  },
  latency: {
    kind: "graded",
    direction: "lower",
    needsReference: false,
    settings: "milliseconds of the attempt that answered (retries and waits not counted)",
    unit: "ms",
    range: [0, Number.MAX_SAFE_INTEGER],
    failedValue: (a) => a.elapsedMs ?? NaN,
    compute: (r) =>
      r.answer.latencyMs === null
        ? { value: null, reason: "no latency recorded" }
        : { value: r.answer.latencyMs, reason: `${Math.round(r.answer.latencyMs)} ms` },
  },
};

/** How a file named by a metric option is read (default: `Deno.readTextFile`). */
export type ReadText = (path: string) => Promise<string>;

function isBuiltin(name: string): name is EvalMetricName {
  return Object.hasOwn(EVAL_METRICS, name);
}

/**
 * Resolve a metric written as `name`, `name:threshold` or with options (`json_valid:schema=s.json`),
 * or a custom {@link Metric} object.
 *
 * @throws {TypeError} An unknown name or option. {@link RangeError}: a threshold out of range.
 *
 * @example A graded metric with a threshold
 * ```ts
 * import { resolveMetric } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const f1 = await resolveMetric("f1:0.5");
 * assert.deepEqual([f1.name, f1.kind, f1.threshold], ["f1", "graded", 0.5]);
 * assert.equal((await resolveMetric("exact_match")).threshold, 1);
 * assert.equal((await resolveMetric("f1")).threshold, null);
 * await assert.rejects(resolveMetric("bleu"), /Unknown metric "bleu"/);
 * ```
 */
export async function resolveMetric(
  spec: string | Metric,
  readText: ReadText = (path) => Deno.readTextFile(path),
): Promise<ResolvedMetric> {
  if (typeof spec !== "string") return customMetric(spec);
  const [name, ...parts] = spec.split(":").map((s) => s.trim());
  if (!isBuiltin(name)) {
    throw new UserTypeError(
      `Unknown metric "${name}": use one of ${Object.keys(EVAL_METRICS).join(", ")}`,
    );
  }
  const def = EVAL_METRICS[name];
  let threshold: number | null = def.kind === "binary" ? 1 : null;
  const options: Record<string, unknown> = {};
  for (const part of parts) {
    const eq = part.indexOf("=");
    if (eq < 0) {
      const t = Number(part);
      if (part === "" || !Number.isFinite(t) || t < def.range[0] || t > def.range[1]) {
        throw new UserRangeError(
          `Metric "${spec}": the threshold must be a number from ${def.range[0]} to ${
            def.range[1] === Number.MAX_SAFE_INTEGER ? "any" : def.range[1]
          }${def.unit ? ` (${def.unit})` : ""}`,
        );
      }
      threshold = t;
      continue;
    }
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (!def.options?.includes(key)) {
      throw new UserTypeError(
        `Metric "${name}" takes no option "${key}"${
          def.options ? ` (it takes ${def.options.join(", ")})` : ""
        }`,
      );
    }
    options[key] = key === "schema" ? await readSchema(value, readText) : value;
  }
  const shownOptions = Object.keys(options).length > 0
    ? `; ${parts.filter((p) => p.includes("=")).join(", ")}`
    : "";
  return {
    name,
    kind: def.kind,
    direction: def.direction,
    threshold,
    settings: def.settings + shownOptions,
    ...(def.unit ? { unit: def.unit } : {}),
    needsReference: def.needsReference,
    failedValue: def.failedValue ?? (() => 0),
    score(record, references) {
      if (def.needsReference && references.length === 0) {
        return Promise.resolve(
          verdict({ value: null, reason: "no reference" }, threshold, def.direction),
        );
      }
      return Promise.resolve(
        verdict(def.compute(record, references, options), threshold, def.direction),
      );
    },
  };
}

async function readSchema(path: string, readText: ReadText): Promise<unknown> {
  let text: string;
  try {
    text = await readText(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Deno.errors.NotFound(`Cannot read schema "${path}": no such file`);
    }
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UserSyntaxError(
      `Cannot read schema "${path}": not valid JSON (${e instanceof Error ? e.message : e})`,
    );
  }
}
