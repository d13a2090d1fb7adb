/**
 * The Porter stemmer as NLTK runs it by default (`PorterStemmer()`, mode `NLTK_EXTENSIONS`), which
 * is what `rouge-score` uses when stemming is on. Written from the published algorithm plus
 * NLTK's documented departures from it: a table of irregular forms, no stemming of one- and
 * two-letter words, `ies`/`ied` on four-letter words, the `y → i` rule only after a consonant
 * that is not the whole stem, `alli` handled first in step 2, `bli → ble`, `fulli → ful`,
 * `logi → log`, and two-letter vowel–consonant stems counting as *cvc*.
 *
 * The input is expected in lowercase ASCII (as the ROUGE tokenizer produces it).
 *
 * @module
 */

const IRREGULAR: Readonly<Record<string, string>> = {
  sky: "sky",
  skies: "sky",
  dying: "die",
  lying: "lie",
  tying: "tie",
  news: "news",
  innings: "inning",
  inning: "inning",
  outings: "outing",
  outing: "outing",
  cannings: "canning",
  canning: "canning",
  howe: "howe",
  proceed: "proceed",
  exceed: "exceed",
  succeed: "succeed",
};

function isConsonant(w: string, i: number): boolean {
  const c = w[i];
  if (c === "a" || c === "e" || c === "i" || c === "o" || c === "u") return false;
  if (c === "y") return i === 0 ? true : !isConsonant(w, i - 1);
  return true;
}

