/**
 * chrF and chrF++ exactly as sacreBLEU 2.6.0 computes them, with their options (character and word
 * n-gram orders, β, case, whitespace, eps smoothing), as per-segment statistics plus one
 * aggregation. Scores are fractions in [0, 1].
 *
 * @module
 */

import { isPyWhitespace, pySplit } from "../text/mod.ts";
import { CodePointTable, NgramMatcher, SymbolTable } from "./_ngram_ids.ts";
import { isEmptyOptions, requireCorpus, requireReferences } from "./_stats.ts";
import type { SentenceScores } from "./types.ts";
import { nrefsLabel } from "./signature.ts";
import { resolveOptions } from "./options.ts";
import {
  CHRF_OPTIONS,
  type ChrfOptions,
  type ChrfSettings,
  chrfSignature,
} from "./chrf_settings.ts";
import { UserTypeError } from "../errors/mod.ts";

/** What eps smoothing puts in place of an undefined precision, recall or F-score. */
const EPS = 1e-16;

/** A chrF figure with its statistics and settings signature. */
export interface ChrfResult {
  /** chrF as a fraction in [0, 1]. */
  score: number;
  /**
   * `[hyp, ref, match]` for each character order, then each word order (summed over segments in
   * corpus mode): 18 numbers for chrF2, 24 for chrF++.
   */
  stats: number[];
  /** sacreBLEU-style settings signature. */
  signature: string;
}

/** The chrF statistics of one segment against its best reference, and which reference that was. */
export interface ChrfSegment {
  /** Index of the selected reference (the first one wins ties). */
  referenceIndex: number;
  /** The statistics against that reference (see {@link ChrfResult.stats}). */
  stats: number[];
  /** The segment's chrF against that reference, a fraction. */
  score: number;
}

function settingsOf(options: unknown): ChrfSettings {
  // No options (the common call): the defaults, resolved once.
  if (!isEmptyOptions(options)) return resolveOptions("chrf", CHRF_OPTIONS, options);
  return DEFAULTS ??= Object.freeze(resolveOptions("chrf", CHRF_OPTIONS, undefined));
}

let DEFAULTS: ChrfSettings | undefined;

// Signature lines by settings and reference count: a sentence score per row would otherwise
// build the same one each time.
const SIGNATURES = new Map<string, string>();

function signatureOf(settings: ChrfSettings, nrefs: number | "var"): string {
  const { charOrder, wordOrder, beta, lowercase, whitespace, epsSmoothing } = settings;
  const key =
    `${charOrder}|${wordOrder}|${beta}|${lowercase}|${whitespace}|${epsSmoothing}|${nrefs}`;
  let signature = SIGNATURES.get(key);
  if (signature === undefined) {
    signature = `${chrfSignature({ ...settings, nrefs })}`;
    if (SIGNATURES.size >= 256) SIGNATURES.clear();
    SIGNATURES.set(key, signature);
  }
  return signature;
}

// Python's string.punctuation: a word of two or more characters loses one of these at its end,
// or else at its start (sacreBLEU's chrF+ word splitting: `(hi)` gives `(hi` and `)`).
const PUNCTUATION = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");

function words(text: string): string[] {
  const out: string[] = [];
  for (const word of pySplit(text)) {
    // A word of one code point stays whole; the punctuation tested is ASCII, one code unit.
    if (word.length === 1 || (word.length === 2 && word.codePointAt(0)! > 0xffff)) out.push(word);
    else if (PUNCTUATION.has(word.at(-1)!)) out.push(word.slice(0, -1), word.at(-1)!);
    else if (PUNCTUATION.has(word[0])) out.push(word[0], word.slice(1));
    else out.push(word);
  }
  return out;
}

// Reused from segment to segment: symbol tables, matchers and sequence buffers.
const chars = new CodePointTable();
const wordSymbols = new SymbolTable();
const charMatcher = new NgramMatcher();
const wordMatcher = new NgramMatcher();
let sequence = new Int32Array(256);

/**
 * Per ASCII code point: its symbol in the hypothesis last numbered, {@link NO_SYMBOL} where it has
 * none, or {@link SPACE} for Python whitespace when whitespace is not counted (one look-up tells
 * the three apart).
 */
