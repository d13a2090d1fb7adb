// SQuAD-normalized texts, remembered for the texts seen last under each choice of steps: exact
// match, token F1, the normalized grader's reasons and the near-miss probe normalize the same
// output and references of a row. Entries are shared: callers must not change them.
//
// With all four steps on plain ASCII text (the usual case) a text is kept as its tokens' ranges
// and hashes (`asciiSquadRanges`): exact match and F1 compare tokens by hash and then by their
// characters, so no token string, array or joined text is made unless a reason asks for the text.
import {
  asciiSquadHead,
  type AsciiSquadRanges,
  asciiSquadRanges,
  asciiSquadRangesInto,
  asciiSquadTokens,
  handledByAsciiPass,
  sameAsciiNormalized,
  sameAsciiToken,
  sameSquashed,
  squashesToNothing,
} from "../text/_squad_ascii.ts";
import { normalizeAnswer, pySplit, SQUAD_STEPS, type SquadStep } from "../text/mod.ts";
import { memoized } from "./_memo.ts";
import { quote, QUOTED_UNITS } from "./_result.ts";
import type { GradeInput } from "./types.ts";

/** A text normalized under some steps: the normalized text and its tokens, made when asked for. */
export class NormalizedText {
  readonly #source: string;
  readonly #ranges: AsciiSquadRanges | undefined;
  #text: string | undefined;
  #tokens: readonly string[] | undefined;
  #counts: Map<string, number> | undefined;

  private constructor(
    source: string,
    ranges: AsciiSquadRanges | undefined,
    text?: string,
    tokens?: readonly string[],
  ) {
    this.#source = source;
    this.#ranges = ranges;
    this.#text = text;
    this.#tokens = tokens;
  }

  /** `s` normalized under `steps` (in the script's order); `all` when they are all four. */
  static of(s: string, steps: readonly SquadStep[], all: boolean): NormalizedText {
    const ranges = all ? asciiSquadRanges(s) : undefined;
    if (ranges !== undefined) return new NormalizedText(s, ranges);
    const text = normalizeAnswer(s, steps);
    return new NormalizedText(s, undefined, text, pySplit(text));
  }

  /** The normalized text. */
  get text(): string {
    return this.#text ??= this.tokens.join(" ");
  }

