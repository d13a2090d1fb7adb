/**
 * The regex grader: the references are patterns, matched with RE2 semantics (`re2js`), which
 * runs in time linear in the output, so a pattern read from a file can never hang the run.
 *
 * @module
 */

import { RE2JS } from "./_re2js.js";
import { binary, errored, noReference, notJudged, quote } from "./_result.ts";
import { explainRe2 } from "./_re2.ts";
import { mayMatch, plainMatch, type StepFacts, stepFacts } from "./_regex_prefilter.ts";
import type { FormattingStep } from "../text/mod.ts";
import { asciiText, changedText } from "./_probe.ts";
import type { GradeInput, GradeResult } from "./types.ts";
import { type DefinedGrader, defineGrader } from "./define_grader.ts";
import type { OptionsOf, OptionsSchema } from "./options.ts";

const REGEX_OPTIONS = {
  ignoreCase: { type: "boolean", default: false, help: "match without regard to case" },
  fullMatch: {
    type: "boolean",
    default: false,
    help: "the pattern must match the whole output (otherwise anywhere in it)",
  },
} as const satisfies OptionsSchema;

/** Options of the regex grader: `ignoreCase` and `fullMatch`. */
export type RegexOptions = OptionsOf<typeof REGEX_OPTIONS>;

const CACHE_LIMIT = 512;
const cache = new Map<string, RE2JS | string>();

