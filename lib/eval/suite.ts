/**
 * Suite files: an eval's settings kept beside its data, in JSON or YAML, run with one command
 * (`cli.ts eval suite.yaml`). Paths in a suite (the data, the answers file, a metric's schema) are
 * relative to the suite file; flags given on the command line override the suite's values.
 *
 * @module
 */
import "./_quiet_yaml.ts"; // before yaml: it must not ask for --allow-env
import { parse as parseYaml } from "npm:yaml@2.9.1";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { closestName, UserRangeError, UserSyntaxError, UserTypeError } from "../errors/mod.ts";
import type { EvaluateOptions } from "./evaluate.ts";
import type { EvalGates } from "./gates.ts";

/** A suite read from its file. */
export interface EvalSuite {
  /** The suite file as given. */
  path: string;
  /** The suite's name (`name`, else the file's name). */
  name: string;
  /** The dataset, resolved against the suite's folder. */
  data: string;
  /** What the suite sets of {@link evaluate}'s options (its `suite` names the suite). */
  options: EvaluateOptions;
  /** The suite's gates. */
  gates: EvalGates;
}

type Raw = Record<string, unknown>;

/** How a suite key is read into a suite. */
interface SuiteKey {
  /** What it means (the documentation of the key). */
  means: string;
  /** Put the value into the suite; a string is what is wrong with it. */
  read(value: unknown, suite: EvalSuite, dir: string): string | void;
}

const isObject = (v: unknown): v is Raw => v !== null && typeof v === "object" && !Array.isArray(v);

/** A value checked: the value to keep, or what is wrong with it. */
type Checked = { value: unknown } | string;

const asText = (v: unknown): Checked =>
  typeof v === "string" && v !== "" ? { value: v } : "must be text";

const asWhole = (min: number) => (v: unknown): Checked =>
  typeof v === "number" && Number.isInteger(v) && v >= min
    ? { value: v }
    : `must be a whole number ≥ ${min}`;

const asFlag = (v: unknown): Checked =>
  typeof v === "boolean" ? { value: v } : "must be true or false";

function asNumbers(v: unknown): Checked {
  if (!isObject(v)) return "must map metric names to numbers ({ exact_match: 0.8 })";
  const bad = Object.entries(v).find(([, x]) => typeof x !== "number" || !Number.isFinite(x));
  return bad ? `gives ${bad[0]} ${JSON.stringify(bad[1])}, not a number` : { value: v };
}

/** A path relative to the suite's folder. */
const beside = (dir: string, path: string) => isAbsolute(path) ? path : resolve(dir, path);

/** `json_valid:schema=FILE` with FILE relative to the suite's folder. */
function metricBeside(dir: string, spec: string): string {
  return spec.replace(/(^|:)schema=([^:]+)/, (_, pre, file) => `${pre}schema=${beside(dir, file)}`);
}

/** A key that sets one of evaluate()'s options (a path is taken relative to the suite file). */
function option(
  key: keyof EvaluateOptions,
  means: string,
  check: (v: unknown) => Checked,
  path = false,
): SuiteKey {
  return {
    means,
    read(v, suite, dir) {
      const checked = check(v);
      if (typeof checked === "string") return checked;
      (suite.options as Record<string, unknown>)[key] = path
        ? beside(dir, checked.value as string)
        : checked.value;
    },
  };
}

/** A key that sets one of the gates. */
function gate(key: keyof EvalGates, means: string, check: (v: unknown) => Checked): SuiteKey {
  return {
    means,
    read(v, suite) {
      const checked = check(v);
      if (typeof checked === "string") return checked;
      (suite.gates as Record<string, unknown>)[key] = checked.value;
    },
  };
}

