/**
 * Exact match and token F1 as the official SQuAD evaluation scripts compute them (v1.1 by
 * default; v2.0 with `version: 2`), each the maximum over the references.
 *
 * @module
 */

import { SQUAD_STEPS, type SquadStep } from "../text/mod.ts";
import { requireReferences } from "./_stats.ts";
import {
  knownSame,
  type NormalizedText,
  normalizedText,
  sameNormalized,
  wantForms,
} from "./_squad_normalized.ts";
import { keepsSquadToken } from "./_squad_keeps_token.ts";
import { resolveOptions } from "./options.ts";
import { SQUAD_OPTIONS, type SquadOptions, type SquadSettings } from "./squad_settings.ts";

/** The best value over the references and the first reference that reached it. */
export interface BestMatch {
  /** The best value. */
  value: number;
  /**
   * Index of the first reference with that value; -1 under SQuAD v2 when the question has no
   * answer (no reference, or none that normalizes to any text).
   */
  referenceIndex: number;
}

/** The steps in the script's order, whatever order they were given in. */
function ordered(steps: readonly SquadStep[]): readonly SquadStep[] {
  return SQUAD_STEPS.filter((s) => steps.includes(s));
}

// Settings resolved from options objects that cannot change (the graders' resolved options).
const SETTLED = new WeakMap<object, SquadSettings>();

// The options object each metric was given last, when it was remembered in `SETTLED`, and its
// settings: a grader passes the same resolved options row after row (one cache per metric, as
// the two graders of a row take turns).
const lastExact: { options: unknown; settings: SquadSettings | undefined } = {
  options: undefined,
  settings: undefined,
};
const lastF1: { options: unknown; settings: SquadSettings | undefined } = {
  options: undefined,
  settings: undefined,
};

/** {@link settingsOf}, answered from `last` when `options` is the object it holds. */
function settingsFor(
  name: string,
  options: unknown,
  last: { options: unknown; settings: SquadSettings | undefined },
): SquadSettings {
  if (options === last.options && last.settings !== undefined) return last.settings;
  const settings = settingsOf(name, options);
  if (typeof options === "object" && options !== null && SETTLED.get(options) === settings) {
    last.options = options;
    last.settings = settings;
  }
  return settings;
}

function settingsOf(name: string, options: unknown): SquadSettings {
  // A frozen object stays frozen: one found here cannot have changed since.
  if (typeof options === "object" && options !== null) {
    const settled = SETTLED.get(options);
    if (settled !== undefined) return settled;
  }
  const fixed = typeof options === "object" && options !== null && Object.isFrozen(options) &&
    Object.values(options).every((v) => typeof v !== "object" || v === null || Object.isFrozen(v));
  const resolved = resolveOptions(name, SQUAD_OPTIONS, options);
  const settings = { ...resolved, steps: ordered(resolved.steps) };
  if (fixed) SETTLED.set(options as object, settings);
  return settings;
}

/**
 * The best score over the gold answers each script scores against: every reference under v1.1;
 * under v2.0 those that normalize to some text, or the empty answer (index -1) when none does.
 * `score` gets each gold answer normalized.
 */
function best(
  fn: string,
  references: readonly string[],
  settings: SquadSettings,
  score: (ref: NormalizedText) => number,
): BestMatch {
  if (settings.version === 1) requireReferences(fn, references);
  let value = -Infinity;
  let referenceIndex = -1;
  for (let i = 0; i < references.length; i++) {
    const ref = normalizedText(references[i], settings.steps);
    if (settings.version === 2 && ref.empty) continue;
    const v = score(ref);
    if (v > value) {
      value = v;
      referenceIndex = i;
    }
  }
  if (referenceIndex < 0) {
    return { value: score(normalizedText("", settings.steps)), referenceIndex };
  }
  return { value, referenceIndex };
}

// Below this many code units in a prediction and its first reference together, token F1 does
// not compare the two side by side before normalizing them.
const SIDE_BY_SIDE = 80;

/** Whether `s` normalizes to at least one token under the settings' steps. */
function keepsToken(s: string, settings: SquadSettings): boolean {
  const quick = settings.steps.length === SQUAD_STEPS.length ? keepsSquadToken(s) : undefined;
  return quick ?? normalizedText(s, settings.steps).size > 0;
}

