import assert from "node:assert/strict";
import fc from "fast-check";
import {
  chrfFromStats,
  chrfSegment,
  chrfStats,
  corpusChrf,
  corpusChrfWithSentences,
  sentenceChrf,
} from "./chrf_metric.ts";

Deno.test("chrF is within [0, 1], 1 for identical text, and ignores whitespace", () => {
  fc.assert(fc.property(fc.string({ maxLength: 15 }), fc.string({ maxLength: 15 }), (h, r) => {
    const s = sentenceChrf(h, [r]).score;
    assert.ok(s >= 0 && s <= 1);
  }));
  assert.equal(sentenceChrf("a b\u00a0c", ["abc"]).score, 1);
  assert.equal(sentenceChrf("", [""]).score, 0);
});

Deno.test("n-grams are over code points, not UTF-16 units", () => {
  const stats = chrfStats("😀😀", ["😀😀"]);
  assert.deepEqual(stats.slice(0, 6), [2, 2, 2, 1, 1, 1]);
});

Deno.test("an order the reference lacks records no hypothesis n-grams", () => {
  const stats = chrfStats("abcd", ["ab"]);
  assert.deepEqual(stats.slice(6, 9), [0, 0, 0]); // order 3: the reference has none
});

Deno.test("best reference: strictly higher wins, so the first wins ties", () => {
  assert.equal(chrfSegment("abc", ["abc", "abc"]).referenceIndex, 0);
  assert.equal(chrfSegment("abc", ["xyz", "abc"]).referenceIndex, 1);
});

Deno.test("corpus chrF sums the selected statistics", () => {
  const hyps = ["the cat", "a dog barks"];
  const refs = [["the cat sat"], ["a dog", "dogs bark"]];
  const summed = hyps.map((h, i) => chrfStats(h, refs[i])).reduce((a, b) =>
    a.map((x, i) => x + b[i])
  );
  const corpus = corpusChrf(hyps, refs);
  assert.deepEqual(corpus.stats, summed);
  assert.equal(corpus.score, chrfFromStats(summed));
  assert.match(corpus.signature, /^nrefs:var\|/);
});

Deno.test("chrF++ adds word unigrams and bigrams after the character orders", () => {
  const stats = chrfStats("the cat (sat)", ["the cat sat"], { wordOrder: 2 });
  assert.equal(stats.length, 24);
  // Words: the, cat, (sat, ) against the, cat, sat.
  assert.deepEqual(stats.slice(18), [4, 3, 2, 3, 2, 1]);
  assert.ok(sentenceChrf("the cat (sat)", ["the cat sat"], { wordOrder: 2 }).score < 1);
});

Deno.test("case, whitespace, β and eps smoothing", () => {
  assert.equal(sentenceChrf("ABC", ["abc"], { lowercase: true }).score, 1);
  assert.ok(sentenceChrf("ABC", ["abc"]).score === 0);
  // With whitespace kept, "a b" and "ab" differ.
  assert.equal(sentenceChrf("a b", ["ab"]).score, 1);
  assert.ok(sentenceChrf("a b", ["ab"], { whitespace: true }).score < 1);
  // β weighs recall: a short hypothesis scores lower with a larger β.
  const short = (beta: number) =>
    sentenceChrf("the cat", ["the cat sat on the mat"], { beta }).score;
  assert.ok(short(3) < short(2) && short(2) < short(1));
  // Eps smoothing averages per-order F-scores; an empty order counts as 1e-16, not as missing.
  const eps = sentenceChrf("ab", ["ab"], { epsSmoothing: true, charOrder: 3 });
  assert.ok(Math.abs(eps.score - (1 + 1 + 1e-16) / 3) < 1e-15);
  assert.equal(sentenceChrf("ab", ["ab"], { charOrder: 3 }).score, 1);
});