const asciiSymbols = new Int32Array(128);
const NO_SYMBOL = -1;
const SPACE = -2;
/** The ASCII code points that are Python whitespace. */
const ASCII_SPACES: readonly number[] = Array.from({ length: 128 }, (_, c) => c).filter((c) =>
  isPyWhitespace(String.fromCharCode(c))
);
/** Where each word (a run between whitespace) starts in `sequence`, as {@link charSymbols} found. */
let wordStarts = new Int32Array(64);
/** How many words {@link charSymbols} found. */
let wordCount = 0;

/**
 * The number of code points chrF counts of `text` (without Python whitespace unless `whitespace`
 * is set), and their symbols in `sequence`: numbered for a hypothesis (`add`), else looked up.
 * Where each run of them between whitespace starts goes to `wordStarts` (`wordCount` of them).
 */
function charSymbols(text: string, whitespace: boolean, add: boolean): number {
  if (sequence.length < text.length) sequence = new Int32Array(2 * text.length);
  if (wordStarts.length <= text.length) wordStarts = new Int32Array(2 * text.length + 1);
  if (add) {
    asciiSymbols.fill(NO_SYMBOL);
    if (!whitespace) { for (const c of ASCII_SPACES) asciiSymbols[c] = SPACE; }
  }
  const out = sequence;
  const starts = wordStarts;
  // A word starts at 0 and after each run of whitespace, where the count stands during the run
  // (noted at the run, so that the common path below does no more than before).
  starts[0] = 0;
  let words = 1;
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp < 128) {
      // ASCII (most text): its symbols kept at hand, numbered by the table as they first come,
      // and whitespace marked in the same table (the reference's look-ups use the hypothesis's
      // table, built with the same setting).
      let symbol = asciiSymbols[cp];
      if (symbol >= 0) {
        out[k++] = symbol;
        continue;
      }
      if (symbol === SPACE) {
        if (starts[words - 1] !== k) starts[words++] = k;
        continue;
      }
      if (add) symbol = asciiSymbols[cp] = chars.add(cp);
      out[k++] = symbol;
      continue;
    }
    if (cp >= 0xd800 && cp <= 0xdbff) {
      // A high surrogate: its pair makes one code point (a lone one stays as it is).
      cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++;
    } else if (
      // Python's whitespace is all in the BMP: one code unit.
      !whitespace && cp <= 0x3000 && isPyWhitespace(text, i)
    ) {
      if (starts[words - 1] !== k) starts[words++] = k;
      continue;
    }
    out[k++] = add ? chars.add(cp) : chars.find(cp);
  }
  // Whitespace at the end starts no word.
  wordCount = starts[words - 1] === k ? words - 1 : words;
  return k;
}

/** Per ASCII code unit: 1 for Python whitespace, else 0. */
const ASCII_SPACE = new Uint8Array(128);
for (const c of ASCII_SPACES) ASCII_SPACE[c] = 1;

/** Whether the code unit `c` of `s` (at `i`) is Python whitespace (ASCII through a table). */
function spaceAt(s: string, i: number, c: number): boolean {
  return c < 128 ? ASCII_SPACE[c] === 1 : c <= 0x3000 && isPyWhitespace(s, i);
}

/**
 * How many code points chrF counts of `a` (whitespace left out) when `a` and `b` have the same
 * ones once Python whitespace is left out of both, else -1 (stopping at the first code unit that
 * differs: at once for most unrelated texts). The code units left must be equal and pair up
 * into the same code points: a high surrogate takes the low one right after it, which a
 * whitespace between them would keep apart (two lone halves, as chrF counts them).
 */
function countIfSameWithoutSpaces(a: string, b: string): number {
  let i = 0;
  let j = 0;
  let count = 0;
  while (i < a.length && j < b.length) {
    const c = a.charCodeAt(i);
    const d = b.charCodeAt(j);
    if (c === d) {
      i++;
      j++;
      if (c < 128) count += 1 - ASCII_SPACE[c];
      else if (c >= 0xd800 && c <= 0xdbff) {
        // A high surrogate: a pair on both sides or on neither (its low half is then counted
        // with the next code unit, as one code point with this one: not at all here).
        const pairA = isLowSurrogate(a, i);
        if (pairA !== isLowSurrogate(b, j)) return -1;
        if (pairA) {
          i++;
          j++;
          if (a.charCodeAt(i - 1) !== b.charCodeAt(j - 1)) return -1;
        }
        count++;
      } else if (!spaceAt(a, i - 1, c)) count++;
      continue;
    }
    if (spaceAt(a, i, c)) i++;
    else if (spaceAt(b, j, d)) j++;
    else return -1;
  }
  while (i < a.length && spaceAt(a, i, a.charCodeAt(i))) i++;
  while (j < b.length && spaceAt(b, j, b.charCodeAt(j))) j++;
  return i === a.length && j === b.length ? count : -1;
}

