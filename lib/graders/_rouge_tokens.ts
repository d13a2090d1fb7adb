// rouge-score's tokens of a text, remembered for the texts seen last: ROUGE-1, ROUGE-2, ROUGE-L
// and ROUGE-Lsum tokenize the same output and references of a row, and the near-miss probe asks
// again. The lists are shared: callers must not change them.
import { rougeTokenize } from "../text/mod.ts";
import { memoized } from "./_memo.ts";

const PLAIN = memoized((text: string) => rougeTokenize(text));
const STEMMED = memoized((text: string) => rougeTokenize(text, { stemmer: true }));

/** `rougeTokenize(text, { stemmer })`, shared with earlier callers (do not change it). */
export function rougeTokens(text: string, stemmer = false): readonly string[] {
  return stemmer ? STEMMED(text) : PLAIN(text);
}

/**
 * Number the tokens of several lists: equal tokens get equal ids (0, 1, 2… in order of first
 * appearance), so that comparisons and counts work on integers.
 */
export function tokenIds(lists: readonly (readonly string[])[]): {
  ids: Int32Array[];
  symbols: number;
} {
  const table = new Map<string, number>();
  const ids = lists.map((tokens) => {
    const out = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      let id = table.get(tokens[i]);
      if (id === undefined) table.set(tokens[i], id = table.size);
      out[i] = id;
    }
    return out;
  });
  return { ids, symbols: table.size };
}
