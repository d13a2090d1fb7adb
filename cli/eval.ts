// `verdict eval`: run a model over a dataset (or score its recorded answers), summarize each
// metric with a seeded bootstrap interval, and gate on the means.
// The eval job's own modules, not mod.ts: an eval never loads the score or audit jobs.
import { writeTextFileAtomic } from "../lib/io/output_file.ts";
import {
  checkEvalGates,
  checkGateNames,
  diagnose,
  EVAL_METRICS,
  type EvalGates,
  type EvalResult,
  type EvalSuite,
  evaluate,
  type EvaluateOptions,
  isSuiteFile,
  MODEL_PRESETS,
  readAnswers,
  readSuite,
  SUITE_KEYS,
} from "../lib/eval/mod.ts";
import {
  checkOutputs,
  EXIT_GATE,
  EXIT_OK,
  EXIT_USAGE,
  limitsFlag,
  mapFlags,
  MAX_DECOMPRESSED_HELP,
  MAX_DECOMPRESSED_OPTION,
  pairs,
  parse,
  printJson,
  run,
  UsageError,
  wrapHelp,
} from "./_common.ts";

const HELP = `verdict eval: run a model over a dataset, score every answer, summarize each metric

Usage: deno run --allow-read --allow-net --allow-env cli.ts eval DATA --model M [options]
       deno run --allow-read cli.ts eval DATA [options]     (scores the recorded answers)
       deno run --allow-read cli.ts eval --diagnose FILE [--judge M]
       deno run --allow-read cli.ts eval DATA --diagnose ANSWERS [--metric M] [--judge M]
       deno run -A cli.ts eval SUITE.yaml [options]         (settings from a suite file)

DATA is JSON lines, a JSON list or CSV, one item per row. The prompt comes from "messages", else
--template, else --input FIELD, else prompt/question/input; the reference from --reference FIELD,
else reference/answer/expected/target/ideal (a list: the best match counts). Ids from "id".

${
  wrapHelp(
    `A suite file (.yaml, .yml, or .json holding an object with "data") keeps the settings beside ` +
      `the data: ${Object.keys(SUITE_KEYS).join(", ")}. Paths in it are relative to the suite ` +
      `file; flags given here win over its values (--param, --map and the gates are merged key by ` +
      `key).`,
    0,
  )
}

  --model M             openai:MODEL, groq:MODEL, openrouter:MODEL, ollama:MODEL, anthropic:MODEL
                        (Messages API), gemini:MODEL (generateContent), or MODEL@http://host/v1
                        for any OpenAI-compatible server; keys from OPENAI_API_KEY, GROQ_API_KEY,
                        OPENROUTER_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY. Without --model the
                        rows' recorded response/output are scored and nothing is sent anywhere.
  --metric M            ${
  wrapHelp(`repeatable (default exact_match): ${Object.keys(EVAL_METRICS).join(", ")};`, 24)
}
                        NAME:THRESHOLD (f1:0.5, latency:2000, ttft:500), a cutoff for the
                        retrieval metrics (recall@5, ndcg@10:0.8), json_valid:schema=FILE,
                        tests:timeout=MS (needs --allow-run and --allow-write)
  --template T          prompt template filled from the row: "Capital of {country}?"
  --input FIELD         the field to ask
  --reference FIELD     the field holding the reference(s)
  --map ROLE=COLUMN     use COLUMN for ROLE (id, messages, prompt, reference, recorded, params,
                        finishReason, latency, ttft, tools, relevant, tests, retrieved,
                        toolCalls); "-" switches a role off. Repeatable.
  --param K=V           request parameter for every item (V read as JSON when it parses); a
                        row's own "params" object adds to them. Repeatable.
  --stream              stream answers (records the time to the first token)
  --concurrency N       items in flight at once (default 4); results keep input order
  --retries N           retries per call on 429, 5xx, dropped connections, timeouts (default 3)
  --timeout MS          per-attempt timeout in milliseconds (default 60000)
  --out FILE            append each answer to FILE (JSON lines) as it arrives; a later run with
                        the same FILE reuses an answer when its messages, model and params are
                        unchanged (needs --allow-write)
  --limit N             only the first N rows
  --max-decompressed S  ${MAX_DECOMPRESSED_HELP}
  --seed N              bootstrap seed (default 0); the intervals repeat exactly run to run
  --confidence X        interval confidence (default 0.95); 1,000 resamples
  --fail-under NAME=X   exit 1 when the metric's mean is below X (repeatable)
  --fail-under-lower NAME=X
                        exit 1 when the lower bound of the metric's interval is below X: the
                        Wilson bound of the pass rate for a pass/fail metric, the bootstrap bound
                        of the mean for a graded one (repeatable)
  --judge [MODEL]       ask a judge model why each miss missed that the free live checks did not
                        explain (--judge alone: the run's own model; --judge=MODEL is never
                        mistaken for the dataset). Misses it cannot check are counted as not
                        judged.
  --fix N               search verified fixes for up to N items, missed first, then flagged: a
                        plain retry, then changes that fit the cause (needs --model)
  --fix-tries K         tries per plain retry and per change (default 3); a change is verified
                        when it passes at least 2 of 3 (⌈2K/3⌉ of K) while every retry missed
  --fail-on-flagged     exit 1 when an item passed every metric but a live check found a
                        failure (an answer cut off by max_tokens, an empty answer, …)
  --diagnose FILE       diagnose answers already recorded, asking no model (the judge aside):
                        a promptfoo export, an Inspect AI log or a DeepEval test run (its own
                        verdicts say what missed), or verdict's own --out answers file with the
                        DATA it answered (scored with --metric). --fix needs --model instead.
  --threshold M=X       with --diagnose of a Ragas table: metric M passes at or above X (Ragas
                        records scores, not verdicts); repeatable
  --expect-script S     the script answers must be written in for the wrong-language check:
                        auto (the reference's, else the question's; default), off, or a Unicode
                        script name (Latin, Cyrillic, Greek, Arabic, Han, Hangul, …)
  --skip-bad-rows       leave out rows that cannot be used (listed) instead of stopping
  --no-progress         no progress line on the terminal
  --json                print the result as JSON
  --html OUT            also write one self-contained HTML page: the metric table with intervals,
                        the misses (answer beside reference), latency and time-to-first-token
                        charts, and the run's settings (needs --allow-write)
  -v, --verbose         also print the misses, answer beside reference
  -h, --help            show this help

Live checks run on every answer and cost no call: finish reason length (F1), empty (F9), refusal
(F3), JSON requested but not given (F2), repetition (F11), tool mismatch (F14), wrong script
(F10), reference buried (F8), "I don't know" (F4); metrics name F2, F12, F13, F14. Causes are
defined in docs/causes.md.

Exit codes: 0 the run finished and every gate passed; 1 a --fail-under(-lower) or --fail-on-flagged
gate failed; 2 the run could not be done (a bad argument, a missing file, or every call failed).`;

