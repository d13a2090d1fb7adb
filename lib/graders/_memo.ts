// Remembering pure functions of a string for the strings seen last. Within a row the graders and
// the near-miss probe ask the same questions of the same texts (each formatting step of the output,
// its numbers read one way or another); across rows texts rarely repeat, so a small memory does.
// Two generations: when the young one is full it becomes the old one, and the old one is dropped,
// so at most 2 × `size` results are kept. Results are shared: callers must not change them.

/** `fn`, answering from memory for strings it was recently asked about. */
export function memoized<T>(fn: (s: string) => T, size = 512): (s: string) => T {
  let young = new Map<string, T>();
  let old = new Map<string, T>();
  return (s: string): T => {
    let value = young.get(s);
    if (value !== undefined || young.has(s)) return value as T;
    value = old.has(s) ? old.get(s) as T : fn(s);
    if (young.size >= size) {
      old = young;
      young = new Map();
    }
    young.set(s, value);
    return value;
  };
}
