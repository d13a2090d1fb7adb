/**
 * Sentence splitting by the rules of NLTK's Punkt sentence tokenizer (Kiss & Strunk 2006) at run
 * time: candidate breaks at `.`, `?` and `!`, then the first pass (abbreviations, ellipses) and
 * the second pass (collocations, orthographic evidence, sentence starters, initials and numbers),
 * then NLTK's realignment of closing quotes and brackets. What Punkt knows of a language is data
 * ({@link PunktParameters}); give NLTK's own trained model (see {@link punktParametersFromTab})
 * to split exactly as `nltk.sent_tokenize` does.
 *
 * @module
 */

import { PY_WHITESPACE_CLASS, pyRstrip, pyStrip } from "./python_strings.ts";
import { PUNKT_ENGLISH } from "./_punkt_english.ts";

/** What Punkt knows about a language (NLTK's `PunktParameters`). */
export interface PunktParameters {
  /** Abbreviations, lowercase, without their final period (`dr`, `u.s`). */
  readonly abbreviations: ReadonlySet<string>;
  /** Word pairs a period between does not end a sentence, as `"first second"` types. */
  readonly collocations: ReadonlySet<string>;
  /** Lowercase words that often start a sentence. */
  readonly sentenceStarters: ReadonlySet<string>;
  /** For each lowercase word type, the case contexts it was seen in (NLTK's bit flags). */
  readonly orthographicContext: ReadonlyMap<string, number>;
}

// NLTK's orthographic context flags: upper or lower case at a sentence's beginning, in its middle
// or at an unknown position.
const BEG_UC = 1 << 1;
const MID_UC = 1 << 2;
const UNK_UC = 1 << 3;
const BEG_LC = 1 << 4;
const MID_LC = 1 << 5;
const UNK_LC = 1 << 6;
const UC = BEG_UC | MID_UC | UNK_UC;
const LC = BEG_LC | MID_LC | UNK_LC;

// Python's `\s` and `\S` (JavaScript's differ on U+FEFF, U+001C–U+001F and U+0085).
const S = `[${PY_WHITESPACE_CLASS}]`;
const NS = `[^${PY_WHITESPACE_CLASS}]`;
const NON_WORD = `(?:[)";}\\]*:@'({\\[!?])`;
const MULTI_CHAR = `(?:-{2,}|\\.{2,}|(?:\\.${S}){2,}\\.)`;
const WORD_START = `[^("\`{\\[:;&#*@)}\\]\\-,]`;
const WORD = new RegExp(
  `${MULTI_CHAR}|(?=${WORD_START})${NS}+?(?=${S}|$|${NON_WORD}|${MULTI_CHAR}|,(?=$|${S}|${NON_WORD}|${MULTI_CHAR}))|${NS}`,
  "gu",
);
const PERIOD_CONTEXT = new RegExp(
  `[.?!](?=(?<after>${NON_WORD}|${S}+(?<next>${NS}+)))`,
  "gu",
);
const REALIGNMENT = new RegExp(`^["')\\]}]+?(?:${S}+|(?=--)|$)`, "mu");
const NUMERIC = /^-?[.,]?\p{Nd}[\p{Nd},.-]*\.?$/u;
const INITIAL = /^[\p{L}\p{Nl}\p{No}_]\.$/u;
const ELLIPSIS = /^\.\.+$/u;
const UPPER = /^\p{Uppercase}/u;
const LOWER = /^\p{Lowercase}/u;

/** One word token with what the two passes learn about it (NLTK's `PunktToken`). */
class Token {
  readonly tok: string;
  readonly type: string;
  readonly periodFinal: boolean;
  sentbreak = false;
  abbr = false;
  ellipsis = false;

  constructor(tok: string) {
    this.tok = tok;
    const lower = tok.toLowerCase();
    this.type = NUMERIC.test(lower) ? "##number##" : lower;
    this.periodFinal = tok.endsWith(".");
  }
  get typeNoPeriod(): string {
    return this.type.length > 1 && this.type.endsWith(".") ? this.type.slice(0, -1) : this.type;
  }
  get typeNoSentPeriod(): string {
    return this.sentbreak ? this.typeNoPeriod : this.type;
  }
  get firstUpper(): boolean {
    return UPPER.test(this.tok);
  }
  get firstLower(): boolean {
    return LOWER.test(this.tok);
  }
  get isInitial(): boolean {
    return INITIAL.test(this.tok);
  }
}

