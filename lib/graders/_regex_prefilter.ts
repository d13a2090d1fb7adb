// A quick test that a regex pattern cannot match an output, so that patterns read from a file
// (often plain sentences, a new one on every row) need not be compiled to learn it. Only patterns
// of the plain form are looked at (see `_regex_scan.ts`): characters, `.`, `^`, `$`, the repeats
// `*`, `+`, `?` (each maybe followed by `?`) and groups (read as their content); nothing escaped,
// no classes, alternatives or counted repeats. Every such pattern is valid RE2, and any match of
// it contains, in order, the runs of characters that no repeat makes optional: if one of them is
// missing from the output, it cannot match; nor can it when a character it requires comes after
// a `$` or before a `^` (the end and start of the text: RE2 is not asked for multi-line).
// Anything else (or a run found) is left to RE2, which decides. `plainMatch` goes further for the
// plainest patterns of all (characters and `.`, which is what a sentence read as a pattern
// mostly is, maybe with groups that change nothing, maybe ending in a `$`): it answers exactly as
// RE2 would, without compiling. A pattern is walked once (`scanPattern`), and what is made of it
// is kept with it.
import { memoized } from "./_memo.ts";
import { asciiText } from "./_probe.ts";
import { PY_WHITESPACE_CLASS } from "../text/mod.ts";
import { type PatternScan, scanPattern } from "./_regex_scan.ts";

// deno-lint-ignore no-control-regex -- ASCII starts at U+0000
const ASCII = /^[\x00-\x7f]*$/;

function isAscii(s: string): boolean {
  return ASCII.test(s);
}

/**
 * Lowercase of a text already known to be ASCII (for ASCII text it is what RE2's case folding
 * matches; on ASCII, `toLowerCase` changes A–Z alone).
 */
function asciiLower(s: string): string {
  return s.toLowerCase();
}

/**
 * False only when `pattern` surely has no match in `output` (searching, so a whole-output match
 * is ruled out too); true when it may have one, or the pattern is left to RE2. With `ignoreCase`
 * both must be ASCII for the test to rule anything out.
 */
export function mayMatch(pattern: string, output: string, ignoreCase: boolean): boolean {
  const reading = readingOf(pattern);
  const { form, never } = reading.scan;
  if (!form) return true;
  if (never) return false;
  const runs = runsOf(reading);
  if (ignoreCase) {
    if (!isAscii(pattern) || !isAscii(output)) return true;
    const text = asciiLower(output);
    return runs.every((run) => text.includes(asciiLower(run)));
  }
  return runs.every((run) => output.includes(run));
}

/**
 * What `plainMatch` needs to know of a plain pattern, worked out once per pattern: the part of
 * it that decides a match (characters and `.`, each one atom), and how to read it.
 */
interface Plain {
  /** The deciding atoms, one per code unit; a `.` stands for any character but a line feed. */
  readonly core: string;
  /**
   * Whether the whole pattern is ASCII (ignoring case is decided here only then), found when
   * first needed.
   */
  ascii: boolean | undefined;
  /** `core` lowercased (what ignoring case needs), made when first needed. */
  lower: string | undefined;
  /**
   * Whether the answer could differ between code units and code points: with a `.` (one code
   * point in RE2), or a U+FFFD (what a lone surrogate in the output may be read as). Without
   * either, every atom is a whole code point that no surrogate half equals, so a match among code
   * units is a match among code points and the other way round.
   */
  readonly codePoints: boolean;
  /** Whether `core` has a `.` (without one, a match is a plain substring or the whole text). */
  readonly dots: boolean;
  /**
   * In a search, a match must end where the text does (the pattern has a `$` after its deciding
   * atoms): `core` is then matched at the text's end alone.
   */
  readonly end: boolean;
  /**
   * The longest stretch of `core` without a `.` (empty when it has a U+FFFD, or none): every match
   * contains it, so an output without it has none, surrogates or not.
   */
  readonly piece: string;
  /** Where `piece` starts in `core`. */
  readonly pieceAt: number;
  /** `piece` lowercased, made when first needed. */
  lowerPiece: string | undefined;
  /** The pattern's {@link StepFacts}, made when first asked for. */
  steps: StepFacts | undefined;
}

