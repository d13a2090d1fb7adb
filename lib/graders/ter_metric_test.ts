import assert from "node:assert/strict";
import fc from "fast-check";
import { corpusTer, sentenceTer, terFromStats, terStats } from "./ter_metric.ts";
import type { TerOptions } from "./ter_settings.ts";
import { terGrader } from "./ter.ts";
import { translationEditRateOfTokens } from "./_ter_edit_distance.ts";
import { pyRstrip, tokenizeTercom } from "../text/mod.ts";

Deno.test("TER counts insertions, deletions, substitutions and block shifts", () => {
  assert.equal(sentenceTer("the cat sat", ["the cat sat"]).numEdits, 0);
  assert.equal(sentenceTer("the cat", ["the cat sat"]).numEdits, 1); // one insertion
  assert.equal(sentenceTer("the big cat sat", ["the cat sat"]).numEdits, 1); // one deletion
  assert.equal(sentenceTer("the dog sat", ["the cat sat"]).numEdits, 1); // one substitution
  // A block of three words moved: one shift, not six word edits.
  assert.equal(sentenceTer("on the mat the cat sat", ["the cat sat on the mat"]).numEdits, 1);
  // Case is ignored unless asked for.
  assert.equal(sentenceTer("The Cat", ["the cat"]).numEdits, 0);
  assert.equal(sentenceTer("The Cat", ["the cat"], { caseSensitive: true }).numEdits, 2);
});

Deno.test("several references: fewest edits, average length of all references", () => {
  const r = sentenceTer("a b c", ["a b c d e f", "a b"]);
  assert.deepEqual([r.numEdits, r.refLength], [1, 4]);
  assert.equal(r.score, 1 / 4);
});

Deno.test("empty sides, scores above 1 and corpus sums", () => {
  assert.deepEqual(terStats("", ["a b"]), [2, 2]);
  assert.deepEqual(terStats("a b", [""]), [2, 0]);
  assert.equal(sentenceTer("a b", [""]).score, 1);
  assert.equal(sentenceTer("", [""]).score, 0);
  assert.equal(sentenceTer("one two three four five six", ["yes"]).score, 6);
  const corpus = corpusTer(["a b", "c"], [["a x"], ["c d e"]]);
  assert.deepEqual([corpus.numEdits, corpus.refLength], [3, 5]);
  assert.equal(corpus.score, terFromStats([3, 5]));
});

Deno.test("TER is at least 0, and 0 only for identical token lists", () => {
  const words = fc.array(fc.constantFrom("a", "b", "c", "d"), { maxLength: 14 }).map((w) =>
    w.join(" ")
  );
  fc.assert(
    fc.property(words, words, (h, r) => {
      const { score, numEdits } = sentenceTer(h, [r]);
      assert.ok(score >= 0 && Number.isInteger(numEdits));
      assert.equal(numEdits === 0, h === r);
      // Edits never exceed the plain word edit distance bound max(len(h), len(r)).
      const n = Math.max(h.split(" ").filter(Boolean).length, r.split(" ").filter(Boolean).length);
      assert.ok(numEdits <= n);
    }),
    { numRuns: 300 },
  );
});

Deno.test("the TER grader: lower is better, thresholds above 1 allowed, not below 0", () => {
  const row = { output: "a b c d", references: ["a x c d"] };
  assert.equal(terGrader.grade(row).score, 0.25);
  assert.equal(terGrader.grade({ ...row, threshold: 0.25 }).pass, true);
  const fail = terGrader.grade({ ...row, threshold: 0.2 });
  assert.equal(fail.pass, false);
  assert.equal(fail.reason, "score 0.25 is above the threshold 0.2 (lower is better)");
  assert.equal(terGrader.grade({ output: "x y z", references: ["a"], threshold: 2.5 }).pass, false);
  assert.equal(terGrader.grade({ output: "x y", references: ["a"], threshold: 2.5 }).pass, true);
  assert.equal(terGrader.grade({ ...row, threshold: -0.1 }).error, "bad-threshold");
  assert.deepEqual(terGrader.grade(row).stats, [1, 4]);
});

