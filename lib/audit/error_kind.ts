/**
 * Where an error came from, read from its text when the file does not say.
 *
 * @module
 */
import type { ErrorKind } from "./types.ts";

/** One rule of {@link inferErrorKind}: the first rule whose pattern matches wins. */
export interface ErrorKindRule {
  /** The kind given to a matching error. */
  kind: ErrorKind;
  /** What the rule recognizes, for people. */
  label: string;
  /** The test, case-insensitive. */
  pattern: RegExp;
}

/**
 * The rules, in the order they are tried. Grader-side rules come first (a judge that timed out is
 * the grader's failure, not the model's), then infrastructure (so "empty reply from server" is a
 * connection failure), then the model's own behaviour.
 */
export const ERROR_KIND_RULES: readonly ErrorKindRule[] = [
  {
    kind: "grader",
    label:
      "grader, scorer or judge failure; a code such as no-reference, not-judged or bad-schema " +
      "(a row the grader could not judge)",
    pattern:
      /\b(?:grader|scorer|judge|grading|scoring)\b|^\s*(?:no|not|bad)-[a-z]+(?:-[a-z]+)*\s*$|invalid (?:regex|schema)/i,
  },
  {
    kind: "infrastructure",
    label: "timeout",
    pattern: /time[ds]?[ -]?out|timed out|deadline exceeded|\bETIMEDOUT\b/i,
  },
  {
    kind: "infrastructure",
    label: "rate limit (429)",
    pattern: /rate[ _-]?limit|too many requests|\b429\b|quota exceeded/i,
  },
  {
    kind: "infrastructure",
    label: "server error (5xx)",
    pattern:
      /\b(?:status|http|code|error)\b[ :=]*5\d\d\b|\b5\d\d\b[ :-]*(?:internal|bad gateway|service unavailable|gateway|overloaded)|internal server error|bad gateway|service unavailable|server error|overloaded/i,
  },
  {
    kind: "infrastructure",
    label: "connection failure",
    pattern:
      /\bE(?:CONNRESET|CONNREFUSED|CONNABORTED|PIPE|AI_AGAIN|NOTFOUND|HOSTUNREACH|NETUNREACH)\b|connection|socket hang up|network error|fetch failed|empty reply from server/i,
  },
  {
    kind: "model",
    label: "content filter or safety block",
    pattern: /content[ _-]?(?:filter|policy|management)|moderation|safety (?:block|filter|system)/i,
  },
  {
    kind: "model",
    label: "refusal",
    pattern: /\brefus(?:al|ed|es)\b|declined to answer/i,
  },
  {
    kind: "model",
    label: "empty reply",
    pattern: /\bempty (?:reply|response|output|answer|completion|message)\b|no output/i,
  },
];

/**
 * Infer where an error came from when the file gives its text but not its kind: infrastructure
 * (timeouts, rate limits, 5xx, connection failures), the model (content filter, refusal, empty
 * reply), the grader, or `"unstated"` when no rule matches. The rules are in
 * {@link ERROR_KIND_RULES}.
 *
 * @param text The error text as recorded.
 * @returns The kind of the first matching rule, or `"unstated"`.
 *
 * @example Three errors from a results file
 * ```ts
 * import { inferErrorKind } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(inferErrorKind("Request timed out after 60s"), "infrastructure");
 * assert.equal(inferErrorKind("finish_reason: content_filter"), "model");
 * assert.equal(inferErrorKind("something odd"), "unstated");
 * ```
 */
export function inferErrorKind(text: string): ErrorKind {
  for (const rule of ERROR_KIND_RULES) {
    if (rule.pattern.test(text)) return rule.kind;
  }
  return "unstated";
}
