// `verdict compare`: two versions on the same cases, grader by grader, with paired intervals.
// The compare job's own modules, not mod.ts.
import {
  compare,
  type CompareConvention,
  type CompareOptions,
  type CompareSide,
} from "../lib/compare/mod.ts";
import { writeTextFileAtomic } from "../lib/io/output_file.ts";
import {
  checkOutputs,
  EXIT_GATE,
  EXIT_OK,
  formatFlag,
  limitsFlag,
  list,
  MAX_DECOMPRESSED_HELP,
  MAX_DECOMPRESSED_OPTION,
  parse,
  printJson,
  run,
  UsageError,
} from "./_common.ts";
import { confidenceFlag } from "./_interval_flags.ts";
import { settingsFrom } from "./score.ts";

const HELP = `verdict compare: compare two versions on the same cases, grader by grader, with a
paired interval and test for every difference (always B − A)

Usage: deno run --allow-read cli.ts compare FILE --versions A,B [options]
       deno run --allow-read cli.ts compare FILE_A FILE_B [options]
       deno run --allow-read cli.ts compare ANSWERS_A ANSWERS_B --data DATASET [--metric M]

A FILE is a results file (output and reference per row: give --graders to grade it here), a scored
file (item, system, repeat, scorer, score, pass…, as score --scored writes it), or a promptfoo,
Inspect AI, lm-evaluation-harness or OpenAI Evals file (recognised from its content). With
--data, the two files are answers files of two eval runs (eval --out) over that dataset, scored
here with the eval's metrics as recorded answers: no model is called.

  --versions A,B        the baseline A and the version B compared with it; with two files, the
                        version to take from each (needed when a file holds several)
  --graders LIST        grade a results file with these graders, as score does (see score --help)
  --threshold G=X       pass threshold of a graded grader (results files)
  --option G.KEY=VALUE  a grader setting (results files), e.g. bleu.tokenize=intl
  --config FILE         scoring settings saved by score --save-config (results files)
  --map ROLE=COLUMN     column mapping of a results file (as in score)
  --format F            read every file as csv, tsv, jsonl, json-array or json-rows
  --max-decompressed S  ${MAX_DECOMPRESSED_HELP}
  --default-version V   version of a results file without a version column
  --only LIST           keep only these graders (scorers) of a scored or harness file
  --data DATASET        the dataset two eval runs answered (their answers files are FILE_A, FILE_B)
  --metric M            an eval metric for answers files, NAME or NAME:THRESHOLD (repeatable;
                        default exact_match); see eval --help
  --template T          the prompt template the eval runs used (answers files)
  --input FIELD         the field the eval runs asked (answers files)
  --reference FIELD     the field holding the reference(s) (answers files)
  --convention C        headline for unscored attempts: all-attempted (default; one counts as a
                        failure, or the lowest score) or scored-only (cases both versions scored);
                        the other and the envelope are always shown beside it
  --confidence X        confidence level of every interval, in (0, 1) (default 0.95)
  --seed N              bootstrap seed (default 0): the same seed gives the same figures
  --resamples N         bootstrap resamples (default 1000)
  --fail-if-worse LIST  exit 1 when B is significantly worse than A on one of these graders (its
                        whole interval below 0 at --confidence); "all" for every grader
  --html OUT            also write an offline HTML page with the forest chart (needs --allow-write)
  --json                print the comparison as JSON on stdout (undefined figures are null)
  -v, --verbose         also print each grader's details: pairs, every convention, notes
  -h, --help            show this help

Pass/fail graders: Newcombe's hybrid score interval for paired proportions and McNemar's exact
test (one attempt per case). Graded metrics (token F1, ROUGE-L, means) and corpus BLEU/chrF
(recomputed from summed statistics, as sacreBLEU's --paired-bs): a seeded paired bootstrap over
cases with sacreBLEU's p-value. Cases with several attempts are resampled as a whole.

Exit codes: 0 done (and no --fail-if-worse grader is worse), 1 a --fail-if-worse grader is
significantly worse, 2 a file or an option could not be used, 70 a bug in verdict.`;

const OPTIONS = {
  versions: { type: "string" },
  graders: { type: "string" },
  threshold: { type: "string", multiple: true },
  option: { type: "string", multiple: true },
  config: { type: "string" },
  map: { type: "string", multiple: true },
  format: { type: "string" },
  ...MAX_DECOMPRESSED_OPTION,
  "default-version": { type: "string" },
  only: { type: "string" },
  data: { type: "string" },
  metric: { type: "string", multiple: true },
  template: { type: "string" },
  input: { type: "string" },
  reference: { type: "string" },
  convention: { type: "string" },
  confidence: { type: "string" },
  seed: { type: "string" },
  resamples: { type: "string" },
  "fail-if-worse": { type: "string", multiple: true },
  html: { type: "string" },
  json: { type: "boolean" },
  verbose: { type: "boolean", short: "v" },
  help: { type: "boolean", short: "h" },
} as const;

const CONVENTIONS: Record<string, CompareConvention> = {
  "all-attempted": "allAttempted",
  "scored-only": "scoredOnly",
};

