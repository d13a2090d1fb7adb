// `verdict score`: grade a results file and report counts, corpus figures and near misses.
// The score job's own modules, not mod.ts: scoring never loads the interval libraries, the
// harness readers (only their detection, on demand) or the eval runner.
import {
  allowedText,
  defaultText,
  exportNormalizer,
  GRADED_GRADERS,
  gradePair,
  type GraderName,
  GRADERS,
  isGraderName,
  NEAR_MISS_MEANINGS,
  type NormalizerLanguage,
  parseOptionText,
  passRule,
  unknownGrader,
} from "../lib/graders/mod.ts";
import { FORMATS, RESULT_ROLES, writeTextFileAtomic } from "../lib/io/mod.ts";
import { formatCount, textTable } from "../lib/render/mod.ts";
import {
  configFromJson,
  defaultWorkers,
  type OverallRule,
  resolveScoreConfig,
  score,
  type ScoreReport,
  type ScoreSettings,
  SMALL_FILE_ROWS,
} from "../lib/score/mod.ts";
import type { FormattingStep } from "../lib/text/mod.ts";
import {
  checkOutputs,
  EXIT_CODES_HELP,
  EXIT_OK,
  formatFlag,
  isUsersToFix,
  limitsFlag,
  list,
  mapFlagHelp,
  mapFlags,
  MAX_DECOMPRESSED_HELP,
  MAX_DECOMPRESSED_OPTION,
  noRowUsed,
  pairs,
  parse,
  printJson,
  run,
  UsageError,
  wrapHelp,
} from "./_common.ts";

/** The graders and their options, from the registry. */
function gradersHelp(): string {
  const width = Object.keys(GRADERS).reduce((w, n) => Math.max(w, n.length), 0);
  const out: string[] = [];
  for (const grader of Object.values(GRADERS)) {
    const kind = grader.kind === "binary" ? "pass/fail" : "score    ";
    const head = `  ${grader.name.padEnd(width)}  ${kind}  `;
    out.push(head + wrapHelp(grader.summary, head.length));
    for (const [option, spec] of Object.entries(grader.options)) {
      const text = `${option}: ${allowedText(spec)}; default ${defaultText(spec)} — ${spec.help}`;
      out.push(`      ${wrapHelp(text, 8)}`);
    }
  }
  return out.join("\n");
}

/** Graders whose thresholds read otherwise (lower is better, or scores above 1), from the registry. */
function thresholdExceptions(): string {
  const lower = GRADED_GRADERS.filter((n) => GRADERS[n].scale.direction === "lower");
  if (lower.length === 0) return "";
  return ` (${lower.join(", ")}: lower is better, a row passes at or under\n` +
    "                        the threshold, which may exceed 1)";
}

