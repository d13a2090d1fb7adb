// A quick test that a regex pattern cannot match an output, so that patterns read from a file
// (often plain sentences, a new one on every row) need not be compiled to learn it. Only patterns
// of the plainest form are looked at: characters, `.`, `^`, `$` and the repeats `*`, `+`, `?` (each
// maybe followed by `?`), nothing escaped, no classes, groups, alternatives or counted repeats.
// Every such pattern is valid RE2, and any match of it contains, in order, the runs of characters
// that no repeat makes optional: if one of them is missing from the output, it cannot match.
// Anything else (or a run found) is left to RE2, which decides. `plainMatch` goes further for the
// plainest patterns of all (characters and `.`, which is what a sentence read as a pattern
// mostly is): it answers exactly as RE2 would, without compiling.
import { memoized } from "./_memo.ts";

const SPECIAL = new Set(["\\", "(", ")", "[", "]", "{", "}", "|"]);
const REPEAT = new Set(["*", "+", "?"]);

/**
 * The character runs every match of `pattern` contains, or undefined when the pattern is not of
 * the plain form (or has surrogate code units, left to RE2 to judge).
 */
function requiredRuns(pattern: string): readonly string[] | undefined {
  const runs: string[] = [];
  let run = "";
  const close = () => {
    if (run !== "") runs.push(run);
    run = "";
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const code = c.charCodeAt(0);
    if (SPECIAL.has(c) || REPEAT.has(c) || (code >= 0xd800 && code <= 0xdfff)) return undefined;
    let repeat = pattern[i + 1];
    if (REPEAT.has(repeat)) {
      i++;
      if (pattern[i + 1] === "?") i++; // a lazy repeat matches the same texts
      if (REPEAT.has(pattern[i + 1])) return undefined; // `a**`: RE2 refuses it
    } else repeat = "";
    if (c === "^" || c === "$") {
      if (repeat !== "") return undefined;
      close();
    } else if (c === ".") close();
    else if (repeat === "") run += c;
    else if (repeat === "+") {
      run += c;
      close();
    } else close(); // `*` or `?`: the character may be absent
  }
  close();
  return runs;
}

const RUNS = memoized(requiredRuns);

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
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
  if (ignoreCase) {
    if (!isAscii(pattern) || !isAscii(output)) return true;
    const text = asciiLower(output);
    return runs.every((run) => text.includes(asciiLower(run)));
  }
  return runs.every((run) => output.includes(run));
}

/**
 * The atoms of a pattern made of characters and `.` only (no anchors; in a search, a leading or
 * trailing `x?` / `x*`, lazy or not, is dropped: it cannot decide whether a match exists), or
 * undefined for any other pattern. A `.` is undefined in the list; a character is itself.
 */
function plainAtoms(pattern: string, search: boolean): readonly (string | undefined)[] | undefined {
  const atoms: { c: string; optional: boolean }[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const code = c.charCodeAt(0);
    if (SPECIAL.has(c) || REPEAT.has(c) || c === "^" || c === "$") return undefined;
    if (code >= 0xd800 && code <= 0xdfff) return undefined;
    let optional = false;
    if (pattern[i + 1] === "?" || pattern[i + 1] === "*") {
      if (!search) return undefined;
      optional = true;
      i++;
      if (pattern[i + 1] === "?") i++;
      if (REPEAT.has(pattern[i + 1])) return undefined;
    } else if (pattern[i + 1] === "+") return undefined;
    atoms.push({ c, optional });
  }
  let start = 0;
  let end = atoms.length;
  while (start < end && atoms[start].optional) start++;
  while (end > start && atoms[end - 1].optional) end--;
  const kept = atoms.slice(start, end);
  if (kept.some((a) => a.optional)) return undefined;
  return kept.map((a) => a.c === "." ? undefined : a.c);
}

const PLAIN_SEARCH = memoized((p: string) => plainAtoms(p, true));
const PLAIN_FULL = memoized((p: string) => plainAtoms(p, false));

function hasSurrogates(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return true;
  }
  return false;
}

/**
 * Whether `pattern` matches `output` (anywhere, or the whole of it with `fullMatch`), as RE2
 * decides it, for patterns of characters and `.` alone; undefined for any other pattern (or an
 * output with characters outside the Basic Multilingual Plane, or, ignoring case, non-ASCII
 * text), which RE2 must decide. `.` matches any character but a line feed, as in RE2.
 */
export function plainMatch(
  pattern: string,
  output: string,
  ignoreCase: boolean,
  fullMatch: boolean,
): boolean | undefined {
  const atoms = fullMatch ? PLAIN_FULL(pattern) : PLAIN_SEARCH(pattern);
  if (atoms === undefined || hasSurrogates(output)) return undefined;
  let text = output;
  let want = atoms;
  if (ignoreCase) {
    if (!isAscii(pattern) || !isAscii(output)) return undefined;
    text = asciiLower(output);
    want = atoms.map((a) => a === undefined ? a : asciiLower(a));
  }
  const m = want.length;
  const at = (i: number) => {
    for (let k = 0; k < m; k++) {
      const a = want[k];
      const c = text[i + k];
      if (a === undefined ? c === "\n" : a !== c) return false;
    }
    return true;
  };
  if (fullMatch) return text.length === m && at(0);
  for (let i = 0; i + m <= text.length; i++) if (at(i)) return true;
  return false;
}