// The pair of normalized texts compared last and whether they were equal: exact match and token
// F1 compare the same row's texts, and `normalizedText` gives both graders the same objects
// (remembered, and never changed), so the second asks no more than an identity check.
let lastPred: NormalizedText | undefined;
let lastGold: NormalizedText | undefined;
let lastEqual = false;

/** `pred.equals(gold)`, answered from the last comparison when it was of the same two objects. */
function sameText(pred: NormalizedText, gold: NormalizedText): boolean {
  if (pred !== lastPred || gold !== lastGold) {
    lastEqual = pred.equals(gold);
    lastPred = pred;
    lastGold = gold;
  }
  return lastEqual;
}

/** Whether `s` normalizes to some text (not "") under the settings' steps. */
function normalizesToText(s: string, settings: SquadSettings): boolean {
  // With all four steps the text is the tokens joined by spaces: some text iff some token.
  const quick = settings.steps.length === SQUAD_STEPS.length ? keepsSquadToken(s) : undefined;
  return quick ?? !normalizedText(s, settings.steps).empty;
}

function f1Single(pred: NormalizedText, gold: NormalizedText, settings: SquadSettings): number {
  const p = pred.size;
  const g = gold.size;
  // v2.0: an empty answer on either side scores 1 when both are empty, else 0.
  if (settings.version === 2 && (p === 0 || g === 0)) return p === g ? 1 : 0;
  // Equal texts share every token: precision and recall are 1.
  if (p > 0 && sameText(pred, gold)) return 1;
  const same = pred.shared(gold);
  if (same === 0) return 0;
  const precision = same / p;
  const recall = same / g;
  return (2 * precision * recall) / (precision + recall);
}

/**
 * Normalized exact match with the reference that matched (see {@link normalizedExactMatch}).
 *
 * @example Which reference matched
 * ```ts
 * import { normalizedExactMatchBest } from "./squad_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(normalizedExactMatchBest("Paris!", ["London", "paris"]), { value: 1, referenceIndex: 1 });
 * assert.deepEqual(normalizedExactMatchBest("", [], { version: 2 }), { value: 1, referenceIndex: -1 });
 * ```
 */
export function normalizedExactMatchBest(
  prediction: string,
  references: readonly string[],
  options: SquadOptions = {},
): BestMatch {
  const settings = settingsFor("normalized", options, lastExact);
  // A prediction equal to its first reference matches it, unless under v2.0 it normalizes to
  // nothing (then that reference is dropped as no answer): 1 at index 0, which none can beat.
  if (
    references.length > 0 && references[0] === prediction &&
    (settings.version === 1 || normalizesToText(prediction, settings))
  ) {
    return { value: 1, referenceIndex: 0 };
  }
  if (settings.steps.length === SQUAD_STEPS.length) {
    return exactMatchAllSteps(prediction, references, settings);
  }
  const pred = normalizedText(prediction, settings.steps);
  return best("normalizedExactMatch", references, settings, (ref) => sameText(pred, ref) ? 1 : 0);
}

/**
 * {@link normalizedExactMatchBest} with all four steps, as `best` works it out: the first gold
 * answer equal to the prediction, else the first gold answer (value 0), else v2.0's empty answer.
 * Texts are compared by `sameNormalized`, which reads plain ASCII texts only up to their first
 * difference.
 */
function exactMatchAllSteps(
  prediction: string,
  references: readonly string[],
  settings: SquadSettings,
): BestMatch {
  if (settings.version === 1) requireReferences("normalizedExactMatch", references);
  let first = -1;
  for (let i = 0; i < references.length; i++) {
    const reference = references[i];
    if (settings.version === 2 && !normalizesToText(reference, settings)) continue;
    if (sameNormalized(prediction, reference)) return { value: 1, referenceIndex: i };
    if (first < 0) first = i;
  }
  if (first >= 0) return { value: 0, referenceIndex: first };
  // No gold answer (v2.0): only a prediction that normalizes to nothing matches.
  return { value: normalizesToText(prediction, settings) ? 0 : 1, referenceIndex: -1 };
}