// Built only when asked for: its grader table is no part of a scoring run.
const help = () =>
  `verdict score: grade a results file with code graders

Usage: deno run --allow-read cli.ts score FILE [options]
       deno run --allow-read cli.ts score --pair OUTPUT REFERENCE [--graders LIST] [--threshold G=X] [--option G.KEY=V]
       deno run --allow-read cli.ts score --export-normalizer STEPS [--language typescript|python]

  --graders LIST        graders to run, comma-separated (default: all; see Graders below)
  --threshold G=X       pass threshold for a graded grader (${GRADED_GRADERS.join(", ")}),
                        a fraction in [0, 1]${thresholdExceptions()}; repeat the flag for several graders
  --option G.KEY=VALUE  a grader setting (see Graders below), e.g. numeric.abs=0.01,
                        rouge-l.stemmer=true; a list as a,b or JSON; an unknown setting or a
                        value it does not allow is an error
  --map ROLE=COLUMN     ${mapFlagHelp(RESULT_ROLES, 24)}
  --format F            read the file as ${FORMATS.join(", ")}
  --max-decompressed S  ${MAX_DECOMPRESSED_HELP}
  --default-version V   version name for files without a version column (default: default)
  --scored OUT          write the scored file (.csv/.tsv, else JSON lines; needs --allow-write)
  --include-output      put each row's output text in the scored file
  --overall RULE        add an "overall" row per case × version × repeat combining the selected
                        pass/fail graders: all (every one must pass) or any (one is enough)
  --save-config FILE    write this run's choices to FILE: graders, settings, thresholds, --map
                        overrides as given, format, versions, overall rule (needs --allow-write)
  --config FILE         run with a configuration saved by --save-config (flags given as well
                        override it; --map adds to its overrides)
  --html OUT            also write one self-contained HTML page with the tables, the near-miss
                        chart and list, and corpus-vs-sentence BLEU/chrF charts (needs
                        --allow-write; per-row points for files up to 50,000 rows)
  --workers N           grade on up to N threads (default: one per core, ${defaultWorkers()} here) when
                        grading is the slow part, as timed on the first ${
    formatCount(SMALL_FILE_ROWS)
  } rows
                        (cheap graders stay on one); results and their order are the same for any N
  --json                print the report as JSON on stdout (scores as fractions, as in the
                        scored file)
  -v, --verbose         also print the details: counts per version, near-miss steps, failing
                        cases, BLEU's brevity penalty and precisions, per-row assertions
  -h, --help            show this help

Playground and normalizer:
  --pair                grade the pair OUTPUT REFERENCE with each grader and show its near miss
                        and reason (json-schema reads REFERENCE as the schema); no file is read
  --export-normalizer S print a normalizer of the formatting steps S (comma-separated, in order:
                        trim, lowercase, nfkc, collapse-whitespace, strip-trailing-punctuation,
                        underscores, strip-quotes) as source code
  --language L          typescript (default) or python, for --export-normalizer

Graders (--graders) and their settings (--option GRADER.KEY=VALUE):
${gradersHelp()}

${EXIT_CODES_HELP}`;

const OPTIONS = {
  graders: { type: "string" },
  threshold: { type: "string", multiple: true },
  option: { type: "string", multiple: true },
  map: { type: "string", multiple: true },
  format: { type: "string" },
  ...MAX_DECOMPRESSED_OPTION,
  "default-version": { type: "string" },
  scored: { type: "string" },
  "include-output": { type: "boolean" },
  overall: { type: "string" },
  pair: { type: "boolean" },
  "export-normalizer": { type: "string" },
  language: { type: "string" },
  "save-config": { type: "string" },
  config: { type: "string" },
  workers: { type: "string" },
  html: { type: "string" },
  json: { type: "boolean" },
  verbose: { type: "boolean", short: "v" },
  help: { type: "boolean", short: "h" },
} as const;

function fraction(name: string, value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n)) {
    throw new UsageError(`--threshold ${name} must be a number, got "${value}"`);
  }
  return n;
}

/** The flags that make scoring settings (score has them all; compare takes them too). */
export type SettingsFlags = Partial<
  Pick<
    Values,
    | "config"
    | "graders"
    | "threshold"
    | "option"
    | "map"
    | "format"
    | "default-version"
    | "include-output"
    | "overall"
  >
>;

/** Build settings from the flags, on top of a saved configuration when one is given. */
export async function settingsFrom(values: SettingsFlags): Promise<ScoreSettings> {
  let base: ScoreSettings = { graders: ["all"] };
  if (values.config) {
    base = configFromJson(await Deno.readTextFile(values.config), values.config);
  }
  const settings: ScoreSettings = { ...base };
  if (values.graders !== undefined) settings.graders = list(values.graders) as GraderName[];
  const thresholds = { ...(base.thresholds ?? {}) };
  for (const [name, value] of Object.entries(pairs(values.threshold, "threshold"))) {
    thresholds[name as keyof typeof thresholds] = fraction(name, value);
  }
  settings.thresholds = thresholds;
  const graderOptions = structuredClone(base.graderOptions ?? {});
  for (const [key, value] of Object.entries(pairs(values.option, "option"))) {
    const dot = key.indexOf(".");
    if (dot <= 0) throw new UsageError(`--option must be GRADER.KEY=VALUE, got "${key}=${value}"`);
    const grader = key.slice(0, dot);
    if (!isGraderName(grader)) throw unknownGrader(grader, { where: `in --option ${key}` });
    const option = key.slice(dot + 1);
    graderOptions[grader] = {
      ...(graderOptions[grader] ?? {}),
      [option]: parseOptionText(grader, GRADERS[grader].options, option, value),
    };
  }
  settings.graderOptions = graderOptions;
  // Spread, not assignment: a flag such as --map __proto__=x stays a key (and is refused).
  settings.mapping = { ...(base.mapping ?? {}), ...mapFlags(values.map) };
  const format = formatFlag(values.format);
  if (format !== undefined) settings.format = format;
  if (values["default-version"] !== undefined) settings.defaultVersion = values["default-version"];
  if (values["include-output"]) settings.includeOutput = true;
  if (values.overall !== undefined) {
    if (values.overall !== "all" && values.overall !== "any") {
      throw new UsageError(`--overall must be all or any, got "${values.overall}"`);
    }
    settings.overall = values.overall as OverallRule;
  }
  return settings;
}

