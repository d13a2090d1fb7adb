// A quick test that a regex pattern cannot match an output, so that patterns read from a file
// (often plain sentences, a new one on every row) need not be compiled to learn it. Only patterns
// of the plainest form are looked at: characters, `.`, `^`, `$` and the repeats `*`, `+`, `?` (each
// maybe followed by `?`), nothing escaped, no classes, groups, alternatives or counted repeats.
// Every such pattern is valid RE2, and any match of it contains, in order, the runs of characters
// that no repeat makes optional: if one of them is missing from the output, it cannot match.
// Anything else (or a run found) is left to RE2, which decides.
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

/** ASCII lowercase (for ASCII text it is what RE2's case folding matches). */
function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
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
