/**
 * Exact match and token F1 as the official SQuAD v1.1 evaluation script computes them, each the
 * maximum over the references.
 *
 * @module
 */

import { normalizeAnswer, pySplit, SQUAD_STEPS, type SquadStep } from "../text/mod.ts";
import { countItems, requireReferences } from "./_stats.ts";

/** The best value over the references and the first reference that reached it. */
export interface BestMatch {
  /** The best value. */
  value: number;
  /** Index of the first reference with that value. */
  referenceIndex: number;
}

function best(references: readonly string[], score: (ref: string) => number): BestMatch {
  let out: BestMatch = { value: -Infinity, referenceIndex: -1 };
  references.forEach((ref, referenceIndex) => {
    const value = score(ref);
    if (value > out.value) out = { value, referenceIndex };
  });
  return out;
}

function f1Single(prediction: string, reference: string): number {
  const pred = pySplit(normalizeAnswer(prediction));
  const gold = pySplit(normalizeAnswer(reference));
  const goldCounts = countItems(gold);
  let same = 0;
  for (const [token, c] of countItems(pred)) same += Math.min(c, goldCounts.get(token) ?? 0);
  if (same === 0) return 0;
  const precision = same / pred.length;
  const recall = same / gold.length;
  return (2 * precision * recall) / (precision + recall);
}

/**
 * Normalized exact match with the reference that matched (see {@link normalizedExactMatch}).
 *
 * @example Which reference matched
 * ```ts
 * import { normalizedExactMatchBest } from "./squad_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(normalizedExactMatchBest("Paris!", ["London", "paris"]), { value: 1, referenceIndex: 1 });
 * ```
 */
export function normalizedExactMatchBest(
  prediction: string,
  references: readonly string[],
  steps: readonly SquadStep[] = SQUAD_STEPS,
): BestMatch {
  requireReferences("normalizedExactMatch", references);
  const pred = normalizeAnswer(prediction, steps);
  return best(references, (ref) => pred === normalizeAnswer(ref, steps) ? 1 : 0);
}

/**
 * SQuAD v1.1 exact match: 1 when the normalized prediction equals some normalized reference,
 * else 0. `steps` chooses the normalization steps (default: all four, as the script does).
 *
 * @example Articles, case and punctuation do not count
 * ```ts
 * import { normalizedExactMatch } from "./squad_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(normalizedExactMatch("The Denver Broncos!", ["Denver Broncos"]), 1);
 * assert.equal(normalizedExactMatch("the", ["a"]), 1); // both normalize to ""
 * assert.equal(normalizedExactMatch("Broncos", ["Denver Broncos"]), 0);
 * ```
 */
export function normalizedExactMatch(
  prediction: string,
  references: readonly string[],
  steps: readonly SquadStep[] = SQUAD_STEPS,
): 0 | 1 {
  return normalizedExactMatchBest(prediction, references, steps).value as 0 | 1;
}

/**
 * Token F1 with the reference that gave it (see {@link tokenF1}).
 *
 * @example Which reference scored best
 * ```ts
 * import { tokenF1Best } from "./squad_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(tokenF1Best("Denver Broncos", ["Broncos", "the Denver Broncos"]), { value: 1, referenceIndex: 1 });
 * ```
 */
export function tokenF1Best(prediction: string, references: readonly string[]): BestMatch {
  requireReferences("tokenF1", references);
  return best(references, (ref) => f1Single(prediction, ref));
}

/**
 * SQuAD v1.1 token F1: multiset overlap of the normalized tokens, the maximum over the
 * references. When no token is shared the F1 is 0, including when both normalize to nothing.
 *
 * @example Partial overlap
 * ```ts
 * import { tokenF1 } from "./squad_metric.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(tokenF1("Denver Broncos", ["Broncos"]), 2 / 3);
 * assert.equal(tokenF1("the", ["a"]), 0);
 * ```
 */
export function tokenF1(prediction: string, references: readonly string[]): number {
  return tokenF1Best(prediction, references).value;
}