function wholeNumber(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value.trim()) || Number(value) < min) {
    throw new UsageError(`--${flag} must be a whole number ≥ ${min}, got "${value}"`);
  }
  return Number(value);
}

/** Run `verdict compare` with the given arguments; returns the exit code. */
export function main(args: string[]): Promise<number> {
  return run("compare", async () => {
    const { values, positionals } = parse(args, OPTIONS, "compare");
    if (values.help) {
      console.log(HELP);
      return EXIT_OK;
    }
    const versions = values.versions === undefined ? undefined : list(values.versions);
    if (versions !== undefined && versions.length !== 2) {
      throw new UsageError(`--versions must be two names A,B, got "${values.versions}"`);
    }
    if (positionals.length === 1 && versions === undefined) {
      throw new UsageError(
        'one file needs --versions A,B (the two versions in it). Run "verdict compare --help" for usage.',
      );
    }
    if (positionals.length < 1 || positionals.length > 2) {
      throw new UsageError(
        `give one file with --versions A,B, or two files (got ${positionals.length}). ` +
          'Run "verdict compare --help" for usage.',
      );
    }
    const convention = values.convention === undefined ? undefined : CONVENTIONS[values.convention];
    if (values.convention !== undefined && convention === undefined) {
      throw new UsageError(
        `--convention must be all-attempted or scored-only, got "${values.convention}"`,
      );
    }
    const grading = values.graders !== undefined || values.config !== undefined;
    if (!grading) {
      for (const flag of ["threshold", "option", "map", "default-version"] as const) {
        if (values[flag] !== undefined) {
          throw new UsageError(`--${flag} applies to a results file graded here: add --graders`);
        }
      }
    }
    if (grading && values.only !== undefined) {
      throw new UsageError(
        "--only picks graders of a scored file; with --graders, name them there",
      );
    }
    const answers = values.data !== undefined;
    if (!answers) {
      for (const flag of ["metric", "template", "input", "reference"] as const) {
        if (values[flag] !== undefined) {
          throw new UsageError(`--${flag} applies to eval answers files: add --data DATASET`);
        }
      }
    } else if (grading || values.only !== undefined || positionals.length !== 2) {
      throw new UsageError(
        "--data compares two eval answers files (FILE_A FILE_B) by eval metrics (--metric), " +
          "not with --graders, --only or --versions A,B on one file",
      );
    }
    const settings = grading ? await settingsFrom(values) : undefined;
    const options: CompareOptions = {
      ...(settings
        ? {
          graders: settings.graders,
          thresholds: settings.thresholds,
          graderOptions: settings.graderOptions,
          mapping: settings.mapping,
          defaultVersion: settings.defaultVersion,
        }
        : {}),
      format: settings?.format ?? formatFlag(values.format),
      limits: limitsFlag(values["max-decompressed"]),
      only: values.only === undefined ? undefined : list(values.only),
      ...(answers
        ? {
          data: values.data,
          metrics: values.metric,
          template: values.template,
          input: values.input,
          reference: values.reference,
        }
        : {}),
      confidence: confidenceFlag(values.confidence),
      convention,
      seed: wholeNumber("seed", values.seed, -(2 ** 31)),
      resamples: wholeNumber("resamples", values.resamples, 1),
    };
    // The page can be written and is not an input, before any work.
    await checkOutputs([["--html", values.html]], positionals);
    const result = positionals.length === 1
      ? await compare(versions![0], versions![1], { ...options, source: positionals[0] })
      : await compare(
        side(positionals[0], versions?.[0]),
        side(positionals[1], versions?.[1]),
        options,
      );
    const gates = list((values["fail-if-worse"] ?? []).join(","));
    const known = result.graders.map((g) => g.grader);
    for (const g of gates) {
      if (g !== "all" && !known.includes(g)) {
        throw new UsageError(
          `--fail-if-worse ${g}: no such grader in this comparison (graders: ${
            known.join(", ") || "none"
          })`,
        );
      }
    }
    const gated = gates.includes("all") ? known : gates;
    const worse = result.graders.filter((g) => gated.includes(g.grader) && g.verdict === "worse");
    if (values.html) {
      await writeTextFileAtomic(
        values.html,
        await result.htmlPage({ footer: [`verdict compare ${args.join(" ")}`] }),
      );
    }
    if (values.json) printJson(result.toJSON());
    else console.log(result.toText({ verbose: values.verbose, more: "--verbose shows them" }));
    for (const g of worse) {
      console.error(
        `verdict compare: ${result.b} is significantly worse than ${result.a} on ${g.grader}: ` +
          `${g.difference.toFixed(3)} [${g.ci[0].toFixed(3)}, ${g.ci[1].toFixed(3)}] ` +
          `(${g.metric}, ${Number((result.toJSON().confidence * 100).toPrecision(10))}%)`,
      );
    }
    return worse.length > 0 ? EXIT_GATE : EXIT_OK;
  });
}

function side(path: string, version: string | undefined): CompareSide {
  return version === undefined ? { source: path } : { source: path, version };
}

if (import.meta.main) Deno.exit(await main(Deno.args));