Deno.test("chrF options are checked", () => {
  assert.throws(() => sentenceChrf("a", ["a"], { charOrder: 0 }), RangeError);
  assert.throws(() => sentenceChrf("a", ["a"], { beta: -1 }), RangeError);
  assert.throws(() => sentenceChrf("a", ["a"], { wordOrder: 1.5 }), RangeError);
  assert.throws(() => corpusChrf(["a"], [["a"]], { whitespace: 1 as never }), TypeError);
  assert.throws(() => chrfFromStats([1, 2]), TypeError);
});

Deno.test("a reference equal to the hypothesis gives the statistics of the general path", () => {
  // Whitespace is dropped (by default), so `${h} ` has h's characters and words but is another
  // string: it goes the general way, while h itself takes the shortcut.
  const text = fc.string({
    unit: fc.constantFrom(
      "a",
      "b",
      " ",
      ".",
      "(",
      "😀",
      "\u00a0",
      "\t",
      "\ud83d",
      "\ude00",
      "é",
      "，",
    ),
  });
  fc.assert(
    fc.property(text, text, (h, other) => {
      for (const options of [{}, { wordOrder: 2 }]) {
        assert.deepEqual(chrfSegment(h, [h], options), chrfSegment(h, [`${h} `], options));
        // A lone high surrogate at the end, then one more character: not a pair.
        assert.deepEqual(
          chrfSegment(`${h}\ud83d`, [`${h}\ud83d`], options),
          chrfSegment(`${h}\ud83d`, [`${h}\ud83d `], options),
        );
        const two = chrfSegment(h, [other, h], options);
        const general = chrfSegment(h, [other, `${h} `], options);
        assert.deepEqual(two, general);
      }
      // With `whitespace` every character counts, so no other string has h's: the hypothesis's
      // length (its unigram count) against itself and against another text.
      const spaced = { whitespace: true, charOrder: 1 };
      assert.equal(chrfStats(h, [h], spaced)[0], chrfStats(h, ["x"], spaced)[0]);
    }),
    { numRuns: 1000 },
  );
});

Deno.test("characters are code points: surrogate pairs count once, lone surrogates as they are", () => {
  assert.deepEqual(chrfStats("a😀b", ["a😀b"], { charOrder: 1 }), [3, 3, 3]);
  assert.deepEqual(chrfStats("\ud800a\udc00", ["a\ud800"], { charOrder: 2 }), [3, 2, 2, 2, 1, 0]);
  assert.deepEqual(chrfStats("😀 😀", ["😀\ud83d"], { charOrder: 2 }), [2, 2, 1, 1, 1, 0]);
});

Deno.test("corpusChrfWithSentences: corpusChrf and every sentenceChrf from one pass", () => {
  const text = fc.array(fc.constantFrom("ab", "cat", "dog", "a", "Dog", "😀", ".", "(x)"), {
    maxLength: 8,
  }).map((w) => w.join(" "));
  const segment = fc.tuple(text, fc.array(text, { minLength: 1, maxLength: 3 }));
  const options = fc.record({
    wordOrder: fc.constantFrom(0, 1, 2),
    charOrder: fc.constantFrom(1, 3, 6),
    lowercase: fc.boolean(),
    whitespace: fc.boolean(),
    epsSmoothing: fc.boolean(),
    beta: fc.constantFrom(0, 1, 2, 3),
  });
  fc.assert(fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), options, (s, o) => {
    const hyps = s.map(([h]) => h);
    const refs = s.map(([, r]) => r);
    const { sentences, ...corpus } = corpusChrfWithSentences(hyps, refs, o);
    assert.deepEqual(corpus, corpusChrf(hyps, refs, o));
    assert.deepEqual(sentences.scores, hyps.map((h, i) => sentenceChrf(h, refs[i], o).score));
    assert.equal(sentences.mean, sentences.scores.reduce((a, b) => a + b) / hyps.length);
  }));
});