  /**
   * The normalized text as `quote` shows it in a reason (JSON-quoted, cut after
   * `QUOTED_UNITS` code points); of a long text only the start shown is made.
   */
  quoted(): string {
    if (this.#text !== undefined || this.#ranges === undefined) return quote(this.text);
    return quotedHead(asciiSquadHead(this.#source, QUOTED_UNITS, this.#ranges)!);
  }

  /** Its tokens (Python's `split()` of the text). */
  get tokens(): readonly string[] {
    return this.#tokens ??= asciiSquadTokens(this.#source)!;
  }

  /** True when kept as token ranges: all four steps on a text the ASCII pass handles. */
  get ascii(): boolean {
    return this.#ranges !== undefined;
  }

  /** How many tokens. */
  get size(): number {
    return this.#ranges === undefined ? this.#tokens!.length : this.#ranges.length / 3;
  }

  /** True when the text normalizes to nothing. */
  get empty(): boolean {
    return this.#ranges === undefined ? this.#text === "" : this.#ranges.length === 0;
  }

  /** True when both normalized texts are equal. */
  equals(other: NormalizedText): boolean {
    const a = this.#ranges;
    const b = other.#ranges;
    if (a === undefined || b === undefined) return this.text === other.text;
    // The same text normalizes alike (the output often equals its reference).
    if (this.#source === other.#source) return true;
    // With all four steps the text is its tokens joined by one space: equal token by token.
    if (a.length !== b.length) return false;
    for (let h = 2; h < a.length; h += 3) if (a[h] !== b[h]) return false;
    for (let t = 0; t < a.length / 3; t++) {
      if (!sameAsciiToken(this.#source, a, t, other.#source, b, t)) return false;
    }
    return true;
  }

  /** How many tokens the two share, counted as multisets (the overlap of SQuAD's F1). */
  shared(gold: NormalizedText): number {
    const a = this.#ranges;
    const b = gold.#ranges;
    if (a !== undefined && b !== undefined) {
      const same = sharedByRanges(this.#source, a, a.length / 3, gold.#source, b, b.length / 3);
      if (same >= 0) return same;
    }
    return sharedByCounts(this.counts(), gold.counts());
  }

  /** How often each token occurs, counted once. */
  counts(): Map<string, number> {
    let counts = this.#counts;
    if (counts === undefined) {
      counts = new Map();
      for (const token of this.tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      this.#counts = counts;
    }
    return counts;
  }
}

/**
 * `quote` of a normalized text whose first `QUOTED_UNITS + 1` code units (or all, when shorter)
 * are `head`, made of ASCII letters, digits and spaces, which JSON shows as they are.
 */
function quotedHead(head: string): string {
  return head.length <= QUOTED_UNITS ? `"${head}"` : `"${head.slice(0, QUOTED_UNITS)}…"`;
}

function sharedByCounts(pred: Map<string, number>, gold: Map<string, number>): number {
  let same = 0;
  for (const [token, c] of pred) same += Math.min(c, gold.get(token) ?? 0);
  return same;
}

/**
 * Bounds of the token-overlap hash table: tables up to `keptSlots` slots are kept for the next
 * call (larger ones, for very long texts, are let go), and a look-up that steps over more than
 * `probes` slots (tokens made to share a hash) gives up for counting with Maps. An object so that
 * a test can force the fallback.
 */
export const overlapTable = { keptSlots: 1 << 16, probes: 64 };

// The kept table, cleared after each use: slot → gold token index + 1 (0: free), and how many of
// that token are still unmatched.
let slotToken = new Int32Array(64);
let slotLeft = new Int32Array(64);

/**
 * The multiset overlap of two ASCII forms' tokens (Σ over tokens of the smaller count): the first
 * `pn` tokens of ranges `pr` of `p` and the first `gn` of `gr` of `g`; -1 when a look-up stepped
 * over too many slots.
 *
 * The tokens both texts start with, and those they end with, are counted without the table:
 * tokens common to both sides add their number to the overlap whatever else the sides hold
 * (min(a + c, b + c) = min(a, b) + c for each token), and an answer often repeats most of its
 * reference.
 */
function sharedByRanges(
  p: string,
  pr: AsciiSquadRanges,
  pn: number,
  g: string,
  gr: AsciiSquadRanges,
  gn: number,
): number {
  const most = pn < gn ? pn : gn;
  let head = 0;
  while (head < most && sameAsciiToken(p, pr, head, g, gr, head)) head++;
  let tail = 0;
  while (head + tail < most && sameAsciiToken(p, pr, pn - 1 - tail, g, gr, gn - 1 - tail)) tail++;
  // The shorter side matched whole: its tokens are all shared.
  if (head + tail === most) return most;
  const gTo = gn - tail;
  let size = 16;
  while (size < 2 * (gTo - head)) size *= 2;
  let tokens = slotToken;
  let left = slotLeft;
  if (size > tokens.length) {
    tokens = new Int32Array(size);
    left = new Int32Array(size);
    if (size <= overlapTable.keptSlots) {
      slotToken = tokens;
      slotLeft = left;
    }
  }
  const same = overlapIn(tokens, left, size - 1, p, pr, head, pn - tail, g, gr, head, gTo);
  tokens.fill(0, 0, size);
  return same < 0 ? same : head + tail + same;
}

/**
 * {@link sharedByRanges} of tokens `pFrom` to `pTo` (not included) of `p` and `gFrom` to `gTo` of
 * `g`, in a cleared table of `mask + 1` slots (left to the caller to clear).
 */
function overlapIn(
  tokens: Int32Array,
  left: Int32Array,
  mask: number,
  p: string,
  pr: AsciiSquadRanges,
  pFrom: number,
  pTo: number,
  g: string,
  gr: AsciiSquadRanges,
  gFrom: number,
  gTo: number,
): number {
  const limit = overlapTable.probes;
  for (let j = gFrom; j < gTo; j++) {
    let slot = gr[3 * j + 2] & mask;
    for (let steps = 0;; steps++) {
      const k = tokens[slot];
      if (k === 0) {
        tokens[slot] = j + 1;
        left[slot] = 1;
        break;
      }
      if (sameAsciiToken(g, gr, k - 1, g, gr, j)) {
        left[slot]++;
        break;
      }
      if (steps >= limit) return -1;
      slot = (slot + 1) & mask;
    }
  }
  let same = 0;
  for (let i = pFrom; i < pTo; i++) {
    let slot = pr[3 * i + 2] & mask;
    for (let steps = 0;; steps++) {
      const k = tokens[slot];
      if (k === 0) break;
      if (sameAsciiToken(p, pr, i, g, gr, k - 1)) {
        if (left[slot] > 0) {
          left[slot]--;
          same++;
        }
        break;
      }
      if (steps >= limit) return -1;
      slot = (slot + 1) & mask;
    }
  }
  return same;
}

// Work arrays of `asciiTokenF1`: the token ranges of the prediction and of the reference.
const PRED_WORK: number[] = [];
const GOLD_WORK: number[] = [];

/**
 * SQuAD v1.1's token F1 of `prediction` against the one reference `reference` with all four
 * steps, for plain ASCII texts; undefined when the ASCII pass does not handle one of them (or,
 * rarely, when many tokens share a hash), for the general path to work out. The tokens of both
 * are scanned into work arrays and counted there: no form is made or remembered, as a row's texts
 * are seldom asked about again once its token F1 is known. The value is the one `tokenF1Best`
 * gives, computed the same way (equal texts share all their tokens, which gives exactly 1).
 *
 * @example Partial overlap; nothing shared; a text the ASCII pass leaves alone
 * ```ts
 * import { asciiTokenF1 } from "./_squad_normalized.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(asciiTokenF1("The Denver Broncos!", "broncos"), 2 / 3);
 * assert.equal(asciiTokenF1("the", "a"), 0);
 * assert.equal(asciiTokenF1("café", "cafe"), undefined);
 * ```
 */
export function asciiTokenF1(prediction: string, reference: string): number | undefined {
  const pSize = asciiSquadRangesInto(prediction, PRED_WORK);
  if (pSize < 0) return undefined;
  const gSize = asciiSquadRangesInto(reference, GOLD_WORK);
  if (gSize < 0) return undefined;
  const p = pSize / 3;
  const g = gSize / 3;
  let same = 0;
  if (p > 0 && g > 0) {
    same = sharedByRanges(prediction, PRED_WORK, p, reference, GOLD_WORK, g);
    if (same < 0) return undefined;
  }
  // Very long texts leave large arrays: let them go.
  if (PRED_WORK.length > 1 << 16) PRED_WORK.length = 0;
  if (GOLD_WORK.length > 1 << 16) GOLD_WORK.length = 0;
  if (same === 0) return 0;
  const precision = same / p;
  const recall = same / g;
  return (2 * precision * recall) / (precision + recall);
}

const NORMALIZERS = new Map<string, (s: string) => NormalizedText>();

// With all four steps (the usual settings): the remembered normalizer, and the two texts asked
// about last with their forms. A row's graders and its probe ask about its output and reference
// in turn, several times each, so most questions are answered by an identity check here.
const normalizeAll = memoized((t: string) => NormalizedText.of(t, SQUAD_STEPS, true));
let recentText: string | undefined;
let recentForm: NormalizedText | undefined;
let olderText: string | undefined;
let olderForm: NormalizedText | undefined;

/** `s` normalized under `steps`, given in the script's order (see `SQUAD_STEPS`). */
export function normalizedText(s: string, steps: readonly SquadStep[]): NormalizedText {
  const all = steps.length === 4;
  if (all) {
    if (s === recentText) return recentForm!;
    if (s === olderText) return olderForm!;
    const form = normalizeAll(s);
    olderText = recentText;
    olderForm = recentForm;
    recentText = s;
    recentForm = form;
    return form;
  }
  const key = steps.join(",");
  let normalize = NORMALIZERS.get(key);
  if (normalize === undefined) {
    normalize = memoized((t: string) => NormalizedText.of(t, steps, false));
    NORMALIZERS.set(key, normalize);
  }
  return normalize(s);
}

/** The form of `s` under all four steps when it is one of the two remembered last. */
function knownForm(s: string): NormalizedText | undefined {
  return s === recentText ? recentForm : s === olderText ? olderForm : undefined;
}

/**
 * With all four steps: `quote` of the normalized text of `s` (as {@link NormalizedText.quoted}
 * gives it), from its form when that is known, else read from the start of `s` without
 * normalizing the rest when the ASCII pass can.
 *
 * @example A reason's view of a text
 * ```ts
 * import { quotedNormalized } from "./_squad_normalized.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(quotedNormalized("The Eiffel  Tower!"), '"eiffel tower"');
 * ```
 */
export function quotedNormalized(s: string): string {
  // Whole forms wanted (token F1 counts the tokens of this row's texts): made now, once.
  const form = formsPolicy.wanted ? normalizedText(s, SQUAD_STEPS) : knownForm(s);
  if (form !== undefined) return form.quoted();
  const head = asciiSquadHead(s, QUOTED_UNITS);
  return head === undefined ? normalizedText(s, SQUAD_STEPS).quoted() : quotedHead(head);
}

/**
 * Whether whole normalized forms are wanted in this process (or worker): token F1 with all four
 * steps needs them (its overlap counts every token), so once it has asked, a failing row's
 * reason makes them (they are remembered for token F1) instead of reading only the start of each
 * text. Either way gives the same answers; an object so that a test can choose.
 */
export const formsPolicy = { wanted: false };

/**
 * Tell {@link quotedNormalized} that whole forms are wanted (token F1 is being computed).
 *
 * @example Token F1 asks for whole forms
 * ```ts
 * import { formsPolicy, wantForms } from "./_squad_normalized.ts";
 * import assert from "node:assert/strict";
 *
 * wantForms();
 * assert.equal(formsPolicy.wanted, true);
 * ```
 */
export function wantForms(): void {
  formsPolicy.wanted = true;
}

// The pair of texts `sameNormalized` compared last, and its answer: exact match and token F1 of
// a row ask about the same output and reference.
let pairA: string | undefined;
let pairB: string | undefined;
let pairSame = false;

/**
 * With all four steps: whether `a` and `b` normalize to the same text. Unless both forms are
 * known, plain ASCII texts are read side by side up to their first difference
 * (`sameAsciiNormalized`): texts that differ early are not normalized whole, and texts that
 * normalize alike need no forms (token F1 is then 1 without counting). The answer is kept for
 * the next call about the same pair (exact match and token F1 of a row ask in turn).
 *
 * @example Case, punctuation, articles and spacing do not count
 * ```ts
 * import { sameNormalized } from "./_squad_normalized.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(sameNormalized("The Eiffel Tower!", "eiffel  tower"), true);
 * assert.equal(sameNormalized("Eiffel Tower", "Tower"), false);
 * ```
 */
export function sameNormalized(a: string, b: string): boolean {
  if (a === pairA && b === pairB) return pairSame;
  const formA = knownForm(a);
  const formB = formA === undefined ? undefined : knownForm(b);
  const same = (formB === undefined ? sameAsciiNormalized(a, b) : formA!.equals(formB)) ??
    normalizedText(a, SQUAD_STEPS).equals(normalizedText(b, SQUAD_STEPS));
  pairA = a;
  pairB = b;
  pairSame = same;
  return same;
}

/**
 * Whether `a` and `b` normalize alike with all four steps, when {@link sameNormalized} was
 * last asked about them; undefined otherwise.
 *
 * @example Only the pair compared last is known
 * ```ts
 * import { knownSame, sameNormalized } from "./_squad_normalized.ts";
 * import assert from "node:assert/strict";
 *
 * sameNormalized("A cat.", "cat");
 * assert.equal(knownSame("A cat.", "cat"), true);
 * assert.equal(knownSame("A dog.", "cat"), undefined);
 * ```
 */
export function knownSame(a: string, b: string): boolean | undefined {
  return a === pairA && b === pairB ? pairSame : undefined;
}

/** Whether the ASCII pass handles `s`, from its remembered form when there is one. */
function handled(s: string): boolean {
  return knownForm(s)?.ascii ?? handledByAsciiPass(s);
}

/**
 * With all four steps: whether the row passes once the output and every reference have their
 * words joined with `_` (the probe's `underscores`), told from the texts' squashed forms without
 * making the joined texts; undefined for a row the ASCII pass does not handle (or without
 * references), which the probe then re-grades.
 */
export function passesUnderscored(input: GradeInput, version: 1 | 2): boolean | undefined {
  const { output, references } = input;
  if (references.length === 0 || !handled(output)) return undefined;
  for (const reference of references) if (!handled(reference)) return undefined;
  const nothing = squashesToNothing(output);
  let answers = 0;
  for (const reference of references) {
    const none = squashesToNothing(reference);
    // SQuAD v2.0 drops the answers that normalize to nothing.
    if (version === 2 && none) continue;
    answers++;
    if (none === nothing && (nothing || sameSquashed(output, reference))) return true;
  }
  return version === 2 && answers === 0 ? nothing : false;
}