/** Any character but printable ASCII and the space. */
const OUTSIDE_PRINTABLE = /[^\x20-\x7e]/;
const SPACES = / /g;

/**
 * {@link charSymbols}' count alone, nothing numbered: what chrF needs of a hypothesis whose
 * reference is the same text (or holds it, or is held by it).
 */
function charCount(text: string, whitespace: boolean): number {
  // Printable ASCII and spaces only (most text): each character one code point, and the space
  // the only whitespace, counted by the regular-expression engine instead of a loop.
  if (!OUTSIDE_PRINTABLE.test(text)) {
    return whitespace ? text.length : text.length - (text.match(SPACES)?.length ?? 0);
  }
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Printable ASCII (most text) is one code point and never whitespace.
    if (c > 0x20 && c < 0x7f) k++;
    else if (c >= 0xd800 && c <= 0xdbff) {
      // A high surrogate and a low one after it are one code point.
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
      k++;
    } else if (whitespace || !isPyWhitespace(text, i)) k++;
  }
  return k;
}

/**
 * Whether `inner` occurs in `outer` as a run of its code points: found, and not cutting a
 * surrogate pair of `outer` in two at either end (a lone surrogate is a code point of its own).
 */
function containsWhole(outer: string, inner: string): boolean {
  const start = outer.indexOf(inner);
  if (start < 0) return false;
  const end = start + inner.length;
  return !(isLowSurrogate(outer, start) && isHighSurrogate(outer, start - 1)) &&
    !(isLowSurrogate(outer, end) && isHighSurrogate(outer, end - 1));
}

function isHighSurrogate(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff;
}

function wordSymbolsOf(list: readonly string[], add: boolean): number {
  if (sequence.length < list.length) sequence = new Int32Array(2 * list.length);
  for (let i = 0; i < list.length; i++) {
    sequence[i] = add ? wordSymbols.add(list[i]) : wordSymbols.find(list[i]);
  }
  return list.length;
}

/**
 * Write `[hyp, ref, match]` of order n for `hyp` and `ref` items, as sacreBLEU counts them, at
 * `out[at..]`.
 */
function putOrder(
  out: Float64Array,
  at: number,
  n: number,
  hyp: number,
  ref: number,
  match: number,
): void {
  const hypCount = Math.max(0, hyp - n + 1);
  const refCount = Math.max(0, ref - n + 1);
  // sacreBLEU records no hypothesis n-grams for an order the reference has none of.
  out[at] = refCount === 0 ? 0 : hypCount;
  out[at + 1] = refCount;
  out[at + 2] = match;
}

// The hypothesis's symbols and word starts, kept while its references are looked at, and the
// stretches it shares with one of them (triples, as NgramMatcher.matchesAround takes them).
let hypSymbols = new Int32Array(256);
let hypWordStarts = new Int32Array(64);
let hypWords = 0;
let anchors = new Int32Array(48);

/**
 * The runs of whole words that the hypothesis (`hypSymbols`, `hypWordStarts`) and a reference
 * with as many words (`sequence`, `wordStarts`) share word for word at the same word index (a
 * few words changed, the rest kept: a common near miss), into `anchors` as (start in the
 * hypothesis, start in the reference, length); how many. Runs shorter than `order` are left
 * out (no n-gram start is spared by them), and none are looked for when the start and end the
 * two share leave fewer than `4 × order` symbols between them. Any equal runs would do: they
 * only spare work.
 */
