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

/** Token lists as integer ids, and how many distinct tokens they hold. */
export interface TokenIds {
  /** Each list's tokens as ids: 0, 1, 2… in order of first appearance over all the lists. */
  readonly ids: readonly (readonly number[])[];
  /** The number of distinct tokens: every id is below it. */
  readonly symbols: number;
}

// The last lists numbered and their ids: the ROUGE graders number the same lists of a row one
// after another (the lists are the remembered ones above, so the same objects).
let lastLists: readonly (readonly string[])[] = [];
let lastIds: TokenIds = { ids: [], symbols: 0 };

/**
 * Number the tokens of several lists: equal tokens get equal ids (0, 1, 2… in order of first
 * appearance), so that comparisons and counts work on integers. Shared: do not change the ids.
 */
export function tokenIds(lists: readonly (readonly string[])[]): TokenIds {
  if (lists.length === lastLists.length && lists.every((list, i) => list === lastLists[i])) {
    return lastIds;
  }
  const table = new Map<string, number>();
  const ids = lists.map((tokens) => {
    const out: number[] = [];
    for (let i = 0; i < tokens.length; i++) {
      let id = table.get(tokens[i]);
      if (id === undefined) table.set(tokens[i], id = table.size);
      out.push(id);
    }
    return out;
  });
  lastLists = lists;
  lastIds = { ids, symbols: table.size };
  return lastIds;
}
