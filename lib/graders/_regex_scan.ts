// One pass over a regex pattern that tells what the prefilter (`_regex_prefilter.ts`) needs to
// know of it, in character codes and indexes: no string is built, so a pattern read from a file
// (a new sentence on every row, with `$5` amounts, words in parentheses and a final `?`) costs
// one walk. Anything not of the plain form stops the walk at once.
//
// The plain form: characters, `.`, `^`, `$`, the repeats `*`, `+`, `?` (each maybe followed by a
// lazy `?`) and groups; nothing escaped, no classes, no alternatives, no counted repeats, no
// surrogate code units. Every such pattern is valid RE2.

const OPEN = 0x28;
const CLOSE = 0x29;
const STAR = 0x2a;
const PLUS = 0x2b;
const DOT = 0x2e;
const QUESTION = 0x3f;
const CARET = 0x5e;
const DOLLAR = 0x24;
const BRACE = 0x7b;

/** What one pass over a pattern found (see {@link scanPattern}). */
export interface PatternScan {
  /** The pattern is of the plain form (and so valid RE2); when false, nothing else is told. */
  readonly form: boolean;
  /**
   * No text matches the pattern: a character it requires comes after a `$` or before a `^` (the
   * end and the start of the text: RE2 is not asked for multi-line).
   */
  readonly never: boolean;
  /**
   * The runs of characters every match contains, in order, as `[start, end)` index pairs into
   * the pattern (each run is one stretch of it). A group counts as its content, required once (no
   * repeat after it, or `+`) or not at all (`?`, `*`: what it required is forgotten).
   */
  readonly runs: readonly number[];
  /** The pattern has a `^` or a `$`. */
  readonly anchors: boolean;
  /** The pattern has a parenthesis. */
  readonly parens: boolean;
  /**
   * In a search, where the atoms that decide a match begin and end (`[searchBegin, searchEnd)`,
   * parentheses within it to be left out), when the pattern reads as characters and `.` alone:
   * groups that change nothing are read as their content, a leading or trailing `x?` / `x*`
   * (lazy or not) is dropped, and so is a last group made optional by `?` or `*` (whether a match
   * exists never depends on them); it may end in a `$` (see `endAnchor`). -1 when it does not
   * read so (nor when no text matches the pattern).
   */
  readonly searchBegin: number;
  /** See `searchBegin`. */
  readonly searchEnd: number;
  /**
   * Where the `$` is after which the reading as characters and `.` ends (-1 for none): a match
   * must end with the text there, and what follows can only match nothing (`x?`, `x*`, `$`), as
   * in a question ending in a price (`… $9?`).
   */
  readonly endAnchor: number;
  /**
   * The whole pattern, its parentheses left out, is characters and `.` alone (groups that change
   * nothing, no repeat, no anchor), maybe up to a `$` after which nothing else can match (see
   * `endAnchor`): what a whole-output match decides by.
   */
  readonly full: boolean;
}

/** The scan of a pattern not of the plain form. */
const NOT_PLAIN_FORM: PatternScan = Object.freeze({
  form: false,
  never: false,
  runs: Object.freeze([]),
  anchors: false,
  parens: false,
  searchBegin: -1,
  searchEnd: -1,
  endAnchor: -1,
  full: false,
});

// What does not stand for itself (see `PatternScan`), a `.`, or a surrogate code unit.
const SPECIAL = /[.()\\[\]{}|*+?^$\ud800-\udfff]/;
const NEXT_SPECIAL = new RegExp(SPECIAL.source, "g");
/** 1 for the ASCII characters that stand for themselves. */
const ORDINARY = new Uint8Array(0x80).map((_, c) => SPECIAL.test(String.fromCharCode(c)) ? 0 : 1);

// Per open group, what was known where it opened (a group made optional goes back to it).
const FRAME = 4;
const frames: number[] = [];

/**
 * One pass over `pattern`: whether it is of the plain form, the runs every match contains,
 * whether no text matches it, and how it reads as characters and `.` alone.
 *
 * @example A question with a price, and one with a word in parentheses
 * ```ts
 * import { scanPattern } from "./_regex_scan.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(scanPattern("Is it $50?").never, true); // a 5 after the end of the text
 * const scan = scanPattern("Is it (big)?");
 * assert.equal(scan.never, false);
 * assert.deepEqual([scan.searchBegin, scan.searchEnd], [0, 6]); // "Is it " decides a search
 * assert.equal(scan.full, false);
 * assert.equal(scanPattern("a|b").form, false);
 * ```
 */