/** Compile (or fetch from the cache) a pattern; a string result is the reason it failed. */
function compile(pattern: string, ignoreCase: boolean): RE2JS | string {
  const key = `${ignoreCase ? "i" : "-"}${pattern}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  let compiled: RE2JS | string;
  try {
    compiled = RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (e) {
    compiled = explainRe2(pattern, e instanceof Error ? e.message : String(e));
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, compiled);
  return compiled;
}

/**
 * The index of the first pattern that matches (-1 for none), or the result of a row that cannot
 * be judged or has a broken pattern. A pattern that surely cannot match the output is not
 * compiled (see `mayMatch`): such a pattern is always valid, so no error is hidden.
 */
function search(input: GradeInput, options: RegexOptions): number | GradeResult {
  const { ignoreCase, fullMatch } = options;
  const refs = input.references;
  if (refs.length === 0) return noReference();
  if (refs.length === 1 && refs[0] !== "") return searchOne(refs[0], input.output, options);
  if (refs.every((r) => r === "")) {
    return notJudged("no-reference", "the pattern is empty (it matches every output)");
  }
  // A plain pattern (characters and `.`) is matched without RE2 (see `plainMatch`); one that
  // surely cannot match is not compiled (see `mayMatch`). Neither can be a broken pattern.
  const patterns = refs.map((r): RE2JS | string | boolean => {
    if (r === "") return false;
    const plain = plainMatch(r, input.output, ignoreCase, fullMatch);
    if (plain !== undefined) return plain;
    return mayMatch(r, input.output, ignoreCase) ? compile(r, ignoreCase) : false;
  });
  const broken = patterns.find((p) => typeof p === "string");
  if (typeof broken === "string") return errored("bad-pattern", broken);
  return patterns.findIndex((p) =>
    p === true ||
    (p instanceof RE2JS && (fullMatch ? p.testExact(input.output) : p.test(input.output)))
  );
}

// The last search with one pattern, and what it found (the probe asks again about the same row).
let lastPattern: string | undefined;
let lastOutput = "";
let lastIgnoreCase = false;
let lastFullMatch = false;
let lastFound: number | GradeResult = -1;

/** {@link search} with one pattern, not empty (the common case, without the lists). */
function searchOne(pattern: string, output: string, options: RegexOptions): number | GradeResult {
  const { ignoreCase, fullMatch } = options;
  lastPattern = pattern;
  lastOutput = output;
  lastIgnoreCase = ignoreCase;
  lastFullMatch = fullMatch;
  return lastFound = matchOne(pattern, output, ignoreCase, fullMatch);
}

/** What {@link searchOne} finds, without remembering it. */
function matchOne(
  pattern: string,
  output: string,
  ignoreCase: boolean,
  fullMatch: boolean,
): number | GradeResult {
  const plain = plainMatch(pattern, output, ignoreCase, fullMatch);
  if (plain !== undefined) return plain ? 0 : -1;
  if (!mayMatch(pattern, output, ignoreCase)) return -1;
  const p = compile(pattern, ignoreCase);
  if (typeof p === "string") return errored("bad-pattern", p);
  return (fullMatch ? p.testExact(output) : p.test(output)) ? 0 : -1;
}

/** Whether the row fails: no pattern matches, and none is broken. */
function fails(input: GradeInput, options: RegexOptions): boolean {
  const refs = input.references;
  if (
    refs.length === 1 && refs[0] === lastPattern && input.output === lastOutput &&
    options.ignoreCase === lastIgnoreCase && options.fullMatch === lastFullMatch
  ) return lastFound === -1;
  return search(input, options) === -1;
}

// The formatting steps that keep a part of the text (`s.slice(a, b)`, cut next to characters they
// remove, none of them a surrogate half): a pattern without assertions that matches the part
// matches the text there.
const CUTTING: ReadonlySet<FormattingStep | "several"> = new Set([
  "trim",
  "strip-trailing-punctuation",
  "strip-quotes",
]);

/**
 * The near-miss probe's quick answer for the regex grader (see `ProbeSpec.passesAfter`): false
 * where no pattern can match the output after the step, told from facts of the patterns
 * (`stepFacts`) without making the changed output; undefined (re-grade) otherwise, and for rows
 * with an empty or broken pattern (only patterns of the plain form, which are valid RE2, have
 * the first four facts; the last is used only once the row is known to fail, so to have valid
 * patterns). Each pattern must fail for one of these reasons:
 * - any step: no text matches the pattern (`never`: a character it needs after its `$`, as in a
 *   price read as a pattern);
 * - `lowercase` (and all seven when the output is ASCII, so NFKC makes no capital): a case-
 *   sensitive match needs a capital A–Z, which a lowercased text has none of;
 * - `underscores` and all seven: a match needs a whitespace character, and none is left;
 * - `collapse-whitespace`: a match needs two whitespace characters in a row, or one that is not a
 *   space, and none is left;
 * - `trim`, `strip-trailing-punctuation`, `strip-quotes` in a search: the step keeps a part of
 *   the output, and a pattern without assertions that matches a part of a text matches the
 *   text, which no pattern of the row does (the row's own verdict: remembered from grading it,
 *   or searched again).
 *
 * And `collapse-whitespace` on an output it leaves as it is (the changed output the probe would
 * make anyway, shared by the graders' probes) gets the row's own verdict, without looking at the
 * patterns.
 */
function passesAfter(
  options: RegexOptions,
): (step: FormattingStep | "several", input: GradeInput) => boolean | undefined {
  const { ignoreCase, fullMatch } = options;
  // The facts of the pattern asked about last (the probe asks about one row's steps in turn).
  let lastRef: string | undefined;
  let lastFacts: StepFacts | undefined;
  const factsOf = (ref: string): StepFacts => {
    if (ref !== lastRef) {
      lastRef = ref;
      lastFacts = stepFacts(ref, fullMatch);
    }
    return lastFacts!;
  };
  return (step, input) => {
    const refs = input.references;
    if (refs.length === 0) return undefined;
    // One pattern that no text matches (a price read as a pattern): told before any text is made.
    if (refs.length === 1 && refs[0] !== "" && factsOf(refs[0]).never) return false;
    if (
      step === "collapse-whitespace" && !refs.includes("") &&
      changedText(input.output, step) === input.output
    ) {
      return fails(input, options) ? false : undefined;
    }
    const cutting = CUTTING.has(step);
    // Whether a needed capital rules a pattern out (for all seven: found when first needed).
    let capitalFails: boolean | undefined = ignoreCase
      ? false
      : step === "lowercase"
      ? true
      : undefined;
    for (const ref of refs) {
      if (ref === "") return undefined;
      const facts = factsOf(ref);
      const cannot = facts.never ||
        (cutting
          ? !fullMatch && facts.noAssertion
          : step === "collapse-whitespace"
          ? facts.uncollapsed
          : step === "underscores"
          ? facts.whitespace
          : step === "several"
          ? facts.whitespace ||
            (facts.capital && (capitalFails ??= asciiText(input.output)))
          : capitalFails === true && facts.capital);
      if (!cannot) return undefined;
    }
    return cutting ? (fails(input, options) ? false : undefined) : false;
  };
}

/**
 * Regex: passes when one of the reference patterns matches the output (anywhere, or the whole
 * output with `fullMatch`). Patterns use RE2 syntax; lookaround and backreferences are refused
 * with an error result (`bad-pattern`), never counted as a pass or a fail. Empty patterns are
 * skipped (they match everything); a row whose patterns are all empty is not judged.
 *
 * @example Search, full match, and an unsupported pattern
 * ```ts
 * import { regexGrader } from "./regex.ts";
 * import assert from "node:assert/strict";
 *
 * const row = { output: "Order #A-1042 shipped", references: ["#[A-Z]-\\d{4}"] };
 * assert.equal(regexGrader.grade(row).pass, true);
 * assert.equal(regexGrader.grade(row, { fullMatch: true }).pass, false);
 * const bad = regexGrader.grade({ output: "aa", references: ["(a)\\1"] });
 * assert.equal(bad.pass, null);
 * assert.equal(bad.error, "bad-pattern");
 * ```
 */
export const regexGrader: DefinedGrader<"regex", "binary", typeof REGEX_OPTIONS, undefined> =
  defineGrader({
    name: "regex",
    kind: "binary",
    summary: "a reference, read as an RE2 pattern, matches the output",
    needsReference: true,
    reads: "references",
    options: REGEX_OPTIONS,
    // A pattern is not text: lowercasing `\D` would make it `\d`. Steps touch the output only.
    probe: {
      stepsOnReferences: false,
      extras: ["case-insensitive"],
      passesAfter: (options) => passesAfter(options as RegexOptions),
    },
    verdict(input, options) {
      const found = search(input, options);
      return typeof found === "number" ? found >= 0 : null;
    },
    grade(input, options) {
      const { ignoreCase, fullMatch } = options;
      const refs = input.references;
      const found = search(input, options);
      if (typeof found !== "number") return found;
      if (found >= 0) return binary(true, undefined, found);
      const what = refs.length === 1
        ? `pattern ${quote(refs[0])}`
        : `any of ${refs.length} patterns`;
      const how = fullMatch ? "match the whole output" : "match the output";
      return binary(false, `${what} does not ${how}${ignoreCase ? " (ignoring case)" : ""}`);
    },
    describe(options) {
      const mode = options.fullMatch ? "full match" : "search";
      return `regex: RE2 ${mode}, ${options.ignoreCase ? "ignore case" : "case-sensitive"}`;
    },
  });
