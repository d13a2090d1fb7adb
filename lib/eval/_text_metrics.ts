// exact_match, f1 and contains: the SQuAD rules through the graders' own code, so an eval and
// the score job give the same number for the same pair.
import { normalizedExactMatchBest, tokenF1Best } from "../graders/mod.ts";
import { normalizeAnswer, pySplit } from "../text/mod.ts";
import type { MetricOutcome } from "./metric.ts";

const quote = (s: string, max = 60) => JSON.stringify(s.length > max ? s.slice(0, max) + "…" : s);
const which = (refs: readonly string[], i: number) =>
  refs.length > 1 ? `reference ${i + 1} of ${refs.length}` : "the reference";

/** SQuAD normalized exact match, best over the references. */
export function exactMatch(text: string, refs: readonly string[]): MetricOutcome {
  const best = normalizedExactMatchBest(text, refs);
  if (best.value === 1) {
    return { value: 1, reason: `matches ${which(refs, best.referenceIndex)} after normalization` };
  }
  return {
    value: 0,
    reason: `${quote(normalizeAnswer(text))} ≠ ${quote(normalizeAnswer(refs[0]))}${
      refs.length > 1
        ? ` (nor ${refs.length - 1} other reference${refs.length > 2 ? "s" : ""})`
        : ""
    } after normalization`,
  };
}

/** SQuAD token F1, best over the references. */
export function f1(text: string, refs: readonly string[]): MetricOutcome {
  const best = tokenF1Best(text, refs);
  return {
    value: best.value,
    reason: `token F1 ${best.value.toFixed(3)} with ${
      which(refs, Math.max(0, best.referenceIndex))
    }`,
  };
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * A reference appears in the answer as whole words: both are normalized by the SQuAD rules
 * (case, punctuation, articles, spaces) and the reference's words must appear in a row.
 * References that normalize to nothing are skipped; with none left the item is not scored.
 */
export function contains(text: string, refs: readonly string[]): MetricOutcome {
  const words = pySplit(normalizeAnswer(text));
  const usable = refs.map((r) => pySplit(normalizeAnswer(r))).map((w, i) => ({ w, i }))
    .filter((r) => r.w.length > 0);
  if (usable.length === 0) {
    return { value: null, reason: "every reference is empty after normalization" };
  }
  const hit = usable.find((r) => containsRun(words, r.w));
  if (hit) return { value: 1, reason: `contains ${which(refs, hit.i)} as whole words` };
  return {
    value: 0,
    reason: `${refs.length > 1 ? "no reference" : quote(refs[0])} does not appear as whole words`,
  };
}
