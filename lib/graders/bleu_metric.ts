/**
 * BLEU exactly as sacreBLEU 2.6.0 computes it, with its options (tokenizer, case, smoothing,
 * n-gram order, effective order), as per-segment sufficient statistics plus one aggregation.
 * Scores and precisions are fractions in [0, 1] (sacreBLEU prints them ×100). A perfect score is
 * exactly 1, where sacreBLEU's floating point gives 100.00000000000004.
 *
 * @module
 */

import {
  BLEU_TOKENIZERS,
  count13a,
  pyRstrip,
  pySplit,
  Spans13a,
  spans13a,
  tokens13a,
} from "../text/mod.ts";
import { isEmptyOptions, requireCorpus, requireReferences } from "./_stats.ts";
import type { SentenceScores } from "./types.ts";
import { NgramMatcher, SymbolTable } from "./_ngram_ids.ts";
import { nrefsLabel } from "./signature.ts";
import { resolveOptions } from "./options.ts";
import {
  BLEU_OPTIONS,
  BLEU_SMOOTH_DEFAULTS,
  type BleuOptions,
  type BleuSettings,
  bleuSignature,
} from "./bleu_settings.ts";
import { UserRangeError, UserTypeError } from "../errors/mod.ts";

/** sacreBLEU's stand-in for log(0). */
const LOG_ZERO = -9999999999;

/** A BLEU figure with everything that produced it. */
export interface BleuResult {
  /** BLEU as a fraction in [0, 1]. */
  score: number;
  /**
   * Clipped n-gram matches for n = 1..N, as sacreBLEU reports them: with add-k smoothing, k is
   * already added to the orders from 2 on.
   */
  counts: number[];
  /** Hypothesis n-gram counts for n = 1..N (with add-k's k added from order 2 on, as counts). */
  totals: number[];
  /** The N (smoothed) precisions as fractions; all 0 when nothing matched. */
  precisions: number[];
  /** Brevity penalty. */
  bp: number;
  /** Hypothesis length in tokens (summed over segments). */
  sysLen: number;
  /** Closest reference length in tokens (summed over segments). */
  refLen: number;
  /** `sysLen / refLen`, or 0 when `refLen` is 0. */
  ratio: number;
  /** sacreBLEU-style settings signature. */
  signature: string;
}

/** How {@link bleuFromStats} aggregates: the BLEU settings plus the reference count. */
export interface BleuAggregation extends BleuOptions {
  /** Average only over the n-gram orders the hypothesis has (sentence BLEU: true; corpus: false). */
  effectiveOrder: boolean;
  /** References per segment (or `"var"`), for the signature. */
  nrefs?: number | "var";
}

/** Resolve and check BLEU options; `effectiveOrder` null becomes the caller's default. */
function settingsOf(options: unknown, effectiveOrder: boolean): BleuSettings {
  // No options (the common call): the defaults, resolved once.
  const none = isEmptyOptions(options);
  const known = none ? DEFAULT_SETTINGS[effectiveOrder ? 1 : 0] : undefined;
  if (known !== undefined) return known;
  const resolved = resolveOptions("bleu", BLEU_OPTIONS, options);
  const settings = { ...resolved, effectiveOrder: resolved.effectiveOrder ?? effectiveOrder };
  if (none) DEFAULT_SETTINGS[effectiveOrder ? 1 : 0] = Object.freeze(settings);
  return settings;
}

const DEFAULT_SETTINGS: (BleuSettings | undefined)[] = [undefined, undefined];

// Signature lines by settings: a sentence score per row would otherwise build the same one each time.
const SIGNATURES = new Map<string, string>();

function signatureOf(settings: BleuSettings, nrefs: number | "var" | undefined): string {
  const key = `${settings.tokenize}|${settings.lowercase}|${settings.smoothMethod}|` +
    `${settings.smoothValue}|${settings.maxNgramOrder}|${settings.effectiveOrder}|${nrefs}`;
  let signature = SIGNATURES.get(key);
  if (signature === undefined) {
    signature = bleuSignature({ ...settings, nrefs }).toString();
    if (SIGNATURES.size >= 256) SIGNATURES.clear();
    SIGNATURES.set(key, signature);
  }
  return signature;
}

function textOf(segment: string, settings: Pick<BleuSettings, "lowercase">): string {
  const text = settings.lowercase ? segment.toLowerCase() : segment;
  // Ending in printable ASCII (most text), it has nothing to strip.
  const last = text.charCodeAt(text.length - 1);
  return last > 0x20 && last < 0x7f ? text : pyRstrip(text);
}

