// The writing system of a text, from Unicode script properties (`\p{Script=…}`): which script
// most of its letters belong to. Scripts tell a Cyrillic answer from a Latin question; they do
// not tell French from English (no language model is used, on purpose).

/** Scripts told apart; Han and the Japanese kana count as one (`Han`). */
const SCRIPTS: readonly [string, RegExp][] = [
  ["Latin", /\p{Script=Latin}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Greek", /\p{Script=Greek}/u],
  ["Arabic", /\p{Script=Arabic}/u],
  ["Hebrew", /\p{Script=Hebrew}/u],
  ["Han", /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ["Hangul", /\p{Script=Hangul}/u],
  ["Devanagari", /\p{Script=Devanagari}/u],
  ["Bengali", /\p{Script=Bengali}/u],
  ["Tamil", /\p{Script=Tamil}/u],
  ["Telugu", /\p{Script=Telugu}/u],
  ["Thai", /\p{Script=Thai}/u],
  ["Georgian", /\p{Script=Georgian}/u],
  ["Armenian", /\p{Script=Armenian}/u],
  ["Ethiopic", /\p{Script=Ethiopic}/u],
];

const LETTER = /\p{L}/u;

/** Letters of a text per script (letters of other scripts under `Other`). */
export function scriptCounts(text: string, maxLetters = 1000): Map<string, number> {
  const counts = new Map<string, number>();
  let seen = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    let script: string;
    if (code < 0x80) {
      // ASCII: only a–z and A–Z are letters, all Latin (the common case, without a regex).
      if (!((code >= 65 && code <= 90) || (code >= 97 && code <= 122))) continue;
      script = "Latin";
    } else {
      if (!LETTER.test(ch)) continue;
      script = SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? "Other";
    }
    counts.set(script, (counts.get(script) ?? 0) + 1);
    if (++seen >= maxLetters) break;
  }
  return counts;
}

/** The script most letters belong to, its share, and the number of letters; null without letters. */
export function dominantScript(
  text: string,
): { script: string; share: number; letters: number; counts: Map<string, number> } | null {
  const counts = scriptCounts(text);
  let letters = 0;
  let best: [string, number] | null = null;
  for (const [script, n] of counts) {
    letters += n;
    if (!best || n > best[1]) best = [script, n];
  }
  return best ? { script: best[0], share: best[1] / letters, letters, counts } : null;
}