/** Porter's m: the number of vowel-run → consonant-run transitions in the stem. */
function measure(stem: string): number {
  let m = 0;
  for (let i = 1; i < stem.length; i++) {
    if (isConsonant(stem, i) && !isConsonant(stem, i - 1)) m++;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(w: string): boolean {
  const n = w.length;
  return n >= 2 && w[n - 1] === w[n - 2] && isConsonant(w, n - 1);
}

/** *o: consonant–vowel–consonant at the end, the last not w, x or y (NLTK adds two-letter vc). */
function endsCvc(w: string): boolean {
  const n = w.length;
  if (
    n >= 3 && isConsonant(w, n - 3) && !isConsonant(w, n - 2) && isConsonant(w, n - 1) &&
    !"wxy".includes(w[n - 1])
  ) return true;
  return n === 2 && !isConsonant(w, 0) && isConsonant(w, 1);
}

type Condition = ((stem: string) => boolean) | null;
/** A rule: suffix, replacement, condition on what is left. Suffix `*d` means a double consonant. */
type Rule = readonly [suffix: string, replacement: string, condition: Condition];

/**
 * Apply the first rule whose suffix matches; if its condition fails, stop with the word
 * unchanged (later rules are not tried).
 */
function applyRules(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === "*d") {
      if (!endsDoubleConsonant(word)) continue;
      const stem = word.slice(0, -2);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    return condition === null || condition(stem) ? stem + replacement : word;
  }
  return word;
}

const positive = (stem: string) => measure(stem) > 0;
const aboveOne = (stem: string) => measure(stem) > 1;

const STEP1A: readonly Rule[] = [
  ["sses", "ss", null],
  ["ies", "i", null],
  ["ss", "ss", null],
  ["s", "", null],
];

function step1a(w: string): string {
  if (w.length === 4 && w.endsWith("ies")) return w.slice(0, -3) + "ie";
  return applyRules(w, STEP1A);
}

function step1b(w: string): string {
  if (w.endsWith("ied")) return w.slice(0, -3) + (w.length === 4 ? "ie" : "i");
  if (w.endsWith("eed")) {
    const stem = w.slice(0, -3);
    return measure(stem) > 0 ? stem + "ee" : w;
  }
  let stem: string | undefined;
  for (const suffix of ["ed", "ing"]) {
    if (w.endsWith(suffix)) {
      const candidate = w.slice(0, w.length - suffix.length);
      if (hasVowel(candidate)) {
        stem = candidate;
        break;
      }
    }
  }
  if (stem === undefined) return w;
  const last = stem[stem.length - 1];
  return applyRules(stem, [
    ["at", "ate", null],
    ["bl", "ble", null],
    ["iz", "ize", null],
    ["*d", last, () => last !== "l" && last !== "s" && last !== "z"],
    ["", "e", (s) => measure(s) === 1 && endsCvc(s)],
  ]);
}

function step1c(w: string): string {
  return applyRules(w, [["y", "i", (s) => s.length > 1 && isConsonant(s, s.length - 1)]]);
}

const STEP2: readonly Rule[] = [
  ["ational", "ate", positive],
  ["tional", "tion", positive],
  ["enci", "ence", positive],
  ["anci", "ance", positive],
  ["izer", "ize", positive],
  ["bli", "ble", positive],
  ["alli", "al", positive],
  ["entli", "ent", positive],
  ["eli", "e", positive],
  ["ousli", "ous", positive],
  ["ization", "ize", positive],
  ["ation", "ate", positive],
  ["ator", "ate", positive],
  ["alism", "al", positive],
  ["iveness", "ive", positive],
  ["fulness", "ful", positive],
  ["ousness", "ous", positive],
  ["aliti", "al", positive],
  ["iviti", "ive", positive],
  ["biliti", "ble", positive],
  ["fulli", "ful", positive],
];

function step2(w: string): string {
  if (w.endsWith("alli") && positive(w.slice(0, -4))) return step2(w.slice(0, -4) + "al");
  // NLTK keeps the `l` of `logi` with the stem when testing the measure.
  return applyRules(w, [...STEP2, ["logi", "log", () => positive(w.slice(0, -3))]]);
}

const STEP3: readonly Rule[] = [
  ["icate", "ic", positive],
  ["ative", "", positive],
  ["alize", "al", positive],
  ["iciti", "ic", positive],
  ["ical", "ic", positive],
  ["ful", "", positive],
  ["ness", "", positive],
];

const STEP4: readonly Rule[] = [
  ["al", "", aboveOne],
  ["ance", "", aboveOne],
  ["ence", "", aboveOne],
  ["er", "", aboveOne],
  ["ic", "", aboveOne],
  ["able", "", aboveOne],
  ["ible", "", aboveOne],
  ["ant", "", aboveOne],
  ["ement", "", aboveOne],
  ["ment", "", aboveOne],
  ["ent", "", aboveOne],
  ["ion", "", (s) => measure(s) > 1 && (s.endsWith("s") || s.endsWith("t"))],
  ["ou", "", aboveOne],
  ["ism", "", aboveOne],
  ["ate", "", aboveOne],
  ["iti", "", aboveOne],
  ["ous", "", aboveOne],
  ["ive", "", aboveOne],
  ["ize", "", aboveOne],
];

function step5a(w: string): string {
  if (!w.endsWith("e")) return w;
  const stem = w.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : w;
}

function step5b(w: string): string {
  return applyRules(w, [["ll", "l", () => measure(w.slice(0, -1)) > 1]]);
}

/**
 * Stem one lowercase word with the Porter algorithm in NLTK's default mode.
 *
 * @example Stems that ROUGE-L with stemming sees
 * ```ts
 * import { porterStem } from "./porter_stemmer.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(porterStem("generously"), "gener");
 * assert.equal(porterStem("relational"), "relat");
 * assert.equal(porterStem("dying"), "die");
 * assert.equal(porterStem("flies"), "fli");
 * assert.equal(porterStem("agreed"), "agre");
 * ```
 */
export function porterStem(word: string): string {
  if (Object.hasOwn(IRREGULAR, word)) return IRREGULAR[word];
  if (word.length <= 2) return word;
  let w = step1a(word);
  w = step1b(w);
  w = step1c(w);
  w = step2(w);
  w = applyRules(w, STEP3);
  w = applyRules(w, STEP4);
  w = step5a(w);
  return step5b(w);
}