/** The keys a suite file may hold, and what each means. */
export const SUITE_KEYS: Readonly<Record<string, SuiteKey>> = {
  name: {
    means: "a name for the run, shown with its figures (default: the file's name)",
    read(v, suite) {
      const checked = asText(v);
      if (typeof checked === "string") return checked;
      suite.name = checked.value as string;
    },
  },
  data: {
    means: "the dataset (JSON lines, JSON or CSV), relative to the suite file — required",
    read(v, suite, dir) {
      if (typeof v !== "string" || v === "") return "must be a path";
      suite.data = beside(dir, v);
    },
  },
  model: option("model", "the model: openai:M, anthropic:M, gemini:M, M@http://host/v1, …", asText),
  metrics: {
    means: "a metric or a list of them (name, name:threshold, recall@5; schema= files are " +
      "relative to the suite file)",
    read(v, suite, dir) {
      const list = typeof v === "string" ? [v] : v;
      if (!Array.isArray(list) || list.length === 0 || list.some((m) => typeof m !== "string")) {
        return "must be a metric or a list of metrics";
      }
      suite.options.metrics = list.map((m: string) => metricBeside(dir, m));
    },
  },
  template: option("template", "a prompt template filled from the row: {field}", asText),
  input: option("input", "the field to ask", asText),
  reference: option("reference", "the field holding the reference(s)", asText),
  map: option(
    "mapping",
    "columns for roles ({ reference: gold, tests: unit_tests }); null switches a role off",
    (v) => {
      if (!isObject(v)) return "must map roles to columns";
      const bad = Object.entries(v).find(([, c]) => c !== null && typeof c !== "string");
      if (bad) return `gives ${bad[0]} ${JSON.stringify(bad[1])}, not a column name or null`;
      return {
        value: Object.fromEntries(Object.entries(v).map(([r, c]) => [r, c === "-" ? null : c])),
      };
    },
  ),
  params: option(
    "params",
    "request parameters for every item (max_tokens, temperature, …)",
    (v) => isObject(v) ? { value: v } : "must be an object of parameters",
  ),
  concurrency: option("concurrency", "items in flight at once", asWhole(1)),
  stream: option("stream", "stream answers (measures the time to the first token)", asFlag),
  limit: option("limit", "only the first N rows", asWhole(1)),
  seed: option("seed", "the bootstrap seed", asWhole(0)),
  confidence: option(
    "confidence",
    "the intervals' confidence level (0.95)",
    (v) => typeof v === "number" && v > 0 && v < 1 ? { value: v } : "must be between 0 and 1",
  ),
  retries: option("retries", "retries per call", asWhole(0)),
  timeout: option("timeoutMs", "per-attempt timeout in milliseconds", asWhole(1)),
  out: option(
    "out",
    "the answers file (JSON lines, resumed on the next run), relative to the suite file",
    asText,
    true,
  ),
  skip_bad_rows: option(
    "skipBadRows",
    "leave out rows that cannot be used (listed) instead of stopping",
    asFlag,
  ),
  fail_under: gate(
    "failUnder",
    "metric → the least its mean may be (exit code 1 below it)",
    asNumbers,
  ),
  fail_under_lower: gate(
    "failUnderLower",
    "metric → the least the lower bound of its interval may be",
    asNumbers,
  ),
  fail_on_flagged: gate(
    "failOnFlagged",
    "exit code 1 when a live check flags an item that passed",
    asFlag,
  ),
  judge: option(
    "judge",
    "a judge for the misses the live checks leave unexplained: true (the run's own model) or a model",
    (v) =>
      v === true || (typeof v === "string" && v !== "")
        ? { value: v }
        : v === false || v === null
        ? { value: undefined }
        : "must be true, false or a model",
  ),
  fix: option("fix", "search verified fixes for up to N missed, then flagged, items", asWhole(0)),
  fix_tries: option(
    "fixTries",
    "tries per plain retry and per change in the fix search",
    asWhole(1),
  ),
  expect_script: option(
    "live",
    "the script answers must be written in for the wrong-language check (auto, off, Latin, …)",
    (v) => typeof v === "string" && v !== "" ? { value: { script: v } } : "must be text",
  ),
};

function parseSuite(path: string, textOfFile: string): Raw {
  const yaml = !/\.json$/i.test(path);
  let value: unknown;
  try {
    value = yaml ? parseYaml(textOfFile) : JSON.parse(textOfFile);
  } catch (e) {
    const message = e instanceof Error ? e.message.split("\n")[0] : String(e);
    throw new UserSyntaxError(
      `Cannot read suite "${path}": not valid ${yaml ? "YAML" : "JSON"} (${message})`,
    );
  }
  if (!isObject(value)) {
    throw new UserTypeError(`Cannot read suite "${path}": it must hold an object of settings`);
  }
  return value;
}

