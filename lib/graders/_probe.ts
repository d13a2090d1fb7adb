// The near-miss probe's machinery, shared by the graders (near_miss.ts) and the per-row
// assertions (assertions.ts): re-grade a failing row after each formatting step, after all seven,
// and after each grader-specific change. PROBE_EXTRAS is the catalogue of grader-specific
// probes; a grader names the ones that apply to it in its registry entry.
import {
  FORMATTING_FUNCTIONS,
  FORMATTING_STEPS,
  type FormattingStep,
  type SquadStep,
} from "../text/mod.ts";
import { canonicalNumbers, hasNumberWord, NUMBER_READINGS, readAs } from "./_number_readings.ts";
import { memoized } from "./_memo.ts";
import { asciiTextBytes } from "../text/_ascii_text_bytes.ts";
import type { GradeInput, GradeResult, GraderScale } from "./types.ts";

const STEP_FUNCTIONS: readonly ((s: string) => string)[] = FORMATTING_STEPS.map((step) =>
  FORMATTING_FUNCTIONS[step]
);
// The index of all seven steps in order, after the seven single steps.
const ALL = FORMATTING_STEPS.length;
const NFKC = FORMATTING_STEPS.indexOf("nfkc");
/**
 * True when every character of `text` is ASCII. Told by the shared byte copy the text scanners
 * read (SQuAD's, ROUGE's, TER's), which the row's graders then find made.
 */
