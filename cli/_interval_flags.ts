// The interval flags of `audit` and `interval` (`--confidence`, `--method`), apart from
// _common.ts so that commands without intervals do not load the quantile libraries.
// Single files, not lib/stats/mod.ts (which also loads the bootstrap and its npm package).
import { checkConfidence } from "../lib/stats/check_confidence.ts";
import {
  INTERVAL_METHOD_NAMES,
  INTERVAL_METHODS,
  type IntervalMethod,
  intervalMethod,
} from "../lib/stats/proportion_interval.ts";
import { UsageError } from "./_common.ts";

/** `--confidence X`: a number strictly between 0 and 1 (checked by the one confidence check). */
export function confidenceFlag(value: string | undefined): number {
  if (value === undefined) return 0.95;
  const n = Number(value);
  return checkConfidence(value.trim() === "" || Number.isNaN(n) ? value : n, "--confidence");
}

/** The `--method` lines of a help text, from the interval registry, indented by `indent`. */
export function methodHelp(indent: number): string {
  return INTERVAL_METHOD_NAMES.map((m) =>
    `${" ".repeat(indent)}${m.padEnd(16)}${INTERVAL_METHODS[m].summary}`
  ).join("\n");
}

/** Read `--method`: an interval method's name (default wilson). */
export function methodFlag(value: string | undefined, command: string): IntervalMethod {
  if (value === undefined) return "wilson";
  try {
    return intervalMethod(value);
  } catch {
    throw new UsageError(
      `--method must be one of ${INTERVAL_METHOD_NAMES.join(", ")}, got "${value}". ` +
        `Run "verdict ${command} --help" for usage.`,
    );
  }
}
