// Builders for GradeResult values, shared by the graders.
import type { GradeResult, GraderScale } from "./types.ts";
import { meetsThreshold } from "../stats/meets_threshold.ts";

const FRACTIONS: GraderScale = { direction: "higher", maximum: 1 };

/**
 * How many code points of a value `quote` shows by default. Any prefix of a value longer than
 * this many code units is quoted as the value is (only the shown start and the cut matter).
 */
export const QUOTED_UNITS = 60;

// The value quoted last (not too long to keep), its `max` and its quote: graders of one row quote
// the same reference in their reasons (regex its pattern, numeric a reference without a number).
const KEPT_UNITS = 4096;
let lastValue: string | undefined;
let lastMax = 0;
let lastQuote = "";

/** Show a value from a row in a reason: JSON-quoted and cut to `max` characters. */
export function quote(s: string, max = QUOTED_UNITS): string {
  if (s === lastValue && max === lastMax) return lastQuote;
  const shown = quoted(s, max);
  if (s.length <= KEPT_UNITS) {
    lastValue = s;
    lastMax = max;
    lastQuote = shown;
  }
  return shown;
}

/** {@link quote}, worked out. */
function quoted(s: string, max: number): string {
  // A text of at most `max` code units has at most `max` code points: shown whole.
  if (s.length <= max) return JSON.stringify(s);
  // The usual start: `max` code units that JSON shows as they are (no control character, quote,
  // backslash or surrogate), so `max` code points, quoted by hand.
  let plain = 0;
  while (plain < max) {
    const c = s.charCodeAt(plain);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) break;
    plain++;
  }
  if (plain === max) return `"${s.slice(0, max)}…"`;
  // Only the code points shown are visited: a value can be tens of megabytes. A surrogate pair
  // is one code point; a lone surrogate counts as one too (as string iteration yields it).
  let i = 0;
  for (let count = 0; i < s.length; count++) {
    // The ellipsis needs no escaping: added after quoting, the quoted start stays one-byte text
    // (quicker to quote than the start and the ellipsis joined).
    if (count === max) return JSON.stringify(s.slice(0, i)).slice(0, -1) + '…"';
    const c = s.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < s.length &&
      (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    i += pair ? 2 : 1;
  }
  return JSON.stringify(s);
}

/**
 * A score in a reason, to four significant digits, or more when four would make it look equal to
 * the threshold it missed (0.49996 against 0.5 reads "0.49996", not "0.5").
 */
export function shownScore(score: number, threshold?: number): string {
  for (let digits = 4; digits < 17; digits++) {
    const shown = Number(score.toPrecision(digits));
    if (shown !== threshold) return String(shown);
  }
  return String(score);
}

/** The row lacks an input the grader needs. */
export function notJudged(error: string, reason: string): GradeResult {
  return { score: NaN, pass: null, error, notJudged: true, reason };
}

/** The row has no reference at all. */
export function noReference(): GradeResult {
  return notJudged("no-reference", "the row has no reference");
}

/** The grader could not judge the row (bad pattern, bad schema, bad threshold…). */
export function errored(error: string, reason: string): GradeResult {
  return { score: NaN, pass: null, error, reason };
}

/**
 * A pass/fail verdict (score 1 or 0): `score`, `pass`, then `reason` and `referenceIndex` when
 * given, in that order. Each shape is made whole (one allocation, no property added later).
 */
export function binary(pass: boolean, reason?: string, referenceIndex?: number): GradeResult {
  const score = pass ? 1 : 0;
  if (reason === undefined) {
    return referenceIndex === undefined ? { score, pass } : { score, pass, referenceIndex };
  }
  return referenceIndex === undefined
    ? { score, pass, reason }
    : { score, pass, reason, referenceIndex };
}

/** Check a pass threshold for a graded grader; returns an error result when it is unusable. */
export function checkThreshold(
  threshold: unknown,
  score: number,
  scale: GraderScale = FRACTIONS,
): GradeResult | undefined {
  if (threshold === undefined) return undefined;
  if (typeof threshold !== "number" || !Number.isFinite(threshold)) {
    return errored("bad-threshold", `threshold ${String(threshold)} is not a finite number`);
  }
  if (threshold < 0 || threshold > scale.maximum) {
    return errored(
      "bad-threshold",
      scale.maximum === 1
        ? `threshold ${threshold} is outside [0, 1]; scores are fractions (score here: ${score})`
        : `threshold ${threshold} is below 0; scores are fractions ≥ 0 (score here: ${score})`,
    );
  }
  return undefined;
}

/**
 * A graded score, with pass/fail only when a threshold is set: pass ⇔ score ≥ threshold, or
 * score ≤ threshold on a scale where lower is better (TER); a score within 1e-9 of the threshold
 * counts as at it, so floating-point noise never fails a row.
 */
export function graded(
  score: number,
  threshold: number | undefined,
  extra: Pick<GradeResult, "referenceIndex" | "stats"> = {},
  scale: GraderScale = FRACTIONS,
): GradeResult {
  // An unusable threshold makes the row an error: no score and no statistics, so that it does
  // not count in the corpus figures either.
  const bad = checkThreshold(threshold, score, scale);
  if (bad) return bad;
  if (threshold === undefined) return { score, pass: null, ...extra };
  const lower = scale.direction === "lower";
  const pass = meetsThreshold(score, threshold, scale.direction);
  const out: GradeResult = { score, pass, ...extra };
  if (!pass) {
    out.reason = `score ${shownScore(score, threshold)} is ${
      lower ? "above" : "below"
    } the threshold ${threshold}${lower ? " (lower is better)" : ""}`;
  }
  return out;
}