function sharedWords(hypLength: number, refLength: number, order: number): number {
  // A start and an end the two share that leave little between them are for
  // NgramMatcher.matches (it counts only what lies between), as are equal symbols.
  const shorter = Math.min(hypLength, refLength);
  let prefix = 0;
  while (prefix < shorter && hypSymbols[prefix] === sequence[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    hypSymbols[hypLength - 1 - suffix] === sequence[refLength - 1 - suffix]
  ) suffix++;
  if (Math.max(hypLength, refLength) - prefix - suffix < 4 * order) return 0;
  const words = wordCount;
  if (anchors.length < 3 * words) anchors = new Int32Array(6 * words);
  let count = 0;
  // The start of the current run of equal words on each side, -1 when none is open.
  let runHyp = -1;
  let runRef = 0;
  for (let w = 0; w <= words; w++) {
    let same = false;
    let hypStart = hypLength;
    let refStart = refLength;
    if (w < words) {
      hypStart = hypWordStarts[w];
      refStart = wordStarts[w];
      const length = (w + 1 < words ? hypWordStarts[w + 1] : hypLength) - hypStart;
      same = length === (w + 1 < words ? wordStarts[w + 1] : refLength) - refStart;
      for (let i = 0; same && i < length; i++) {
        same = hypSymbols[hypStart + i] === sequence[refStart + i];
      }
    }
    if (same) {
      if (runHyp < 0) {
        runHyp = hypStart;
        runRef = refStart;
      }
    } else if (runHyp >= 0) {
      if (hypStart - runHyp >= order) {
        anchors[3 * count] = runHyp;
        anchors[3 * count + 1] = runRef;
        anchors[3 * count + 2] = hypStart - runHyp;
        count++;
      }
      runHyp = -1;
    }
  }
  return count;
}

/** The matches of each order up to `order` of a sequence of `length` items against itself. */
function allMatch(length: number, order: number, out: Int32Array): void {
  for (let n = 1; n <= order; n++) out[n - 1] = Math.max(0, length - n + 1);
}

// Scratch: each reference's statistics one after the other (`width` numbers each), and one
// order's matches.
let perReference = new Float64Array(64);
let matches = new Int32Array(16);

/**
 * The statistics of the hypothesis against each reference, character orders then word orders,
 * into `perReference` (reference r's from `r × width`).
 */
function segmentStats(
  hypothesis: string,
  references: readonly string[],
  settings: ChrfSettings,
  width: number,
): void {
  const { charOrder, wordOrder, whitespace, lowercase } = settings;
  if (perReference.length < width * references.length) {
    perReference = new Float64Array(2 * width * references.length);
  }
  const most = Math.max(charOrder, wordOrder);
  if (matches.length < most) matches = new Int32Array(most);
  const out = perReference;
  const hypText = lowercase ? hypothesis.toLowerCase() : hypothesis;
  // The hypothesis's symbols are needed only for a reference that is not the same text (exact
  // copies are common, and match every n-gram): until then, only its length.
  let hypLength = -1;
  let numbered = false;
  // The hypothesis's count when a reference is the same text but for whitespace, else -1.
  let spaced = -1;
  for (let r = 0; r < references.length; r++) {
    const refText = lowercase ? references[r].toLowerCase() : references[r];
    let refLength: number;
    if (refText === hypText) {
      if (hypLength < 0) hypLength = charCount(hypText, whitespace);
      refLength = hypLength;
      allMatch(hypLength, charOrder, matches);
    } else if (
      // (Of two texts of one length, neither holds the other unless they are equal.)
      refText.length < hypText.length
        ? containsWhole(hypText, refText)
        : refText.length > hypText.length && containsWhole(refText, hypText)
    ) {
      // One text within the other (an answer wrapped in more words, a cut-off output): each
      // n-gram of the inner one is one of the outer one's at the same place, so the outer one
      // has it at least as often and all of the inner one's match.
      if (hypLength < 0) hypLength = charCount(hypText, whitespace);
      refLength = charCount(refText, whitespace);
      allMatch(Math.min(hypLength, refLength), charOrder, matches);
    } else if (!whitespace && (spaced = countIfSameWithoutSpaces(hypText, refText)) >= 0) {
      // The same text but for whitespace (spacing, a line break at the end): the same symbols,
      // all of whose n-grams match.
      hypLength = refLength = spaced;
      allMatch(spaced, charOrder, matches);
    } else {
      if (!numbered) {
        chars.reset();
        hypLength = charSymbols(hypText, whitespace, true);
        charMatcher.setHypothesis(sequence, hypLength, chars.size, charOrder);
        numbered = true;
        // Kept for the references' words to be compared with (the buffers swapped, not copied).
        const symbolsKept = hypSymbols;
        hypSymbols = sequence;
        sequence = symbolsKept;
        const startsKept = hypWordStarts;
        hypWordStarts = wordStarts;
        wordStarts = startsKept;
        hypWords = wordCount;
      }
      refLength = charSymbols(refText, whitespace, false);
      const shared = hypWords === wordCount && hypWords > 1
        ? sharedWords(hypLength, refLength, charOrder)
        : 0;
      if (shared > 0) charMatcher.matchesAround(sequence, refLength, anchors, shared, matches);
      else charMatcher.matches(sequence, refLength, matches);
    }
    for (let n = 1; n <= charOrder; n++) {
      putOrder(out, r * width + 3 * (n - 1), n, hypLength, refLength, matches[n - 1]);
    }
  }
  if (wordOrder > 0) {
    const hypWords = words(hypText);
    wordSymbols.reset();
    const length = wordSymbolsOf(hypWords, true);
    wordMatcher.setHypothesis(sequence, length, wordSymbols.size, wordOrder);
    for (let r = 0; r < references.length; r++) {
      const refText = lowercase ? references[r].toLowerCase() : references[r];
      const same = refText === hypText;
      const refWords = same ? hypWords : words(refText);
      if (same) allMatch(length, wordOrder, matches);
      else wordMatcher.matches(sequence, wordSymbolsOf(refWords, false), matches);
      for (let n = 1; n <= wordOrder; n++) {
        const at = r * width + 3 * (charOrder + n - 1);
        putOrder(out, at, n, length, refWords.length, matches[n - 1]);
      }
    }
  }
}

// The score of the reference {@link bestReference} last chose.
let bestScore = 0;

/**
 * The index of the segment's best reference (the first of the highest score, as
 * {@link chrfSegment} chooses): its statistics are at `perReference[index × width..]`, its score
 * in `bestScore`.
 */
function bestReference(
  hypothesis: string,
  references: readonly string[],
  settings: ChrfSettings,
  width: number,
): number {
  segmentStats(hypothesis, references, settings, width);
  let best = 0;
  bestScore = scoreAt(perReference, 0, width, settings);
  for (let r = 1; r < references.length; r++) {
    const score = scoreAt(perReference, r * width, width, settings);
    if (score > bestScore) {
      best = r;
      bestScore = score;
    }
  }
  return best;
}

/** chrF of the `width` statistics at `stats[at..]` (a whole number of orders). */
function scoreAt(
  stats: { readonly [i: number]: number },
  at: number,
  width: number,
  settings: Pick<ChrfSettings, "beta" | "epsSmoothing">,
): number {
  const factor = settings.beta * settings.beta;
  const orders = width / 3;
  let precision = 0;
  let recall = 0;
  let fSum = 0;
  let effective = 0;
  for (let n = 0; n < orders; n++) {
    const hyp = stats[at + 3 * n];
    const ref = stats[at + 3 * n + 1];
    const match = stats[at + 3 * n + 2];
    if (settings.epsSmoothing) {
      const p = hyp > 0 ? match / hyp : EPS;
      const r = ref > 0 ? match / ref : EPS;
      const denominator = factor * p + r;
      fSum += denominator > 0 ? ((1 + factor) * p * r) / denominator : EPS;
    } else if (hyp > 0 && ref > 0) {
      precision += match / hyp;
      recall += match / ref;
      effective++;
    }
  }
  if (settings.epsSmoothing) return fSum / orders;
  if (effective === 0) return 0;
  precision /= effective;
  recall /= effective;
  if (precision + recall === 0) return 0;
  return ((1 + factor) * precision * recall) / (factor * precision + recall);
}

/** {@link chrfFromStats} on settings already checked. */
export function chrfFromStatsWith(
  stats: readonly number[],
  settings: Pick<ChrfSettings, "beta" | "epsSmoothing">,
): number {
  if (stats.length === 0 || stats.length % 3 !== 0) {
    throw new UserTypeError(
      `chrF statistics must be [hyp, ref, match] for each order, got ${stats.length} numbers`,
    );
  }
  return scoreAt(stats, 0, stats.length, settings);
}

/**
 * chrF from (summed) statistics. By default (sacreBLEU's effective order): the mean precision and
 * mean recall over the orders where both the hypothesis and the reference have n-grams, then the
 * F-β of those two means; 0 when no order counts or both means are 0. With `epsSmoothing`: the
 * mean over all orders of each order's F-β, 1e-16 standing in for an undefined precision, recall
 * or F-score. Only `beta` and `epsSmoothing` matter here; the statistics may come from any orders.
 *
 * @example Identical strings score 1
 * ```ts
 * import { chrfFromStats, chrfStats } from "./chrf_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(chrfFromStats(chrfStats("hello world", ["hello world"])), 1);
 * assert.equal(chrfFromStats(chrfStats("", ["hello"])), 0);
 * assert.equal(chrfFromStats([4, 4, 2], { beta: 0 }), 0.5); // β = 0: precision alone
 * ```
 */
export function chrfFromStats(stats: readonly number[], options: ChrfOptions = {}): number {
  return chrfFromStatsWith(stats, settingsOf(options));
}

/** {@link chrfSegment} on settings already checked. */
export function chrfSegmentWith(
  hypothesis: string,
  references: readonly string[],
  settings: ChrfSettings,
): ChrfSegment {
  const width = 3 * (settings.charOrder + settings.wordOrder);
  const referenceIndex = bestReference(hypothesis, references, settings, width);
  const at = referenceIndex * width;
  const stats = new Array<number>(width);
  for (let k = 0; k < width; k++) stats[k] = perReference[at + k];
  return { referenceIndex, stats, score: bestScore };
}

/**
 * Score one segment against each reference and keep the best (strictly higher chrF under the
 * same settings wins, so the first reference wins ties).
 *
 * @example Pick the better of two references
 * ```ts
 * import { chrfSegment } from "./chrf_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const seg = chrfSegment("kitten", ["sitting", "kitten"]);
 * assert.equal(seg.referenceIndex, 1);
 * assert.equal(seg.score, 1);
 * ```
 */
export function chrfSegment(
  hypothesis: string,
  references: readonly string[],
  options: ChrfOptions = {},
): ChrfSegment {
  requireReferences("chrfSegment", references);
  return chrfSegmentWith(hypothesis, references, settingsOf(options));
}

/**
 * The chrF statistics of one segment against its best reference, for corpus aggregation:
 * `[hyp, ref, match]` for each character order, then each word order.
 *
 * @example Statistics of one segment
 * ```ts
 * import { chrfStats } from "./chrf_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const stats = chrfStats("ab", ["abc"]);
 * assert.deepEqual(stats.slice(0, 6), [2, 3, 2, 1, 2, 1]); // order 1 then order 2
 * assert.deepEqual(stats.slice(6, 9), [0, 1, 0]); // order 3
 * assert.deepEqual(chrfStats("a cat", ["a cat"], { charOrder: 1, wordOrder: 2 }), [4, 4, 4, 2, 2, 2, 1, 1, 1]);
 * ```
 */
export function chrfStats(
  hypothesis: string,
  references: readonly string[],
  options: ChrfOptions = {},
): number[] {
  return chrfSegment(hypothesis, references, options).stats;
}

/**
 * Sentence chrF as sacreBLEU's `CHRF(...).sentence_score` gives it (best reference); by default
 * chrF2 as `sacrebleu.sentence_chrf` gives it. `wordOrder: 2` is chrF++.
 *
 * @example chrF2 and chrF++
 * ```ts
 * import { sentenceChrf } from "./chrf_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const r = sentenceChrf("The cat sat on the mat.", ["The cat is on the mat."]);
 * assert.ok(Math.abs(r.score - 0.6717273492330233) < 1e-12);
 * assert.match(r.signature, /^nrefs:1\|case:mixed\|eff:yes\|nc:6\|nw:0\|space:no\|/);
 * const plus = sentenceChrf("The cat sat on the mat.", ["The cat is on the mat."], { wordOrder: 2 });
 * assert.equal(plus.stats.length, 24);
 * assert.match(plus.signature, /\|nw:2\|/);
 * ```
 */
export function sentenceChrf(
  hypothesis: string,
  references: readonly string[],
  options: ChrfOptions = {},
): ChrfResult {
  requireReferences("sentenceChrf", references);
  const settings = settingsOf(options);
  const { stats, score } = chrfSegmentWith(hypothesis, references, settings);
  return { score, stats, signature: signatureOf(settings, references.length) };
}

/**
 * Corpus chrF as sacreBLEU's `CHRF(...).corpus_score` gives it: each segment's best-reference
 * statistics summed, then one score. `references[i]` holds the references of `hypotheses[i]`.
 *
 * @example Corpus chrF over two segments
 * ```ts
 * import { corpusChrf } from "./chrf_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const r = corpusChrf(["hello there", "good day"], [["hello there"], ["bad day", "good day"]]);
 * assert.equal(r.score, 1);
 * assert.match(r.signature, /^nrefs:var\|/);
 * ```
 */
export function corpusChrf(
  hypotheses: readonly string[],
  references: readonly (readonly string[])[],
  options: ChrfOptions = {},
): ChrfResult {
  requireCorpus("corpusChrf", hypotheses, references);
  const settings = settingsOf(options);
  const stats = summedStats(hypotheses, references, settings);
  return {
    score: chrfFromStatsWith(stats, settings),
    stats,
    signature: `${
      chrfSignature({ ...settings, nrefs: nrefsLabel(references.map((r) => r.length)) })
    }`,
  };
}

/**
 * Each segment's best-reference statistics summed (exactly: they are whole numbers), each
 * segment's score pushed to `scores` when given.
 */
function summedStats(
  hypotheses: readonly string[],
  references: readonly (readonly string[])[],
  settings: ChrfSettings,
  scores?: number[],
): number[] {
  const width = 3 * (settings.charOrder + settings.wordOrder);
  const total = new Array<number>(width).fill(0);
  for (let i = 0; i < hypotheses.length; i++) {
    const at = width * bestReference(hypotheses[i], references[i], settings, width);
    for (let k = 0; k < width; k++) total[k] += perReference[at + k];
    scores?.push(bestScore);
  }
  return total;
}

/** Corpus chrF with every segment's sentence chrF (see {@link corpusChrfWithSentences}). */
export interface ChrfWithSentences extends ChrfResult {
  /** Each segment's sentence chrF, their mean and their signature. */
  sentences: SentenceScores;
}

/**
 * {@link corpusChrf} and every segment's {@link sentenceChrf} from one pass: each segment's
 * character (and word) n-grams are counted once, and its best reference's statistics give both
 * its sentence score and its share of the corpus figure. The figures are exactly those of the two
 * functions called with the same options; the sentence scores' signature is the corpus figure's.
 *
 * @example The corpus figure and the sentence scores together
 * ```ts
 * import { corpusChrf, corpusChrfWithSentences, sentenceChrf } from "./chrf_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const hyps = ["The cat sat on the mat.", "kitten"];
 * const refs = [["The cat is on the mat."], ["sitting", "kitten"]];
 * const both = corpusChrfWithSentences(hyps, refs);
 * assert.deepEqual(both.stats, corpusChrf(hyps, refs).stats);
 * assert.deepEqual(both.sentences.scores, hyps.map((h, i) => sentenceChrf(h, refs[i]).score));
 * assert.equal(both.sentences.scores[1], 1);
 * assert.equal(both.sentences.mean, (both.sentences.scores[0] + 1) / 2);
 * assert.match(both.signature, /^nrefs:var\|case:mixed\|eff:yes\|nc:6\|nw:0\|space:no\|/);
 * assert.equal(both.sentences.signature, both.signature);
 * ```
 */
export function corpusChrfWithSentences(
  hypotheses: readonly string[],
  references: readonly (readonly string[])[],
  options: ChrfOptions = {},
): ChrfWithSentences {
  requireCorpus("corpusChrfWithSentences", hypotheses, references);
  const settings = settingsOf(options);
  const scores: number[] = [];
  const stats = summedStats(hypotheses, references, settings, scores);
  let sum = 0;
  for (const score of scores) sum += score;
  const signature = signatureOf(settings, nrefsLabel(references.map((r) => r.length)));
  return {
    score: chrfFromStatsWith(stats, settings),
    stats,
    signature,
    sentences: { scores, mean: sum / scores.length, signature },
  };
}
