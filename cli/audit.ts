// `verdict audit`: classify every row of a results file and report the pass rate three ways.
// The audit job's own modules, not mod.ts: auditing never loads the graders or the eval runner.
import {
  audit,
  AUDIT_ROLES,
  checkAuditGates,
  type Convention,
  type GateOutcome,
  type RateGate,
  readAuditFile,
} from "../lib/audit/mod.ts";
import {
  HARNESS_ALIASES,
  HARNESS_NAMES,
  HARNESSES,
  tryAuditHarnessFile,
} from "../lib/harness/mod.ts";
import { FORMATS, writeTextFileAtomic } from "../lib/io/mod.ts";
import {
  checkOutputs,
  EXIT_GATE,
  EXIT_OK,
  formatFlag,
  limitsFlag,
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
import { confidenceFlag, methodFlag, methodHelp } from "./_interval_flags.ts";

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
  --max-decompressed S  ${MAX_DECOMPRESSED_HELP}
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
  --fail-under G=X    exit 1 when a version's pass rate on grader G is below X (repeatable)
  --fail-under-lower G=X
                      exit 1 when the lower bound of that rate's interval (at --confidence, by
                      --method: Wilson unless set) is below X (repeatable)
  --gate-convention C the rate both gates read: all-attempted (default: unscored attempts count
                      as failures), scored-only or upper-edge
  --html OUT          also write a self-contained HTML report with the envelope chart
                      (needs --allow-write)
  --json              print the report as JSON on stdout (undefined rates are null; with gates,
                      their outcomes under "gates")
  -v, --verbose       also print the details: each group's unscored rows, the totals by class,
                      the notes on the harness, the checks and the conventions
  -h, --help          show this help

Conventions: scored only = passes / scored attempts; all attempted = passes / attempts
(unscored count as failures); upper edge = (passes + unscored) / attempts (unscored count as
passes); envelope = all-attempted lower bound to upper-edge upper bound.

Exit codes: 0 done (and every gate passed), 1 a --fail-under(-lower) gate failed, 2 the file or
an option could not be used (or no row of it was an attempt), 70 a bug in verdict.`;

const OPTIONS = {
  confidence: { type: "string" },
  method: { type: "string" },
  scale: { type: "string" },
  map: { type: "string", multiple: true },
  format: { type: "string" },
  harness: { type: "string" },
  ...MAX_DECOMPRESSED_OPTION,
  threshold: { type: "string", multiple: true },
  seed: { type: "string" },
  "fail-under": { type: "string", multiple: true },
  "fail-under-lower": { type: "string", multiple: true },
  "gate-convention": { type: "string" },
  html: { type: "string" },
  json: { type: "boolean" },
  verbose: { type: "boolean", short: "v" },
  help: { type: "boolean", short: "h" },
} as const;

const GATE_CONVENTIONS: Record<string, Convention> = {
  "all-attempted": "allAttempted",
  "scored-only": "scoredOnly",
  "upper-edge": "upperEdge",
};

/** `--fail-under G=X` and `--fail-under-lower G=X` as gates; X is a fraction in [0, 1]. */
function gateFlags(values: { "fail-under"?: string[]; "fail-under-lower"?: string[] }): RateGate[] {
  const gates: RateGate[] = [];
  for (const flag of ["fail-under", "fail-under-lower"] as const) {
    for (const [grader, text] of Object.entries(pairs(values[flag], flag))) {
      const threshold = Number(text);
      if (text.trim() === "" || !(threshold >= 0 && threshold <= 1)) {
        throw new UsageError(
          `--${flag} ${grader} must be a fraction between 0 and 1, such as 0.8, got "${text}"`,
        );
      }
      gates.push({ grader, threshold, bound: flag === "fail-under" ? "point" : "lower" });
    }
  }
  return gates;
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
    const gates = gateFlags(values);
    const conventionName = values["gate-convention"] ?? "all-attempted";
    if (!Object.hasOwn(GATE_CONVENTIONS, conventionName)) {
      throw new UsageError(
        `--gate-convention must be one of ${
          Object.keys(GATE_CONVENTIONS).join(", ")
        }, got "${conventionName}"`,
      );
    }
    const gateConvention = GATE_CONVENTIONS[conventionName];
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
    const limits = limitsFlag(values["max-decompressed"]);
    await checkOutputs([["--html", values.html]], [positionals[0]]);
    const harnessReport = sixField
      ? null
      : await tryAuditHarnessFile(positionals[0], { ...settings, harness, thresholds, limits });
    if (!harnessReport && Object.keys(thresholds).length > 0) {
      throw new UsageError(
        `--threshold applies to ${
          listed(THRESHOLD_TAKERS.map((h) => HARNESSES[h].title))
        } files, and "${positionals[0]}" is none`,
      );
    }
    // Harness detection already ran: read six-field directly (auditFile's error would point to
    // auditHarnessFile, which this command has just tried).
    const report = harnessReport ??
      await audit(await readAuditFile(positionals[0], { mapping, format, limits }), settings);
    if (values.html) {
      const page = await report.htmlPage({ footer: [`verdict audit ${args.join(" ")}`] });
      await writeTextFileAtomic(values.html, page);
    }
    const outcomes: GateOutcome[] = checkAuditGates(report, gates, gateConvention);
    const lines = outcomes.map((o) =>
      `gate ${o.grader} ≥ ${o.threshold} (${o.version}): ${o.description} — ${
        o.passed ? "passed" : "FAILED"
      }`
    );
    if (values.json) {
      printJson(gates.length ? { ...report.toJSON(), gates: outcomes } : report.toJSON());
    } else {
      console.log(report.toText({ verbose: values.verbose, more: "--verbose shows them" }));
      if (lines.length) console.log(["Gates", "=====", ...lines].join("\n"));
    }
    for (const line of lines.filter((l) => l.endsWith("FAILED"))) console.error(line);
    const data = report.toJSON();
    if (data.totals.attempted === 0) {
      const reasons = data.refusedByReason;
      const hint = data.harness
        ? `the notes on the ${data.harness} file say what it holds`
        : "check the file, --format and --map";
      return noRowUsed("audit", positionals[0], data.totals.refused, reasons, hint);
    }
    return outcomes.some((o) => !o.passed) ? EXIT_GATE : EXIT_OK;
  });
}

if (import.meta.main) Deno.exit(await main(Deno.args));