// Python's whitespace, listed by code point.
const SPACES = new Set([9, 10, 11, 12, 13, 28, 29, 30, 31, 32, 0x85, 0xa0, 0x1680, 0x3000]);
for (let c = 0x2000; c <= 0x200a; c++) SPACES.add(c);
for (const c of [0x2028, 0x2029, 0x202f, 0x205f]) SPACES.add(c);

/**
 * How many n-grams of code points (whitespace left out unless `keepSpaces`) `s` has, and each
 * one's count.
 */
function grams(s: string, n: number, keepSpaces = false) {
  const cps = [...s].filter((c) => keepSpaces || !SPACES.has(c.codePointAt(0)!));
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= cps.length; i++) {
    const g = cps.slice(i, i + n).join("\u0000");
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  return [Math.max(0, cps.length - n + 1), counts] as const;
}

/** chrF's character statistics (orders 1–6) by the plain rule: n-grams as strings in Maps. */
function plainCharStats(h: string, r: string, keepSpaces = false): number[] {
  const out: number[] = [];
  for (let n = 1; n <= 6; n++) {
    const [hypCount, hyp] = grams(h, n, keepSpaces);
    const [refCount, ref] = grams(r, n, keepSpaces);
    let match = 0;
    for (const [g, c] of hyp) match += Math.min(c, ref.get(g) ?? 0);
    out.push(refCount === 0 ? 0 : hypCount, refCount, match);
  }
  return out;
}

Deno.test("character statistics equal code-point n-grams counted as strings in Maps", () => {
  // ASCII code points take a path of their own (their symbols kept at hand); the rest go
  // through the table. Whitespace here is ASCII (tab, US, space) and not (NBSP, U+3000).
  const unit = fc.constantFrom(
    "a",
    "b",
    "A",
    ".",
    " ",
    "\t",
    "\x1f",
    "é",
    "😀",
    "\u00a0",
    "\u3000",
  );
  const text = fc.array(unit, { maxLength: 16 }).map((c) => c.join(""));
  fc.assert(
    fc.property(text, text, (h, r) => assert.deepEqual(chrfStats(h, [r]), plainCharStats(h, r))),
    { numRuns: 2000 },
  );
});

