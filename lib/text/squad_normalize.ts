/**
 * SQuAD v1.1 answer normalization (`normalize_answer` of the official evaluation script), with
 * each of its four steps optional.
 *
 * @module
 */

import { pySplit } from "./python_strings.ts";
import { asciiSquadTokens } from "./_squad_ascii.ts";

/** One step of SQuAD normalization. */
export type SquadStep = "lowercase" | "punct" | "articles" | "whitespace";

/**
 * The four SQuAD steps in the order the official script applies them: lowercase, delete ASCII
 * punctuation, replace the articles a/an/the by a space, collapse whitespace.
 *
 * @example The default pipeline
 * ```ts
 * import { SQUAD_STEPS } from "./squad_normalize.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(SQUAD_STEPS.join("+"), "lowercase+punct+articles+whitespace");
 * ```
 */
export const SQUAD_STEPS: readonly SquadStep[] = ["lowercase", "punct", "articles", "whitespace"];

// Python's string.punctuation: the 32 ASCII punctuation characters.
const ASCII_PUNCT = /[!-/:-@[-`{-~]/g;
// Python 3's `\b(a|an|the)\b` on str: word characters are Unicode letters, numbers and `_`.
const ARTICLE = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;
// The same on ASCII text, where those word characters are [A-Za-z0-9_] (`\w`), without the
// Unicode property classes (several times faster).
const ASCII_ARTICLE = /\b(?:a|an|the)\b/g;
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * Normalize an answer as SQuAD v1.1 does. `steps` chooses which steps run; they always run in
 * the script's order ({@link SQUAD_STEPS}), whatever order they are given in. Punctuation is
 * deleted (not replaced by a space), and only ASCII punctuation is; article boundaries are
 * Unicode-aware, so the `a` of `ça` stays.
 *
 * @example Normalize with all steps, then without lowercasing
 * ```ts
 * import { normalizeAnswer } from "./squad_normalize.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(normalizeAnswer("The  State-of-the-Art, ça va!"), "stateoftheart ça va");
 * assert.equal(normalizeAnswer("The Answer.", ["punct", "articles", "whitespace"]), "The Answer");
 * ```
 */
export function normalizeAnswer(s: string, steps: readonly SquadStep[] = SQUAD_STEPS): string {
  if (hasAllSteps(steps)) {
    const tokens = asciiSquadTokens(s);
    if (tokens !== undefined) return tokens.join(" ");
  }
  let out = s;
  if (steps.includes("lowercase")) out = out.toLowerCase();
  if (steps.includes("punct")) out = out.replace(ASCII_PUNCT, "");
  if (steps.includes("articles")) {
    out = out.replace(NON_ASCII.test(out) ? ARTICLE : ASCII_ARTICLE, " ");
  }
  if (steps.includes("whitespace")) out = pySplit(out).join(" ");
  return out;
}

/** True when `steps` names all four steps (the script's pipeline). */
function hasAllSteps(steps: readonly SquadStep[]): boolean {
  return steps === SQUAD_STEPS || SQUAD_STEPS.every((step) => steps.includes(step));
}
