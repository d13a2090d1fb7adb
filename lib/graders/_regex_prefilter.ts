// A quick test that a regex pattern cannot match an output, so that patterns read from a file
// (often plain sentences, a new one on every row) need not be compiled to learn it. Only patterns
// of the plainest form are looked at: characters, `.`, `^`, `$` and the repeats `*`, `+`, `?` (each
// maybe followed by `?`), and groups (read as their content, see `requiredRuns`); nothing escaped,
// no classes, alternatives or counted repeats. Every such pattern is valid RE2, and any
// match of it contains, in order, the runs of characters that no repeat makes optional: if one of
// them is missing from the output, it cannot match; nor can it when a character it requires comes
// after a `$` or before a `^` (the end and start of the text: RE2 is not asked for multi-line).
// Anything else (or a run found) is left to RE2, which decides. `plainMatch` goes further for the
// plainest patterns of all (characters and `.`, which is what a sentence read as a pattern
// mostly is, maybe with groups that change nothing: see `withoutGroups`): it answers exactly as
// RE2 would, without compiling.
import { memoized } from "./_memo.ts";
import { asciiText } from "./_probe.ts";
import { PY_WHITESPACE_CLASS } from "../text/mod.ts";

const SPECIAL = new Set(["\\", "(", ")", "[", "]", "{", "}", "|"]);
const REPEAT = new Set(["*", "+", "?"]);

/**
 * `pattern` without the parentheses of its groups when every group changes nothing (no repeat
 * right after it, no flags in it, nothing repeated right at its start, all of them closed) and
 * the pattern has no `|`: `(ab)c` matches exactly the texts `abc` does, and is valid RE2 exactly
 * when `abc` is (prose read as a pattern often has a word in parentheses). The pattern itself
 * when it has no parenthesis; undefined when some group does change something, the pattern has a
 * `|`, or a `\` or `[` (where a parenthesis may be a character) comes before the last
 * parenthesis: RE2 decides those.
 *
 * @example Words in parentheses
 * ```ts
 * import { withoutGroups } from "./_regex_prefilter.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(withoutGroups("Paris (France)."), "Paris France.");
 * assert.equal(withoutGroups("Paris (France)?"), undefined);
 * assert.equal(withoutGroups("(a|b)c"), undefined);
 * assert.equal(withoutGroups("(?i)paris"), undefined);
 * ```
 */
export function withoutGroups(pattern: string): string | undefined {
  const last = Math.max(pattern.lastIndexOf("("), pattern.lastIndexOf(")"));
  if (last < 0) return pattern;
  if (pattern.includes("|")) return undefined;
  let depth = 0;
  let out = "";
  let from = 0;
  for (let i = 0; i <= last; i++) {
    const c = pattern[i];
    if (c === "\\" || c === "[") return undefined;
    if (c === "(") {
      // `(?` starts flags or a non-capturing or named group; a repeat there has no argument.
      if (REPEAT.has(pattern[i + 1])) return undefined;
      depth++;
    } else if (c === ")") {
      if (depth === 0) return undefined; // RE2: unexpected )
      const next = pattern[i + 1];
      if (REPEAT.has(next) || next === "{") return undefined;
      depth--;
    } else continue;
    out += pattern.slice(from, i);
    from = i + 1;
  }
  if (depth !== 0) return undefined; // RE2: missing )
  return out + pattern.slice(from);
}

const WITHOUT_GROUPS = memoized(withoutGroups);

/** A pattern that no text matches (a required character after a `$` or before a `^`). */
const NEVER: readonly string[] = Object.freeze([]);

/**
 * The character runs every match of `pattern` contains, {@link NEVER} when no text matches it, or
 * undefined when the pattern is not of the plain form (or has surrogate code units, left to RE2
 * to judge). A group is read as its content, required once (no repeat after it, or `+`) or not
 * at all (`?`, `*`: what its content required is forgotten).
 */
