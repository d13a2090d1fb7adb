// Whether a text keeps any token under all four SQuAD steps, told from its first words: the
// token-F1 grader needs no more of a prediction equal to its first reference (F1 1 when it keeps
// a token). On plain ASCII the normalized tokens are the whitespace-separated pieces, lowercased,
// with ASCII punctuation deleted, less those left empty and the articles `a`, `an`, `the`; a piece
// that keeps a letter or digit and is no article stays a token whatever follows it (the articles
// rule matches whole words only, and the pieces around it are cut at whitespace, which no step
// deletes). So the scan stops at the end of the first such piece.

import { SQUAD_ASCII_CLASS as CLASS } from "../text/_squad_ascii.ts";

const A = 0x61;
const N = 0x6e;
const T = 0x74;
const H = 0x68;
const E = 0x65;

/**
 * With all four SQuAD steps: whether `s` normalizes to at least one token; undefined when a
 * character other than printable ASCII or Python's ASCII whitespace comes before the answer is
 * known (the caller then normalizes the text).
 *
 * @example A first word that stays, articles and punctuation only, and non-ASCII
 * ```ts
 * import { keepsSquadToken } from "./_squad_keeps_token.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(keepsSquadToken("The cat — sat"), true); // decided at "cat"
 * assert.equal(keepsSquadToken("The... a, AN!"), false);
 * assert.equal(keepsSquadToken("café"), undefined);
 * ```
 */
export function keepsSquadToken(s: string): boolean | undefined {
  const n = s.length;
  // The piece's letters and digits so far (lowercased), the first three of them kept.
  let kept = 0;
  let first = 0;
  let second = 0;
  let third = 0;
  for (let i = 0; i <= n; i++) {
    // The end of the text ends the last piece as whitespace does.
    const c = i < n ? s.charCodeAt(i) : 0x20;
    // Classes: 1 whitespace, 2 or 3 letter or digit, 4 punctuation, 0 left to the full steps.
    const k = c < 0x80 ? CLASS[c] : 0;
    if (k === 2 || k === 3) {
      const lower = c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
      if (kept === 0) first = lower;
      else if (kept === 1) second = lower;
      else if (kept === 2) third = lower;
      kept++;
    } else if (k === 1) {
      if (kept > 0 && !isArticle(kept, first, second, third)) return true;
      kept = 0;
    } else if (k === 0) return undefined;
  }
  return false;
}

function isArticle(kept: number, first: number, second: number, third: number): boolean {
  if (kept === 1) return first === A;
  if (kept === 2) return first === A && second === N;
  return kept === 3 && first === T && second === H && third === E;
}
