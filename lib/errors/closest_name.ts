/**
 * "Did you mean …?" for a mistyped name: the closest of the names a user could have meant.
 *
 * @module
 */

/** Edit distance with adjacent transpositions (optimal string alignment). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length)]);
  for (let j = 0; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/**
 * The name among `candidates` closest to `word`, ignoring case, when it is close enough to be
 * a likely typo: at most one edit per three characters of `word` (at least one edit; a swap of
 * two neighbours counts as one). Undefined when nothing is that close.
 *
 * @example Suggest a role and an option
 * ```ts
 * import { closestName } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(closestName("outptu", ["case", "output", "reference"]), "output");
 * assert.equal(closestName("abss", ["abs", "rel", "pick"]), "abs");
 * assert.equal(closestName("banana", ["abs", "rel", "pick"]), undefined);
 * ```
 */
export function closestName(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return bestDistance <= Math.max(1, Math.floor(word.length / 3)) ? best : undefined;
}
