// The near-miss probe's machinery, shared by the graders (near_miss.ts) and the per-row
// assertions (assertions.ts): re-grade a failing row after each formatting step, after all seven,
// and after each grader-specific change. PROBE_EXTRAS is the catalogue of grader-specific
// probes; a grader names the ones that apply to it in its registry entry.
import {
  applySteps,
  FORMATTING_FUNCTIONS,
  FORMATTING_STEPS,
  type FormattingStep,
} from "../text/mod.ts";
import { canonicalNumbers, mayHoldNumbers, NUMBER_READINGS, readAs } from "./_number_readings.ts";
import type { GradeInput, GradeResult, GraderScale } from "./types.ts";

/** A change beyond the seven formatting steps that may flip a failing row. */
export interface ProbeExtra {
  /** The name reported when it flips the row. */
  name: string;
  /** True when the row passes after the change. */
  flips(input: GradeInput, result: GradeResult): boolean;
}

/** How the probe treats one check. */
export interface ProbeTarget {
  /** The check, with its settings bound. */
  grade(input: GradeInput): GradeResult;
  /** Apply the formatting steps to the references too (false: to the output only). */
  stepsOnReferences: boolean;
  /** Grader-specific changes, tried after the formatting steps. */
  extras: readonly ProbeExtra[];
}

/** A score this close to its threshold, on the failing side, counts as "within 0.1". */
export const WITHIN = 0.1;
// Gaps within this of exactly 0.1 count as 0.1 (0.6 − 0.5 is 0.09999999999999998 in binary).
const GAP_SLACK = 1e-9;

function sameInput(a: GradeInput, output: string, references: readonly string[]): boolean {
  return a.output === output && a.references.length === references.length &&
    a.references.every((r, i) => r === references[i]);
}

/** Every single step that flips the row, `several` when only all seven together do, then extras. */
export function probe(target: ProbeTarget, input: GradeInput, result: GradeResult): string[] {
  if (result.pass !== false) return [];
  const passesAfter = (fn: (s: string) => string): boolean => {
    const output = fn(input.output);
    const references = target.stepsOnReferences ? input.references.map(fn) : input.references;
    if (sameInput(input, output, references)) return false;
    return target.grade({ ...input, output, references }).pass === true;
  };
  const found: string[] = FORMATTING_STEPS.filter((step: FormattingStep) =>
    passesAfter(FORMATTING_FUNCTIONS[step])
  );
  if (found.length === 0 && passesAfter((s) => applySteps(s, FORMATTING_STEPS))) {
    found.push("several");
  }
  for (const extra of target.extras) if (extra.flips(input, result)) found.push(extra.name);
  return found;
}

const FENCE = /(`{3,}|~{3,})[^\n`]*\r?\n([\s\S]*?)\r?\n[ \t]*\1/;

/** The body of the first Markdown code fence in `text`, or undefined when it has none. */
export function fencedBody(text: string): string | undefined {
  const m = FENCE.exec(text);
  return m ? m[2] : undefined;
}

/** `code-fence`: the first fenced block of the output, graded alone. */
export function codeFence(grade: ProbeTarget["grade"]): ProbeExtra {
  return {
    name: "code-fence",
    flips(input) {
      const body = fencedBody(input.output);
      return body !== undefined && grade({ ...input, output: body }).pass === true;
    },
  };
}

/**
 * `number-reading`: the numbers of output and references written one way, as read or under one
 * other reading (decimal comma, spaced thousands, percent as a fraction, number words) of either
 * side.
 */
