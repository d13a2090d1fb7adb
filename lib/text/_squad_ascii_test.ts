import fc from "fast-check";
import assert from "node:assert/strict";
import {
  asciiSquadHead,
  asciiSquadRanges,
  asciiSquadTokens,
  handledByAsciiPass,
  sameAsciiNormalized,
  sameAsciiToken,
} from "./_squad_ascii.ts";
import { normalizeAnswer } from "./squad_normalize.ts";

// Pieces that exercise every class of character the pass handles, and some it leaves alone.
const PIECES = [
  "a",
  "an",
  "the",
  "A",
  "An",
  "THE",
  "tHe",
  "x",
  "Q",
  "7",
  "ab",
  "aN",
  "-",
  ".",
  "_",
  "'",
  ",",
  " ",
  "  ",
  "\t",
  "\n",
  "\x1c",
  "\x01",
  "\x7f",
  "é",
  "ß",
  "😀",
  // No-break space (whitespace to Python), İ and the Kelvin sign (lowercased to ASCII letters
  // and more), capital sigma (lowercased by its neighbours).
  "\u00a0",
  "\u0130",
  "\u212a",
  "\u03a3",
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((xs) => xs.join(""));

Deno.test("asciiSquadRanges: the tokens of asciiSquadTokens, as ranges whose characters match", () => {
  fc.assert(
    fc.property(text, (s) => {
      const tokens = asciiSquadTokens(s);
      const ranges = asciiSquadRanges(s);
      if (tokens === undefined) return assert.equal(ranges, undefined);
      assert.ok(ranges !== undefined);
      assert.equal(ranges.length, 3 * tokens.length);
      for (let t = 0; t < tokens.length; t++) {
        const piece = s.slice(ranges[3 * t], ranges[3 * t + 1]);
        assert.equal(piece.toLowerCase().replace(/[!-/:-@[-`{-~]/g, ""), tokens[t]);
      }
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("property: asciiSquadRanges reads the text's bytes: NUL, lone surrogates, long texts", () => {
  // The scan reads the encoded text with a 0 byte after it: a character 0 (at the end too), a
  // surrogate without its pair (three bytes) or any non-ASCII character leaves the text to the
  // step-by-step path; texts longer than the kept buffer get one of their own.
  const piece = fc.constantFrom(
    "ab",
    "The",
    "a",
    " ",
    "\t",
    "-",
    "\x00",
    "\x1f",
    "\ud800",
    "\udc00",
    "\ud83d\ude00",
    "\u00e9",
    "x".repeat(70_000),
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
      const s = pieces.join("");
      const tokens = asciiSquadTokens(s);
      const ranges = asciiSquadRanges(s);
      if (tokens === undefined) return assert.equal(ranges, undefined);
      assert.ok(ranges !== undefined);
      assert.deepEqual(
        Array.from(
          { length: ranges.length / 3 },
          (_, t) =>
            s.slice(ranges[3 * t], ranges[3 * t + 1]).toLowerCase().replace(/[!-/:-@[-`{-~]/g, ""),
        ),
        tokens,
      );
    }),
    { numRuns: 3_000 },
  );
});

Deno.test("asciiSquadRanges: a text whose encoding overflows the kept buffer is not read from stale bytes", () => {
  // The kept buffer holds 2^16 bytes: a text of 2^16 - 1 code units fits in it as ASCII, but
  // its last character, three bytes long, does not, so the encoding stops before it.
  const n = (1 << 16) - 1;
  assert.equal(asciiSquadRanges("x".repeat(n))!.length, 3);
  assert.equal(asciiSquadRanges("x".repeat(n - 1) + "\u20ac"), undefined);
});

Deno.test("asciiSquadRanges: ranges handed out stay as they were while other texts are read", () => {
  const long = Array.from({ length: 30_000 }, (_, i) => `w${i}`).join(" ");
  fc.assert(
    fc.property(fc.array(fc.oneof(text, fc.constant(long)), { maxLength: 6 }), (texts) => {
      const kept = texts.map((s) => [asciiSquadRanges(s), asciiSquadRanges(s)?.slice()] as const);
      for (const [ranges, copy] of kept) assert.deepEqual(ranges, copy);
      for (const [i, s] of texts.entries()) assert.deepEqual(asciiSquadRanges(s), kept[i][1]);
    }),
    { numRuns: 300 },
  );
});

Deno.test("sameAsciiToken: true exactly when the two tokens are equal strings", () => {
  fc.assert(
    fc.property(text, text, (a, b) => {
      const ta = asciiSquadTokens(a);
      const tb = asciiSquadTokens(b);
      const ra = asciiSquadRanges(a);
      const rb = asciiSquadRanges(b);
      if (ta === undefined || tb === undefined || ra === undefined || rb === undefined) return;
      for (let i = 0; i < ta.length; i++) {
        for (let j = 0; j < tb.length; j++) {
          assert.equal(sameAsciiToken(a, ra, i, b, rb, j), ta[i] === tb[j], `${a} | ${b}`);
        }
      }
    }),
    { numRuns: 10_000 },
  );
});

Deno.test("property: sameAsciiToken compares the kept characters also when hashes collide", () => {
  // Tokens given by hand with one hash, so that only the characters can tell them apart.
  const token = fc.array(fc.constantFrom("a", "A", "b", "B", "7", ".", "-", "_", "'"), {
    minLength: 1,
    maxLength: 6,
  }).map((xs) => xs.join(""));
  const kept = (t: string) => t.toLowerCase().replace(/[^a-z0-9]/g, "");
  fc.assert(
    fc.property(token, token, fc.nat(3), fc.nat(3), (x, y, i, j) => {
      // Each token set in a text at some offset, its range given with the same hash.
      const a = " ".repeat(i) + x + " ";
      const b = "-".repeat(j) + y;
      const same = sameAsciiToken(a, [i, i + x.length, 5], 0, b, [j, j + y.length, 5], 0);
      assert.equal(same, kept(x) === kept(y), `${x} | ${y}`);
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("asciiSquadRanges: equal tokens hash alike; long texts and articles", () => {
  const s = "The cat, the CAT and a c-a-t; an x " + "word ".repeat(100);
  const r = asciiSquadRanges(s)!;
  const tokens = asciiSquadTokens(s)!;
  assert.equal(r.length / 3, tokens.length);
  assert.deepEqual(tokens.slice(0, 5), ["cat", "cat", "and", "cat", "x"]);
  assert.equal(r[2], r[5]);
  assert.equal(r[2], r[11]);
  assert.ok(sameAsciiToken(s, r, 0, s, r, 3));
  assert.equal(asciiSquadRanges("a an the . ,")!.length, 0);
  assert.equal(asciiSquadRanges("café"), undefined);
});

Deno.test("property: asciiSquadHead is the first units + 1 code units of the normalized text", () => {
  // Texts with characters the pass does not handle too: the head is told from the tokens before
  // the first of them, or not at all.
  const long = fc.array(text, { maxLength: 6 }).map((xs) => xs.join(" "));
  fc.assert(
    fc.property(long, fc.integer({ min: 0, max: 40 }), (s, units) => {
      const head = asciiSquadHead(s, units);
      const ranges = asciiSquadRanges(s);
      if (ranges !== undefined) {
        assert.notEqual(head, undefined);
        assert.equal(asciiSquadHead(s, units, ranges), head, s);
      }
      if (head !== undefined) assert.equal(head, normalizeAnswer(s).slice(0, units + 1), s);
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("property: asciiSquadHead with long tokens, punctuation inside them and uneven spacing", () => {
  // Words of up to 80 characters (keys hold lengths up to 63), some with punctuation inside.
  const word = fc.tuple(
    fc.constantFrom("x", "Ab", "the", "a", "Q7", "-", "'", "z".repeat(62), "Y".repeat(63)),
    fc.nat(80),
    fc.constantFrom("", ",", ".", "-", "'", "_", "-x", ".Z-"),
  ).map(([w, n, p]) => (w.length > 3 ? w : w.repeat(1 + (n % 30))) + p);
  const gap = fc.constantFrom(" ", " ", "  ", "\t", "\n ", " - ");
  const long = fc.array(fc.tuple(word, gap), { maxLength: 12 }).map((xs) =>
    xs.map(([w, g]) => w + g).join("")
  );
  fc.assert(
    fc.property(long, fc.integer({ min: 0, max: 200 }), (s, units) => {
      const joined = asciiSquadTokens(s)!.join(" ");
      assert.equal(asciiSquadHead(s, units), joined.slice(0, units + 1), JSON.stringify(s));
      const ranges = asciiSquadRanges(s)!;
      assert.equal(asciiSquadHead(s, units, ranges), joined.slice(0, units + 1), JSON.stringify(s));
    }),
    { numRuns: 10_000 },
  );
});

Deno.test("asciiSquadRanges drops exactly the articles among all words of one to three characters", () => {
  // Every word of one to three lowercase letters and digits (the articles are told by hash).
  const symbols = [..."0123456789abcdefghijklmnopqrstuvwxyz"];
  const words = [...symbols];
  for (const x of symbols) for (const y of symbols) words.push(x + y);
  for (const x of symbols) for (const y of symbols) for (const z of symbols) words.push(x + y + z);
  assert.equal(words.length, 47_988);
  const articles = new Set(["a", "an", "the"]);
  for (const word of words) {
    for (const s of [word, word.toUpperCase(), `${word[0]}-${word.slice(1)}.`]) {
      const kept = articles.has(word) ? 0 : 3;
      assert.equal(asciiSquadRanges(s)!.length, kept, s);
      assert.equal(asciiSquadTokens(s)!.length, kept / 3, s);
    }
  }
});

/**
 * sameAsciiNormalized answers for every pair the ASCII pass handles, and its answer (when it gives
 * one) is the general path's.
 */
function agreesWithGeneral(a: string, b: string): void {
  const got = sameAsciiNormalized(a, b);
  if (handledByAsciiPass(a) && handledByAsciiPass(b)) assert.notEqual(got, undefined);
  if (got !== undefined) {
    assert.equal(got, normalizeAnswer(a) === normalizeAnswer(b), JSON.stringify([a, b]));
  }
}

/** {@link agreesWithGeneral} on generated pairs, each either way round. */
function agreeOnPairs(pair: fc.Arbitrary<readonly [string, string]>): void {
  fc.assert(
    fc.property(
      pair,
      fc.boolean(),
      ([a, b], swap) => agreesWithGeneral(swap ? b : a, swap ? a : b),
    ),
    { numRuns: 20_000 },
  );
}

Deno.test("property: sameAsciiNormalized is the comparison of the normalized texts, when it tells", () => {
  // Pairs that often normalize alike: the same words written with other case, spacing,
  // punctuation and articles, or one word changed; characters the pass does not handle too.
  const variant = (s: string, k: number) =>
    k === 0
      ? s
      : k === 1
      ? ` The ${s.toUpperCase()}. `
      : k === 2
      ? s.replace(/ /g, "\t , ")
      : s + "x";
  const pair = fc.tuple(text, text, fc.nat(3)).map(([x, y, k]) =>
    [x, k === 3 ? y : variant(x, k)] as const
  );
  agreeOnPairs(pair);
});

Deno.test("property: sameAsciiNormalized passes pieces written alike together, as the general path", () => {
  // Two texts built from the same words, each word maybe written otherwise on one side (case,
  // punctuation, a letter more, an article), with their own whitespace between words: the walk
  // passes the words written alike together and compares the others token by token ("ab c"
  // against "abc" must not pass "ab" with "ab").
  const word = fc.constantFrom("ab", "abc", "c", "a", "the", "x7", "Ab", "ab,", "--", "é", "\x01");
  const otherwise = (w: string, k: number) =>
    k === 0 ? w.toUpperCase() : k === 1 ? `${w}.` : k === 2 ? `${w}c` : k === 3 ? `the ${w}` : w;
  const space = fc.constantFrom(" ", "  ", "\t", "\n ", "\x1c");
  // On the second side a word may also run into the next one.
  const joint = fc.oneof(space, fc.constant(""));
  const pair = fc.array(fc.tuple(word, fc.nat(15), space, joint), { maxLength: 6 }).map((ws) => {
    const a = ws.map(([w, , s]) => w + s).join("");
    const b = ws.map(([w, k, , s]) => otherwise(w, k) + s).join("");
    return [a.trimEnd(), b] as const;
  });
  agreeOnPairs(pair);
});

Deno.test("property: handledByAsciiPass is true exactly for the texts asciiSquadRanges reads", () => {
  fc.assert(
    fc.property(fc.oneof(text, fc.string({ unit: "binary", maxLength: 8 })), (s) => {
      assert.equal(handledByAsciiPass(s), asciiSquadRanges(s) !== undefined, JSON.stringify(s));
    }),
    { numRuns: 20_000 },
  );
});