function tokensOf(segment: string, settings: Pick<BleuSettings, "tokenize" | "lowercase">) {
  const text = textOf(segment, settings);
  // 13a gives its tokens as a list; the others a line to split.
  return settings.tokenize === "13a"
    ? tokens13a(text)
    : pySplit(BLEU_TOKENIZERS[settings.tokenize](text));
}

// Reused from segment to segment: the hypothesis's token symbols and n-gram ids.
const symbols = new SymbolTable();
const matcher = new NgramMatcher();
let sequence = new Int32Array(64);
let clip = new Int32Array(256);
// The 13a tokens of a hypothesis and of its one reference, as spans of their text.
const hypSpans = new Spans13a();
const refSpans = new Spans13a();

/** The tokens as symbols in `sequence` (numbered for the hypothesis, looked up for a reference). */
function symbolsOf(tokens: readonly string[], add: boolean): Int32Array {
  if (sequence.length < tokens.length) sequence = new Int32Array(2 * tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    sequence[i] = add ? symbols.add(tokens[i]) : symbols.find(tokens[i]);
  }
  return sequence;
}

/**
 * {@link symbolsOf} for tokens `from` to `to` of `spans`, from `sequence[0]` on: no string is made
 * for a token that is a span.
 */
function spanSymbolsOf(spans: Spans13a, from: number, to: number, add: boolean): Int32Array {
  const { text, start, end, hash, loose } = spans;
  if (sequence.length < to - from) sequence = new Int32Array(2 * (to - from));
  // A span's hash comes from the scan that found it (no second pass over its characters).
  for (let k = from; k < to; k++) {
    const s = start[k];
    if (add) {
      sequence[k - from] = s >= 0
        ? symbols.addHashedSpan(text, s, end[k], hash[k])
        : symbols.add(loose[end[k]]);
    } else {
      sequence[k - from] = s >= 0
        ? symbols.findHashedSpan(text, s, end[k], hash[k])
        : symbols.find(loose[end[k]]);
    }
  }
  return sequence;
}

/**
 * The clipped matches of the hypothesis's 13a tokens (`hypSpans`) against the reference's
 * (`refSpans`) into `correct`. A token start and end the two share (compared as text) are left
 * out but for their last `order − 1` tokens next to the rest: each n-gram within the shared part
 * has its equal at the same place on the other side, and min(a + c, b + c) = c + min(a, b), so
 * each order gets one match per n-gram starting there, and only the rest is numbered (as
 * {@link NgramMatcher.matches} does with symbols, here before any token is hashed).
 */