const isAscii = (text: string): boolean => asciiTextBytes(text) !== undefined;
const DIGIT = /[0-9]/;
// What `folded` takes out of an ASCII text once it is lowercased: Python's ASCII whitespace
// (0x09–0x0d and 0x1c–0x20; other control characters stay), `.`, `!`, straight quotes and `_`.
// deno-lint-ignore no-control-regex -- Python counts 0x1c–0x1f as whitespace
const FOLDED_OUT = /[\t-\r\x1c-\x20.!"'_]+/g;

/**
 * One text and the probe's changes of it, each made the first time a grader's probe asks for it
 * and then shared by the others (exact, contains, normalized… probe the same output and
 * references of a row).
 */
class TextForms {
  readonly text: string;
  // Made when a step is first asked for (most failing rows are decided without one).
  #changed: (string | undefined)[] | undefined;
  #ascii: boolean | undefined;
  #folded: string | undefined | null = null;
  #numbers: boolean | undefined;
  #digit: boolean | undefined;
  #words: boolean | undefined;
  /**
   * A reference whose folded form was found equal to this text's (`sameFolded`), so that it
   * is also part of it (`containsFolded`): exact and contains probe the same row in turn.
   */
  foldedEqualTo: string | undefined;

  constructor(text: string) {
    this.text = text;
  }

  /**
   * `mayHoldNumbers` of the text, from the text's digit and ASCII flags (which the probe asks
   * anyway) and one search for number words.
   */
  get mayHoldNumbers(): boolean {
    return this.#numbers ??= this.digit || this.words;
  }

  /** True when the text has a number word (`hasNumberWord`), searched once with its ASCII flag. */
  get words(): boolean {
    return this.#words ??= hasNumberWord(this.text, this.ascii);
  }

  /** True when the text has an ASCII digit (every number `readNumbers` finds has one). */
  get digit(): boolean {
    return this.#digit ??= DIGIT.test(this.text);
  }

  /** True when every character is ASCII. */
  get ascii(): boolean {
    return this.#ascii ??= isAscii(this.text);
  }

  /** The text after formatting step `k` (an index of `FORMATTING_STEPS`), or all seven (`ALL`). */
  changed(k: number): string {
    const changed = this.#changed ??= [];
    let out = changed[k];
    if (out === undefined) {
      // NFKC leaves ASCII text as it is, and no step makes an ASCII text non-ASCII.
      if (k === ALL) {
        out = this.changed(0);
        for (let i = 1; i < ALL; i++) {
          if (i !== NFKC || !this.ascii) out = STEP_FUNCTIONS[i](out);
        }
      } else out = k === NFKC && this.ascii ? this.text : STEP_FUNCTIONS[k](this.text);
      changed[k] = out;
    }
    return out;
  }

  /**
   * The ASCII text with everything any formatting step can change taken out: lowercased, without
   * whitespace, `.`, `!`, straight quotes and `_`. Each step (and so all seven in a row) leaves it
   * as it is, since on ASCII text a step only lowercases or removes such characters (NFKC changes
   * nothing). Undefined for a text with other characters.
   */
  get folded(): string | undefined {
    if (this.#folded === null) {
      this.#folded = this.ascii ? this.text.toLowerCase().replace(FOLDED_OUT, "") : undefined;
    }
    return this.#folded;
  }
}

// The forms of texts asked about outside the row being probed (`changedText`, `containsFolded`).
const FORMS = memoized((s: string) => new TextForms(s));

// The forms of the output and references of the row probed last, shared by the graders that probe
// the row in turn. They are made afresh for each row, not looked up in `FORMS`: texts seldom come
// back within a few hundred rows, and a table of recent forms only kept them alive longer (more
// garbage promoted) and cost a look-up per text.
let rowOutput = "";
let rowReferences: readonly string[] = [];
let rowOutputForms: TextForms = FORMS("");
let rowReferenceForms: readonly TextForms[] = [];
// The rows `number-reading` tries for the row probed last (see `numberTries`), made when a
// grader's probe first asks and shared by the others (exact, contains, normalized and numeric).
let rowTries: readonly NumberTry[] | undefined;

/** Make `rowOutputForms` and `rowReferenceForms` those of `output` and `references`. */
function setRow(output: string, references: readonly string[]): void {
  if (output === rowOutput && references.length === rowReferences.length) {
    let same = true;
    for (let i = 0; i < references.length && same; i++) same = references[i] === rowReferences[i];
    if (same) return;
  }
  rowOutput = output;
  // A copy: the caller's array may change after this call.
  rowReferences = references.slice();
  rowOutputForms = new TextForms(output);
  rowReferenceForms = references.map((r) => new TextForms(r));
  rowTries = undefined;
}

/** `numberTries` of the row probed last, made once for it. */
function rowNumberTries(): readonly NumberTry[] {
  return rowTries ??= numberTries(rowOutput, rowReferences, wordsOfRow);
}

/** Whether the row's output (-1) or its reference `i` has a number word. */
const wordsOfRow = (i: number): boolean => (i < 0 ? rowOutputForms : rowReferenceForms[i]).words;

/**
 * True when every character of `text` is ASCII: for the output and references of the row being
 * probed, known once for all its graders' probes and quick answers; for any other text, searched.
 *
 * @example ASCII or not
 * ```ts
 * import { asciiText } from "./_probe.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(asciiText("Paris"), true);
 * assert.equal(asciiText("Zürich"), false);
 * ```
 */
export function asciiText(text: string): boolean {
  if (text === rowOutput) return rowOutputForms.ascii;
  const at = rowReferences.indexOf(text);
  return at >= 0 ? rowReferenceForms[at].ascii : isAscii(text);
}

/**
 * `text` after a formatting step (or all seven, `several`), as the probe makes it: made once and
 * shared by the graders' probes and their quick answers (the output and references of the row
 * being probed are kept with the row).
 *
 * @example One step, then all seven
 * ```ts
 * import { changedText } from "./_probe.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(changedText(" New  York ", "underscores"), "New_York");
 * assert.equal(changedText(" 'New  York' ", "several"), "new_york");
 * ```
 */
export function changedText(text: string, step: FormattingStep | "several"): string {
  let forms: TextForms;
  if (text === rowOutput) forms = rowOutputForms;
  else {
    const at = rowReferences.indexOf(text);
    forms = at >= 0 ? rowReferenceForms[at] : FORMS(text);
  }
  return forms.changed(step === "several" ? ALL : FORMATTING_STEPS.indexOf(step));
}

/** A change beyond the seven formatting steps that may flip a failing row. */
export interface ProbeExtra {
  /** The name reported when it flips the row. */
  name: string;
  /** True when the row passes after the change. */
  flips(input: GradeInput, result: GradeResult): boolean;
}

/** The verdict alone of a check with its settings bound (`grade(input).pass`). */
export type Verdict = (input: GradeInput) => boolean | null;

/** How the probe treats one check. */
export interface ProbeTarget {
  /** The check's verdict, with its settings bound. */
  verdict: Verdict;
  /** Apply the formatting steps to the references too (false: to the output only). */
  stepsOnReferences: boolean;
  /** The check passes when the output equals or contains a reference (see `ProbeSpec`). */
  compares?: "equal" | "contains";
  /**
   * Formatting steps that cannot change the verdict when the output and every reference are
   * ASCII, and `several` when all seven together flip such a row only where a single step does
   * (see `ProbeSpec.unchangedOnAscii`): not tried on such rows.
   */
  unchangedOnAscii?: readonly (FormattingStep | "several")[];
  /**
   * Whether the row passes after a step, answered without applying it (undefined: apply it and
   * re-grade); see `ProbeSpec.passesAfter`.
   */
  passesAfter?: (step: FormattingStep | "several", input: GradeInput) => boolean | undefined;
  /** Grader-specific changes, tried after the formatting steps. */
  extras: readonly ProbeExtra[];
}

/** A score this close to its threshold, on the failing side, counts as "within 0.1". */
export const WITHIN = 0.1;
// Gaps within this of exactly 0.1 count as 0.1 (0.6 − 0.5 is 0.09999999999999998 in binary).
const GAP_SLACK = 1e-9;

/** True when two lists of texts are equal, text by text. */
function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameInput(
  output: string,
  references: readonly string[],
  otherOutput: string,
  otherReferences: readonly string[],
): boolean {
  return output === otherOutput && sameTexts(references, otherReferences);
}

/**
 * False when no formatting step, nor all seven together, can make the output equal (or contain)
 * a reference: every step leaves a text's folded form (ASCII lowercased, without whitespace,
 * `.`, `!`, straight quotes and `_`) as it is, so texts equal after a step are equal folded, and
 * a text contained in another stays contained when both are folded. True for non-ASCII texts.
 */
export function stepsMayFlip(
  compares: "equal" | "contains",
  output: string,
  references: readonly string[],
): boolean {
  setRow(output, references);
  const out = rowOutputForms;
  if (!out.ascii) return true;
  for (let i = 0; i < references.length; i++) {
    const reference = references[i];
    if (!rowReferenceForms[i].ascii) return true;
    if (compares === "equal") {
      if (sameFolded(output, reference)) {
        out.foldedEqualTo = reference;
        return true;
      }
    } else if (out.foldedEqualTo === reference || containsFolded(output, reference)) return true;
  }
  return false;
}

// The code units below 0x80 that `folded` takes out (see FOLDED_OUT): 1, else 0.
const FOLD_OUT = new Uint8Array(128);
for (const c of "\t\n\v\f\r\x1c\x1d\x1e\x1f .!\"'_") FOLD_OUT[c.charCodeAt(0)] = 1;

/**
 * True when two ASCII texts have the same folded form (`TextForms.folded`), told by walking both
 * without making either: characters `folded` takes out are skipped, letters compared lowercased.
 */
export function sameFolded(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    // Equal code units fold alike (both taken out, or both kept and equal): passed together.
    if (i < a.length && j < b.length && a.charCodeAt(i) === b.charCodeAt(j)) {
      i++;
      j++;
      continue;
    }
    while (i < a.length && FOLD_OUT[a.charCodeAt(i)] === 1) i++;
    while (j < b.length && FOLD_OUT[b.charCodeAt(j)] === 1) j++;
    if (i === a.length || j === b.length) return i === a.length && j === b.length;
    let x = a.charCodeAt(i++);
    let y = b.charCodeAt(j++);
    if (x >= 0x41 && x <= 0x5a) x |= 0x20;
    if (y >= 0x41 && y <= 0x5a) y |= 0x20;
    if (x !== y) return false;
  }
}