const OPTIONS = {
  model: { type: "string" },
  metric: { type: "string", multiple: true },
  template: { type: "string" },
  input: { type: "string" },
  reference: { type: "string" },
  map: { type: "string", multiple: true },
  param: { type: "string", multiple: true },
  stream: { type: "boolean" },
  concurrency: { type: "string" },
  retries: { type: "string" },
  timeout: { type: "string" },
  out: { type: "string" },
  limit: { type: "string" },
  ...MAX_DECOMPRESSED_OPTION,
  seed: { type: "string" },
  confidence: { type: "string" },
  "fail-under": { type: "string", multiple: true },
  "fail-under-lower": { type: "string", multiple: true },
  judge: { type: "string" },
  fix: { type: "string" },
  "fix-tries": { type: "string" },
  "fail-on-flagged": { type: "boolean" },
  "expect-script": { type: "string" },
  diagnose: { type: "string" },
  threshold: { type: "string", multiple: true },
  "skip-bad-rows": { type: "boolean" },
  "no-progress": { type: "boolean" },
  json: { type: "boolean" },
  html: { type: "string" },
  verbose: { type: "boolean", short: "v" },
  help: { type: "boolean", short: "h" },
} as const;

function whole(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n)) {
    throw new UsageError(`--${flag} must be a whole number, got "${value}"`);
  }
  return n;
}

