/**
 * Chart colours that people with the common colour-vision deficiencies tell apart: the eight
 * colours of Okabe and Ito's palette, and a rule that keeps a chart to at most eight colours by
 * grouping the smallest categories.
 *
 * @module
 */

/**
 * Okabe–Ito's colour-blind-safe palette, in the order charts use it: blue, orange, bluish green,
 * vermillion, sky blue, reddish purple, yellow, and black.
 */
export const PALETTE: readonly string[] = Object.freeze([
  "#0072B2",
  "#E69F00",
  "#009E73",
  "#D55E00",
  "#56B4E9",
  "#CC79A7",
  "#F0E442",
  "#000000",
]);

/** Named roles of the palette, so every chart means the same thing by the same colour. */
export const COLORS = Object.freeze({
  /** The main series. */
  primary: "#0072B2",
  /** A second figure beside the main one (a mean line, a corpus line). */
  secondary: "#E69F00",
  /** Better, or passing. */
  better: "#009E73",
  /** Worse, or failing. */
  worse: "#D55E00",
  /** Neither, or something left over ("real misses", "other"). */
  neutral: "#6E6E6E",
  /** Bands and backgrounds. */
  band: "rgba(110,110,110,0.22)",
});

/** The most colours one chart uses. */
export const MAX_COLORS = 8;

/**
 * Keep the `keep` largest categories and fold the rest into one, so a chart needs at most
 * `keep + 1` colours. Categories are `[label, values]`; their size is the sum of the values, and
 * ties keep the given order. The folded category adds the values up element by element and is
 * labelled `other (N)` unless a label is given.
 *
 * @example Nine steps become six and "other"
 * ```ts
 * import { foldSmallest } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const steps: [string, number[]][] = [
 *   ["trim", [5, 1]], ["lowercase", [9, 0]], ["nfkc", [1, 0]], ["quotes", [0, 1]],
 * ];
 * const { kept, folded } = foldSmallest(steps, 2);
 * assert.deepEqual(kept.map(([label]) => label), ["lowercase", "trim"]);
 * assert.deepEqual(folded, { label: "other (2)", values: [1, 1], labels: ["nfkc", "quotes"] });
 * ```
 */
export function foldSmallest(
  categories: readonly (readonly [string, readonly number[]])[],
  keep: number,
  label?: string,
): {
  kept: [string, number[]][];
  folded: { label: string; values: number[]; labels: string[] } | null;
} {
  const total = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  const order = categories.map((c, i) => ({ c, i, size: total(c[1]) }))
    .sort((a, b) => b.size - a.size || a.i - b.i);
  // Folding one category into "other" saves no colour.
  const limit = order.length <= keep + 1 ? order.length : keep;
  const kept = order.slice(0, limit).map(({ c }) => [c[0], [...c[1]]] as [string, number[]]);
  const rest = order.slice(limit);
  if (rest.length === 0) return { kept, folded: null };
  const width = rest.reduce((w, { c }) => Math.max(w, c[1].length), 0);
  const values = Array.from(
    { length: width },
    (_, k) => rest.reduce((s, { c }) => s + (c[1][k] ?? 0), 0),
  );
  return {
    kept,
    folded: {
      label: label ?? `other (${rest.length})`,
      values,
      labels: rest.map(({ c }) => c[0]),
    },
  };
}