const lower = (c: number): number => c >= 0x41 && c <= 0x5a ? c | 0x20 : c;

/**
 * True when the folded form (`TextForms.folded`) of the ASCII text `b` is part of that of `a`,
 * told by walking both from each place where `a` has `b`'s first kept character (in either
 * case), without making either. Past `budget` steps of walking (texts made to match far at many
 * places), the folded forms are made and searched instead, so the work stays linear.
 */
export function containsFolded(
  a: string,
  b: string,
  budget: number = 4 * (a.length + b.length) + 64,
): boolean {
  let start = 0;
  while (start < b.length && FOLD_OUT[b.charCodeAt(start)] === 1) start++;
  if (start === b.length) return true;
  // The places where `a` has `first` in either case, in order: found by `indexOf` for each case.
  const first = lower(b.charCodeAt(start));
  const small = String.fromCharCode(first);
  const capital = first >= 0x61 && first <= 0x7a ? String.fromCharCode(first ^ 0x20) : undefined;
  let nextSmall = a.indexOf(small);
  let nextCapital = capital === undefined ? -1 : a.indexOf(capital);
  for (;;) {
    let i: number;
    if (nextSmall >= 0 && (nextCapital < 0 || nextSmall < nextCapital)) {
      i = nextSmall;
      nextSmall = a.indexOf(small, i + 1);
    } else if (nextCapital >= 0) {
      i = nextCapital;
      nextCapital = a.indexOf(capital!, i + 1);
    } else return false;
    let x = i + 1;
    let y = start + 1;
    for (;;) {
      if (--budget < 0) return FORMS(a).folded!.includes(FORMS(b).folded!);
      // Equal code units fold alike (both taken out, or both kept and equal): passed together.
      if (y < b.length && x < a.length && a.charCodeAt(x) === b.charCodeAt(y)) {
        x++;
        y++;
      } else if (y < b.length && FOLD_OUT[b.charCodeAt(y)] === 1) y++;
      else if (y === b.length) return true;
      else if (x < a.length && FOLD_OUT[a.charCodeAt(x)] === 1) x++;
      // The rest of `b` is longer than the rest of `a`, and so than `a` after any later start.
      else if (x === a.length) return false;
      else if (lower(a.charCodeAt(x)) !== lower(b.charCodeAt(y))) break;
      else {
        x++;
        y++;
      }
    }
  }
}