Deno.test("lines read without tokenizing are counted as the tokenizer's words are", () => {
  // The fast path reads an ASCII line's words as the tokenizer splits them (any ASCII whitespace
  // Python splits on, spaces at the ends or doubled, A–Z lowercased unless case counts); every
  // other line (non-ASCII letters and whitespace, the Kelvin sign that lowercases to ASCII) must
  // count as tokenizing it first does.
  const word = fc.array(
    fc.constantFrom(
      "a",
      "B",
      "b",
      "c",
      "Z",
      "z",
      "@",
      "[",
      ".",
      "~",
      "\u0000",
      "\u007f",
      "é",
      "\u212a",
      "k",
    ),
    { minLength: 1, maxLength: 3 },
  ).map((c) => c.join(""));
  const gap = fc.constantFrom(" ", " ", " ", "  ", "\t", "\u00a0", "\n", "\r", "\u000b", "\u001f");
  const line = fc.tuple(fc.constantFrom("", " "), fc.array(fc.tuple(word, gap), { maxLength: 8 }))
    .map(([lead, parts]) => lead + parts.map(([w, g]) => w + g).join(""));
  const options = fc.record({ caseSensitive: fc.boolean(), asianSupport: fc.boolean() });
  fc.assert(
    fc.property(line, line, options, (h, r, settings) => {
      const general = translationEditRateOfTokens(
        tokenizeTercom(pyRstrip(h), settings),
        tokenizeTercom(pyRstrip(r), settings),
      );
      assert.deepEqual(terStats(h, [r], settings), [general.edits, general.refLength]);
      // Two references: each pair read the same way, the same edits and average length.
      assert.deepEqual(terStats(h, [r, r], settings), terStats(h, [r], settings));
    }),
    { numRuns: 3_000 },
  );
});

Deno.test("a reference equal to the hypothesis, as text or as line, counts as tokenizing does", () => {
  // The shortcuts (the same text, the same right-stripped and lowercased line, or a reference
  // among several equal to the hypothesis) must give what tokenizing every text and counting
  // edits gives, under every option set, on any text: non-ASCII letters that lowercase to longer
  // strings, Python's non-ASCII whitespace, empty texts.
  const piece = fc.oneof(
    fc.constantFrom("a", "A", "b", "B", ".", "'s", "&amp;", "é", "É", "İ", "\u212a", "我", "。"),
    fc.constantFrom(" ", " ", "  ", "\t", "\n", "\u00a0", "\u3000", "\u0085", "\u001c", "\u200b"),
    fc.string({ unit: "grapheme", maxLength: 2 }),
  );
  const text = fc.array(piece, { maxLength: 10 }).map((p) => p.join(""));
  const caseOf = (s: string, k: number) =>
    k === 0 ? s : k === 1 ? s.toUpperCase() : k === 2 ? `${s} \t` : s.toLowerCase();
  const row = fc.tuple(text, fc.array(fc.tuple(fc.nat(4), text), { minLength: 1, maxLength: 3 }))
    .map(([h, refs]) => ({
      h,
      refs: refs.map(([k, r]) => k === 4 ? r : caseOf(h, k)),
    }));
  const options = fc.record({
    normalized: fc.boolean(),
    noPunct: fc.boolean(),
    asianSupport: fc.boolean(),
    caseSensitive: fc.boolean(),
  });
  const general = (h: string, refs: string[], settings: TerOptions): number[] => {
    const tokens = (s: string) => tokenizeTercom(pyRstrip(s), settings);
    let best = Infinity;
    let lengths = 0;
    for (const r of refs) {
      const { edits, refLength } = translationEditRateOfTokens(tokens(h), tokens(r));
      best = Math.min(best, edits);
      lengths += refLength;
    }
    return [best, lengths / refs.length];
  };
  fc.assert(
    fc.property(row, options, ({ h, refs }, settings) => {
      assert.deepEqual(terStats(h, refs, settings), general(h, refs, settings));
    }),
    { numRuns: 5_000 },
  );
});
