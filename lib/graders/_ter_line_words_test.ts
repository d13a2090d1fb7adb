import assert from "node:assert/strict";
import fc from "fast-check";
import { LineWords } from "./_ter_line_words.ts";

const SINGLE_SPACED = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;

/** Ids by first appearance over the lines' words split on " ", Map-numbered; -1 for other lines. */
function expected(lines: string[]): number[][] {
  const ids = new Map<string, number>();
  return lines.map((line) => {
    if (!SINGLE_SPACED.test(line)) return [-1];
    return line.split(" ").map((w) => {
      if (!ids.has(w)) ids.set(w, ids.size);
      return ids.get(w)!;
    });
  });
}

Deno.test("LineWords numbers single-spaced printable ASCII words as splitting on spaces does", () => {
  // Few characters, so that words repeat and share hashes' slots; spaces doubled or at the ends,
  // tabs, DEL, non-ASCII and lone surrogates make a line one that is not so.
  const char = fc.constantFrom(
    "a",
    "b",
    "A",
    "~",
    "!",
    " ",
    " ",
    " ",
    "\t",
    "\u007f",
    "é",
    "\ud800",
  );
  const line = fc.array(char, { maxLength: 30 }).map((c) => c.join(""));
  // Many distinct words: the table starts small and is made larger for the segment.
  const long = fc.array(fc.nat(5_000), { minLength: 1, maxLength: 400 }).map((ws) =>
    ws.map((w) => `w${w}`).join(" ")
  );
  const words = new LineWords();
  fc.assert(
    fc.property(fc.array(fc.oneof(line, long), { minLength: 1, maxLength: 3 }), (lines) => {
      words.reset(lines.reduce((sum, l) => sum + ((l.length + 1) >> 1), 0));
      const got = lines.map((l) => {
        const out = new Int32Array((l.length + 1) >> 1);
        const n = words.number(l, out);
        return n < 0 ? [n] : [...out.slice(0, n)];
      });
      // Lines after one that is not so are numbered on (its words may have taken ids): compare
      // the lines up to the first such one.
      const want = expected(lines);
      const upTo = want.findIndex((ids) => ids[0] === -1);
      const end = upTo < 0 ? lines.length : upTo + 1;
      assert.deepEqual(got.slice(0, end), want.slice(0, end));
      if (upTo < 0) assert.equal(words.size, new Set(lines.flatMap((l) => l.split(" "))).size);
    }),
    { numRuns: 3_000 },
  );
});