/**
 * SQuAD exact match: 1 when the normalized prediction equals some normalized reference, else 0.
 * `steps` chooses the normalization steps (default: all four, as the scripts do). With
 * `version: 2` (the v2.0 script), references that normalize to nothing are dropped and a
 * question with none left, including one with no reference at all, is unanswerable: only an
 * answer that normalizes to nothing matches it.
 *
 * @example Articles, case and punctuation do not count; v2.0's unanswerable questions
 * ```ts
 * import { normalizedExactMatch } from "./squad_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(normalizedExactMatch("The Denver Broncos!", ["Denver Broncos"]), 1);
 * assert.equal(normalizedExactMatch("the", ["a"]), 1); // both normalize to ""
 * assert.equal(normalizedExactMatch("Broncos", ["Denver Broncos"]), 0);
 * assert.equal(normalizedExactMatch("", [], { version: 2 }), 1);
 * assert.equal(normalizedExactMatch("Paris", [], { version: 2 }), 0);
 * assert.equal(normalizedExactMatch("The Answer", ["answer"], { steps: ["lowercase"] }), 0);
 * ```
 */
export function normalizedExactMatch(
  prediction: string,
  references: readonly string[],
  options: SquadOptions = {},
): 0 | 1 {
  return normalizedExactMatchBest(prediction, references, options).value as 0 | 1;
}

/**
 * Token F1 with the reference that gave it (see {@link tokenF1}).
 *
 * @example Which reference scored best
 * ```ts
 * import { tokenF1Best } from "./squad_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(tokenF1Best("Denver Broncos", ["Broncos", "the Denver Broncos"]), { value: 1, referenceIndex: 1 });
 * ```
 */
export function tokenF1Best(
  prediction: string,
  references: readonly string[],
  options: SquadOptions = {},
): BestMatch {
  const settings = settingsFor("token-f1", options, lastF1);
  // A prediction equal to its first reference that keeps a token shares every token with it: F1
  // 1 under both versions, which no later reference can beat (F1 is at most 1).
  if (references.length > 0 && references[0] === prediction && keepsToken(prediction, settings)) {
    return { value: 1, referenceIndex: 0 };
  }
  if (settings.steps.length === SQUAD_STEPS.length) {
    // So does a prediction that normalizes as its first reference does, under both versions
    // (that reference keeps the token too, so v2.0 scores it): told by exact match's answer for
    // the pair, else, for longer texts, by reading the two side by side up to their first
    // difference before any token is counted (short texts are normalized whole at once: the
    // reading costs more than it can save there).
    if (references.length > 0) {
      const reference = references[0];
      const same = prediction.length + reference.length < SIDE_BY_SIDE
        ? knownSame(prediction, reference)
        : sameNormalized(prediction, reference);
      if (same === true && keepsToken(prediction, settings)) return { value: 1, referenceIndex: 0 };
    }
    wantForms();
  }
  const pred = normalizedText(prediction, settings.steps);
  return best("tokenF1", references, settings, (ref) => f1Single(pred, ref, settings));
}

/**
 * SQuAD token F1: multiset overlap of the normalized tokens, the maximum over the references.
 * Under v1.1 (the default) no shared token gives 0, also when both normalize to nothing; under
 * v2.0 (`version: 2`) an empty answer on either side gives 1 when both are empty and 0 otherwise,
 * and a question without references (or whose references all normalize to nothing) is
 * unanswerable.
 *
 * @example Partial overlap, and the two versions on empty answers
 * ```ts
 * import { tokenF1 } from "./squad_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(tokenF1("Denver Broncos", ["Broncos"]), 2 / 3);
 * assert.equal(tokenF1("the", ["a"]), 0);
 * assert.equal(tokenF1("the", ["a"], { version: 2 }), 1);
 * assert.equal(tokenF1("", [], { version: 2 }), 1);
 * ```
 */
export function tokenF1(
  prediction: string,
  references: readonly string[],
  options: SquadOptions = {},
): number {
  return tokenF1Best(prediction, references, options).value;
}
