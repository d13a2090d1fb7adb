/**
 * The built-in eval metrics, in one typed registry, and `name[:threshold][:key=value]` parsing.
 *
 * @module
 */
import { contains, exactMatch, f1 } from "./_text_metrics.ts";
import { choice, number } from "./_extract_metrics.ts";
import { jsonMatch, jsonValid } from "./_json_metrics.ts";
import { retrievalMetric, type RetrievalMetricName } from "./_retrieval_metrics.ts";
import { toolCallMetric } from "./_tool_call_metric.ts";
import { confidenceMetric } from "./_confidence.ts";
import { codeTestsMetric } from "./_code_tests.ts";
import { checkSandbox } from "./_sandbox.ts";
import type { EvalItem } from "./dataset.ts";
import {
  customMetric,
  type Metric,
  type MetricOutcome,
  type MetricRecord,
  type ResolvedMetric,
  verdict,
} from "./metric.ts";
import type { AnswerRecord } from "./types.ts";
import { closestName, UserRangeError, UserSyntaxError, UserTypeError } from "../errors/mod.ts";

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
  /** True when it takes a cutoff after its name (`recall@5`), given to compute as `options.k`. */
  cutoff?: boolean;
  /** Why an item cannot be scored whatever its answer (no gold ids, no tests), else null. */
  unscorable?: (item: EvalItem) => string | null;
  /** A check made once before the run (that the process may start sandboxes). */
  prepare?: () => Promise<void>;
  /** The value a failed call gets (default 0). */
  failedValue?: (answer: AnswerRecord) => number;
  /** Score one item. */
  compute(
    record: MetricRecord,
    references: readonly string[],
    options: Options,
  ): MetricOutcome | Promise<MetricOutcome>;
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
  | "latency"
  | "ttft"
  | "confidence"
  | "tool_call"
  | RetrievalMetricName
  | "tests";

/** A retrieval metric's registry entry: the formulas are in `_retrieval_metrics.ts`. */
function retrieval(
  name: RetrievalMetricName,
  kind: "binary" | "graded",
  settings: string,
): BuiltinMetric {
  return {
    kind,
    direction: "higher",
    needsReference: false,
    settings: `${settings}; gold ids from relevant/gold_ids, retrieved ids from the answer`,
    range: [0, 1],
    cutoff: true,
    unscorable: (item) => noGold(item),
    compute: (r, _refs, o) =>
      retrievalMetric(
        name,
        r.answer.retrieved,
        r.item.relevant,
        (o.k as number | undefined) ?? null,
      ),
  };
}

function noGold(item: EvalItem): string | null {
  return [...(item.relevant?.values() ?? [])].some((g) => g > 0) ? null : "no relevant gold ids";
}

/** Milliseconds of a timing field, or not scored with the reason. */
function timing(value: number | null, missing: string): MetricOutcome {
  return value === null
    ? { value: null, reason: missing }
    : { value, reason: `${Math.round(value)} ms`, cause: "F13" };
}

