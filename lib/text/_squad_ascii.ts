// All four SQuAD steps in one pass over plain ASCII text. With every step on, the normalized
// answer is the whitespace-separated pieces of the text, each lowercased with its ASCII
// punctuation deleted, less the pieces left empty and the articles, joined by one space: punctuation
// includes `_`, so after deletion a piece is all letters and digits and `\b(a|an|the)\b` can only
// match a whole piece. This holds for text made of printable ASCII and Python's ASCII whitespace;
// other characters (controls, DEL, non-ASCII) are left to the step-by-step path.

// Character classes of the code units below 0x80: 0 not handled here, 1 Python whitespace,
// 2 lowercase letter or digit, 3 uppercase letter, 4 punctuation (Python's string.punctuation).
const CLASS = new Uint8Array(128);
for (let c = 0x09; c <= 0x0d; c++) CLASS[c] = 1;
for (let c = 0x1c; c <= 0x20; c++) CLASS[c] = 1;
for (let c = 0x21; c <= 0x7e; c++) CLASS[c] = 4;
for (let c = 0x30; c <= 0x39; c++) CLASS[c] = 2;
for (let c = 0x61; c <= 0x7a; c++) CLASS[c] = 2;
for (let c = 0x41; c <= 0x5a; c++) CLASS[c] = 3;

const PUNCT = /[!-/:-@[-`{-~]/g;

/**
 * The tokens of `s` normalized with all four SQuAD steps (their join by one space is the
 * normalized answer), or undefined when `s` holds a character this pass does not handle.
 */
export function asciiSquadTokens(s: string): string[] | undefined {
  const tokens: string[] = [];
  let start = -1;
  let upper = false;
  let punct = false;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 0x20;
    const k = c < 0x80 ? CLASS[c] : 0;
    if (k === 0) return undefined;
    if (k !== 1) {
      if (start < 0) start = i;
      if (k === 3) upper = true;
      else if (k === 4) punct = true;
      continue;
    }
    if (start < 0) continue;
    let piece = s.slice(start, i);
    if (upper) piece = piece.toLowerCase();
    if (punct) piece = piece.replace(PUNCT, "");
    if (piece !== "" && piece !== "a" && piece !== "an" && piece !== "the") tokens.push(piece);
    start = -1;
    upper = false;
    punct = false;
  }
  return tokens;
}