export function scanPattern(pattern: string): PatternScan {
  const n = pattern.length;
  if (frames.length > 4096) frames.length = 0; // not kept at a deeply nested pattern's size
  const runs: number[] = [];
  let runStart = -1;
  let runEnd = -1;
  // Whether a character every match has was seen, and whether a `$` was: a `^` after the first or
  // a required character after the second leaves no text that can match.
  let required = false;
  let end = false;
  let never = false;
  // The reading as characters and `.`: still possible (in a search; as a whole), the deciding
  // atoms so far, and whether an optional atom came after the last required one.
  let plain = true;
  let full = true;
  let begin = -1;
  let last = -1;
  let optionalAfter = false;
  let endAnchor = -1;
  let anchors = false;
  let parens = false;
  let depth = 0;
  for (let i = 0; i < n; i++) {
    let c = pattern.charCodeAt(i);
    if (c < 0x80 ? ORDINARY[c] === 1 : c < 0xd800 || c > 0xdfff) {
      // A stretch of characters that stand for themselves, found by one search: each is a
      // required atom, but for the last one when a repeat follows (it is read as any atom is).
      NEXT_SPECIAL.lastIndex = i + 1;
      const to = NEXT_SPECIAL.test(pattern) ? NEXT_SPECIAL.lastIndex - 1 : n;
      const after = pattern.charCodeAt(to);
      const k = after === QUESTION || after === STAR || after === PLUS || after === BRACE
        ? to - 1
        : to;
      if (k > i) {
        required = true;
        if (end) never = true;
        if (runStart < 0) runStart = i;
        runEnd = k;
        if (optionalAfter) plain = false;
        if (begin < 0) begin = i;
        last = k;
        if (k === to) {
          i = to - 1;
          continue;
        }
        i = k;
        c = pattern.charCodeAt(i);
      }
    }
    if (c === OPEN) {
      const next = pattern.charCodeAt(i + 1);
      // `(?` starts flags or a non-capturing or named group; a repeat there has no argument.
      if (next === QUESTION || next === STAR || next === PLUS) return NOT_PLAIN_FORM;
      if (runStart >= 0) {
        runs.push(runStart, runEnd);
        runStart = -1;
      }
      const at = depth * FRAME;
      frames[at] = runs.length;
      frames[at + 1] = (required ? 1 : 0) | (end ? 2 : 0) | (never ? 4 : 0) | (plain ? 8 : 0) |
        (optionalAfter ? 16 : 0);
      frames[at + 2] = begin;
      frames[at + 3] = last;
      depth++;
      parens = true;
      continue;
    }
    if (
      c === 0x5c || c === 0x5b || c === 0x5d || c === BRACE || c === 0x7d || c === 0x7c ||
      c === STAR || c === PLUS || c === QUESTION || (c >= 0xd800 && c <= 0xdfff)
    ) return NOT_PLAIN_FORM;
    const atom = i;
    let repeat = pattern.charCodeAt(i + 1);
    if (repeat === QUESTION || repeat === STAR || repeat === PLUS) {
      i++;
      if (pattern.charCodeAt(i + 1) === QUESTION) i++; // a lazy repeat matches the same texts
      const after = pattern.charCodeAt(i + 1);
      if (after === QUESTION || after === STAR || after === PLUS) return NOT_PLAIN_FORM; // `a**`
    } else if (repeat === BRACE) return NOT_PLAIN_FORM;
    else repeat = 0;
    if (c === CLOSE) {
      if (depth === 0) return NOT_PLAIN_FORM; // RE2: unexpected )
      depth--;
      parens = true;
      if (runStart >= 0) {
        runs.push(runStart, runEnd);
        runStart = -1;
      }
      if (repeat === 0) continue;
      full = false;
      if (repeat === PLUS) {
        plain = false;
        continue;
      }
      const at = depth * FRAME;
      const flags = frames[at + 1];
      runs.length = frames[at];
      required = (flags & 1) !== 0;
      end = (flags & 2) !== 0;
      never = (flags & 4) !== 0;
      if (i + 1 === n) {
        // The last group, optional: a search goes back to where it opened (whether a match
        // exists never depends on it).
        plain = (flags & 8) !== 0;
        optionalAfter = (flags & 16) !== 0;
        begin = frames[at + 2];
        last = frames[at + 3];
      } else plain = false;
      continue;
    }
    if (c === CARET || c === DOLLAR) {
      if (repeat !== 0) return NOT_PLAIN_FORM;
      if (c === CARET && required) never = true;
      if (c === DOLLAR) end = true;
      anchors = true;
      if (c === DOLLAR && plain && depth === 0 && (endAnchor >= 0 || !optionalAfter)) {
        // The end of the text, right after the last required atom (what follows can match
        // nothing else): the reading goes on, anchored at the end.
        if (endAnchor < 0) endAnchor = i;
      } else plain = full = false;
      if (runStart >= 0) {
        runs.push(runStart, runEnd);
        runStart = -1;
      }
      continue;
    }
    // An atom: a character or `.`.
    if (repeat === 0 || repeat === PLUS) {
      required = true;
      if (end) never = true;
      if (c !== DOT) {
        if (runStart < 0) runStart = atom;
        runEnd = atom + 1;
      }
    }
    if ((c === DOT || repeat !== 0) && runStart >= 0) {
      runs.push(runStart, runEnd);
      runStart = -1;
    }
    if (repeat === 0) {
      // An optional atom between two required ones does not read as characters alone.
      if (optionalAfter) plain = false;
      if (begin < 0) begin = atom;
      last = atom + 1;
    } else {
      if (endAnchor < 0) full = false; // after the end, an optional atom matches nothing
      if (repeat === PLUS) plain = false;
      else if (begin >= 0) optionalAfter = true;
    }
  }
  if (depth > 0) return NOT_PLAIN_FORM; // RE2: missing )
  if (runStart >= 0) runs.push(runStart, runEnd);
  if (begin < 0) begin = last = 0;
  // A required character after the `$` leaves no reading (nor match).
  if (never) plain = full = false;
  return {
    form: true,
    never,
    runs,
    anchors,
    parens,
    searchBegin: plain ? begin : -1,
    searchEnd: plain ? last : -1,
    endAnchor: plain ? endAnchor : -1,
    full,
  };
}