function requiredRuns(pattern: string): readonly string[] | undefined {
  const runs: string[] = [];
  let run = "";
  const close = () => {
    if (run !== "") runs.push(run);
    run = "";
  };
  // Whether a character that every match has was seen, and whether a `$` was; a `^` after the
  // first or a required character after the second leaves no text that can match.
  let required = false;
  let end = false;
  let never = false;
  // For each open group, what was known where it opened (an optional group goes back to it).
  const opened: { runs: number; required: boolean; end: boolean; never: boolean }[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const code = c.charCodeAt(0);
    if (c === "(") {
      // `(?` starts flags or a non-capturing or named group; a repeat there has no argument.
      if (REPEAT.has(pattern[i + 1])) return undefined;
      close();
      opened.push({ runs: runs.length, required, end, never });
      continue;
    }
    if (SPECIAL.has(c) && c !== ")" || REPEAT.has(c) || (code >= 0xd800 && code <= 0xdfff)) {
      return undefined;
    }
    let repeat = pattern[i + 1];
    if (REPEAT.has(repeat)) {
      i++;
      if (pattern[i + 1] === "?") i++; // a lazy repeat matches the same texts
      if (REPEAT.has(pattern[i + 1])) return undefined; // `a**`: RE2 refuses it
    } else if (repeat === "{") return undefined;
    else repeat = "";
    if (c === ")") {
      const before = opened.pop();
      if (before === undefined) return undefined; // RE2: unexpected )
      close();
      if (repeat === "?" || repeat === "*") {
        runs.length = before.runs;
        ({ required, end, never } = before);
      }
      continue;
    }
    if (c === "^" || c === "$") {
      if (repeat !== "") return undefined;
      if (c === "^" && required) never = true;
      if (c === "$") end = true;
      close();
      continue;
    }
    const needed = repeat === "" || repeat === "+";
    if (needed) {
      required = true;
      if (end) never = true;
    }
    if (c === ".") close();
    else if (repeat === "") run += c;
    else if (repeat === "+") {
      run += c;
      close();
    } else close(); // `*` or `?`: the character may be absent
  }
  if (opened.length > 0) return undefined; // RE2: missing )
  close();
  return never ? NEVER : runs;
}

const RUNS = memoized(requiredRuns);

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
  const runs = RUNS(pattern);
  if (runs === undefined) return true;
  if (runs === NEVER) return false;
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

const STAR = 0x2a;
const PLUS = 0x2b;
const QUESTION = 0x3f;

/** True for `\ ( ) [ ] { } |`, the repeats `* + ?` and the anchors `^ $`. */
function notPlain(c: number): boolean {
  return c === 0x5c || c === 0x28 || c === 0x29 || c === 0x5b || c === 0x5d || c === 0x7b ||
    c === 0x7d || c === 0x7c || c === STAR || c === PLUS || c === QUESTION || c === 0x5e ||
    c === 0x24;
}

/**
 * The plain reading of a pattern made of characters and `.` only (no anchors; in a search, a
 * leading or trailing `x?` / `x*`, lazy or not, is dropped: it cannot decide whether a match
 * exists), or undefined for any other pattern. The atoms kept have no repeat of their own, so
 * they are one stretch of the pattern.
 */
function plainOf(source: string, search: boolean): Plain | undefined {
  // No special character (nor surrogate) at all: every atom is kept (the loop below finds so).
  if (!ANY_SPECIAL.test(source)) return plainFrom(source);
  const pattern = WITHOUT_GROUPS(search ? withoutOptionalTail(source) : source);
  if (pattern === undefined) return undefined;
  let begin = 0;
  let end = 0;
  let required = false; // an atom with no repeat seen
  let optionalAfter = false; // an optional atom seen after the last required one
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charCodeAt(i);
    if (notPlain(c) || (c >= 0xd800 && c <= 0xdfff)) return undefined;
    const next = pattern.charCodeAt(i + 1);
    if (next === QUESTION || next === STAR) {
      if (!search) return undefined;
      i++;
      if (pattern.charCodeAt(i + 1) === QUESTION) i++; // lazy: matches the same texts
      const after = pattern.charCodeAt(i + 1);
      if (after === STAR || after === PLUS || after === QUESTION) return undefined; // RE2 refuses
      if (required) optionalAfter = true;
    } else if (next === PLUS) return undefined;
    else {
      // An optional atom between two required ones: not plain.
      if (optionalAfter) return undefined;
      if (!required) begin = i;
      required = true;
      end = i + 1;
    }
  }
  return plainFrom(pattern.slice(begin, end));
}