/**
 * The formatting steps that cannot change SQuAD normalization with `steps` (so neither a
 * normalized exact match nor a token F1) of an ASCII text: NFKC changes no ASCII text;
 * lowercasing is undone by the `lowercase` step; `trim` and `collapse-whitespace` only change
 * whitespace, which `whitespace` splits away in the end (every ASCII whitespace character is a
 * word boundary for `articles`, as the string's ends are); the `.` or `!` that
 * `strip-trailing-punctuation` removes and the straight quotes `strip-quotes` removes are deleted
 * by `punct` anyway. `underscores` joins words, which every setting keeps apart.
 *
 * With `lowercase` and `punct`, all seven steps in a row normalize as `underscores` alone does
 * (`several` is listed): the `_` between the words and whatever the other steps take from them
 * (case, whitespace, a final `.` or `!`, outer quotes) are deleted or undone by those two, so a
 * row that all seven flip is one that `underscores` flips.
 */
export function squadUnchangedSteps(
  steps: readonly SquadStep[],
): (FormattingStep | "several")[] {
  const out: (FormattingStep | "several")[] = ["nfkc"];
  if (steps.includes("lowercase")) out.push("lowercase");
  if (steps.includes("whitespace")) out.push("trim", "collapse-whitespace");
  if (steps.includes("punct")) out.push("strip-trailing-punctuation", "strip-quotes");
  if (steps.includes("lowercase") && steps.includes("punct")) out.push("several");
  return out;
}

const NO_FORMS: readonly TextForms[] = [];

/** Every single step that flips the row, `several` when only all seven together do, then extras. */
export function probe(target: ProbeTarget, input: GradeInput, result: GradeResult): string[] {
  if (result.pass !== false) return [];
  const found: string[] = [];
  if (
    target.compares === undefined || !target.stepsOnReferences ||
    stepsMayFlip(target.compares, input.output, input.references)
  ) {
    setRow(input.output, input.references);
    const output = rowOutputForms;
    const references = target.stepsOnReferences ? rowReferenceForms : NO_FORMS;
    // NFKC changes no ASCII text, so it flips no ASCII row (a step that changes nothing is no
    // flip): passed over, as are the steps the target declares unchanged on such rows.
    const skip = output.ascii && allAscii(references)
      ? (1 << NFKC) |
        (target.unchangedOnAscii === undefined ? 0 : skipMask(target.unchangedOnAscii))
      : 0;
    const quick = target.passesAfter;
    // With the steps on the output only, the verdict is a function of the changed output: the
    // outputs re-graded so far and their verdicts (two steps often make the same text).
    let graded: string[] | undefined;
    let verdicts: boolean[] | undefined;
    for (let k = 0; k <= ALL; k++) {
      if ((skip & (1 << k)) !== 0 || (k === ALL && found.length !== 0)) continue;
      const step = k === ALL ? "several" : FORMATTING_STEPS[k];
      let passes = quick?.(step, input);
      if (passes === undefined) {
        const changed = output.changed(k);
        if (references !== NO_FORMS) {
          const refs = changedTexts(references, k);
          passes = (changed !== input.output || !sameTexts(refs, input.references)) &&
            target.verdict({ ...input, output: changed, references: refs }) === true;
        } else if (changed === input.output) passes = false;
        else {
          const at = graded === undefined ? -1 : graded.indexOf(changed);
          if (at >= 0) passes = verdicts![at];
          else {
            passes = target.verdict({ ...input, output: changed }) === true;
            (graded ??= []).push(changed);
            (verdicts ??= []).push(passes);
          }
        }
      }
      if (passes) found.push(step);
    }
  }
  for (const extra of target.extras) if (extra.flips(input, result)) found.push(extra.name);
  return found;
}

