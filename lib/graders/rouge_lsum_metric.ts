/**
 * ROUGE-Lsum as Google's `rouge-score` computes it: summary-level LCS over sentence units (the
 * union of each target sentence's LCS with every prediction sentence, each token counted once).
 *
 * @module
 */

import { punktSentences } from "../text/mod.ts";
import { rougeTokens, tokenIds } from "./_rouge_tokens.ts";
import { requireReferences } from "./_stats.ts";
import { bestReference, fMeasure, type RougeScore } from "./rouge_n_metric.ts";

/** Options of {@link rougeLsum}. */
export interface RougeLsumOptions {
  /** Porter-stem tokens longer than three characters (rouge-score's `use_stemmer`; default false). */
  stemmer?: boolean;
  /**
   * Split each text into sentences with a Punkt sentence splitter (rouge-score's
   * `split_summaries`; see `punktSentences` for how it matches NLTK's). Default false: sentences
   * are the lines of the text, as rouge-score expects summaries to be written.
   */
  splitSummaries?: boolean;
}

/**
 * The sentence units of a text as rouge-score's ROUGE-Lsum takes them: its lines (split on `\n`
 * only, so a `\r` of CRLF stays and a blank line is dropped only when empty), or Punkt sentences
 * with `splitSummaries`. Empty units are dropped; units with no tokens stay but count for nothing.
 *
 * @example Lines, and sentences
 * ```ts
 * import { summaryUnits } from "./rouge_lsum_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(summaryUnits("One.\n\nTwo.\r\n"), ["One.", "Two.\r"]);
 * assert.deepEqual(summaryUnits("One here. Two there.", true), ["One here.", "Two there."]);
 * ```
 */
export function summaryUnits(text: string, splitSummaries = false): string[] {
  const units = splitSummaries ? punktSentences(text) : text.split("\n");
  return units.filter((unit) => unit.length > 0);
}

// Scratch space reused from call to call: the full LCS table, the marks of a target sentence's
// union of LCS positions, and each token's budget on either side (indexed by token id).
let table = new Uint32Array(256);
let marks = new Uint8Array(64);
let targetLeft = new Int32Array(1024);
let predictionLeft = new Int32Array(1024);

/**
 * Mark in `marks` the positions in `ref` of one LCS with `can`, read back from the full LCS table
 * as rouge-score's `_backtrack_norec` does: the diagonal on equal tokens, otherwise left when the
 * left cell is strictly larger than the upper one, else up.
 */
function markLcs(ref: readonly number[], can: readonly number[]): void {
  const width = can.length + 1;
  const size = (ref.length + 1) * width;
  if (table.length < size) table = new Uint32Array(Math.max(size, 2 * table.length));
  const t = table;
  t.fill(0, 0, size);
  for (let i = 1; i <= ref.length; i++) {
    const x = ref[i - 1];
    for (let j = 1; j <= can.length; j++) {
      t[i * width + j] = x === can[j - 1]
        ? t[(i - 1) * width + j - 1] + 1
        : Math.max(t[(i - 1) * width + j], t[i * width + j - 1]);
    }
  }
  let i = ref.length;
  let j = can.length;
  while (i > 0 && j > 0) {
    if (ref[i - 1] === can[j - 1]) {
      marks[i - 1] = 1;
      i--;
      j--;
    } else if (t[i * width + j - 1] > t[(i - 1) * width + j]) j--;
    else i--;
  }
}

/** rouge-score's `_summary_level_lcs` on sentence units as token ids below `symbols`. */
function summaryLevelLcs(
  target: readonly (readonly number[])[],
  prediction: readonly (readonly number[])[],
  symbols: number,
): Omit<RougeScore, "referenceIndex"> {
  const zero = { precision: 0, recall: 0, f: 0 };
  if (target.length === 0 || prediction.length === 0) return zero;
  const m = target.reduce((s, sentence) => s + sentence.length, 0);
  const n = prediction.reduce((s, sentence) => s + sentence.length, 0);
  if (m === 0 || n === 0) return zero;
  // Budgets that keep a token from counting more often than either side has it.
  if (targetLeft.length < symbols) {
    targetLeft = new Int32Array(2 * symbols);
    predictionLeft = new Int32Array(2 * symbols);
  }
  for (const sentence of target) for (const id of sentence) targetLeft[id]++;
  for (const sentence of prediction) for (const id of sentence) predictionLeft[id]++;
  let hits = 0;
  for (const sentence of target) {
    if (marks.length < sentence.length) marks = new Uint8Array(2 * sentence.length);
    marks.fill(0, 0, sentence.length);
    for (const candidate of prediction) markLcs(sentence, candidate);
    // The union of the positions, in increasing order.
    for (let position = 0; position < sentence.length; position++) {
      if (marks[position] === 0) continue;
      const id = sentence[position];
      if (predictionLeft[id] > 0 && targetLeft[id] > 0) {
        hits++;
        predictionLeft[id]--;
        targetLeft[id]--;
      }
    }
  }
  for (const sentence of target) for (const id of sentence) targetLeft[id] = 0;
  for (const sentence of prediction) for (const id of sentence) predictionLeft[id] = 0;
  const recall = hits / m;
  const precision = hits / n;
  return { precision, recall, f: fMeasure(precision, recall) };
}

/**
 * ROUGE-Lsum of a prediction against one or more references (`score_multi`): each text is cut
 * into sentence units (lines by default), and for each target sentence the union of its LCS
 * positions with every prediction sentence counts, each token no more often than both sides hold
 * it; recall over target tokens, precision over prediction tokens. The reference with the highest
 * F counts (the first wins ties).
 *
 * @example Swapped lines still match in full
 * ```ts
 * import { rougeLsum } from "./rouge_lsum_metric.ts";
 * import assert from "node:assert/strict";
 *
 * const r = rougeLsum("Then we added the pasta.\nFirst we boiled the water.", ["First we boiled the water.\nThen we added the pasta."]);
 * assert.equal(r.f, 1);
 * assert.ok(rougeLsum("a b c d e f", ["a b\nc d\ne f"]).f === 1);
 * ```
 */
export function rougeLsum(
  prediction: string,
  references: readonly string[],
  options: RougeLsumOptions = {},
): RougeScore {
  requireReferences("rougeLsum", references);
  const stemmer = options.stemmer ?? false;
  const split = options.splitSummaries ?? false;
  const units = (text: string) => summaryUnits(text, split).map((s) => rougeTokens(s, stemmer));
  // Sentence units as ids, numbered over the prediction and every reference together.
  const sentences = [units(prediction), ...references.map(units)];
  const { ids, symbols } = tokenIds(sentences.flat());
  let at = 0;
  const [pred, ...targets] = sentences.map((text) => ids.slice(at, at += text.length));
  return bestReference(references, (_, i) => summaryLevelLcs(targets[i], pred, symbols));
}
