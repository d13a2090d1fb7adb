import assert from "node:assert/strict";
import fc from "fast-check";
import { punktSentences, rougeTokenize } from "../text/mod.ts";
import { generation, resetForTests } from "./_rouge_token_table.ts";
import {
  atLeastTokens,
  beginRow,
  equalTokens,
  rougeIds,
  rougeUnitIds,
  symbolCount,
  tokenOfId,
} from "./_rouge_tokens.ts";

// Texts of ASCII words in any case, digits, punctuation and newlines (the one-pass path), the same
// with non-ASCII pieces (the general path; Unicode lowercasing turns some of them into ASCII
// letters), and arbitrary strings.
const asciiPiece = fc.oneof(
  fc.constantFrom("The", "the", "THE", "cats", "Running", "flies", "ties", "sky", "news", "ab"),
  fc.constantFrom("a1b2", "123", "x", "happily", "generously", "was", "caresses", "ponies"),
  fc.constantFrom(" ", "  ", "\n", "\r\n", "\t", ".", ",", "'", "-", "_", "!", "Mr. ", "? "),
  fc.stringMatching(/^[A-Za-z0-9]{1,6}$/),
  fc.string({ maxLength: 4, unit: fc.integer({ min: 0, max: 127 }).map(String.fromCharCode) }),
);
const otherPiece = fc.oneof(
  fc.constantFrom("é", "café", "İ", "\u212Aelvin", "Straße", "日本", "😀", "Σ", "ΣΑΣ", "\u0130x"),
  fc.string({ maxLength: 4, unit: "grapheme" }),
  fc.string({ maxLength: 4, unit: "binary" }),
);
const text = fc.oneof(
  { arbitrary: fc.array(asciiPiece, { maxLength: 14 }).map((p) => p.join("")), weight: 4 },
  fc.array(fc.oneof(asciiPiece, otherPiece), { maxLength: 14 }).map((p) => p.join("")),
  fc.string({ maxLength: 30 }),
  fc.constant(""),
);
const words = (ids: ArrayLike<number>) => Array.from(ids, tokenOfId);

Deno.test("ids spell rougeTokenize's tokens, with and without the stemmer", () => {
  fc.assert(
    fc.property(text, fc.boolean(), (s, stemmer) => {
      beginRow();
      assert.deepEqual(words(rougeIds(s, stemmer)), rougeTokenize(s, { stemmer }));
      // Asked again (remembered), the same.
      assert.deepEqual(words(rougeIds(s, stemmer)), rougeTokenize(s, { stemmer }));
    }),
    { numRuns: 3_000 },
  );
});

Deno.test("atLeastTokens says whether rougeTokenize gives at least n tokens", () => {
  // Few tokens, so that the answer is often no; the Kelvin sign (lowercased to `k`) and dotted
  // capital I join or add ASCII tokens after ASCII ones.
  const short = fc.array(
    fc.oneof(
      fc.constantFrom("a", "B", "7", " ", ".", "\n", "\u212A", "\u0130", "é", "ς", "running"),
      otherPiece,
    ),
    { maxLength: 6 },
  ).map((p) => p.join(""));
  fc.assert(
    fc.property(
      fc.oneof(text, short),
      fc.boolean(),
      fc.integer({ min: 1, max: 4 }),
      (s, stemmer, n) => {
        assert.equal(atLeastTokens(s, stemmer, n), rougeTokenize(s, { stemmer }).length >= n);
      },
    ),
    { numRuns: 5_000 },
  );
});

// Changes that keep a text's tokens (case, spacing, punctuation), some its lines too, and some not.
const retouch = fc.constantFrom(
  (s: string) => s.toUpperCase(),
  (s: string) => s.toLowerCase(),
  (s: string) => ` ${s.replaceAll(" ", "  ")}.`,
  (s: string) => s.replaceAll(".", "").replaceAll(",", ";"),
  (s: string) => s.replaceAll("\n", " "),
  (s: string) => s.replaceAll(" ", "\n"),
  (s: string) => `${s}\n`,
  (s: string) => s.replaceAll("e", "E\u0301"),
  (s: string) => s.replace(/[a-z]$/, ""),
);