/** True when every text of `forms` is all ASCII. */
function allAscii(forms: readonly TextForms[]): boolean {
  for (let i = 0; i < forms.length; i++) if (!forms[i].ascii) return false;
  return true;
}

/** Each text of `forms` after formatting step `k` (or all seven). */
function changedTexts(forms: readonly TextForms[], k: number): string[] {
  const out: string[] = new Array(forms.length);
  for (let i = 0; i < forms.length; i++) out[i] = forms[i].changed(k);
  return out;
}

// The steps a target passes over on ASCII rows (`unchangedOnAscii`), as bits: bit k for
// FORMATTING_STEPS[k], bit ALL for `several`. Made once per list.
const SKIP_MASKS = new WeakMap<readonly (FormattingStep | "several")[], number>();

/** The bits of `list` (see SKIP_MASKS). */
function skipMask(list: readonly (FormattingStep | "several")[]): number {
  let mask = SKIP_MASKS.get(list);
  if (mask === undefined) {
    mask = list.includes("several") ? 1 << ALL : 0;
    for (let k = 0; k < ALL; k++) if (list.includes(FORMATTING_STEPS[k])) mask |= 1 << k;
    SKIP_MASKS.set(list, mask);
  }
  return mask;
}

const FENCE = /(`{3,}|~{3,})[^\n`]*\r?\n([\s\S]*?)\r?\n[ \t]*\1/;

/** The body of the first Markdown code fence in `text`, or undefined when it has none. */
export function fencedBody(text: string): string | undefined {
  const m = FENCE.exec(text);
  return m ? m[2] : undefined;
}

/** `code-fence`: the first fenced block of the output, graded alone. */
export function codeFence(verdict: Verdict): ProbeExtra {
  return {
    name: "code-fence",
    flips(input) {
      const body = fencedBody(input.output);
      return body !== undefined && verdict({ ...input, output: body }) === true;
    },
  };
}

/** An output and references that `number-reading` grades in place of a row's own. */
export type NumberTry = readonly [output: string, references: readonly string[]];

/**
 * The rows `number-reading` grades in place of `output` and `references`, in order: the numbers
 * of both written one way (`canonicalNumbers`), as read and then under each other reading of the
 * output, then of the references; each row once, and none that equals the row itself. A function
 * of the texts alone: whether any flips the row is up to the grader's verdict. `words`, where
 * given, says whether the output (-1) or reference `i` has a number word (`hasNumberWord`): the
 * number-words reading changes no other text, and is not run on it.
 *
 * @example A thousands separator written one way; nothing to try for plain numbers
 * ```ts
 * import { numberTries } from "./_probe.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(numberTries("$1,249.00", ["1249"]), [["$1249", ["1249"]]]);
 * assert.deepEqual(numberTries("1,5", ["1.5"]), [["1.5", ["1.5"]]]);
 * assert.deepEqual(numberTries("$926 in all", ["$926"]), []);
 * ```
 */
export function numberTries(
  output: string,
  references: readonly string[],
  words?: (i: number) => boolean,
): NumberTry[] {
  const out: NumberTry[] = [];
  const add = (o: string, refs: readonly string[]): void => {
    if (
      sameInput(output, references, o, refs) ||
      out.some(([p, prefs]) => p === o && sameTexts(prefs, refs))
    ) return;
    out.push([o, refs]);
  };
  const canonicalOutput = canonicalNumbers(output);
  const canonicalReferences = references.map(canonicalNumbers);
  add(canonicalOutput, canonicalReferences);
  for (const reading of NUMBER_READINGS) {
    const some = words === undefined || reading !== "words";
    const o = some || words!(-1) ? readAs(output, reading) : output;
    if (o !== output) add(canonicalNumbers(o), canonicalReferences);
    let refs: string[] | undefined;
    for (let i = 0; i < references.length; i++) {
      const r = some || words!(i) ? readAs(references[i], reading) : references[i];
      if (r === references[i]) continue;
      refs ??= canonicalReferences.slice();
      refs[i] = canonicalNumbers(r);
    }
    if (refs !== undefined) add(canonicalOutput, refs);
  }
  return out;
}

