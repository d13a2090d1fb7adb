import assert from "node:assert/strict";
import fc from "fast-check";
import { LineWords } from "./_ter_line_words.ts";
import { pySplit } from "../text/mod.ts";

/**
 * Ids by first appearance over the lines' words as Python splits them (after lowercasing unless
 * `caseSensitive`), Map-numbered; -1 for a line with a character outside ASCII.
 */
function expected(lines: string[], caseSensitive: boolean): number[][] {
  const ids = new Map<string, number>();
  return lines.map((line) => {
    if ([...line].some((c) => c.charCodeAt(0) > 0x7f)) return [-1];
    return pySplit(caseSensitive ? line : line.toLowerCase()).map((w) => {
      if (!ids.has(w)) ids.set(w, ids.size);
      return ids.get(w)!;
    });
  });
}

Deno.test("LineWords numbers ASCII lines' words as lowercasing and Python's split do", () => {
  // Few characters, so that words repeat and share hashes' slots: letters on both sides of A–Z
  // and a–z, every kind of ASCII whitespace Python splits on (and control characters it does
  // not), NUL and DEL; U+0080, non-ASCII letters, non-ASCII whitespace, the Kelvin sign (which
  // lowercases to ASCII) and lone surrogates make a line one that is not ASCII.
  const char = fc.constantFrom(
    "a",
    "b",
    "A",
    "Z",
    "z",
    "@",
    "[",
    "`",
    "{",
    "~",
    "!",
    "\u0000",
    "\u007f",
    "\u0008",
    "\u000e",
    "\u001b",
    " ",
    " ",
    " ",
    "\t",
    "\n",
    "\u000b",
    "\u000c",
    "\r",
    "\u001c",
    "\u001f",
    "é",
    "\u00a0",
    "\u0080",
    "\u212a",
    "\ud800",
  );
  // Lines shorter than 40 code units are copied by code unit, longer ones by the encoder: both
  // kinds, and lengths about the border, all ASCII or not.
  const ascii = char.filter((c) => c.charCodeAt(0) < 0x80);
  const lengths = [{ maxLength: 30 }, { minLength: 36, maxLength: 44 }, {
    minLength: 45,
    maxLength: 90,
  }];
  const line = fc.oneof(
    ...[char, ascii].flatMap((c) => lengths.map((l) => fc.array(c, l))),
  ).map((c) => c.join(""));
  // Many distinct words: the table starts small and is made larger for the segment, and the
  // bytes kept grow mid-segment.
  const long = fc.array(fc.nat(5_000), { minLength: 1, maxLength: 700 }).map((ws) =>
    ws.map((w) => `w${w}`).join(" ")
  );
  const words = new LineWords();
  fc.assert(
    fc.property(
      fc.array(fc.oneof(line, long), { minLength: 1, maxLength: 3 }),
      fc.boolean(),
      (lines, caseSensitive) => {
        words.reset(lines.reduce((sum, l) => sum + ((l.length + 1) >> 1), 0));
        const got = lines.map((l) => {
          const out = new Int32Array((l.length + 1) >> 1);
          const n = words.number(l, out, caseSensitive);
          return n < 0 ? [n] : [...out.slice(0, n)];
        });
        // A line that is not ASCII is left at once: compare the lines up to the first such one.
        const want = expected(lines, caseSensitive);
        const upTo = want.findIndex((ids) => ids[0] === -1);
        const end = upTo < 0 ? lines.length : upTo + 1;
        assert.deepEqual(got.slice(0, end), want.slice(0, end));
        if (upTo < 0) {
          const all = lines.flatMap((l) => pySplit(caseSensitive ? l : l.toLowerCase()));
          assert.equal(words.size, new Set(all).size);
        }
      },
    ),
    { numRuns: 3_000 },
  );
});

Deno.test("LineWords tells apart words of one length whose hashes are equal", () => {
  // "gxomdm" and "gcuztc" hash alike (found by search): only comparing their bytes parts them.
  const words = new LineWords();
  words.reset(8);
  const out = new Int32Array(8);
  assert.equal(words.number("gxomdm gcuztc GXOMDM", out, false), 3);
  assert.deepEqual([...out.slice(0, 3)], [0, 1, 0]);
  assert.equal(words.number("gcuztc gxomdm", out, false), 2);
  assert.deepEqual([...out.slice(0, 2)], [1, 0]);
});

Deno.test("LineWords tells apart a word from a longer one it begins and whose hash is equal", () => {
  // "word" and "word,f):r!" hash alike (found by a meet-in-the-middle search): their lengths part
  // them, as the shorter one's bytes are all the longer one's first bytes.
  const words = new LineWords();
  words.reset(8);
  const out = new Int32Array(8);
  assert.equal(words.number("word,f):r! WORD word", out, false), 3);
  assert.deepEqual([...out.slice(0, 3)], [0, 1, 1]);
  assert.equal(words.number("word word,F):R!", out, false), 2);
  assert.deepEqual([...out.slice(0, 2)], [1, 0]);
});