Deno.test("equalTokens answers only for texts of equal tokens (and lines), and for ASCII ones always", () => {
  // Two empty texts first (the pair remembered when nothing was compared yet).
  assert.equal(equalTokens("", "", false), 0);
  assert.equal(equalTokens("", "", true), 0);
  const lineUnits = (s: string) =>
    s.split("\n").map((u) => rougeTokenize(u)).filter((t) => t.length > 0);
  fc.assert(
    fc.property(
      text,
      fc.array(retouch, { maxLength: 3 }),
      text,
      fc.boolean(),
      (a, changes, c, other) => {
        const b = other ? c : changes.reduce((s, f) => f(s), a);
        const [ta, tb] = [rougeTokenize(a), rougeTokenize(b)];
        const same = JSON.stringify(ta) === JSON.stringify(tb);
        const sameLines = same && JSON.stringify(lineUnits(a)) === JSON.stringify(lineUnits(b));
        const ascii = [...a + b].every((ch) => ch.charCodeAt(0) < 128);
        for (const lines of [false, true]) {
          const count = equalTokens(a, b, lines);
          if (count >= 0) assert.ok(lines ? sameLines : same);
          if (count >= 0) assert.equal(count, ta.length);
          if (ascii && (lines ? sameLines : same)) assert.equal(count, ta.length);
        }
      },
    ),
    { numRuns: 5_000 },
  );
});

Deno.test("lines and Punkt sentences as ids are the tokenized units that hold tokens", () => {
  const units = (pieces: string[], stemmer: boolean) =>
    pieces.map((u) => rougeTokenize(u, { stemmer })).filter((t) => t.length > 0);
  fc.assert(
    fc.property(text, fc.boolean(), (s, stemmer) => {
      beginRow();
      const lines = rougeUnitIds(s, stemmer, false).map(words);
      assert.deepEqual(lines, units(s.split("\n"), stemmer));
      const sentences = rougeUnitIds(s, stemmer, true).map(words);
      assert.deepEqual(sentences, units(punktSentences(s), stemmer));
    }),
    { numRuns: 1_000 },
  );
});

Deno.test("lines past the first sixteen newlines of a text", () => {
  // The newline positions are noted in an array of sixteen that grows.
  const text = Array.from({ length: 100 }, (_, i) => `Line ${i}: w${i % 7}, W${i % 5}.\n\n`).join(
    "",
  );
  beginRow();
  const lines = rougeUnitIds(text, false, false).map(words);
  assert.equal(lines.length, 100);
  assert.deepEqual(
    lines,
    text.split("\n").map((u) => rougeTokenize(u)).filter((t) => t.length > 0),
  );
});

Deno.test("equal tokens have equal ids across texts and settings, other tokens other ids", () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(text, fc.boolean()), { maxLength: 5 }), (texts) => {
      beginRow();
      const seen = new Map<number, string>();
      const byWord = new Map<string, number>();
      for (const [s, stemmer] of texts) {
        for (const id of rougeIds(s, stemmer)) {
          assert.ok(id >= 0 && id < symbolCount());
          const word = tokenOfId(id);
          assert.equal(seen.get(id) ?? word, word);
          assert.equal(byWord.get(word) ?? id, id);
          seen.set(id, word);
          byWord.set(word, id);
        }
      }
    }),
    { numRuns: 1_000 },
  );
});

Deno.test("a table grown past its limit is emptied between rows, and remembered texts renumbered", () => {
  resetForTests();
  const early = "Alpha beta GAMMA alpha";
  const before = rougeIds(early, false);
  // More distinct tokens than the table keeps (a few thousand), enough for its index to grow.
  const many = Array.from({ length: 40_000 }, (_, i) => `w${i.toString(36)}`).join(" ");
  // Their characters (160,000) are more than the pool starts with, so it grows mid-text.
  assert.equal(words(rougeIds(many, false)).join(" "), many);
  // Within one text the index grows several times, and the tokens met before are found again.
  const twice = rougeIds(`${many}\n${many.toUpperCase()}`, false);
  assert.deepEqual(twice.subarray(40_000), twice.subarray(0, 40_000));
  assert.equal(words(before).join(" "), "alpha beta gamma alpha");
  beginRow();
  assert.ok(symbolCount() < 10);
  const after = rougeIds(early, false);
  assert.notEqual(after, before);
  assert.deepEqual(words(after), ["alpha", "beta", "gamma", "alpha"]);
  const other = rougeIds("gamma!", false);
  assert.equal(other[0], after[2]);
  beginRow();
  assert.equal(rougeIds(early, false), after);
  // Once a stem is asked for, the table keeps many more tokens (each is stemmed once).
  const stemmed = rougeIds("Running ponies caresses", true);
  assert.deepEqual(words(stemmed), rougeTokenize("Running ponies caresses", { stemmer: true }));
  rougeIds(` ${many}`, false);
  beginRow();
  assert.equal(rougeIds("Running ponies caresses", true), stemmed);
  resetForTests();
});

