import assert from "node:assert/strict";
import fc from "fast-check";
import { bitEditDistance } from "./_bit_edit_distance.ts";
import { translationEditRate, translationEditRateOfTokens } from "./_ter_edit_distance.ts";
import { wordEditDistance } from "../../tests/_word_distance.ts";

// Few distinct words (some outside ASCII and the BMP), so that repeats, matching blocks and
// shifts come up often; lengths past the beam's width (25) so that its bounds matter too.
const word = fc.constantFrom("a", "b", "c", "d", "e", "é", "𝒳", "ǘ");
const words = fc.array(word, { maxLength: 70 });

/** Short lists of four words: where one edit more or less decides whether a shift is taken. */
const short = fc.array(fc.constantFrom("a", "b", "ß", "𝒳"), { maxLength: 8 });

/** Pairs of word lists: unrelated (long or short), a block moved, or rotated with an extra word. */
const pairs = fc.oneof(
  fc.tuple(words, words),
  fc.tuple(short, short),
  words.map((h) => [h, [...h.slice(5, 20), ...h.slice(0, 5), ...h.slice(20)]]),
  words.map((h) => [h, [...h.slice(10), "x", ...h.slice(0, 10)]]),
  // A shared start and end around a changed middle, about as long as the beam is wide.
  fc.tuple(fc.array(word, { minLength: 10, maxLength: 40 }), short, fc.nat(), fc.nat()).map(
    ([h, middle, from, to]) => {
      const a = from % (h.length + 1);
      const b = a + to % Math.min(6, h.length - a + 1);
      return [h, [...h.slice(0, a), ...middle, ...h.slice(b)]];
    },
  ),
);

Deno.test("the pruned shift search gives the plain search's edits", () => {
  fc.assert(
    fc.property(pairs, ([h, r]) => {
      assert.deepEqual(translationEditRate(h, r), translationEditRate(h, r, false));
    }),
    { numRuns: 3000 },
  );
});

Deno.test("the token-text form equals the word-list form", () => {
  fc.assert(
    fc.property(pairs, ([h, r]) => {
      const plain = translationEditRate(h, r, false);
      assert.deepEqual(translationEditRateOfTokens(h.join(" "), r.join(" ")), plain);
      assert.deepEqual(translationEditRateOfTokens(h.join(" "), r.join(" "), false), plain);
    }),
    { numRuns: 3000 },
  );
});

Deno.test("shortcuts at the edges: empty sides, equal texts, distance at its least", () => {
  assert.deepEqual(translationEditRateOfTokens("", "a b"), { edits: 2, refLength: 2 });
  assert.deepEqual(translationEditRateOfTokens("a b c", ""), { edits: 3, refLength: 0 });
  assert.deepEqual(translationEditRateOfTokens("a b", "a b"), { edits: 0, refLength: 2 });
  // Substitutions only: no order of the words does better, so no shift is looked for.
  assert.deepEqual(translationEditRateOfTokens("a b c", "a x c"), { edits: 1, refLength: 3 });
  // A shift, after which the distance is at its least (no second round).
  assert.deepEqual(translationEditRateOfTokens("c d a b", "a b c d"), { edits: 1, refLength: 4 });
  assert.deepEqual(translationEditRate(["c", "d", "a", "b"], ["a", "b", "c", "d"], false), {
    edits: 1,
    refLength: 4,
  });
});

Deno.test("long repetitive pairs (the candidate cap, a narrow beam) agree with the plain search", () => {
  // Two or three distinct words over 60–120 positions: thousands of candidate shifts, so the
  // search stops at its cap, and lengths past the beam's width.
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom("a", "b", "ü"), { minLength: 60, maxLength: 120 }),
      fc.array(fc.constantFrom("a", "b", "ü"), { minLength: 60, maxLength: 120 }),
      (h, r) => {
        assert.deepEqual(translationEditRate(h, r), translationEditRate(h, r, false));
        assert.deepEqual(
          translationEditRate(h, [...r].reverse()),
          translationEditRate(h, [...r].reverse(), false),
        );
      },
    ),
    { numRuns: 40 },
  );
});