/** The plain reading of a pattern whose deciding atoms are `core` (`end`: see `Plain`). */
function plainFrom(core: string, end: boolean): Plain {
  const firstDot = core.indexOf(".");
  const dots = firstDot >= 0;
  const replacement = core.includes("\ufffd");
  // The first longest stretch without a `.`; no text equal to it starts earlier in `core` (it
  // would lie in an earlier stretch at least as long), so it is where `indexOf` would find it.
  let pieceAt = 0;
  let piece = "";
  if (dots && !replacement) {
    let to = 0;
    for (let start = 0; start <= core.length;) {
      let end = start === 0 ? firstDot : core.indexOf(".", start);
      if (end < 0) end = core.length;
      if (end - start > to - pieceAt) {
        pieceAt = start;
        to = end;
      }
      start = end + 1;
    }
    piece = core.slice(pieceAt, to);
  }
  return {
    core,
    ascii: undefined,
    lower: undefined,
    codePoints: dots || replacement,
    dots,
    end,
    piece,
    pieceAt,
    lowerPiece: undefined,
    steps: undefined,
  };
}

/** What is known of one pattern: its scan, and what was made of it when first needed. */
interface Reading {
  readonly pattern: string;
  readonly scan: PatternScan;
  /** The plain reading in a search (null: not made yet; undefined: it has none). */
  search: Plain | undefined | null;
  /** The plain reading as a whole-output match (as `search`). */
  full: Plain | undefined | null;
  /** The texts of the scan's runs. */
  runs: readonly string[] | undefined;
  /** The {@link StepFacts} of a pattern with no plain reading. */
  facts: StepFacts | undefined;
}

function newReading(pattern: string): Reading {
  return {
    pattern,
    scan: scanPattern(pattern),
    search: null,
    full: null,
    runs: undefined,
    facts: undefined,
  };
}

// Several patterns of a row are read in turn; one row's pattern is read when it is graded, then
// again by the near-miss probe's quick answers and re-grades (the last one is kept at hand).
const READINGS = memoized(newReading, 16);
let lastReading: Reading | undefined;

function readingOf(pattern: string): Reading {
  if (lastReading !== undefined && lastReading.pattern === pattern) return lastReading;
  return lastReading = READINGS(pattern);
}

const PARENS = /[()]/g;

/** A character `plainMatch` cannot take as itself (see `PatternScan`), or a surrogate code unit. */
const ANY_SPECIAL = /[\\()[\]{}|*+?^$\ud800-\udfff]/;

/** `pattern[from, to)` without its parentheses (`parens`: whether the pattern has any). */
function atomsOf(pattern: string, from: number, to: number, parens: boolean): string {
  const atoms = pattern.slice(from, to);
  return parens ? atoms.replace(PARENS, "") : atoms;
}

/**
 * The plain reading of a pattern as a whole-output match or a search (see `PatternScan`'s
 * `full` and `searchBegin`): a pattern that reads as a whole reads so in a search too, from its
 * first atom to its last, so both are the same.
 */
function plainReading(reading: Reading, fullMatch: boolean): Plain | undefined {
  const known = fullMatch ? reading.full : reading.search;
  if (known !== null) return known;
  const { pattern, scan } = reading;
  const end = scan.endAnchor >= 0;
  if (scan.full) {
    return reading.full = reading.search = plainFrom(
      atomsOf(pattern, 0, end ? scan.endAnchor : pattern.length, scan.parens),
      end,
    );
  }
  if (fullMatch) return reading.full = undefined;
  return reading.search = scan.searchBegin < 0
    ? undefined
    : plainFrom(atomsOf(pattern, scan.searchBegin, scan.searchEnd, scan.parens), end);
}

/** The texts of the runs of a pattern of the plain form. */
function runsOf(reading: Reading): readonly string[] {
  if (reading.runs !== undefined) return reading.runs;
  const { pattern, scan: { runs } } = reading;
  const texts: string[] = [];
  for (let k = 0; k < runs.length; k += 2) texts.push(pattern.slice(runs[k], runs[k + 1]));
  return reading.runs = texts;
}

const SURROGATE = /[\ud800-\udfff]/;

function hasSurrogates(s: string): boolean {
  return SURROGATE.test(s);
}

/**
 * Whether `atoms` (`.` for any code unit but a line feed) match `text` at `at`, but for
 * `atoms[skipFrom, skipTo)`, which the caller knows to match there.
 */
