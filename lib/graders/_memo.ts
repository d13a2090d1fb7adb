// Remembering pure functions of a string for the strings seen last. Within a row the graders and
// the near-miss probe ask the same questions of the same texts (each formatting step of the output,
// its numbers read one way or another); across rows texts rarely repeat, so a small memory does.
//
// The memory is a fixed table of 2 × `size` slots in pairs: a string may sit in either slot of the
// pair its length and a few of its characters choose, and a new string takes the older one. A look-up
// reads five characters instead of hashing the whole text (outputs can be long), and remembering
// allocates nothing, so the table makes no garbage as rows go by (a Map per generation did). Keys are
// compared whole (`===`), so a result is only ever returned for its own text; two texts that share
// a pair merely push each other out. Results are shared: callers must not change them.

/** The pair of slots (its even index) of `s` in a table of `mask + 1` slots. */
function pairOf(s: string, mask: number): number {
  const n = s.length;
  let h = Math.imul(n ^ 0x2f6b1a3d, 0x9e3779b1);
  if (n > 0) {
    h = Math.imul(h ^ s.charCodeAt(0), 0x85ebca6b);
    h = Math.imul(h ^ s.charCodeAt(n - 1), 0xc2b2ae35);
    h = Math.imul(h ^ s.charCodeAt(n >> 1), 0x85ebca6b);
    h = Math.imul(h ^ s.charCodeAt(n >> 2), 0xc2b2ae35);
    h = Math.imul(h ^ s.charCodeAt(n - 1 - (n >> 2)), 0x85ebca6b);
  }
  h ^= h >>> 15;
  return h & mask & ~1;
}

/**
 * `fn`, answering from memory for the last `size` or so strings it was asked about.
 *
 * The default is small on purpose. An answer kept in the table is alive whenever the young
 * generation is collected, so the collector copies it (and, the second time, moves it to the old
 * generation, where it later becomes garbage that only a full collection frees). Remembering 512
 * strings per function, scoring 200,000 rows of `bench/_generate.ts` with every grader on one
 * thread, young collections saved 284 MB of objects, 166 MB of them moved to the old generation;
 * remembering 64, 59 MB and 13 MB (an `exact`-only run: 34 MB and 8 MB). On that file
 * the smaller tables answered as many look-ups from memory: a row asks its questions within a few
 * dozen calls, and a text met again rows later (a reference scored for several versions) is only
 * computed again.
 */
export function memoized<T>(fn: (s: string) => T, size = 64): (s: string) => T {
  let slots = 2;
  while (slots < 2 * size) slots *= 2;
  const mask = slots - 1;
  const keys: (string | undefined)[] = new Array(slots).fill(undefined);
  const values: (T | undefined)[] = new Array(slots).fill(undefined);
  // Per pair, which of its two slots was filled last (so the other one is replaced next).
  const newer = new Uint8Array(slots >> 1);
  return (s: string): T => {
    const i = pairOf(s, mask);
    if (keys[i] === s) return values[i] as T;
    if (keys[i + 1] === s) return values[i + 1] as T;
    const value = fn(s);
    const pair = i >> 1;
    const slot = newer[pair] === 0 ? i + 1 : i;
    newer[pair] = slot - i;
    keys[slot] = s;
    values[slot] = value;
    return value;
  };
}