export function numberReading(grade: ProbeTarget["grade"]): ProbeExtra {
  return {
    name: "number-reading",
    flips(input) {
      if (!mayHoldNumbers(input.output) && !input.references.some(mayHoldNumbers)) return false;
      const tries: [string, readonly string[]][] = [[input.output, input.references]];
      for (const reading of NUMBER_READINGS) {
        const output = readAs(input.output, reading);
        if (output !== input.output) tries.push([output, input.references]);
        const references = input.references.map((r) => readAs(r, reading));
        if (references.some((r, i) => r !== input.references[i])) {
          tries.push([input.output, references]);
        }
      }
      const canonical = new Map<string, string>();
      const canon = (s: string) => {
        let c = canonical.get(s);
        if (c === undefined) canonical.set(s, c = canonicalNumbers(s));
        return c;
      };
      const seen = new Set<string>();
      for (const [o, refs] of tries) {
        const output = canon(o);
        const references = refs.map(canon);
        const key = JSON.stringify([output, references]);
        if (seen.has(key) || sameInput(input, output, references)) continue;
        seen.add(key);
        if (grade({ ...input, output, references }).pass === true) return true;
      }
      return false;
    },
  };
}

/**
 * `within-0.1`: a graded score that misses its threshold by less than 0.1 — below it, or above it
 * where lower is better (TER).
 */
export function withinThreshold(direction: GraderScale["direction"] = "higher"): ProbeExtra {
  return {
    name: "within-0.1",
    flips(input, result) {
      const t = input.threshold;
      if (t === undefined || !Number.isFinite(result.score)) return false;
      const gap = direction === "lower" ? result.score - t : t - result.score;
      return gap > 0 && gap < WITHIN - GAP_SLACK;
    },
  };
}

/** `case-insensitive`: the same check with case ignored (when it was not already). */
export function caseInsensitive(
  gradeIgnoringCase: ProbeTarget["grade"] | undefined,
): ProbeExtra {
  return {
    name: "case-insensitive",
    flips(input) {
      return gradeIgnoringCase !== undefined && gradeIgnoringCase(input).pass === true;
    },
  };
}

/** What a grader-specific probe may use of the grader it probes. */
export interface ProbeContext {
  /** The grader with its settings. */
  grade(input: GradeInput): GradeResult;
  /** The grader's settings, resolved. */
  readonly options: Readonly<Record<string, unknown>>;
  /** Which way the grader's scores are better. */
  readonly scale: GraderScale;
  /** The grader with some of its settings changed. */
  gradeWith(changes: Readonly<Record<string, unknown>>): ProbeTarget["grade"];
}

/** One grader-specific probe: what it means, and how to build it for a grader. */
export interface ProbeExtraEntry {
  /** What the probe tries, in words (reports and notes). */
  readonly meaning: string;
  /** A boolean option the grader must have for this probe to apply to it. */
  readonly needsOption?: string;
  /** The probe for one grader with its settings. */
  make(context: ProbeContext): ProbeExtra;
}

/**
 * The grader-specific probes, in the order the probe reports them. A grader declares which apply
 * to it (`probe.extras` in its registry entry).
 */
export const PROBE_EXTRAS = {
  "case-insensitive": {
    meaning: "match the pattern ignoring case",
    // Nothing to try when ignoreCase is already on.
    needsOption: "ignoreCase",
    make: (c: ProbeContext): ProbeExtra =>
      caseInsensitive(
        c.options.ignoreCase === true ? undefined : c.gradeWith({ ignoreCase: true }),
      ),
  },
  "code-fence": {
    meaning: "take the JSON out of its Markdown code fence",
    make: (c: ProbeContext): ProbeExtra => codeFence(c.grade),
  },
  "number-reading": {
    meaning:
      "read the numbers another way (thousands separator, decimal comma, percent, number words)",
    make: (c: ProbeContext): ProbeExtra => numberReading(c.grade),
  },
  "within-0.1": {
    meaning: "the score misses the threshold by less than 0.1",
    make: (c: ProbeContext): ProbeExtra => withinThreshold(c.scale.direction),
  },
} as const satisfies Readonly<Record<string, ProbeExtraEntry>>;

/** The name of a grader-specific probe. */
export type ProbeExtraName = keyof typeof PROBE_EXTRAS;
