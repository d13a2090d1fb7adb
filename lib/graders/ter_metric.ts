/**
 * TER (translation edit rate) exactly as sacreBLEU 2.6.0 computes it: the Tercom tokenizer with
 * its four options, word edits plus block shifts, the fewest edits over the references divided
 * by the average reference length. Per-segment statistics `[edits, averageRefLength]` plus one
 * aggregation, so corpus TER is total edits over total average reference length. Lower is
 * better; the score is a fraction that exceeds 1 when there are more edits than reference words.
 *
 * @module
 */

import { pyRstrip, tercomWordCount, tokenizeTercom } from "../text/mod.ts";
import { requireCorpus, requireReferences, sumRows } from "./_stats.ts";
import { translationEditRateOfLines, translationEditRateOfTokens } from "./_ter_edit_distance.ts";
import { nrefsLabel } from "./signature.ts";
import { resolveOptions } from "./options.ts";
import { TER_OPTIONS, type TerOptions, type TerSettings, terSignature } from "./ter_settings.ts";
import { UserTypeError } from "../errors/mod.ts";

/** A TER figure. */
export interface TerResult {
  /** Edits / reference length, a fraction ≥ 0 that may exceed 1 (sacreBLEU prints it ×100). */
  score: number;
  /** The fewest edits over the references (summed over segments in corpus mode). */
  numEdits: number;
  /** The average reference length in words (summed over segments in corpus mode). */
  refLength: number;
  /** sacreBLEU-style settings signature. */
  signature: string;
}

function settingsOf(options: unknown): TerSettings {
  return resolveOptions("ter", TER_OPTIONS, options);
}

/** A segment as Tercom tokenizes it for TER: its words joined by single spaces. */
function tokensOf(segment: string, settings: TerSettings): string {
  return tokenizeTercom(pyRstrip(segment), settings);
}

/** How many words `tokensOf`'s text has. */
function countWords(tokens: string): number {
  if (tokens === "") return 0;
  let n = 1;
  for (let at = tokens.indexOf(" "); at >= 0; at = tokens.indexOf(" ", at + 1)) n++;
  return n;
}

/** {@link terStats} on settings already checked. */
export function terStatsWith(
  hypothesis: string,
  references: readonly string[],
  settings: TerSettings,
): number[] {
  const plain = !settings.normalized && !settings.noPunct;
  if (plain) {
    // The tokenizer only lowercases (or not) and splits on whitespace: a text's tokens depend on
    // the text alone, and a reference with the hypothesis's tokens takes 0 edits (no shift lowers
    // zero), so the fewest edits are 0 and only the references' lengths are left to count.
    if (references.length === 1) {
      if (references[0] === hypothesis) return [0, tercomWordCount(hypothesis)];
    } else if (references.includes(hypothesis)) {
      let lengths = 0;
      for (const reference of references) lengths += tercomWordCount(reference);
      return [0, lengths / references.length];
    }
  }
  let hypTokens: string | undefined;
  let best = Infinity;
  let lengths = 0;
  for (const reference of references) {
    if (plain) {
      // The lines are read as the tokenizer would split them, with no tokenizing.
      const { edits, refLength } = translationEditRateOfLines(
        hypothesis,
        reference,
        settings.caseSensitive,
      );
      lengths += refLength;
      if (edits < best) best = edits;
      continue;
    }
    hypTokens ??= tokensOf(hypothesis, settings);
    const refTokens = reference === hypothesis ? hypTokens : tokensOf(reference, settings);
    if (refTokens === hypTokens) {
      // The same words: no edit (the search for shifts would find none that lowers zero).
      lengths += countWords(refTokens);
      best = 0;
      continue;
    }
    // The words are read off the texts (single spaces between them) as ids, with no split.
    const { edits, refLength } = translationEditRateOfTokens(hypTokens, refTokens);
    lengths += refLength;
    if (edits < best) best = edits;
  }
  return [best, lengths / references.length];
}

/**
 * The TER statistics of one segment: `[edits, averageRefLength]`, the fewest edits over the
 * references and the average length of all references (not of the best one), as sacreBLEU
 * computes them.
 *
 * @example Two references
 * ```ts
 * import { terStats } from "./ter_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(terStats("the cat sat", ["the cat sat down", "a cat"]), [1, 3]);
 * ```
 */
export function terStats(
  hypothesis: string,
  references: readonly string[],
  options: TerOptions = {},
): number[] {
  requireReferences("terStats", references);
  return terStatsWith(hypothesis, references, settingsOf(options));
}

/**
 * TER from (summed) statistics `[edits, refLength]`: edits / refLength; with no reference words,
 * 1 when there are edits and 0 when there are none, as sacreBLEU gives it.
 *
 * @example Score from statistics
 * ```ts
 * import { terFromStats } from "./ter_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(terFromStats([2, 8]), 0.25);
 * assert.equal(terFromStats([3, 0]), 1);
 * assert.equal(terFromStats([0, 0]), 0);
 * ```
 */
export function terFromStats(stats: readonly number[]): number {
  if (stats.length !== 2) {
    throw new UserTypeError(
      `TER statistics must be [edits, refLength], got ${stats.length} numbers`,
    );
  }
  const [edits, refLength] = stats;
  if (refLength > 0) return edits / refLength;
  return edits > 0 ? 1 : 0;
}

function result(stats: readonly number[], signature: string): TerResult {
  return { score: terFromStats(stats), numEdits: stats[0], refLength: stats[1], signature };
}

/**
 * Sentence TER as sacreBLEU's `TER(...).sentence_score` gives it (by default as
 * `sacrebleu.sentence_ter`): case-insensitive, no normalization, punctuation kept. Options are
 * checked as the grader's are.
 *
 * @example A shift counts as one edit
 * ```ts
 * import { sentenceTer } from "./ter_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const r = sentenceTer("on the mat the cat sat", ["the cat sat on the mat"]);
 * assert.deepEqual([r.numEdits, r.refLength, r.score], [1, 6, 1 / 6]);
 * assert.match(r.signature, /^nrefs:1\|case:lc\|tok:tercom\|norm:no\|punct:yes\|asian:no\|/);
 * assert.equal(sentenceTer("no no no no", ["yes."]).score, 4); // more edits than reference words
 * ```
 */
export function sentenceTer(
  hypothesis: string,
  references: readonly string[],
  options: TerOptions = {},
): TerResult {
  requireReferences("sentenceTer", references);
  const settings = settingsOf(options);
  return result(
    terStatsWith(hypothesis, references, settings),
    `${terSignature({ ...settings, nrefs: references.length })}`,
  );
}

/**
 * Corpus TER as sacreBLEU's `TER(...).corpus_score` gives it: edits and average reference
 * lengths summed over segments, then one ratio. `references[i]` holds the references of
 * `hypotheses[i]`.
 *
 * @example Corpus TER is not the mean of sentence TER
 * ```ts
 * import { corpusTer } from "./ter_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const r = corpusTer(["a b c d", "x"], [["a b c d"], ["y z"]]);
 * assert.deepEqual([r.numEdits, r.refLength, r.score], [2, 6, 1 / 3]);
 * ```
 */
export function corpusTer(
  hypotheses: readonly string[],
  references: readonly (readonly string[])[],
  options: TerOptions = {},
): TerResult {
  requireCorpus("corpusTer", hypotheses, references);
  const settings = settingsOf(options);
  const rows = hypotheses.map((h, i) => terStatsWith(h, references[i], settings));
  const nrefs = nrefsLabel(references.map((r) => r.length));
  return result(sumRows(rows, 2), `${terSignature({ ...settings, nrefs })}`);
}