/**
 * Read a suite file (`.json`, or YAML for any other name). Every key must be one of
 * {@link SUITE_KEYS}; an unknown one is refused with the closest known key.
 *
 * @throws {TypeError} An unknown key, or a value of the wrong kind, named with the file.
 * @throws {SyntaxError} A file that is not JSON or YAML.
 *
 * @example A suite beside its data
 * ```ts
 * import { readSuite } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/suite.yaml`, [
 *   "name: capitals",
 *   "data: capitals.jsonl",
 *   "metrics: [exact_match, latency:1000]",
 *   "fail_under: { exact_match: 0.8 }",
 * ].join("\n"));
 * const suite = await readSuite(`${dir}/suite.yaml`);
 * assert.equal(suite.data, `${dir}/capitals.jsonl`);
 * assert.deepEqual(suite.options.metrics, ["exact_match", "latency:1000"]);
 * assert.deepEqual(suite.gates.failUnder, { exact_match: 0.8 });
 * await Deno.writeTextFile(`${dir}/bad.yaml`, "data: x.jsonl\nmetric: f1\n");
 * await assert.rejects(readSuite(`${dir}/bad.yaml`), /unknown key "metric" \(did you mean "metrics"\?\)/);
 * ```
 */
export async function readSuite(
  path: string,
  readText: (path: string) => Promise<string> = (p) => Deno.readTextFile(p),
): Promise<EvalSuite> {
  let content: string;
  try {
    content = await readText(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Deno.errors.NotFound(`Cannot read suite "${path}": no such file`);
    }
    throw error;
  }
  const raw = parseSuite(path, content);
  const dir = dirname(resolve(path));
  const base = path.split(/[\\/]/).pop()!.replace(/\.(ya?ml|json)$/i, "");
  const suite: EvalSuite = { path, name: base, data: "", options: {}, gates: {} };
  for (const [key, value] of Object.entries(raw)) {
    const known = Object.hasOwn(SUITE_KEYS, key) ? SUITE_KEYS[key] : undefined;
    if (!known) {
      const near = closestName(key, Object.keys(SUITE_KEYS));
      throw new UserTypeError(
        `Cannot read suite "${path}": unknown key "${key}"${
          near ? ` (did you mean "${near}"?)` : ""
        }; a suite takes ${Object.keys(SUITE_KEYS).join(", ")}`,
      );
    }
    const problem = known.read(value, suite, dir);
    if (typeof problem === "string") {
      const error = typeof value === "number" ? UserRangeError : UserTypeError;
      throw new error(
        `Cannot read suite "${path}": "${key}" ${problem}, got ${JSON.stringify(value)}`,
      );
    }
  }
  if (suite.data === "") {
    throw new UserTypeError(`Cannot read suite "${path}": it names no "data" (the dataset)`);
  }
  const shown = relative(Deno.cwd(), suite.data);
  suite.options.name = shown.startsWith("..") ? suite.data : shown;
  suite.options.suite = { name: suite.name, path };
  return suite;
}

/**
 * Whether a file given to `eval` is a suite rather than a dataset: a `.yaml`/`.yml` file, or a
 * small `.json` file holding an object with a `data` key (a JSON dataset is a list).
 *
 * @example
 * ```ts
 * import { isSuiteFile } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(await isSuiteFile("examples/capitals.jsonl"), false);
 * ```
 */
export async function isSuiteFile(path: string): Promise<boolean> {
  if (/\.ya?ml$/i.test(path)) return true;
  if (!/\.json$/i.test(path)) return false;
  try {
    const info = await Deno.stat(path);
    if (!info.isFile || info.size > 1_000_000) return false;
    const value = JSON.parse(await Deno.readTextFile(path));
    return isObject(value) && "data" in value;
  } catch {
    return false;
  }
}
