import assert from "node:assert/strict";
import fc from "fast-check";
import { TextWords } from "./_ter_text_words.ts";
import { pySplit } from "../text/mod.ts";

Deno.test("TextWords numbers any line's words as Python's split does, code unit for code unit", () => {
  // Few characters, so that words repeat and share hashes' slots: ASCII and non-ASCII letters,
  // every kind of whitespace Python splits on (and characters that look like it but are not:
  // U+200B, U+FEFF, U+180E), a letter outside the BMP and lone surrogate halves.
  const char = fc.constantFrom(
    "a",
    "b",
    "é",
    "我",
    "𝒳",
    "\ud835",
    "\udcb3",
    "\u0000",
    " ",
    " ",
    "\t",
    "\n",
    "\u001c",
    "\u001f",
    "\u0085",
    "\u00a0",
    "\u1680",
    "\u2000",
    "\u200a",
    "\u2028",
    "\u2029",
    "\u202f",
    "\u205f",
    "\u3000",
    "\u200b",
    "\ufeff",
    "\u180e",
  );
  const line = fc.array(char, { maxLength: 30 }).map((c) => c.join(""));
  // Many distinct words: the table starts small and is made larger for the segment.
  const long = fc.array(fc.nat(5_000), { minLength: 1, maxLength: 700 }).map((ws) =>
    ws.map((w) => `é${w}`).join("\u00a0")
  );
  const words = new TextWords();
  fc.assert(
    fc.property(fc.array(fc.oneof(line, long), { minLength: 1, maxLength: 3 }), (lines) => {
      words.reset(lines.reduce((sum, l) => sum + ((l.length + 1) >> 1), 0));
      const got = lines.map((l) => {
        const out = new Int32Array((l.length + 1) >> 1);
        return [...out.slice(0, words.number(l, out))];
      });
      const ids = new Map<string, number>();
      const want = lines.map((l) =>
        pySplit(l).map((w) => {
          if (!ids.has(w)) ids.set(w, ids.size);
          return ids.get(w)!;
        })
      );
      assert.deepEqual(got, want);
      assert.equal(words.size, ids.size);
    }),
    { numRuns: 3_000 },
  );
});

Deno.test("TextWords tells apart words of one length whose hashes are equal", () => {
  // "ehalgp" and "kmwzcc" hash alike (found by search): only comparing their code units parts
  // them.
  const words = new TextWords();
  words.reset(8);
  const out = new Int32Array(8);
  assert.equal(words.number("ehalgp\u00a0kmwzcc ehalgp", out), 3);
  assert.deepEqual([...out.slice(0, 3)], [0, 1, 0]);
  assert.equal(words.number("kmwzcc ehalgp", out), 2);
  assert.deepEqual([...out.slice(0, 2)], [1, 0]);
});