function jsonOrText(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Metric → number pairs of a gate flag. */
function gateFlag(items: string[] | undefined, flag: string): Record<string, number> {
  return Object.fromEntries(
    Object.entries(pairs(items, flag)).map(([metric, value]) => {
      const min = Number(value);
      if (value.trim() === "" || !Number.isFinite(min)) {
        throw new UsageError(`--${flag} ${metric} must be a number, got "${value}"`);
      }
      return [metric, min];
    }),
  );
}

const JUDGE_ALONE = "\u0000run's model";

/** True when an argument reads as a model name (a preset prefix, or MODEL@http…). */
function looksLikeModel(arg: string): boolean {
  if (/@https?:\/\//.test(arg)) return true;
  const prefix = /^([a-z][\w-]*):./.exec(arg)?.[1];
  return prefix !== undefined &&
    (prefix in MODEL_PRESETS || ["anthropic", "gemini"].includes(prefix));
}

/** `--judge` may stand alone: give it a value the parser accepts when no model follows it. */
function judgeAlone(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    out.push(args[i]);
    if (args[i] === "--judge" && !(i + 1 < args.length && looksLikeModel(args[i + 1]))) {
      out.push(JUDGE_ALONE);
    }
  }
  return out;
}

/**
 * Diagnose a file another tool wrote: its answers and its own verdicts, through the harness
 * readers (loaded only here, so a plain eval never loads them).
 */
function thresholdsOf(items: string[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [metric, text] of Object.entries(pairs(items, "threshold"))) {
    const value = Number(text);
    if (text.trim() === "" || !Number.isFinite(value)) {
      throw new UsageError(`--threshold ${metric}= must be a number, such as 0.7, got "${text}"`);
    }
    out[metric] = value;
  }
  return out;
}

async function diagnoseFile(
  path: string,
  options: EvaluateOptions,
  metricsGiven: boolean,
  thresholds: Record<string, number>,
): Promise<EvalResult> {
  const own = await readAnswers(path);
  if (own.answers.size + own.failed > 0) {
    throw new UsageError(
      `"${path}" is verdict's own answers file, which holds no references: give the dataset ` +
        `it answered (eval DATA --diagnose ${path} --metric …)`,
    );
  }
  if (metricsGiven) {
    throw new UsageError(
      "--metric does not apply to a harness file: its own verdicts say what missed",
    );
  }
  // A computed URL, so that Deno does not read the harness readers' graph on every eval run.
  const { readHarnessAnswers } = await import(
    new URL("../lib/harness/harness_answers.ts", import.meta.url).href
  ) as typeof import("../lib/harness/harness_answers.ts");
  const read = await readHarnessAnswers(path, { thresholds });
  return diagnose(read.answers, {
    name: path,
    recordedBy: read.harness,
    ...(typeof options.judge === "string" ? { judge: options.judge } : {}),
    ...(options.out ? { out: options.out } : {}),
    ...(options.live ? { live: options.live } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.confidence !== undefined ? { confidence: options.confidence } : {}),
  });
}

type Values = ReturnType<typeof parse<typeof OPTIONS>>["values"];

/**
 * The run's options and gates: the suite's values (when a suite is given) with the flags on top —
 * a flag's value wins; `--param`, `--map` and the gates are merged key by key.
 */
function settingsOf(values: Values, suite: EvalSuite | null) {
  const s = suite?.options ?? {};
  const params = {
    ...(s.params ?? {}),
    ...Object.fromEntries(
      Object.entries(pairs(values.param, "param")).map(([k, v]) => [k, jsonOrText(v)]),
    ),
  };
  const options: EvaluateOptions = {
    ...s,
    model: values.model ?? s.model,
    metrics: values.metric ?? s.metrics ?? ["exact_match"],
    template: values.template ?? s.template,
    input: values.input ?? s.input,
    reference: values.reference ?? s.reference,
    mapping: { ...(s.mapping ?? {}), ...mapFlags(values.map) } as EvaluateOptions["mapping"],
    params,
    stream: values.stream ?? s.stream ?? false,
    concurrency: whole("concurrency", values.concurrency) ?? s.concurrency,
    retries: whole("retries", values.retries) ?? s.retries,
    timeoutMs: whole("timeout", values.timeout) ?? s.timeoutMs,
    out: values.out ?? s.out,
    limit: whole("limit", values.limit) ?? s.limit,
    limits: limitsFlag(values["max-decompressed"]),
    seed: whole("seed", values.seed) ?? s.seed,
    confidence: values.confidence === undefined ? s.confidence : Number(values.confidence),
    skipBadRows: values["skip-bad-rows"] ?? s.skipBadRows ?? false,
    judge: values.judge === undefined
      ? s.judge
      : values.judge === JUDGE_ALONE
      ? true
      : values.judge,
    fix: values.fix === undefined ? s.fix : whole("fix", values.fix),
    fixTries: values["fix-tries"] === undefined
      ? s.fixTries
      : whole("fix-tries", values["fix-tries"]),
    live: values["expect-script"] === undefined ? s.live : { script: values["expect-script"] },
    ...(values["no-progress"] ? { progress: false } : {}),
  };
  for (const key of Object.keys(options) as (keyof EvaluateOptions)[]) {
    if (options[key] === undefined) delete options[key];
  }
  const gates: EvalGates = {
    failUnder: { ...suite?.gates.failUnder, ...gateFlag(values["fail-under"], "fail-under") },
    failUnderLower: {
      ...suite?.gates.failUnderLower,
      ...gateFlag(values["fail-under-lower"], "fail-under-lower"),
    },
    failOnFlagged: values["fail-on-flagged"] ?? suite?.gates.failOnFlagged ?? false,
  };
  return { options, gates };
}

/** Run `verdict eval`; returns the exit code. */
export function main(args: string[]): Promise<number> {
  return run("eval", async () => {
    const { values, positionals } = parse(judgeAlone(args), OPTIONS, "eval");
    if (values.help) {
      console.log(HELP);
      return EXIT_OK;
    }
    if (values.diagnose !== undefined) {
      if (values.model !== undefined || values.fix !== undefined) {
        throw new UsageError(
          "--fix needs a model, and --diagnose asks none: to search fixes, run " +
            "eval DATA --model M --out ANSWERS --fix N (the answers kept in ANSWERS are reused)",
        );
      }
      if (positionals.length > 1) {
        throw new UsageError(`--diagnose takes at most one dataset (got ${positionals.length})`);
      }
    } else if (positionals.length !== 1) {
      throw new UsageError(
        `give exactly one dataset or suite (got ${positionals.length}). Run "verdict eval --help" for usage.`,
      );
    }
    const suite = values.diagnose === undefined && await isSuiteFile(positionals[0])
      ? await readSuite(positionals[0])
      : null;
    const { options, gates } = settingsOf(values, suite);
    if (
      options.out !== undefined && options.model === undefined && options.judge === undefined
    ) {
      throw new UsageError("--out keeps a model's answers; without --model nothing is asked");
    }
    if (options.fix !== undefined && options.model === undefined) {
      throw new UsageError(
        "--fix needs a model (--model): it asks the model again, plain and with changes",
      );
    }
    try {
      checkGateNames(gates, options.metrics as string[], {
        failUnder: suite ? "fail_under / --fail-under" : "--fail-under",
        failUnderLower: suite ? "fail_under_lower / --fail-under-lower" : "--fail-under-lower",
      });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    if (
      values.threshold !== undefined && (values.diagnose === undefined || positionals.length > 0)
    ) {
      throw new UsageError(
        "--threshold gives a Ragas table verdicts when it is diagnosed (--diagnose FILE); metrics " +
          "of a run take theirs as NAME:THRESHOLD",
      );
    }
    if (values.judge === JUDGE_ALONE && values.diagnose !== undefined && positionals.length === 0) {
      throw new UsageError(
        "--diagnose of another tool's file has no model of its own: name the judge (--judge MODEL)",
      );
    }
    // The answers file can be written and is not the dataset, before any model is asked.
    await checkOutputs([["--out", values.out], ["--html", values.html]], positionals.slice(0, 1));
    const result = values.diagnose !== undefined && positionals.length === 0
      ? await diagnoseFile(
        values.diagnose,
        options,
        values.metric !== undefined,
        thresholdsOf(values.threshold),
      )
      : await evaluate(suite?.data ?? positionals[0], {
        ...options,
        ...(values.diagnose !== undefined ? { answers: values.diagnose } : {}),
      });
    const gate = checkEvalGates(result, gates);
    if (values.html) {
      await writeTextFileAtomic(
        values.html,
        await result.htmlPage({ footer: [`verdict eval ${args.join(" ")}`, ...gate.lines] }),
      );
    }
    if (values.json) {
      printJson(result.toJSON());
      for (const line of gate.lines) console.error(line);
    } else {
      console.log(result.toText({ verbose: values.verbose, more: "--verbose shows them" }));
      if (gate.lines.length > 0) console.log(["", ...gate.lines].join("\n"));
    }
    if (result.nothingAnswered) {
      const first = result.items[0].answer.error!;
      console.error(
        `verdict eval: every call failed, so the run could not be done (first failure: ${first.message})`,
      );
      return EXIT_USAGE;
    }
    return gate.failed ? EXIT_GATE : EXIT_OK;
  });
}

if (import.meta.main) Deno.exit(await main(Deno.args));