const TESTS_TIMEOUT_MS = 10_000;

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
    compute: (r) => timing(r.answer.latencyMs, "no latency recorded"),
  },
  ttft: {
    kind: "graded",
    direction: "lower",
    needsReference: false,
    settings:
      "milliseconds from sending the request to the first streamed token (text, reasoning or tool arguments)",
    unit: "ms",
    range: [0, Number.MAX_SAFE_INTEGER],
    failedValue: () => NaN,
    compute: (r) =>
      timing(
        r.answer.ttftMs,
        r.answer.streamed ? "no token arrived" : "not streamed (ask with --stream)",
      ),
  },
  confidence: {
    kind: "graded",
    direction: "higher",
    needsReference: false,
    settings: "mean token probability, (1/n) Σ exp(logprob), of the answer's n tokens",
    range: [0, 1],
    compute: (r) => confidenceMetric(r.answer.logprobs),
  },
  tool_call: {
    kind: "binary",
    direction: "higher",
    needsReference: true,
    settings:
      "the expected tool(s) called with the expected arguments, compared as JSON values; best reference",
    range: [0, 1],
    compute: (r, refs) => toolCallMetric(r.answer.toolCalls, refs, r.text),
  },
  hit: retrieval("hit", "binary", "a relevant id among the retrieved"),
  recall: retrieval("recall", "graded", "share of the relevant ids retrieved"),
  precision: retrieval(
    "precision",
    "graded",
    "share of the retrieved ids (or of k) that are relevant",
  ),
  mrr: retrieval("mrr", "graded", "1 / rank of the first relevant id"),
  ndcg: retrieval("ndcg", "graded", "DCG / ideal DCG, linear gain grade / log2(rank + 1)"),
  tests: {
    kind: "binary",
    direction: "higher",
    needsReference: false,
    settings:
      "the answer's code passes every test of the row, run by Deno with no permissions (1 MB output, 512 MB memory)",
    range: [0, 1],
    options: ["timeout"],
    unscorable: (item) => item.tests ? null : "no tests",
    prepare: checkSandbox,
    compute: (r, _refs, o) =>
      codeTestsMetric(r.text, r.item.tests!, {
        timeoutMs: (o.timeout as number | undefined) ?? TESTS_TIMEOUT_MS,
        maxOutputBytes: 1_000_000,
        memoryMb: 512,
      }),
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
  const [written, ...parts] = spec.split(":").map((s) => s.trim());
  const at = written.indexOf("@");
  const name = at >= 0 ? written.slice(0, at) : written;
  if (!isBuiltin(name)) {
    const near = closestName(name, Object.keys(EVAL_METRICS));
    throw new UserTypeError(
      `Unknown metric "${name}"${near ? ` (did you mean "${near}"?)` : ""}: use one of ${
        Object.keys(EVAL_METRICS).join(", ")
      }`,
    );
  }
  const def = EVAL_METRICS[name];
  const options: Record<string, unknown> = {};
  if (at >= 0) {
    const k = Number(written.slice(at + 1));
    if (!def.cutoff) {
      throw new UserTypeError(
        `Metric "${written}": ${name} takes no @k cutoff (hit, recall, precision, mrr and ndcg do)`,
      );
    }
    if (!Number.isInteger(k) || k < 1) {
      throw new UserRangeError(
        `Metric "${written}": the cutoff after @ must be a whole number ≥ 1`,
      );
    }
    options.k = k;
  }
  let threshold: number | null = def.kind === "binary" ? 1 : null;
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
    options[key] = key === "schema"
      ? await readSchema(value, readText)
      : key === "timeout"
      ? timeLimit(value, spec)
      : value;
  }
  await def.prepare?.();
  const shownOptions = parts.some((p) => p.includes("="))
    ? `; ${parts.filter((p) => p.includes("=")).join(", ")}`
    : "";
  const unscorable = (item: EvalItem) =>
    def.unscorable?.(item) ??
      (def.needsReference && item.references.length === 0 ? "no reference" : null);
  return {
    name: written,
    kind: def.kind,
    direction: def.direction,
    threshold,
    settings: def.settings + (options.k ? `; top ${options.k}` : "") + shownOptions,
    ...(def.unit ? { unit: def.unit } : {}),
    needsReference: def.needsReference,
    unscorable,
    failedValue: def.failedValue ?? (() => 0),
    async score(record, references) {
      const cannot = def.unscorable?.(record.item) ??
        (def.needsReference && references.length === 0 ? "no reference" : null);
      if (cannot !== null) {
        return verdict({ value: null, reason: cannot }, threshold, def.direction);
      }
      return verdict(await def.compute(record, references, options), threshold, def.direction);
    },
  };
}

/** A time limit option in milliseconds. */
function timeLimit(value: string, spec: string): number {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1) {
    throw new UserRangeError(
      `Metric "${spec}": timeout must be a whole number of milliseconds ≥ 1`,
    );
  }
  return ms;
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