/** `--workers N`: a whole number of threads from 1 up, or none given (the default). */
function workersFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > 256) {
    throw new UsageError(`--workers must be a whole number from 1 to 256, got "${value}"`);
  }
  return n;
}

type Values = ReturnType<typeof parse<typeof OPTIONS>>["values"];

/** Refuse flags that mean nothing in a mode that reads no file. */
function refuseFileFlags(values: Values, mode: string): void {
  const fileFlags = [
    "scored",
    "save-config",
    "include-output",
    "map",
    "format",
    "max-decompressed",
    "default-version",
    "overall",
    "html",
    "workers",
  ] as const;
  const given = fileFlags.filter((f) => values[f] !== undefined);
  if (given.length > 0) {
    throw new UsageError(`--${given[0]} needs a results file; it cannot be used with --${mode}`);
  }
}

/** `--pair OUTPUT REFERENCE`: grade one pair with each selected grader. */
async function gradeOnePair(values: Values, positionals: string[]): Promise<number> {
  refuseFileFlags(values, "pair");
  if (positionals.length !== 2) {
    throw new UsageError(
      `--pair takes exactly two arguments, OUTPUT and REFERENCE (got ${positionals.length})`,
    );
  }
  const config = resolveScoreConfig(await settingsFrom(values));
  const [output, reference] = positionals;
  const results = config.graders.map((name) => {
    const r = gradePair(output, reference, name, {
      threshold: config.thresholds[name],
      graderOptions: config.graderOptions[name],
    });
    return {
      grader: r.grader,
      pass: r.pass,
      score: Number.isFinite(r.score) && !r.error ? r.score : null,
      error: r.error ?? null,
      nearMiss: r.nearMiss,
      reason: r.reason,
      threshold: config.thresholds[name] ?? null,
      settings: r.settings,
    };
  });
  if (values.json) {
    printJson({ output, reference, results });
    return EXIT_OK;
  }
  const used = [...new Set(results.flatMap((r) => r.nearMiss))];
  console.log(textTable({
    caption: `output ${JSON.stringify(output)} against reference ${JSON.stringify(reference)}`,
    columns: ["grader", "pass", "score", "error", "near miss", "reason"],
    rows: results.map((r) => [
      r.grader,
      r.pass,
      r.score,
      r.error,
      r.nearMiss.join(" or "),
      r.reason,
    ]),
    numeric: [2],
    notes: [
      ...results.map((r) =>
        `${r.settings.startsWith(`${r.grader}:`) ? r.settings : `${r.grader}: ${r.settings}`}${
          r.threshold === null ? "" : ` (pass when ${passRule(r.grader, r.threshold)})`
        }`
      ),
      ...used.map((n) => `${n}: ${NEAR_MISS_MEANINGS[n]}`),
    ],
  }, { digits: 4, maxRows: Infinity }));
  return EXIT_OK;
}

const LANGUAGES: Record<string, NormalizerLanguage> = {
  typescript: "typescript",
  ts: "typescript",
  python: "python",
  py: "python",
};

/** `--export-normalizer STEPS`: print the normalizer's source. */
function printNormalizer(values: Values, positionals: string[]): number {
  refuseFileFlags(values, "export-normalizer");
  if (positionals.length > 0) {
    throw new UsageError("--export-normalizer reads no file; remove the file argument");
  }
  const name = values.language ?? "typescript";
  const language = Object.hasOwn(LANGUAGES, name) ? LANGUAGES[name] : undefined;
  if (language === undefined) {
    throw new UsageError(`--language must be typescript or python, got "${values.language}"`);
  }
  const steps = list(values["export-normalizer"]) as FormattingStep[];
  console.log(exportNormalizer(steps, language).trimEnd());
  return EXIT_OK;
}

