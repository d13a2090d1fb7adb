// `verdict audit`: classify every row of a results file and report the pass rate three ways.
import {
  AUDIT_ROLES,
  auditFile,
  FORMATS,
  HARNESS_ALIASES,
  HARNESS_NAMES,
  HARNESSES,
  INTERVAL_METHOD_NAMES,
  INTERVAL_METHODS,
  type IntervalMethod,
  intervalMethod,
  offlineHtmlPage,
  tryAuditHarnessFile,
} from "../mod.ts";
import {
  confidenceFlag,
  EXIT_CODES_HELP,
  EXIT_OK,
  formatFlag,
  mapFlagHelp,
  mapFlags,
  pairs,
  parse,
  printJson,
  run,
  UsageError,
  wrapHelp,
} from "./_common.ts";

/** The `--method` lines of a help text, from the interval registry, indented by `indent`. */
export function methodHelp(indent: number): string {
  return INTERVAL_METHOD_NAMES.map((m) =>
    `${" ".repeat(indent)}${m.padEnd(16)}${INTERVAL_METHODS[m].summary}`
  ).join("\n");
}

const THRESHOLD_TAKERS = HARNESS_NAMES.filter((h) => HARNESSES[h].takesThresholds);

function listed(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names[0];
}

const HELP = `verdict audit: find the rows of a results file that ended without a verdict, and
report the pass rate three ways with Wilson intervals and the envelope

Usage: deno run --allow-read cli.ts audit FILE [options]

FILE has one row per case × version × repeat × grader: item (or case, id, case_id), system
(or version, model), repeat, scorer (or grader), score, pass, and optionally error, error_kind,
raw_grade, declared, scale_min, scale_max. CSV, TSV, JSON lines and JSON arrays are detected.
${
  wrapHelp(
    `FILE may also be a native file of ${
      listed(HARNESS_NAMES.map((h) => HARNESSES[h].title))
    }: those are recognised from their content first (see docs/harness.md).`,
    0,
  )
}

  --confidence X      confidence level of every interval, in (0, 1) (default 0.95)
  --method M          interval method of every rate (default wilson; statsmodels' names such
                      as agresti_coull and beta are accepted too):
${methodHelp(22)}
  --scale MIN,MAX     score scale for every row (default [0, 1] unless a row declares its own)
  --map ROLE=COLUMN   ${mapFlagHelp(AUDIT_ROLES, 22)}
  --format F          read the file as ${FORMATS.join(", ")}
                      (a six-field file: no harness detection)
  --harness H         read the file as ${listed(HARNESS_NAMES)}
  --threshold M=X     ${
  wrapHelp(
    `for a file of scores without verdicts (${
      listed(THRESHOLD_TAKERS.map((h) => HARNESSES[h].title))
    }): a scored row of metric M passes at or above X; repeat for each metric. A metric without ` +
      "one is reported as its mean over the scored rows, with the count and a bootstrap " +
      "interval beside it",
    22,
  )
}
  --seed N            seed of those bootstrap intervals (default 0; 1000 resamples)
  --html OUT          also write a self-contained HTML report with the envelope chart
                      (needs --allow-write)
  --json              print the report as JSON on stdout (undefined rates are null)
  -h, --help          show this help

Conventions: scored only = passes / scored attempts; all attempted = passes / attempts
(unscored count as failures); upper edge = (passes + unscored) / attempts (unscored count as
passes); envelope = all-attempted lower bound to upper-edge upper bound.

${EXIT_CODES_HELP}`;