Deno.test("a block of new words where the beam decides agrees with the plain search", () => {
  // Inserting or deleting many words at once puts the cheapest path without a beam outside it
  // (60 new words before 60 kept ones: 69 edits, not 60). Every size around the beam's width,
  // at the start, the end and inside.
  const block = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i}`);
  for (const x of [1, 5, 10, 20, 22, 23, 24, 25, 26, 30, 45, 60]) {
    for (const c of [3, 10, 20, 25, 30, 60]) {
      const X = block(x, "x");
      const C = block(c, "c");
      const cut = Math.floor(c / 3);
      for (const h of [[...X, ...C], [...C, ...X], [...C.slice(0, cut), ...X, ...C.slice(cut)]]) {
        assert.deepEqual(translationEditRate(h, C), translationEditRate(h, C, false), `${x} ${c}`);
        assert.deepEqual(translationEditRate(C, h), translationEditRate(C, h, false), `${x} ${c}`);
      }
    }
  }
});

Deno.test("the bit-parallel distance equals the word edit distance's table, up to 64 words", () => {
  // Few symbols so that words repeat; the reference's length on both sides of 32 and up to 64,
  // the hypothesis either unrelated or the reference with a few words changed.
  const symbol = fc.integer({ min: 0, max: 5 });
  // (`size: "max"`: lengths drawn over the whole range, not mostly short ones.)
  const ref = fc.array(symbol, { minLength: 1, maxLength: 64, size: "max" });
  const edit = fc.tuple(fc.nat(), fc.constantFrom("sub", "ins", "del"), symbol);
  const pair = fc.oneof(
    fc.tuple(fc.array(symbol, { maxLength: 70, size: "max" }), ref),
    fc.tuple(ref, fc.array(edit, { maxLength: 6 })).map(([r, edits]) => {
      const h = [...r];
      for (const [at, kind, s] of edits) {
        const i = at % (h.length + 1);
        if (kind === "ins") h.splice(i, 0, s);
        else if (i < h.length) kind === "sub" ? (h[i] = s) : h.splice(i, 1);
      }
      return [h, r];
    }),
  );
  // One scratch array for every run: each call must leave it all 0 for the next.
  const positions = new Int32Array(12);
  fc.assert(
    fc.property(pair, ([h, r]) => {
      const distance = bitEditDistance(
        Int32Array.from(h),
        h.length,
        Int32Array.from(r),
        r.length,
        positions,
      );
      assert.equal(distance, wordEditDistance(h, r));
      assert.ok(positions.every((x) => x === 0));
    }),
    { numRuns: 4000 },
  );
});

Deno.test("very unequal lengths of mostly different words agree with the plain search", () => {
  // Where the first distance is already the least but the lengths differ too much to place every
  // cheapest path inside the beam: the path down the beam's centre decides, or the table does.
  // A long reference and a short hypothesis taken from anywhere in it (or the other way round)
  // make the beam's distance differ from the distance without a beam.
  const vocabulary = fc.integer({ min: 0, max: 400 }).map((k) => `w${k}`);
  const long = fc.array(vocabulary, { minLength: 30, maxLength: 64 });
  const piece = fc.tuple(
    long,
    fc.nat(),
    fc.integer({ min: 0, max: 12 }),
    fc.array(vocabulary, {
      maxLength: 4,
    }),
  ).map(([words, from, length, noise]) => {
    const at = from % words.length;
    return [...words.slice(at, at + length), ...noise];
  });
  const pair = fc.oneof(
    fc.tuple(long, piece).map(([r, h]) => [h, r]),
    fc.tuple(long, piece).map(([r, h]) => [r, h.length === 0 ? ["x"] : h]),
    fc.tuple(long, fc.constant([] as string[])).map(([r, h]) => [h, r]),
    fc.tuple(long, long),
  );
  // One to three words of a reference of 52–64 distinct words, from its start or its end: the
  // beam (wider than 25 here) leaves out the cells that would match them.
  const edge = fc.tuple(
    fc.integer({ min: 52, max: 64 }),
    fc.integer({ min: 1, max: 3 }),
    fc.boolean(),
  )
    .map(([m, n, start]) => {
      const r = Array.from({ length: m }, (_, k) => `w${k}`);
      return [start ? r.slice(0, n) : r.slice(m - n), r];
    });
  fc.assert(
    fc.property(fc.oneof(pair, edge), ([h, r]) => {
      assert.deepEqual(translationEditRate(h, r), translationEditRate(h, r, false));
    }),
    { numRuns: 3000 },
  );
  // The first word of 64: the beam's only cheap path is cut off, so it costs one more.
  const r = Array.from({ length: 64 }, (_, k) => `w${k}`);
  assert.deepEqual(translationEditRate(["w0"], r), { edits: 64, refLength: 64 });
  assert.deepEqual(translationEditRate(["w63"], r), { edits: 63, refLength: 64 });
});