/** A last group made optional by `?` or `*` (lazy or not), without a group inside it. */
const OPTIONAL_TAIL = /\(([^()]*)\)[?*]\??$/;

/**
 * In a search, `pattern` without its last group when a `?` or `*` makes it optional and it holds
 * a pattern of the plain form (valid RE2; see `requiredRuns`): whether a match exists never
 * depends on it (a question read as a pattern often ends with a word in parentheses, `(x)?`).
 * Otherwise the pattern itself.
 */
function withoutOptionalTail(pattern: string): string {
  const tail = OPTIONAL_TAIL.exec(pattern);
  if (tail === null || RUNS(tail[1]) === undefined) return pattern;
  return pattern.slice(0, tail.index);
}

/** What {@link notPlain} matches, and surrogate code units. */
const ANY_SPECIAL = /[\\()[\]{}|*+?^$\ud800-\udfff]/;

/** The plain reading of a pattern whose deciding atoms are `core`. */
function plainFrom(core: string): Plain {
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
    piece,
    pieceAt,
    lowerPiece: undefined,
    steps: undefined,
  };
}

const PLAIN_SEARCH = memoized((p: string) => plainOf(p, true));
const PLAIN_FULL = memoized((p: string) => plainOf(p, false));

// The pattern read last, and how: a row's pattern is read when it is graded, then again by the
// near-miss probe's quick answers and re-grades.
let lastPattern: string | undefined;
let lastFullMatch = false;
let lastPlain: Plain | undefined;

/** The plain reading of `pattern` as a whole-output match or a search (see `plainOf`). */
function plainReading(pattern: string, fullMatch: boolean): Plain | undefined {
  if (pattern !== lastPattern || fullMatch !== lastFullMatch) {
    lastPlain = fullMatch ? PLAIN_FULL(pattern) : PLAIN_SEARCH(pattern);
    lastPattern = pattern;
    lastFullMatch = fullMatch;
  }
  return lastPlain;
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
  const plain = plainReading(pattern, fullMatch);
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
  if (!plain.dots) return fullMatch ? text === atoms : text.includes(atoms);
  const m = atoms.length;
  if (fullMatch) return text.length === m && atomsAt(atoms, text, 0);
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
  /** The pattern is of the plain form (see `requiredRuns`), and so is valid RE2. */
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

  constructor(runs: readonly string[], noAssertion: boolean) {
    this.#runs = runs;
    this.never = runs === NEVER;
    this.capital = runs.some((run) => CAPITAL.test(run));
    this.whitespace = runs.some((run) => PY_WHITESPACE.test(run));
    this.noAssertion = noAssertion;
  }

  get uncollapsed(): boolean {
    return this.#uncollapsed ??= this.#runs.some((run) => UNCOLLAPSED.test(run));
  }
}

function factsOfRuns(runs: readonly string[], noAssertion: boolean): StepFacts {
  return new RunFacts(runs, noAssertion);
}

const NO_FACTS: StepFacts = {
  plainForm: false,
  never: false,
  capital: false,
  whitespace: false,
  uncollapsed: false,
  noAssertion: false,
};

/** The {@link StepFacts} of a pattern not read by `plainMatch`. */
function stepFactsOf(pattern: string): StepFacts {
  const runs = RUNS(pattern);
  if (runs === undefined) {
    return hasAssertion(pattern) ? NO_FACTS : { ...NO_FACTS, noAssertion: true };
  }
  return factsOfRuns(runs, !pattern.includes("^") && !pattern.includes("$"));
}

const STEP_FACTS = memoized(stepFactsOf);

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
  const plain = plainReading(pattern, fullMatch);
  if (plain === undefined) return STEP_FACTS(pattern);
  return plain.steps ??= factsOfRuns([plain.core], true);
}