function atomsAt(atoms: string, text: string, at: number, skipFrom = 0, skipTo = 0): boolean {
  for (let k = 0; k < skipFrom; k++) {
    const a = atoms.charCodeAt(k);
    const c = text.charCodeAt(at + k);
    if (a === 0x2e ? c === 0x0a : a !== c) return false;
  }
  for (let k = skipTo; k < atoms.length; k++) {
    const a = atoms.charCodeAt(k);
    const c = text.charCodeAt(at + k);
    if (a === 0x2e ? c === 0x0a : a !== c) return false;
  }
  return true;
}

/**
 * Whether `pattern` matches `output` (anywhere, or the whole of it with `fullMatch`), as RE2
 * decides it, for patterns of characters and `.` alone; undefined for any other pattern (or, when
 * the pattern has a `.` or a U+FFFD, an output with surrogate code units; or, ignoring case,
 * non-ASCII text), which RE2 must decide. `.` matches any character but a line feed, as in RE2.
 */
export function plainMatch(
  pattern: string,
  output: string,
  ignoreCase: boolean,
  fullMatch: boolean,
): boolean | undefined {
  // An output equal to a pattern without special characters (nor surrogates) is matched by it
  // whole: each atom is a character, matching itself with or without case, or a `.`, matching
  // the `.` there (not a line feed). Told without reading the pattern (rows often equal it).
  if (output === pattern && !ANY_SPECIAL.test(pattern)) return true;
  const plain = plainReading(readingOf(pattern), fullMatch);
  if (plain === undefined) return undefined;
  // Each atom takes one code unit or two (a `.` on a surrogate pair): a shorter output has no
  // match, in any case or script (an output one is often checked for, ignoring case, by the probe).
  if (output.length < plain.core.length) return false;
  let text = output;
  let atoms = plain.core;
  let known = plain.piece;
  const { piece, pieceAt } = plain;
  /** Where the text has the piece first (from `pieceAt` on, where a match would have it). */
  let first = -1;
  if (ignoreCase) {
    // ASCII text has no surrogates.
    if (!(plain.ascii ??= isAscii(pattern)) || !asciiText(output)) return undefined;
    text = asciiLower(output);
    if (plain.dots && piece !== "") {
      // A quick no first, before the rest of the pattern is lowercased too.
      known = plain.lowerPiece ??= asciiLower(piece);
      first = text.indexOf(known, pieceAt);
      if (first < 0) return false;
    }
    atoms = plain.lower ??= asciiLower(plain.core);
  } else if (plain.codePoints) {
    // A quick no first (most outputs a pattern is tried on do not match it).
    if (piece !== "") {
      first = output.indexOf(piece, pieceAt);
      if (first < 0) return false;
    }
    if (hasSurrogates(output)) return undefined;
  }
  if (!plain.dots) {
    return fullMatch ? text === atoms : plain.end ? text.endsWith(atoms) : text.includes(atoms);
  }
  const m = atoms.length;
  if (fullMatch) return text.length === m && atomsAt(atoms, text, 0);
  if (plain.end) return atomsAt(atoms, text, text.length - m); // no shorter than `core`, as checked
  if (piece === "") {
    for (let i = 0; i + m <= text.length; i++) if (atomsAt(atoms, text, i)) return true;
    return false;
  }
  // Every match has the piece at `pieceAt` (lowercased with the text when ignoring case): try
  // only the places where the text has it, comparing the rest of the atoms.
  const pieceEnd = pieceAt + piece.length;
  if (first < 0) first = text.indexOf(known, pieceAt);
  for (let q = first; q >= 0; q = text.indexOf(known, q + 1)) {
    const i = q - pieceAt;
    if (i + m > text.length) return false;
    if (atomsAt(atoms, text, i, pieceAt, pieceEnd)) return true;
  }
  return false;
}

/**
 * What some formatting steps of the near-miss probe can never let a pattern match, worked out
 * once per pattern from the text of the pattern (see `regex.ts`'s probe).
 */
export interface StepFacts {
  /** The pattern is of the plain form (see `PatternScan`), and so is valid RE2. */
  readonly plainForm: boolean;
  /**
   * The pattern is of the plain form and no text matches it (a character it requires comes after
   * a `$` or before a `^`): no step can make it match.
   */
  readonly never: boolean;
  /**
   * A character every match has literally (in a required run) is an ASCII capital letter, which
   * no lowercased text has (matched without ignoring case).
   */
  readonly capital: boolean;
  /**
   * A character every match has literally is whitespace (Python's set), which the `underscores`
   * step leaves nowhere in a text.
   */
  readonly whitespace: boolean;
  /**
   * Every match has, literally, two whitespace characters in a row or one that is not a space:
   * after `collapse-whitespace` a text has neither.
   */
  readonly uncollapsed: boolean;
  /**
   * The pattern has no empty-width assertion (`^ $ \A \z \b \B`, told from the text alone, with
   * `\Q` taken as one too): a match in part of a text is then a match in the whole text.
   */
  readonly noAssertion: boolean;
}

