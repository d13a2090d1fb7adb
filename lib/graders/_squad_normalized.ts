// SQuAD-normalized texts, remembered for the texts seen last under each choice of steps: exact
// match, token F1, the normalized grader's reasons and the near-miss probe normalize the same
// output and references of a row. Entries are shared: callers must not change them.
import { asciiSquadTokens } from "../text/_squad_ascii.ts";
import { normalizeAnswer, pySplit, type SquadStep } from "../text/mod.ts";
import { memoized } from "./_memo.ts";

/** A text normalized under some steps, its tokens, and (once asked for) their counts. */
export interface NormalizedText {
  /** The normalized text. */
  readonly text: string;
  /** Its tokens (Python's `split()` of the text). */
  readonly tokens: readonly string[];
  /** How often each token occurs: filled by {@link tokenCounts}. */
  counts?: Map<string, number>;
}

const NORMALIZERS = new Map<string, (s: string) => NormalizedText>();

/** `s` normalized under `steps`, given in the script's order (see `SQUAD_STEPS`). */
export function normalizedText(s: string, steps: readonly SquadStep[]): NormalizedText {
  const all = steps.length === 4;
  const key = all ? "all" : steps.join(",");
  let normalize = NORMALIZERS.get(key);
  if (normalize === undefined) {
    normalize = memoized((t: string): NormalizedText => {
      const tokens = all ? asciiSquadTokens(t) : undefined;
      if (tokens !== undefined) return { text: tokens.join(" "), tokens };
      const text = normalizeAnswer(t, steps);
      return { text, tokens: pySplit(text) };
    });
    NORMALIZERS.set(key, normalize);
  }
  return normalize(s);
}

/** The token counts of a normalized text, counted once (shared: do not change them). */
export function tokenCounts(entry: NormalizedText): Map<string, number> {
  let counts = entry.counts;
  if (counts === undefined) {
    counts = new Map();
    for (const token of entry.tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    entry.counts = counts;
  }
  return counts;
}
