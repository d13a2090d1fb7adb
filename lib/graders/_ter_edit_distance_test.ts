import assert from "node:assert/strict";
import fc from "fast-check";
import { translationEditRate, translationEditRateOfTokens } from "./_ter_edit_distance.ts";

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