function words(text: string): Token[] {
  const out: Token[] = [];
  for (const line of text.split("\n")) {
    if (pyStrip(line) === "") continue;
    for (const m of line.matchAll(WORD)) out.push(new Token(m[0]));
  }
  return out;
}

function firstPass(token: Token, params: PunktParameters): void {
  const tok = token.tok;
  if (tok === "." || tok === "?" || tok === "!") token.sentbreak = true;
  else if (ELLIPSIS.test(tok)) token.ellipsis = true;
  else if (token.periodFinal && !tok.endsWith("..")) {
    const stem = tok.slice(0, -1).toLowerCase();
    if (params.abbreviations.has(stem) || params.abbreviations.has(stem.split("-").at(-1)!)) {
      token.abbr = true;
    } else token.sentbreak = true;
  }
}

/** Whether `token` starts a sentence by its case evidence: true, false or unknown. */
function orthographic(token: Token, params: PunktParameters): boolean | "unknown" {
  if (";:,.!?".includes(token.tok)) return false;
  const context = params.orthographicContext.get(token.typeNoSentPeriod) ?? 0;
  if (token.firstUpper && (context & LC) && !(context & MID_UC)) return true;
  if (token.firstLower && ((context & UC) || !(context & BEG_LC))) return false;
  return "unknown";
}

function secondPass(token: Token, next: Token, params: PunktParameters): void {
  if (!token.periodFinal) return;
  const type = token.typeNoPeriod;
  const nextType = next.typeNoSentPeriod;
  const initial = token.isInitial;
  if (params.collocations.has(`${type} ${nextType}`)) {
    token.sentbreak = false;
    token.abbr = true;
    return;
  }
  if ((token.abbr || token.ellipsis) && !initial) {
    if (orthographic(next, params) === true) {
      token.sentbreak = true;
      return;
    }
    if (next.firstUpper && params.sentenceStarters.has(nextType)) {
      token.sentbreak = true;
      return;
    }
  }
  if (initial || type === "##number##") {
    const starter = orthographic(next, params);
    if (starter === false) {
      token.sentbreak = false;
      token.abbr = true;
      return;
    }
    const context = params.orthographicContext.get(nextType) ?? 0;
    if (starter === "unknown" && initial && next.firstUpper && !(context & LC)) {
      token.sentbreak = false;
      token.abbr = true;
    }
  }
}

/** True when some token but the last of `text` ends a sentence (NLTK's `text_contains_sentbreak`). */
function containsBreak(text: string, params: PunktParameters): boolean {
  const tokens = words(text);
  tokens.forEach((t) => firstPass(t, params));
  for (let i = 0; i + 1 < tokens.length; i++) secondPass(tokens[i], tokens[i + 1], params);
  return tokens.slice(0, -1).some((t) => t.sentbreak);
}

/** Index of the last ASCII whitespace character of `text`, or 0 when there is none. */
function lastAsciiSpace(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (" \t\n\r\v\f".includes(text[i])) return i;
  return 0;
}

/** Sentence spans before realignment (NLTK's `_slices_from_text`). */
function slices(text: string, params: PunktParameters): [number, number][] {
  const out: [number, number][] = [];
  let lastBreak = 0;
  // Each candidate is judged with the word before it and what follows (NLTK's context); a
  // candidate whose word overlaps the previous candidate's is skipped.
  const candidates: { match: RegExpExecArray; context: string }[] = [];
  let previous: { match: RegExpExecArray; start: number; stop: number } | undefined;
  for (const match of text.matchAll(PERIOD_CONTEXT) as IterableIterator<RegExpExecArray>) {
    const stop = previous?.stop ?? 0;
    const before = text.slice(stop, match.index);
    const space = lastAsciiSpace(before);
    const start = space ? space + stop + 1 : previous?.start ?? 0;
    if (previous && previous.stop <= start) {
      candidates.push({ match: previous.match, context: contextOf(text, previous) });
    }
    previous = { match, start, stop: match.index };
  }
  if (previous) candidates.push({ match: previous.match, context: contextOf(text, previous) });
  for (const { match, context } of candidates) {
    if (!containsBreak(context, params)) continue;
    const end = match.index + match[0].length;
    out.push([lastBreak, end]);
    const next = match.groups?.next;
    lastBreak = next ? end + match.groups!.after.indexOf(next) : end;
  }
  out.push([lastBreak, pyRstrip(text).length]);
  return out;
}

