// `verdict interval`: the three conventions and the envelope from typed counts.
import { type AttemptCounts, auditCounts } from "../lib/audit/audit_counts.ts";
import { EXIT_CODES_HELP, EXIT_OK, list, parse, printJson, run, UsageError } from "./_common.ts";
import { confidenceFlag, methodFlag, methodHelp } from "./_interval_flags.ts";

const HELP = `verdict interval: the pass rate three ways from counts, with intervals (Wilson and
Clopper-Pearson unless --method says otherwise) and the envelope

Usage: deno run --allow-read cli.ts interval --passes N --fails N [unscored counts] [options]

  --passes N        attempts that passed (required)
  --fails N         attempts that failed (required)
  --errored N       attempts that ended in an error (timeout, rate limit, content filter…)
  --nan N           attempts with a NaN score
  --unparsed N      attempts whose grade could not be read
  --unreadable N    other unreadable attempts (blank case id, score off its scale)
  --no-verdict N    attempts with a score but no verdict on a pass/fail grader
  --empty N         attempts with no score, no verdict and no error
  --confidence X    confidence level, in (0, 1) (default 0.95)
  --method M[,M…]   interval method(s), one column each, in this order (default
                    wilson,clopper-pearson: Wilson first, the exact interval beside it):
${methodHelp(20)}
  --json            print the figures as JSON on stdout
  -h, --help        show this help

${EXIT_CODES_HELP}`;

const COUNTS = {
  passes: "passes",
  fails: "fails",
  errored: "errored",
  nan: "nan",
  unparsed: "unparsed",
  unreadable: "unreadable",
  "no-verdict": "noVerdict",
  empty: "empty",
} as const;

const OPTIONS = {
  passes: { type: "string" },
  fails: { type: "string" },
  errored: { type: "string" },
  nan: { type: "string" },
  unparsed: { type: "string" },
  unreadable: { type: "string" },
  "no-verdict": { type: "string" },
  empty: { type: "string" },
  confidence: { type: "string" },
  method: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

function count(flag: string, value: string): number {
  if (!/^\d+$/.test(value.trim())) {
    throw new UsageError(`--${flag} must be a whole number ≥ 0, got "${value}"`);
  }
  return Number(value);
}

/** Run `verdict interval` with the given arguments; returns the exit code. */
export function main(args: string[]): Promise<number> {
  return run("interval", () => {
    const { values, positionals } = parse(args, OPTIONS, "interval");
    if (values.help) {
      console.log(HELP);
      return Promise.resolve(EXIT_OK);
    }
    if (positionals.length > 0) {
      throw new UsageError(
        `interval takes no file (got "${
          positionals[0]
        }"). Run "verdict interval --help" for usage.`,
      );
    }
    for (const flag of ["passes", "fails"] as const) {
      if (values[flag] === undefined) {
        throw new UsageError(`--${flag} is required. Run "verdict interval --help" for usage.`);
      }
    }
    const counts: Record<string, number> = {};
    for (const [flag, key] of Object.entries(COUNTS)) {
      const value = values[flag as keyof typeof COUNTS];
      if (value !== undefined) counts[key] = count(flag, value);
    }
    const confidence = confidenceFlag(values.confidence);
    const methods = values.method === undefined
      ? undefined
      : list(values.method).map((m) => methodFlag(m, "interval"));
    if (methods?.length === 0) throw new UsageError("--method needs at least one method");
    if (methods && new Set(methods).size < methods.length) {
      throw new UsageError(`--method names a method twice: "${values.method}"`);
    }
    const result = auditCounts(counts as unknown as AttemptCounts, { confidence, methods });
    if (values.json) printJson(result.toJSON());
    else console.log(result.toText());
    return Promise.resolve(EXIT_OK);
  });
}

if (import.meta.main) Deno.exit(await main(Deno.args));