Deno.test("whitespace kept or left out, call after call: statistics as the plain rule counts them", () => {
  // ASCII whitespace is told apart from other characters by the hypothesis's own look-up table,
  // set for each hypothesis with the call's setting: a call keeping whitespace after one leaving
  // it out (and the other way round) must count it as its own setting says.
  const unit = fc.constantFrom("a", "b", " ", "\t", "\n", "\x1c", "\x1f", "é", "\u00a0", "😀");
  const text = fc.array(unit, { maxLength: 14 }).map((c) => c.join(""));
  fc.assert(
    fc.property(
      fc.array(fc.tuple(text, text, fc.boolean()), { minLength: 1, maxLength: 4 }),
      (calls) => {
        for (const [h, r, whitespace] of calls) {
          assert.deepEqual(
            chrfStats(h, [r], { whitespace }),
            plainCharStats(h, r, whitespace),
            JSON.stringify([h, r, whitespace]),
          );
        }
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("the same text but for whitespace: statistics as the plain rule counts them", () => {
  // Two texts with the same characters outside whitespace, spaced apart differently (a
  // whitespace may split a surrogate pair on one side only: two lone halves there, one code
  // point on the other side), and sometimes one character changed.
  const unit = fc.constantFrom("a", "b", ".", "é", "😀", "\ud83d", "\ude00", "\u0085");
  const space = fc.constantFrom("", "", "", " ", "  ", "\t", "\n", "\x1c", "\u00a0", "\u3000");
  const spaced = (units: string[], gaps: string[]) =>
    units.map((u, k) => gaps[k % Math.max(1, gaps.length)] + u).join("") + (gaps[0] ?? "");
  fc.assert(
    fc.property(
      fc.array(unit, { maxLength: 12 }),
      fc.array(space, { maxLength: 14 }),
      fc.array(space, { maxLength: 14 }),
      fc.option(fc.tuple(fc.nat(), unit)),
      (units, gapsH, gapsR, change) => {
        const other = [...units];
        if (change !== null && other.length > 0) other[change[0] % other.length] = change[1];
        const h = spaced(units, gapsH);
        const r = spaced(other, gapsR);
        assert.deepEqual(chrfStats(h, [r]), plainCharStats(h, r), JSON.stringify([h, r]));
      },
    ),
    { numRuns: 5000 },
  );
});

Deno.test("one text within the other: statistics as the plain rule counts them", () => {
  // The shortcut for a reference inside the hypothesis or around it must not take an
  // occurrence that cuts a surrogate pair in two (its halves are then code points of their own).
  const unit = fc.constantFrom("a", "b", " ", "\t", "é", "😀", "\ud83d", "\ude00", "\u3000");
  const text = fc.array(unit, { maxLength: 10 }).map((c) => c.join(""));
  fc.assert(
    fc.property(text, text, text, fc.boolean(), fc.boolean(), (inner, before, after, cut, flip) => {
      let outer = `${before}${inner}${after}`;
      // Sometimes the inner text starts or ends in the middle of one of the outer's pairs.
      if (cut) outer = `\ud83d${inner}\ude00`;
      const [h, r] = flip ? [inner, outer] : [outer, inner];
      assert.deepEqual(chrfStats(h, [r]), plainCharStats(h, r), JSON.stringify([h, r]));
    }),
    { numRuns: 3000 },
  );
});

Deno.test("words changed in place: statistics as the plain rule counts them", () => {
  // A reference with as many words as the hypothesis, some of them changed (the runs of words
  // kept are shared stretches): whitespace of every kind between words, non-ASCII and surrogate
  // halves in them, words that are prefixes of others, and short runs.
  const word = fc.constantFrom("a", "ab", "abc", "b", "😀", "\ud83d", "\ude00", "é", "a.", "xy");
  const space = fc.constantFrom(" ", "  ", "\t", "\u00a0", "\u3000 ");
  const line = fc.array(fc.tuple(word, space), { minLength: 1, maxLength: 12 });
  const pair = fc.tuple(line, fc.array(fc.tuple(fc.nat(), word)), space).map(
    ([words, changes, lead]) => {
      const hyp = words.map(([w, s]) => w + s).join("");
      const changed = words.map(([w]) => w);
      for (const [at, w] of changes) changed[at % changed.length] = w;
      return [hyp, lead + changed.join(" ")];
    },
  );
  fc.assert(
    fc.property(pair, fc.boolean(), ([h, r], flip) => {
      const [hyp, ref] = flip ? [r, h] : [h, r];
      assert.deepEqual(chrfStats(hyp, [ref]), plainCharStats(hyp, ref), JSON.stringify([hyp, ref]));
    }),
    { numRuns: 5000 },
  );
});

Deno.test("a text counted against itself: printable ASCII shortcut and the plain rule agree", () => {
  // Lines of printable ASCII and spaces are counted without a loop; a tab, a control character,
  // DEL or anything past ASCII sends a line the general way. Both must count as the plain rule.
  const unit = fc.constantFrom("a", "~", "!", " ", "  ", "\t", "\x1f", "\x7f", "é", "😀", "\u3000");
  const text = fc.array(unit, { maxLength: 16 }).map((c) => c.join(""));
  fc.assert(
    fc.property(text, text, (h, tail) => {
      assert.deepEqual(chrfStats(h, [h]), plainCharStats(h, h), JSON.stringify(h));
      // Within another text (counted the same way), and with every character counted.
      const outer = `${h}${tail}!`;
      assert.deepEqual(chrfStats(h, [outer]), plainCharStats(h, outer), JSON.stringify(outer));
      const spaced = { whitespace: true, charOrder: 1 };
      assert.equal(chrfStats(h, [h], spaced)[0], [...h].length);
    }),
    { numRuns: 3000 },
  );
});