const OPTIONS = {
  confidence: { type: "string" },
  method: { type: "string" },
  scale: { type: "string" },
  map: { type: "string", multiple: true },
  format: { type: "string" },
  harness: { type: "string" },
  threshold: { type: "string", multiple: true },
  seed: { type: "string" },
  html: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** Read `--method`: an interval method's name (default wilson). */
export function methodFlag(value: string | undefined, command: string): IntervalMethod {
  if (value === undefined) return "wilson";
  try {
    return intervalMethod(value);
  } catch {
    throw new UsageError(
      `--method is one of ${INTERVAL_METHOD_NAMES.join(", ")}, not "${value}". ` +
        `Run "verdict ${command} --help" for usage.`,
    );
  }
}

function scaleFlag(value: string | undefined): { min: number; max: number } | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(",").map((s) => s.trim());
  const [min, max] = parts.map(Number);
  if (parts.length !== 2 || parts.some((p) => p === "") || !(min < max)) {
    throw new UsageError(`--scale must be MIN,MAX with MIN < MAX, such as 0,10, got "${value}"`);
  }
  return { min, max };
}

function thresholdsFlag(items: string[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [metric, text] of Object.entries(pairs(items, "threshold"))) {
    const n = Number(text);
    if (text.trim() === "" || !Number.isFinite(n)) {
      throw new UsageError(`--threshold ${metric}= must be a number, such as 0.7, got "${text}"`);
    }
    Object.defineProperty(out, metric, { value: n, enumerable: true, writable: true });
  }
  return out;
}

function seedFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isSafeInteger(n)) {
    throw new UsageError(`--seed must be a whole number, got "${value}"`);
  }
  return n;
}

/** Run `verdict audit` with the given arguments; returns the exit code. */
export function main(args: string[]): Promise<number> {
  return run("audit", async () => {
    const { values, positionals } = parse(args, OPTIONS, "audit");
    if (values.help) {
      console.log(HELP);
      return EXIT_OK;
    }
    if (positionals.length !== 1) {
      throw new UsageError(
        `give exactly one results file (got ${positionals.length}). ` +
          `Run "verdict audit --help" for usage.`,
      );
    }
    const confidence = confidenceFlag(values.confidence);
    const method = methodFlag(values.method, "audit");
    const scale = scaleFlag(values.scale);
    const format = formatFlag(values.format);
    const mapping = mapFlags(values.map);
    // Own keys only: "--harness constructor" names no harness.
    const harness = values.harness !== undefined && Object.hasOwn(HARNESS_ALIASES, values.harness)
      ? HARNESS_ALIASES[values.harness]
      : undefined;
    if (values.harness !== undefined && harness === undefined) {
      throw new UsageError(
        `--harness is one of ${HARNESS_NAMES.join(", ")}, not "${values.harness}"`,
      );
    }
    const thresholds = thresholdsFlag(values.threshold);
    const seed = seedFlag(values.seed);
    const sixField = values.format !== undefined || Object.keys(mapping).length > 0;
    if ((harness || Object.keys(thresholds).length > 0) && sixField) {
      throw new UsageError("--harness and --threshold cannot be combined with --format or --map");
    }
    // A native harness file is recognised from its content first; anything else is six-field.
    const settings = { confidence, method, scale, seed };
    const harnessReport = sixField
      ? null
      : await tryAuditHarnessFile(positionals[0], { ...settings, harness, thresholds });
    if (!harnessReport && Object.keys(thresholds).length > 0) {
      throw new UsageError(
        `--threshold applies to ${
          listed(THRESHOLD_TAKERS.map((h) => HARNESSES[h].title))
        } files, and "${positionals[0]}" is none`,
      );
    }
    const report = harnessReport ??
      await auditFile(positionals[0], {
        ...settings,
        mapping,
        format,
      });
    if (values.html) {
      const chart = report.chart();
      const page = await offlineHtmlPage({
        title: "verdict audit report",
        sections: [{ html: report.toHTML() }, { figure: chart.figure, text: chart.text }],
        footer: [`verdict audit ${args.join(" ")}`],
      });
      await Deno.writeTextFile(values.html, page);
    }
    if (values.json) printJson(report.toJSON());
    else console.log(report.toText());
    return EXIT_OK;
  });
}

if (import.meta.main) Deno.exit(await main(Deno.args));
