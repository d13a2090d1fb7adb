/**
 * Which convention produced the figure a file reports about itself.
 *
 * @module
 */
import type { DeclaredFigure } from "./types.ts";

/** The counts a declared figure is compared against. */
export interface DeclaredCounts {
  /** Attempts (every row that is not refused). */
  attempted: number;
  /** Passed attempts. */
  passed: number;
  /** Failed attempts. */
  failed: number;
  /** Attempts whose grade could not be read. */
  unparsed: number;
  /** Attempts that ended in an error (compared with count figures only; optional). */
  errored?: number;
}

/** One reading a declared figure may have come from. */
export interface DeclaredCandidate {
  /** A code: `scoredOnly`, `allAttempted`, `unparsedAsFailures`; for counts `attempted`, `scored`, `passed`. */
  convention: string;
  /** The convention spelled out. */
  name: string;
  /** Its value on these counts. */
  value: number;
}

/** The outcome of {@link matchDeclared}. */
export interface DeclaredMatch {
  /** What the figure is, as the file names it. */
  metric: string;
  /** Where in the file it was found. */
  source: string;
  /** The figure. */
  value: number;
  /** `"rate"` or `"count"`. */
  kind: "rate" | "count";
  /** Decimal places it was printed with. */
  decimals: number;
  /** Largest difference that still counts as a match (half a unit in the last printed place). */
  tolerance: number;
  /** Every candidate reading with its value. */
  candidates: DeclaredCandidate[];
  /** The conventions of the candidates within the tolerance, in candidate order. */
  matches: string[];
  /** A sentence that names the convention or lists the candidates. */
  verdict: string;
}

/** Decimal places in the shortest decimal form of a number (`0.6667` → 4, `1e-7` → 7). */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const [mantissa, exponent = "0"] = String(Math.abs(value)).split("e");
  const fraction = mantissa.split(".")[1] ?? "";
  return Math.max(0, fraction.length - Number(exponent));
}

function show(value: number, kind: "rate" | "count", decimals: number): string {
  if (Number.isNaN(value)) return "undefined (no rows)";
  if (kind === "count") return String(value);
  return value.toFixed(Math.min(Math.max(decimals, 4), 12));
}

/**
 * Compare a figure the file reports about itself with what each convention gives on the
 * audited counts. Rates are compared with scored only (passes / scored), all attempted (passes /
 * attempts) and, when some grades could not be read, unparsed grades counted as failures
 * (passes / (scored + unparsed)); counts with the
 * number of attempts, scored attempts, passes, failures and (when given) errored attempts. A candidate matches when it is within half a unit
 * of the figure's last printed decimal place (at least 1e-9).
 *
 * @param figure The declared figure.
 * @param counts The audited counts of the rows it describes.
 * @returns The candidates, the matching conventions and a sentence.
 *
 * @example A harness that left unscored rows out
 * ```ts
 * import { matchDeclared } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const m = matchDeclared(
 *   { metric: "accuracy", value: 0.9189, source: "results.accuracy" },
 *   { attempted: 40, passed: 34, failed: 3, unparsed: 0 },
 * );
 * assert.deepEqual(m.matches, ["scoredOnly"]);
 * assert.equal(m.verdict, "matches scored only");
 * ```
 */
export function matchDeclared(figure: DeclaredFigure, counts: DeclaredCounts): DeclaredMatch {
  const kind = figure.kind ?? "rate";
  const { attempted, passed, failed, unparsed } = counts;
  const scored = passed + failed;
  const candidates: DeclaredCandidate[] = kind === "rate"
    ? [
      { convention: "scoredOnly", name: "scored only", value: passed / scored },
      { convention: "allAttempted", name: "all attempted", value: passed / attempted },
      // With no unparsed grades this reading is scored only again, so it is offered only when
      // there are some.
      ...(unparsed > 0
        ? [{
          convention: "unparsedAsFailures",
          name: "unparsed grades counted as failures",
          value: passed / (scored + unparsed),
        }]
        : []),
    ]
    : [
      { convention: "attempted", name: "attempts", value: attempted },
      { convention: "scored", name: "scored attempts", value: scored },
      { convention: "passed", name: "passes", value: passed },
      { convention: "failed", name: "failures", value: failed },
      ...(counts.errored === undefined
        ? []
        : [{ convention: "errored", name: "errored attempts", value: counts.errored }]),
    ];
  const decimals = figure.decimals ?? decimalsOf(figure.value);
  const tolerance = decimals === 0 ? 1e-9 : Math.max(0.5 * 10 ** -decimals * (1 + 1e-9), 1e-9);
  const hits = candidates.filter((c) => Math.abs(c.value - figure.value) <= tolerance);
  let verdict: string;
  if (hits.length === 0) {
    const list = candidates.map((c) => `${c.name} ${show(c.value, kind, decimals)}`).join(", ");
    verdict = `matches no ${kind === "rate" ? "convention" : "count"}; candidates: ${list}`;
  } else {
    const names = hits.map((c) => c.name).join(" and ");
    const equal = hits.every((c) => Math.abs(c.value - hits[0].value) <= 1e-12);
    verdict = hits.length === 1
      ? `matches ${names}`
      : equal
      ? `matches ${names} (equal on these rows)`
      : `consistent with ${names} at the printed precision`;
  }
  return {
    metric: figure.metric,
    source: figure.source,
    value: figure.value,
    kind,
    decimals,
    tolerance,
    candidates,
    matches: hits.map((c) => c.convention),
    verdict,
  };
}
