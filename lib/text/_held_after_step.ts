// Whether a reference, once a formatting step (or all seven) is applied to it, is a part of the
// output after the same step: told by reading both original texts under the step's rule, without
// making either changed text (the near-miss probe asks this of every failing contains row).
import {
  applySteps,
  FORMATTING_FUNCTIONS,
  FORMATTING_STEPS,
  type FormattingStep,
  outerQuoted,
  strippedEnd,
} from "./formatting_steps.ts";
import { ASCII_WHITESPACE, space, trimmedEnd, trimmedStart } from "./_after_step.ts";

// How a text is read, as bits: `LOWER` reads A–Z lowercased; `SPACE` or `UNDERSCORE` (at most
// one) reads each run of whitespace as one space or one `_`.
const LOWER = 1;
const SPACE = 2;
const UNDERSCORE = 4;

// The unit a run of whitespace reads as, by mode (0: a run is read character by character).
const JOINT = new Uint8Array(8);
for (let mode = 0; mode < 8; mode++) {
  JOINT[mode] = (mode & SPACE) !== 0 ? 0x20 : (mode & UNDERSCORE) !== 0 ? 0x5f : 0;
}

// By mode, the code units below 0x80 that read as themselves, one unit each: 1, else 0 (A–Z under
// `LOWER`, whitespace under a joint).
const PLAIN: Uint8Array[] = [];
for (let mode = 0; mode < 8; mode++) {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const upper = c >= 0x41 && c <= 0x5a;
    table[c] = ((mode & LOWER) !== 0 && upper) || (JOINT[mode] !== 0 && ASCII_WHITESPACE[c] === 1)
      ? 0
      : 1;
  }
  PLAIN.push(table);
}

// Where the unit `unitAt` read last ends.
let unitEnd = 0;

/**
 * The unit of `s` at `i` read under `mode`, no further than `to`; sets `unitEnd`. A non-ASCII
 * character under `LOWER` reads as -1 (the callers read only ASCII texts under it).
 */
function unitAt(s: string, i: number, to: number, mode: number): number {
  const c = s.charCodeAt(i);
  const joint = JOINT[mode];
  if (joint !== 0 && space(s, i)) {
    let j = i + 1;
    while (j < to && space(s, j)) j++;
    unitEnd = j;
    return joint;
  }
  unitEnd = i + 1;
  if ((mode & LOWER) === 0) return c;
  return c >= 0x41 && c <= 0x5a ? c | 0x20 : c >= 0x80 ? -1 : c;
}

/** `c` read under `LOWER`: A–Z lowercased, other ASCII as itself, -1 beyond ASCII. */
const lowered = (c: number): number => c >= 0x41 && c <= 0x5a ? c | 0x20 : c >= 0x80 ? -1 : c;

/**
 * Whether `text[from, to)` read under `mode` holds `s[sFrom, sTo)` (not empty) read the same way:
 * walked from each place where a unit of `text` reads as the first unit of `s`. Once the walks
 * have passed `budget` characters, gives up (-1) for the caller to make the changed texts.
 */
function holds(
  text: string,
  from: number,
  to: number,
  s: string,
  sFrom: number,
  sTo: number,
  mode: number,
  budget: number,
): boolean | -1 {
  const plain = PLAIN[mode];
  const joint = JOINT[mode];
  const lower = (mode & LOWER) !== 0;
  const first = unitAt(s, sFrom, sTo, mode);
  const second = unitEnd;
  // A first unit that only one character reads as (not a joint, nor a lowercase letter under
  // `LOWER`) is found by `indexOf`, with its capital too for a letter under `LOWER`; any other
  // place is tried in turn.
  const byIndex = first !== joint;
  const small = String.fromCharCode(first);
  const capital = lower && first >= 0x61 && first <= 0x7a ? String.fromCharCode(first ^ 0x20) : "";
  let nextSmall = byIndex ? text.indexOf(small, from) : -1;
  let nextCapital = capital === "" ? -1 : text.indexOf(capital, from);
  let at = from - 1;
  for (;;) {
    let x: number;
    if (byIndex) {
      if (nextSmall >= 0 && (nextCapital < 0 || nextSmall < nextCapital)) {
        at = nextSmall;
        nextSmall = text.indexOf(small, at + 1);
      } else if (nextCapital >= 0) {
        at = nextCapital;
        nextCapital = text.indexOf(capital, at + 1);
      } else return false;
      if (at >= to) return false;
      // A character found by its code reads as itself alone.
      x = at + 1;
    } else {
      // Inside a run read as one unit, a start reads as the run's own start does.
      if (++at >= to) return false;
      if (unitAt(text, at, to, mode) !== first) continue;
      x = unitEnd;
    }
    let i = second;
    for (;;) {
      if (i === sTo) return true;
      // The rest of `s` reads as one unit or more, which the rest of `text` has no room for
      // (nor has it after any later start).
      if (x === to) return false;
      const c = s.charCodeAt(i);
      const d = text.charCodeAt(x);
      // The same code unit in both, one that reads as itself: passed at once.
      if (c === d && c < 0x80 && plain[c] === 1) {
        x++;
        i++;
        continue;
      }
      let u = c;
      if (joint !== 0 && space(s, i)) {
        u = joint;
        while (++i < sTo && space(s, i));
      } else {
        i++;
        if (lower) u = lowered(c);
      }
      let v = d;
      if (joint !== 0 && space(text, x)) {
        v = joint;
        while (++x < to && space(text, x));
      } else {
        x++;
        if (lower) v = lowered(d);
      }
      if (u !== v || u < 0) break;
    }
    budget -= x - at;
    if (budget < 0) return -1;
  }
}