function spanMatches(order: number): void {
  const hypLen = hypSpans.count;
  const refLen = refSpans.count;
  const shorter = Math.min(hypLen, refLen);
  let prefix = 0;
  while (prefix < shorter && hypSpans.sameToken(prefix, refSpans, prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    hypSpans.sameToken(hypLen - 1 - suffix, refSpans, refLen - 1 - suffix)
  ) suffix++;
  if (prefix === hypLen && prefix === refLen) {
    allMatched(hypLen, order);
    return;
  }
  // One side's tokens a run of the other's (an answer wrapped in more words, a cut-off output):
  // each n-gram of the inner side has its equal at the same place in the outer one, which so has
  // it at least as often, and every one of the inner side's n-grams matches.
  if (
    hypLen > refLen
      ? holdsTokens(hypSpans, refSpans, prefix, suffix)
      : hypLen < refLen && holdsTokens(refSpans, hypSpans, prefix, suffix)
  ) {
    allMatched(shorter, order);
    return;
  }
  const head = Math.max(0, prefix - (order - 1));
  const tail = Math.max(0, suffix - (order - 1));
  symbols.reset();
  const length = hypLen - head - tail;
  matcher.setHypothesis(
    spanSymbolsOf(hypSpans, head, hypLen - tail, true),
    length,
    symbols.size,
    order,
  );
  matcher.matches(
    spanSymbolsOf(refSpans, head, refLen - tail, false),
    refLen - head - tail,
    correct,
  );
  for (let n = 0; n < order; n++) correct[n] += head + tail;
}

/** How many places {@link holdsTokens} tries at most (so that it stays linear). */
const HOLD_TRIES = 4;

/**
 * Whether `inner`'s tokens are a run of `outer`'s (which has more), given how many tokens the two
 * share at their start and their end. A "no" may be wrong (the general path then counts the
 * matches), a "yes" never is: the run is looked for only when the line of `outer` holds that of
 * `inner` (so mostly), and only at the first few places where `inner`'s first token is.
 */
function holdsTokens(outer: Spans13a, inner: Spans13a, prefix: number, suffix: number): boolean {
  const innerLen = inner.count;
  // No tokens, or all of them shared at the start or the end: a run of `outer`'s.
  if (innerLen === 0 || prefix === innerLen || suffix === innerLen) return true;
  if (!outer.text.includes(inner.text)) return false;
  let tries = 0;
  for (let at = 1; at + innerLen <= outer.count && tries < HOLD_TRIES; at++) {
    if (!outer.sameToken(at, inner, 0)) continue;
    tries++;
    let k = 1;
    while (k < innerLen && outer.sameToken(at + k, inner, k)) k++;
    if (k === innerLen) return true;
  }
  return false;
}

// Scratch for one segment's clipped matches per order.
let correct = new Int32Array(8);

/**
 * Write one segment's statistics (see {@link bleuStats}) into `out` from index 0:
 * `2 + 2 × maxNgramOrder` numbers.
 */
function statsInto(
  hypothesis: string,
  references: readonly string[],
  settings: Pick<BleuSettings, "tokenize" | "lowercase" | "maxNgramOrder">,
  out: { [i: number]: number },
): void {
  const order = settings.maxNgramOrder;
  if (correct.length < order) correct = new Int32Array(order);
  let hypLen: number;
  let refLen: number;
  if (references.length === 1 && settings.tokenize === "13a") {
    // One reference under 13a (the common case): tokens as spans, no list of strings; of a
    // reference whose text is the hypothesis's (after the right strip and lowercasing that come
    // before tokenizing: an output with a line break at its end is common) only the count (every
    // n-gram matches).
    const hypText = textOf(hypothesis, settings);
    const refText = references[0] === hypothesis ? hypText : textOf(references[0], settings);
    if (refText === hypText) {
      hypLen = refLen = count13a(hypText);
      allMatched(hypLen, order);
    } else {
      spans13a(hypText, hypSpans);
      hypLen = hypSpans.count;
      spans13a(refText, refSpans);
      refLen = refSpans.count;
      spanMatches(order);
    }
  } else {
    const hyp = tokensOf(hypothesis, settings);
    hypLen = hyp.length;
    // A reference equal to the hypothesis has its tokens (exact copies are common).
    const refs = references.map((r) => r === hypothesis ? hyp : tokensOf(r, settings));
    refLen = -1;
    let bestDiff = -1;
    for (const ref of refs) {
      const diff = Math.abs(hyp.length - ref.length);
      if (bestDiff === -1 || diff < bestDiff || (diff === bestDiff && ref.length < refLen)) {
        bestDiff = diff;
        refLen = ref.length;
      }
    }
    // Matches are clipped by each n-gram's count in the reference, or its largest count in any.
    if (refs.includes(hyp)) allMatched(hyp.length, order);
    else {
      symbols.reset();
      matcher.setHypothesis(symbolsOf(hyp, true), hyp.length, symbols.size, order);
      if (refs.length === 1) matcher.matches(symbolsOf(refs[0], false), refs[0].length, correct);
      else {
        if (clip.length < matcher.idCount) clip = new Int32Array(2 * matcher.idCount);
        clip.fill(0, 0, matcher.idCount);
        for (const ref of refs) matcher.raiseCounts(symbolsOf(ref, false), ref.length, clip);
        matcher.clipped(clip, correct);
      }
    }
  }
  // Written in index order: into an empty array, each write appends (no holes).
  out[0] = hypLen;
  out[1] = refLen;
  for (let n = 1; n <= order; n++) out[1 + n] = correct[n - 1];
  for (let n = 1; n <= order; n++) out[1 + order + n] = Math.max(0, hypLen - n + 1);
}

/** A reference is the hypothesis: every n-gram matches, whatever the others hold. */
function allMatched(length: number, order: number): void {
  for (let n = 1; n <= order; n++) correct[n - 1] = Math.max(0, length - n + 1);
}

/** {@link bleuStats} on settings already checked. */
export function bleuStatsWith(
  hypothesis: string,
  references: readonly string[],
  settings: Pick<BleuSettings, "tokenize" | "lowercase" | "maxNgramOrder">,
): number[] {
  // Filled in index order by statsInto: a packed array of small integers, made as it grows.
  const stats: number[] = [];
  statsInto(hypothesis, references, settings, stats);
  return stats;
}

/**
 * The sufficient statistics of one segment: `[hypLen, refLen, correct1..N, total1..N]` with N
 * the maximum n-gram order (4 unless set). `refLen` is the reference length closest to the
 * hypothesis length (the shorter one on a tie); reference n-gram counts are the maximum over the
 * references. Only `tokenize`, `lowercase` and `maxNgramOrder` matter here; smoothing and
 * effective order apply when the statistics are aggregated.
 *
 * @example Statistics of one segment
 * ```ts
 * import { bleuStats } from "./bleu_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(bleuStats("The cat sat on the mat.", ["The cat is on the mat."]), [7, 7, 6, 4, 2, 1, 7, 6, 5, 4]);
 * assert.deepEqual(bleuStats("猫が好き", ["猫は好き"], { tokenize: "char", maxNgramOrder: 2 }), [4, 4, 3, 1, 4, 3]);
 * ```
 */
export function bleuStats(
  hypothesis: string,
  references: readonly string[],
  options: BleuOptions = {},
): number[] {
  requireReferences("bleuStats", references);
  return bleuStatsWith(hypothesis, references, settingsOf(options, false));
}

/** The maximum n-gram order that statistics of this length hold. */
function orderOf(stats: readonly number[], expected?: number): number {
  const order = (stats.length - 2) / 2;
  if (!Number.isInteger(order) || order < 1) {
    throw new UserTypeError(
      `BLEU statistics must have 2 + 2·N numbers (N the n-gram order), got ${stats.length}`,
    );
  }
  if (expected !== undefined && expected !== order) {
    throw new UserRangeError(
      `BLEU statistics of ${stats.length} numbers are for n-gram order ${order}, not ${expected}`,
    );
  }
  return order;
}

/** {@link bleuFromStats} on settings already checked. */
export function bleuFromStatsWith(
  stats: readonly number[],
  settings: BleuSettings,
  nrefs?: number | "var",
): BleuResult {
  return { ...bleuFigures(stats, settings), signature: signatureOf(settings, nrefs) };
}

/**
 * {@link bleuFromStatsWith} without the signature: the figures alone, as the BLEU grader takes
 * each row's sentence score (settings already checked).
 *
 * @example The score of one segment's statistics
 * ```ts
 * import { bleuFigures, bleuStats } from "./bleu_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const stats = bleuStats("the cat sat on the mat", ["the cat sat on the mat"]);
 * const settings = { tokenize: "13a", lowercase: false, smoothMethod: "exp", smoothValue: null, maxNgramOrder: 4, effectiveOrder: true } as const;
 * assert.equal(bleuFigures(stats, settings).score, 1);
 * ```
 */
export function bleuFigures(
  stats: readonly number[],
  settings: BleuSettings,
): Omit<BleuResult, "signature"> {
  const order = orderOf(stats, settings.maxNgramOrder);
  const score = scoreOf(stats, 0, order, settings);
  const [sysLen, refLen] = stats;
  const precisions = new Array<number>(order);
  const countList = new Array<number>(order);
  const totalList = new Array<number>(order);
  for (let n = 0; n < order; n++) {
    precisions[n] = precision100[n] / 100;
    countList[n] = counts[n];
    totalList[n] = totals[n];
  }
  return {
    score,
    precisions,
    counts: countList,
    totals: totalList,
    bp: brevity,
    sysLen,
    refLen,
    ratio: refLen > 0 ? sysLen / refLen : 0,
  };
}

/**
 * {@link bleuFigures}' score alone, without the arrays of the other figures: what the BLEU
 * grader takes for each row (settings already checked).
 *
 * @example The score of one segment's statistics
 * ```ts
 * import { bleuScore, bleuStats } from "./bleu_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const stats = bleuStats("the cat sat on the mat", ["the cat sat on a mat"]);
 * const settings = { tokenize: "13a", lowercase: false, smoothMethod: "exp", smoothValue: null, maxNgramOrder: 4, effectiveOrder: true } as const;
 * assert.ok(Math.abs(bleuScore(stats, settings) - 0.537284965911771) < 1e-12);
 * ```
 */
export function bleuScore(stats: readonly number[], settings: BleuSettings): number {
  return rememberedScoreOf(stats, orderOf(stats, settings.maxNgramOrder), settings);
}

/** The longest hypothesis whose all-matched score {@link rememberedScoreOf} keeps. */
const REMEMBERED_LENGTHS = 256;
// Scores of all-matched statistics by length (NaN: not yet worked out), for the settings below.
const rememberedScores = new Float64Array(REMEMBERED_LENGTHS + 1).fill(NaN);
let rememberedMethod = "";
let rememberedValue: number | null = null;
let rememberedEffective = false;
let rememberedOrder = 0;

/**
 * {@link scoreOf} of `stats` (from index 0), the same figure, looked up when the statistics are
 * those of a segment every reference n-gram of which matched: a reference the hypothesis's
 * tokens (the most common row). Such statistics (`length` tokens both sides; each order's
 * matches and n-grams max(0, length − n + 1)) depend on the length and the order alone, and
 * `scoreOf` on them and the smoothing and effective-order settings alone, so each length's score
 * is worked out once by `scoreOf` itself and kept until those settings change. Any other
 * statistics are scored as they are. (The scratch figures of `scoreOf` are not set here.)
 */
function rememberedScoreOf(
  stats: { readonly [i: number]: number },
  order: number,
  settings: BleuSettings,
): number {
  const length = stats[0];
  if (!(length >= 0 && length <= REMEMBERED_LENGTHS) || stats[1] !== length) {
    return scoreOf(stats, 0, order, settings);
  }
  for (let n = 1; n <= order; n++) {
    const grams = length >= n ? length - n + 1 : 0;
    if (stats[1 + n] !== grams || stats[1 + order + n] !== grams) {
      return scoreOf(stats, 0, order, settings);
    }
  }
  if (
    settings.smoothMethod !== rememberedMethod ||
    !Object.is(settings.smoothValue, rememberedValue) ||
    settings.effectiveOrder !== rememberedEffective || order !== rememberedOrder
  ) {
    rememberedScores.fill(NaN);
    rememberedMethod = settings.smoothMethod;
    rememberedValue = settings.smoothValue;
    rememberedEffective = settings.effectiveOrder;
    rememberedOrder = order;
  }
  let score = rememberedScores[length];
  if (score !== score) rememberedScores[length] = score = scoreOf(stats, 0, order, settings);
  return score;
}

// What the last {@link scoreOf} left besides the score: each order's count and total (add-k's k
// added), its precision on the 0–100 scale, and the brevity penalty.
let counts = new Float64Array(8);
let totals = new Float64Array(8);
let precision100 = new Float64Array(8);
let brevity = 0;

/**
 * BLEU of the statistics at `stats[at..]` (order `order`, checked by the caller), with the same
 * arithmetic as sacreBLEU's `compute_bleu`; the other figures are left in the scratch above.
 */
function scoreOf(
  stats: { readonly [i: number]: number },
  at: number,
  order: number,
  settings: BleuSettings,
): number {
  if (counts.length < order) {
    counts = new Float64Array(order);
    totals = new Float64Array(order);
    precision100 = new Float64Array(order);
  }
  const sysLen = stats[at];
  const refLen = stats[at + 1];
  let matched = false;
  for (let n = 0; n < order; n++) {
    counts[n] = stats[at + 2 + n];
    totals[n] = stats[at + 2 + order + n];
    precision100[n] = 0;
    if (counts[n] !== 0) matched = true;
  }
  const bp = sysLen < refLen ? (sysLen > 0 ? Math.exp(1 - refLen / sysLen) : 0) : 1;
  brevity = bp;
  if (!matched) return 0;
  const method = settings.smoothMethod;
  const value = settings.smoothValue ?? BLEU_SMOOTH_DEFAULTS[method] ?? 0;
  let smooth = 1;
  let effective = order;
  for (let n = 1; n <= order; n++) {
    // add-k changes the reported counts and totals too, as sacreBLEU's do.
    if (method === "add-k" && n > 1) {
      counts[n - 1] += value;
      totals[n - 1] += value;
    }
    if (totals[n - 1] === 0) break;
    if (settings.effectiveOrder) effective = n;
    if (counts[n - 1] === 0) {
      if (method === "exp") {
        smooth *= 2;
        precision100[n - 1] = 100 / (smooth * totals[n - 1]);
      } else if (method === "floor") {
        precision100[n - 1] = (100 * value) / totals[n - 1];
      }
    } else {
      precision100[n - 1] = (100 * counts[n - 1]) / totals[n - 1];
    }
  }
  let logSum = 0;
  for (let n = 0; n < effective; n++) {
    logSum += precision100[n] === 0 ? LOG_ZERO : Math.log(precision100[n]);
  }
  const score100 = bp * Math.exp(logSum / effective);
  // exp(log(100)) is 100.00000000000004 (in sacreBLEU too): keep the fraction within [0, 1].
  return Math.min(1, score100 / 100);
}

/**
 * Compute BLEU from (summed) sufficient statistics, as sacreBLEU's `compute_bleu` does: no
 * matches at all gives exactly 0; otherwise each order's precision is smoothed by the chosen
 * method (`exp`: a zero count at order n becomes `1 / (2^k · total_n)`; `floor`: `smoothValue /
 * total_n`; `add-k`: k added to matches and totals from order 2 on; `none`: 0, so the score is
 * 0), the loop stops at the first order without n-grams, and with `effectiveOrder` the geometric
 * mean stops at the last order reached. The n-gram order is read from the statistics' length.
 *
 * @example Corpus BLEU from summed statistics
 * ```ts
 * import { bleuFromStats, bleuStats } from "./bleu_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const a = bleuStats("the cat sat on the mat", ["the cat sat on the mat"]);
 * const b = bleuStats("a dog", ["a dog barked"]);
 * const summed = a.map((x, i) => x + b[i]);
 * const result = bleuFromStats(summed, { effectiveOrder: false, nrefs: 1 });
 * assert.equal(result.sysLen, 8);
 * assert.equal(result.refLen, 9);
 * assert.ok(result.score > 0 && result.score < 1);
 * assert.deepEqual(bleuFromStats(summed, { effectiveOrder: false, smoothMethod: "add-k" }).counts, [8, 7, 5, 4]);
 * ```
 */
export function bleuFromStats(
  stats: readonly number[],
  aggregation: BleuAggregation,
): BleuResult {
  const { nrefs, ...options } = aggregation;
  const maxNgramOrder = options.maxNgramOrder ?? orderOf(stats);
  return bleuFromStatsWith(stats, settingsOf({ ...options, maxNgramOrder }, false), nrefs);
}

/**
 * Sentence BLEU as sacreBLEU's `BLEU(...).sentence_score` gives it, by default as
 * `sacrebleu.sentence_bleu` does: 13a tokenizer, mixed case, exponential smoothing, order 4 and
 * effective order on, with the segment's own brevity penalty. Several references count together
 * (n-gram counts clipped by the maximum over references). Options are checked: an unknown one or
 * a value out of range is a RangeError, a value of the wrong type a TypeError.
 *
 * @example Score one sentence, by default and with other settings
 * ```ts
 * import { sentenceBleu } from "./bleu_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const r = sentenceBleu("The cat sat on the mat.", ["The cat is on the mat."]);
 * assert.ok(Math.abs(r.score - 0.48892302243490086) < 1e-12);
 * assert.deepEqual(r.counts, [6, 4, 2, 1]);
 * assert.match(r.signature, /^nrefs:1\|case:mixed\|eff:yes\|tok:13a\|smooth:exp\|version:verdict-/);
 * const lc = sentenceBleu("THE CAT", ["the cat"], { lowercase: true, maxNgramOrder: 2 });
 * assert.equal(lc.score, 1);
 * assert.match(lc.signature, /case:lc\|eff:yes\|tok:13a\|smooth:exp\|ngram:2\|/);
 * ```
 */
export function sentenceBleu(
  hypothesis: string,
  references: readonly string[],
  options: BleuOptions = {},
): BleuResult {
  requireReferences("sentenceBleu", references);
  const settings = settingsOf(options, true);
  return bleuFromStatsWith(
    bleuStatsWith(hypothesis, references, settings),
    settings,
    references.length,
  );
}

/**
 * Corpus BLEU as sacreBLEU's `BLEU(...).corpus_score` gives it, by default as
 * `sacrebleu.corpus_bleu` does: segment statistics summed, effective order off, one brevity
 * penalty from the summed lengths. `references[i]` holds the references of `hypotheses[i]`
 * (segments may have different numbers of references: `nrefs:var`).
 *
 * @example Corpus BLEU is not the mean of sentence BLEU
 * ```ts
 * import { corpusBleu, sentenceBleu } from "./bleu_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(sentenceBleu("Yes", ["Yes"]).score, 1);
 * assert.equal(corpusBleu(["Yes"], [["Yes"]]).score, 0); // fewer than four tokens in all
 * assert.equal(corpusBleu(["Yes"], [["Yes"]], { effectiveOrder: true }).score, 1);
 * assert.match(corpusBleu(["a b", "c d"], [["a b"], ["c d", "c e"]]).signature, /^nrefs:var\|case:mixed\|eff:no\|/);
 * ```
 */
export function corpusBleu(
  hypotheses: readonly string[],
  references: readonly (readonly string[])[],
  options: BleuOptions = {},
): BleuResult {
  requireCorpus("corpusBleu", hypotheses, references);
  const settings = settingsOf(options, false);
  return bleuFromStatsWith(
    summedStats(hypotheses, references, settings),
    settings,
    nrefsLabel(references.map((r) => r.length)),
  );
}

/**
 * The segments' statistics summed (exactly: they are whole numbers), each segment's sentence
 * score pushed to `sentences` when asked for.
 */
function summedStats(
  hypotheses: readonly string[],
  references: readonly (readonly string[])[],
  settings: BleuSettings,
  sentences?: { settings: BleuSettings; scores: number[] },
): number[] {
  const order = settings.maxNgramOrder;
  const width = 2 + 2 * order;
  const row = new Float64Array(width);
  const total = new Array<number>(width).fill(0);
  for (let i = 0; i < hypotheses.length; i++) {
    statsInto(hypotheses[i], references[i], settings, row);
    for (let k = 0; k < width; k++) total[k] += row[k];
    if (sentences !== undefined) {
      sentences.scores.push(rememberedScoreOf(row, order, sentences.settings));
    }
  }
  return total;
}

/** Corpus BLEU with every segment's sentence BLEU (see {@link corpusBleuWithSentences}). */
export interface BleuWithSentences extends BleuResult {
  /** Each segment's sentence BLEU, their mean and their signature. */
  sentences: SentenceScores;
}

/**
 * {@link corpusBleu} and every segment's {@link sentenceBleu} from one pass: each segment is
 * tokenized and its n-grams counted once, and its statistics give both its sentence score and
 * their share of the corpus figure (sacreBLEU's corpus BLEU is the aggregation of the summed
 * segment statistics). The figures are exactly those of the two functions called with the same
 * options: effective order, unless set, is off for the corpus figure and on for the sentence
 * scores, and each carries its own signature.
 *
 * @example The corpus figure and the sentence scores together
 * ```ts
 * import { corpusBleu, corpusBleuWithSentences, sentenceBleu } from "./bleu_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const hyps = ["The cat sat on the mat.", "Yes"];
 * const refs = [["The cat is on the mat."], ["Yes"]];
 * const both = corpusBleuWithSentences(hyps, refs);
 * assert.equal(both.score, corpusBleu(hyps, refs).score);
 * assert.deepEqual(both.sentences.scores, hyps.map((h, i) => sentenceBleu(h, refs[i]).score));
 * assert.equal(both.sentences.scores[1], 1);
 * assert.equal(both.sentences.mean, (both.sentences.scores[0] + 1) / 2);
 * assert.match(both.signature, /^nrefs:1\|case:mixed\|eff:no\|tok:13a\|smooth:exp\|version:verdict-/);
 * assert.match(both.sentences.signature, /^nrefs:1\|case:mixed\|eff:yes\|tok:13a\|smooth:exp\|/);
 * ```
 */
export function corpusBleuWithSentences(
  hypotheses: readonly string[],
  references: readonly (readonly string[])[],
  options: BleuOptions = {},
): BleuWithSentences {
  requireCorpus("corpusBleuWithSentences", hypotheses, references);
  const settings = settingsOf(options, false);
  const sentenceSettings = settingsOf(options, true);
  const scores: number[] = [];
  const stats = summedStats(hypotheses, references, settings, {
    settings: sentenceSettings,
    scores,
  });
  let sum = 0;
  for (const score of scores) sum += score;
  const nrefs = nrefsLabel(references.map((r) => r.length));
  return {
    ...bleuFromStatsWith(stats, settings, nrefs),
    sentences: {
      scores,
      mean: sum / scores.length,
      signature: signatureOf(sentenceSettings, nrefs),
    },
  };
}