// What writing numbers one way moves or changes beside a number: the currency symbols `readNumbers`
// reads, and the minus sign `−` (written `-`).
const MOVED_BY_WRITING = /[$€£¥₹₩₽¢\u2212]/;

const holdsNumbers = (forms: TextForms): boolean => forms.mayHoldNumbers;
const holdsDigit = (forms: TextForms): boolean => forms.digit;

/**
 * What a grader's verdict lets `number-reading` skip on a failing row whose output and
 * references have no ASCII digit. On such a row only the number-words reading changes a text,
 * and only one side at a time (the output, or the references), and a text it changes gets a
 * digit, which writing its numbers one way keeps. So:
 * - `digits`: a verdict that needs the output to equal a reference after steps that keep every
 *   digit (exact, SQuAD normalization) cannot flip when only one side has a digit: no number
 *   reading can flip such a row, and the texts are not searched for number words;
 * - `output-words`: a verdict that needs a reference to be part of the output (contains) cannot
 *   flip when only the references change (a changed reference has a digit the output lacks, the
 *   others were not part of it), nor when the output has no currency symbol and no `−`: a
 *   reference without digits lies, in the changed output, between the numbers its words became,
 *   and writing numbers one way changes nothing there but moving a currency symbol in front of
 *   its number and making `−` a `-` (a `+` it drops, or a space before `%`, only joins a part to
 *   a number). So only an output with one of those is searched for number words;
 * - `any` (the default): both sides are searched.
 */
export type NumberReadingSkip = "digits" | "output-words" | "any";

/**
 * `number-reading`: the numbers of output and references written one way, as read or under one
 * other reading (decimal comma, spaced thousands, percent as a fraction, number words) of either
 * side. `skip` says which rows without digits the verdict lets it pass over (see
 * {@link NumberReadingSkip}).
 */
export function numberReading(verdict: Verdict, skip: NumberReadingSkip = "any"): ProbeExtra {
  return {
    name: "number-reading",
    flips(input) {
      setRow(input.output, input.references);
      const output = rowOutputForms;
      if (skip !== "any" && !output.digit && !rowReferenceForms.some(holdsDigit)) {
        if (skip === "digits" || !MOVED_BY_WRITING.test(input.output) || !output.mayHoldNumbers) {
          return false;
        }
      } else if (!output.mayHoldNumbers && !rowReferenceForms.some(holdsNumbers)) return false;
      for (const [o, references] of rowNumberTries()) {
        if (verdict({ ...input, output: o, references }) === true) return true;
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
export function caseInsensitive(ignoringCase: Verdict | undefined): ProbeExtra {
  return {
    name: "case-insensitive",
    flips(input) {
      return ignoringCase !== undefined && ignoringCase(input) === true;
    },
  };
}

/** What a grader-specific probe may use of the grader it probes. */
export interface ProbeContext {
  /** The grader's verdict with its settings. */
  verdict: Verdict;
  /** The grader's settings, resolved. */
  readonly options: Readonly<Record<string, unknown>>;
  /** Which way the grader's scores are better. */
  readonly scale: GraderScale;
  /** The grader's verdict with some of its settings changed. */
  verdictWith(changes: Readonly<Record<string, unknown>>): Verdict;
  /** The rows without digits `number-reading` may pass over (default `any`: none). */
  readonly numberReadingSkip?: NumberReadingSkip;
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
        c.options.ignoreCase === true ? undefined : c.verdictWith({ ignoreCase: true }),
      ),
  },
  "code-fence": {
    meaning: "take the JSON out of its Markdown code fence",
    make: (c: ProbeContext): ProbeExtra => codeFence(c.verdict),
  },
  "number-reading": {
    meaning:
      "read the numbers another way (thousands separator, decimal comma, percent, number words)",
    make: (c: ProbeContext): ProbeExtra => numberReading(c.verdict, c.numberReadingSkip),
  },
  "within-0.1": {
    meaning: "the score misses the threshold by less than 0.1",
    make: (c: ProbeContext): ProbeExtra => withinThreshold(c.scale.direction),
  },
} as const satisfies Readonly<Record<string, ProbeExtraEntry>>;

/** The name of a grader-specific probe. */
export type ProbeExtraName = keyof typeof PROBE_EXTRAS;
