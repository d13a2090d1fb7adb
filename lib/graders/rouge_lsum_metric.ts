/**
 * ROUGE-Lsum as Google's `rouge-score` computes it: summary-level LCS over sentence units (the
 * union of each target sentence's LCS with every prediction sentence, each token counted once).
 *
 * @module
 */

import { punktSentences } from "../text/mod.ts";
import { rougeTokens } from "./_rouge_tokens.ts";
import { countItems, requireReferences } from "./_stats.ts";
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

/**
 * Positions in `ref` of one LCS with `can`, read back from the full LCS table as rouge-score's
 * `_backtrack_norec` does: the diagonal on equal tokens, otherwise left when the left cell is
 * strictly larger than the upper one, else up. `table` is scratch space, grown as needed.
 */
function lcsPositions(ref: readonly string[], can: readonly string[], scratch: Scratch): number[] {
  const width = can.length + 1;
  const size = (ref.length + 1) * width;
  if (scratch.table.length < size) {
    scratch.table = new Uint32Array(Math.max(size, 2 * scratch.table.length));
  }
  const t = scratch.table;
  t.fill(0, 0, size);
  for (let i = 1; i <= ref.length; i++) {
    for (let j = 1; j <= can.length; j++) {
      t[i * width + j] = ref[i - 1] === can[j - 1]
        ? t[(i - 1) * width + j - 1] + 1
        : Math.max(t[(i - 1) * width + j], t[i * width + j - 1]);
    }
  }
  const out: number[] = [];
  let i = ref.length;
  let j = can.length;
  while (i > 0 && j > 0) {
    if (ref[i - 1] === can[j - 1]) {
      out.push(i - 1);
      i--;
      j--;
    } else if (t[i * width + j - 1] > t[(i - 1) * width + j]) j--;
    else i--;
  }
  return out;
}

/** A reusable LCS table. */
interface Scratch {
  table: Uint32Array;
}

/** rouge-score's `_summary_level_lcs` on tokenized sentence units. */
function summaryLevelLcs(
  target: readonly (readonly string[])[],
  prediction: readonly (readonly string[])[],
): Omit<RougeScore, "referenceIndex"> {
  const zero = { precision: 0, recall: 0, f: 0 };
  if (target.length === 0 || prediction.length === 0) return zero;
  const m = target.reduce((s, sentence) => s + sentence.length, 0);
  const n = prediction.reduce((s, sentence) => s + sentence.length, 0);
  if (m === 0 || n === 0) return zero;
  // Budgets that keep a token from counting more often than either side has it.
  const targetLeft = countItems(target.flat());
  const predictionLeft = countItems(prediction.flat());
  let hits = 0;
  const scratch: Scratch = { table: new Uint32Array(64) };
  for (const sentence of target) {
    const union = new Set<number>();
    for (const candidate of prediction) {
      for (const position of lcsPositions(sentence, candidate, scratch)) union.add(position);
    }
    for (const position of [...union].sort((a, b) => a - b)) {
      const token = sentence[position];
      if ((predictionLeft.get(token) ?? 0) > 0 && (targetLeft.get(token) ?? 0) > 0) {
        hits++;
        predictionLeft.set(token, predictionLeft.get(token)! - 1);
        targetLeft.set(token, targetLeft.get(token)! - 1);
      }
    }
  }
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
  const tokens = (text: string) =>
    summaryUnits(text, options.splitSummaries ?? false).map((s) => rougeTokens(s, stemmer));
  const pred = tokens(prediction);
  return bestReference(references, (reference) => summaryLevelLcs(tokens(reference), pred));
}