/** True when no grader scored a row and no assertion ran: the file gave nothing to grade. */
function nothingGraded(report: ScoreReport): boolean {
  return report.assertions.run === 0 &&
    report.graders.every((g) => g.graded === 0 && g.errors === 0);
}

/**
 * The one-line error for a file that another tool wrote (promptfoo, Inspect AI, lm-eval, OpenAI
 * Evals, DeepEval, Ragas), as the harness registry detects it; undefined for any other file. Asked
 * only when a file could not be scored or gave nothing to grade, so scoring a results file never
 * loads the harness readers.
 */
async function harnessFileError(file: string): Promise<UsageError | undefined> {
  try {
    // A computed URL: Deno reads the graph of an import written as a string literal (the
    // readers, audit, the interval libraries) before every run, reached or not.
    const { detectHarness, HARNESSES } = await import(
      new URL("../lib/harness/mod.ts", import.meta.url).href
    ) as typeof import("../lib/harness/mod.ts");
    const { detected } = await detectHarness(file);
    if (detected === null) return undefined;
    return new UsageError(
      `"${file}" is ${HARNESSES[detected.harness].reads}, a harness file, not a results file ` +
        `to score: audit it with "verdict audit ${file}"`,
    );
  } catch {
    return undefined; // not readable as a harness file either: the scoring error stands
  }
}

/** Run `verdict score` with the given arguments; returns the exit code. */
export function main(args: string[]): Promise<number> {
  return run("score", async () => {
    const { values, positionals } = parse(args, OPTIONS, "score");
    if (values.help) {
      console.log(help());
      return EXIT_OK;
    }
    if (values.pair && values["export-normalizer"] !== undefined) {
      throw new UsageError("use --pair or --export-normalizer, not both");
    }
    if (values.pair) return await gradeOnePair(values, positionals);
    if (values["export-normalizer"] !== undefined) return printNormalizer(values, positionals);
    if (values.language !== undefined) {
      throw new UsageError("--language goes with --export-normalizer");
    }
    if (positionals.length !== 1) {
      throw new UsageError(
        `give exactly one results file (got ${positionals.length}). Run "verdict score --help" for usage.`,
      );
    }
    const settings = await settingsFrom(values);
    resolveScoreConfig(settings); // check names and numbers before reading the file
    // Every output can be written, and none is the results file, before any work is done.
    await checkOutputs([
      ["--scored", values.scored],
      ["--html", values.html],
      ["--save-config", values["save-config"]],
    ], [positionals[0]]);
    // The page charts each row's sentence score, so --html keeps the rows (up to the default).
    const file = positionals[0];
    let report: ScoreReport;
    try {
      report = await score(file, {
        ...settings,
        limits: limitsFlag(values["max-decompressed"]),
        scored: values.scored,
        workers: workersFlag(values.workers),
        ...(values.html ? {} : { keepRows: 0 }),
      });
    } catch (error) {
      throw (isUsersToFix(error) && await harnessFileError(file)) || error;
    }
    if (nothingGraded(report)) {
      const error = await harnessFileError(file);
      if (error) throw error;
    }
    if (values.html) {
      await writeTextFileAtomic(
        values.html,
        await report.htmlPage({ footer: [`verdict score ${args.join(" ")}`] }),
      );
    }
    if (values["save-config"]) {
      await writeTextFileAtomic(
        values["save-config"],
        JSON.stringify(report.config, null, 2) + "\n",
      );
    }
    if (values.json) printJson(report.toJSON());
    else console.log(report.toText({ verbose: values.verbose, more: "--verbose shows them" }));
    const read = report.read.report.toJSON().rows;
    if (read.used === 0) {
      const reasons = Object.fromEntries(
        Object.entries(read.leftOut).map(([reason, entry]) => [reason, entry?.count ?? 0]),
      );
      return noRowUsed("score", file, read.read, reasons);
    }
    return EXIT_OK;
  });
}

if (import.meta.main) Deno.exit(await main(Deno.args));