// The range of a text that `read` found last: `readFrom` to `readTo`.
let readFrom = 0;
let readTo = 0;

/**
 * Set `readFrom` and `readTo` to the part of `s` that `step` keeps, and give the mode its units
 * are read under (-1 for a step read otherwise). For all seven steps (ASCII text only): trimmed,
 * without a final `.` or `!` and the whitespace it leaves at the end, then without outer quotes;
 * lowercased, each run of whitespace read as `_`.
 */
function read(step: FormattingStep | "several", s: string): number {
  readFrom = 0;
  readTo = s.length;
  switch (step) {
    case "lowercase":
      return LOWER;
    case "collapse-whitespace":
      return SPACE;
    case "underscores":
      readFrom = trimmedStart(s);
      readTo = trimmedEnd(s, readFrom);
      return UNDERSCORE;
    case "several": {
      // The steps' own rules, on the trimmed part (`underscores` trims what a stripped mark
      // leaves at the end).
      const from = trimmedStart(s);
      let to = strippedEnd(s, from, trimmedEnd(s, from));
      while (to > from && space(s, to - 1)) to--;
      const q = outerQuoted(s, from, to) ? 1 : 0;
      readFrom = from + q;
      readTo = to - q;
      return LOWER | UNDERSCORE;
    }
    default:
      return -1;
  }
}

/**
 * Whether `FORMATTING_FUNCTIONS[step](reference)` (or all seven steps in order, `several`) is not
 * empty and a part of the output after the same step, told without making either changed text.
 * `ascii` says that both texts are ASCII: without it, `lowercase` and `several` are not told
 * (Unicode lowercasing and NFKC can change a text's length, and depend on context). Undefined
 * where not told, and always for `nfkc`.
 *
 * The steps that only cut a text are told by one search of the reference's kept part: `trim`'s
 * (whose ends are not whitespace, so a place of it in the output lies within the trimmed
 * output), `strip-trailing-punctuation`'s (its first place in the output must end before a
 * removed `.` or `!`) and `strip-quotes`' (its first place past an opening quote must end
 * before the closing one).
 *
 * @example A reference held after a step
 * ```ts
 * import { heldAfterStep } from "./_held_after_step.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(heldAfterStep("underscores", "in New York now", " New  York ", true), true);
 * assert.equal(heldAfterStep("lowercase", "The capital is Paris.", "PARIS", true), true);
 * assert.equal(heldAfterStep("several", " 'New  York.' ", "new york", true), true);
 * assert.equal(heldAfterStep("trim", "Paris", "   ", true), false);
 * assert.equal(heldAfterStep("lowercase", "é", "É", false), undefined);
 * ```
 */
export function heldAfterStep(
  step: FormattingStep | "several",
  output: string,
  reference: string,
  ascii: boolean,
  budget: number = 4 * (output.length + reference.length) + 64,
): boolean | undefined {
  switch (step) {
    case "trim": {
      const from = trimmedStart(reference);
      const to = trimmedEnd(reference, from);
      if (to === from) return false;
      return output.includes(
        from === 0 && to === reference.length ? reference : reference.slice(from, to),
      );
    }
    case "strip-trailing-punctuation": {
      const to = strippedEnd(reference);
      if (to === 0) return false;
      const at = output.indexOf(to === reference.length ? reference : reference.slice(0, to));
      return at >= 0 && at + to <= strippedEnd(output);
    }
    case "strip-quotes": {
      const cut = outerQuoted(reference) ? 1 : 0;
      const n = reference.length - 2 * cut;
      if (n === 0) return false;
      const o = outerQuoted(output) ? 1 : 0;
      const at = output.indexOf(cut === 0 ? reference : reference.slice(1, -1), o);
      return at >= 0 && at + n <= output.length - o;
    }
    case "nfkc":
      return undefined;
  }
  if (!ascii && (step === "lowercase" || step === "several")) return undefined;
  const mode = read(step, reference);
  const sFrom = readFrom;
  const sTo = readTo;
  if (sTo === sFrom) return false;
  read(step, output);
  const held = holds(output, readFrom, readTo, reference, sFrom, sTo, mode, budget);
  if (held !== -1) return held;
  const change = step === "several"
    ? (s: string) => applySteps(s, FORMATTING_STEPS)
    : FORMATTING_FUNCTIONS[step];
  return change(output).includes(change(reference));
}