function contextOf(
  text: string,
  c: { match: RegExpExecArray; start: number; stop: number },
): string {
  return text.slice(c.start, c.stop) + c.match[0] + (c.match.groups?.after ?? "");
}

/** Move closing quotes and brackets that follow a break into the sentence before it. */
function realign(text: string, spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let shift = 0;
  spans.forEach(([start, stop], i) => {
    const first = start + shift;
    const following = spans[i + 1];
    if (following === undefined) {
      if (stop > first) out.push([first, stop]);
      return;
    }
    // Python's re.match anchors at the start of the string whatever the flags; with "m", a
    // JavaScript `^` also matches after any newline, so only a match at 0 counts.
    const m = REALIGNMENT.exec(text.slice(following[0], following[1]));
    if (m?.index === 0) {
      out.push([first, following[0] + m[0].replace(new RegExp(`${S}+$`, "u"), "").length]);
      shift = m[0].length;
    } else {
      shift = 0;
      if (stop > first) out.push([first, stop]);
    }
  });
  return out;
}

/**
 * Split text into sentences by Punkt's rules, as `nltk.sent_tokenize` does, with the sentence
 * text kept exactly (newlines inside a sentence stay; a newline alone is not a break; closing
 * quotes and brackets stay with their sentence). The default parameters are verdict's English
 * ones: a list of common English abbreviations and sentence starters, written for verdict, not
 * NLTK's trained model (whose 156 abbreviations and orthographic statistics are NLTK data, not
 * shipped here). They split ordinary prose, abbreviations such as `Dr.`, `Jan.`, `a.m.` and
 * `U.S.`, decimals, initials and quotes as NLTK does; where NLTK's statistics decide (an
 * abbreviation it does not know, a rare word after an abbreviation) results may differ. Pass
 * NLTK's model from its `punkt_tab/english` files ({@link punktParametersFromTab}) for exact
 * parity.
 *
 * @example Abbreviations, decimals and a question
 * ```ts
 * import { punktSentences } from "./punkt_sentences.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(
 *   punktSentences("Dr. Patel arrived at 9 a.m. on Jan. 5. The rate was 3.5 percent. Why?"),
 *   ["Dr. Patel arrived at 9 a.m. on Jan. 5.", "The rate was 3.5 percent.", "Why?"],
 * );
 * assert.deepEqual(punktSentences('"We are ready," she said. "Go."'), ['"We are ready," she said.', '"Go."']);
 * ```
 */
export function punktSentences(
  text: string,
  parameters: PunktParameters = PUNKT_ENGLISH,
): string[] {
  return realign(text, slices(text, parameters)).map(([start, stop]) => text.slice(start, stop));
}

/**
 * Punkt parameters from NLTK's `punkt_tab` files for one language (`abbrev_types.txt`,
 * `collocations.tab`, `sent_starters.txt`, `ortho_context.tab`), given as their text. With
 * `punkt_tab/english` this is the model `nltk.sent_tokenize` uses.
 *
 * @example A one-abbreviation model
 * ```ts
 * import { punktParametersFromTab, punktSentences } from "./punkt_sentences.ts";
 * import assert from "node:assert/strict";
 *
 * const model = punktParametersFromTab({ abbrevTypes: "zzq\n" });
 * assert.deepEqual(punktSentences("I met zzq. Smith today. Then we left.", model), ["I met zzq. Smith today.", "Then we left."]);
 * ```
 */
export function punktParametersFromTab(files: {
  abbrevTypes?: string;
  collocations?: string;
  sentStarters?: string;
  orthoContext?: string;
}): PunktParameters {
  const lines = (text = "") => text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== "");
  const pairs = (text?: string) => lines(text).map((l) => l.split("\t"));
  return {
    abbreviations: new Set(lines(files.abbrevTypes)),
    collocations: new Set(pairs(files.collocations).map(([a, b]) => `${a} ${b}`)),
    sentenceStarters: new Set(lines(files.sentStarters)),
    orthographicContext: new Map(pairs(files.orthoContext).map(([w, n]) => [w, Number(n)])),
  };
}