Deno.test("rows of many texts: ids agree within a row while the table is emptied between rows", () => {
  const before = generation;
  fc.assert(
    fc.property(
      // Without the stemmer, whose use keeps many more tokens.
      fc.array(fc.array(fc.tuple(text, fc.constant(false)), { maxLength: 4 }), { maxLength: 40 }),
      fc.array(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{3,9}$/), { maxLength: 400 }),
      (rows, filler) => {
        resetForTests();
        for (const row of rows) {
          // Tokens of other rows fill the table towards its limit.
          rougeIds(filler.join(" ") + ` ${rows.indexOf(row)}`, false);
          beginRow();
          const byWord = new Map<string, number>();
          const kept: [Int32Array, number[]][] = [];
          for (const [s, stemmer] of row) {
            const ids = rougeIds(s, stemmer);
            kept.push([ids, Array.from(ids)]);
            assert.deepEqual(words(ids), rougeTokenize(s, { stemmer }));
            for (const id of ids) {
              assert.equal(byWord.get(tokenOfId(id)) ?? id, id);
              byWord.set(tokenOfId(id), id);
            }
          }
          // The ids handed out (views of shared blocks) are not overwritten by later texts.
          for (const [ids, copy] of kept) assert.deepEqual(Array.from(ids), copy);
        }
      },
    ),
    { numRuns: 200 },
  );
  assert.ok(generation > before + 10);
});

Deno.test("tokens that find no free slot near their first one are kept apart and found again", () => {
  try {
    for (const reach of [0, 1, 2]) {
      resetForTests(reach);
      fc.assert(
        fc.property(fc.array(fc.tuple(text, fc.boolean()), { maxLength: 6 }), (texts) => {
          beginRow();
          const byWord = new Map<string, number>();
          for (const [s, stemmer] of texts) {
            const ids = rougeIds(s, stemmer);
            assert.deepEqual(words(ids), rougeTokenize(s, { stemmer }));
            for (const id of ids) {
              assert.equal(byWord.get(tokenOfId(id)) ?? id, id);
              byWord.set(tokenOfId(id), id);
            }
          }
        }),
        { numRuns: 300 },
      );
      // Enough tokens for the index to grow several times.
      const many = Array.from({ length: 5000 }, (_, i) => `t${i}`).join(" ");
      const first = rougeIds(many, false);
      assert.deepEqual(rougeIds(` ${many}`, false), first);
      assert.equal(words(first).join(" "), many);
    }
  } finally {
    resetForTests();
  }
});

Deno.test("ids written across the shared blocks' ends stay as they were written", () => {
  // Texts of 0 to 9,000 tokens in turn (some past a block of 4,096 ids, most crossing a block's
  // end somewhere), each one's ids checked when made and again after the others were made.
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.nat({ max: 9_000 }), fc.nat({ max: 50 })), {
        minLength: 1,
        maxLength: 8,
      }),
      (shapes) => {
        beginRow();
        const texts = shapes.map(([length, seed]) =>
          Array.from({ length }, (_, k) => `t${(k * 7 + seed) % 61}`).join(" ")
        );
        const made = texts.map((s) => {
          const ids = rougeIds(s, false);
          assert.deepEqual(words(ids), rougeTokenize(s));
          return ids;
        });
        made.forEach((ids, k) => assert.deepEqual(words(ids), rougeTokenize(texts[k])));
      },
    ),
    { numRuns: 60 },
  );
});