const PY_WHITESPACE = new RegExp(`[${PY_WHITESPACE_CLASS}]`);
// Two whitespace characters in a row, or one that is not a space (U+0020).
const UNCOLLAPSED = new RegExp(
  `[${PY_WHITESPACE_CLASS}]{2}|[${PY_WHITESPACE_CLASS.replace("\\x1c-\\x20", "\\x1c-\\x1f")}]`,
);
const CAPITAL = /[A-Z]/;

/**
 * The facts of a pattern every match of which has `runs`, in order (each run is matched
 * literally, its characters in a row). `uncollapsed` is found when first asked for: the probe
 * asks for it only about outputs that `collapse-whitespace` changes.
 */
class RunFacts implements StepFacts {
  readonly plainForm = true;
  readonly never: boolean;
  readonly capital: boolean;
  readonly whitespace: boolean;
  readonly noAssertion: boolean;
  readonly #runs: readonly string[];
  #uncollapsed: boolean | undefined;

  constructor(runs: readonly string[], noAssertion: boolean, never: boolean) {
    this.#runs = runs;
    this.never = never;
    this.capital = runs.some((run) => CAPITAL.test(run));
    this.whitespace = runs.some((run) => PY_WHITESPACE.test(run));
    this.noAssertion = noAssertion;
  }

  get uncollapsed(): boolean {
    return this.#uncollapsed ??= this.#runs.some((run) => UNCOLLAPSED.test(run));
  }
}

function factsOfRuns(runs: readonly string[], noAssertion: boolean, never = false): StepFacts {
  return new RunFacts(runs, noAssertion, never);
}

const NO_FACTS: StepFacts = {
  plainForm: false,
  never: false,
  capital: false,
  whitespace: false,
  uncollapsed: false,
  noAssertion: false,
};

const NO_FACTS_NO_ASSERTION: StepFacts = { ...NO_FACTS, noAssertion: true };

/** The {@link StepFacts} of a pattern not read by `plainMatch` (no text matches: no runs). */
function stepFactsOf(reading: Reading): StepFacts {
  const { pattern, scan } = reading;
  if (!scan.form) return hasAssertion(pattern) ? NO_FACTS : NO_FACTS_NO_ASSERTION;
  return factsOfRuns(scan.never ? [] : runsOf(reading), !scan.anchors, scan.never);
}

/**
 * True when `pattern` may hold an empty-width assertion: `^` or `$` anywhere, or an escape
 * `\A`, `\b`, `\B`, `\z` or `\Q` (after `\Q` everything is literal, so escapes cannot be told
 * apart: the pattern counts as having one).
 */
function hasAssertion(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "^" || c === "$") return true;
    if (c === "\\") {
      const next = pattern[++i];
      if (next === "A" || next === "b" || next === "B" || next === "z" || next === "Q") return true;
    }
  }
  return false;
}

/**
 * The {@link StepFacts} of `pattern` (remembered for the patterns seen last), read as a whole-
 * output match (`fullMatch`) or a search. A pattern `plainMatch` reads (characters and `.`) has
 * its deciding atoms in every match, in a row (a `.` is neither a capital nor whitespace); any
 * other of the plain form has its required runs.
 *
 * @example A sentence read as a pattern
 * ```ts
 * import { stepFacts } from "./_regex_prefilter.ts";
 * import assert from "node:assert/strict";
 *
 * const facts = stepFacts("Paris is  big.", false);
 * assert.equal(facts.capital && facts.whitespace && facts.uncollapsed && facts.noAssertion, true);
 * assert.equal(stepFacts("^paris\\b", false).noAssertion, false);
 * assert.equal(stepFacts("(a|b) c", false).plainForm, false);
 * ```
 */
export function stepFacts(pattern: string, fullMatch: boolean): StepFacts {
  const reading = readingOf(pattern);
  const plain = plainReading(reading, fullMatch);
  if (plain === undefined) return reading.facts ??= stepFactsOf(reading);
  return plain.steps ??= factsOfRuns([plain.core], !plain.end);
}
