import assert from "node:assert/strict";
import fc from "fast-check";
import {
  bleuFigures,
  bleuFromStats,
  bleuScore,
  bleuStats,
  corpusBleu,
  corpusBleuWithSentences,
  sentenceBleu,
} from "./bleu_metric.ts";
import { nrefsLabel } from "./signature.ts";
import { pyRstrip, tokens13a } from "../text/mod.ts";

const words = fc.array(fc.constantFrom("the", "cat", "sat", "mat", "on", "a", ".", "dog"), {
  maxLength: 12,
}).map((w) => w.join(" "));

Deno.test("corpus BLEU is the aggregation of summed segment statistics", () => {
  fc.assert(fc.property(
    fc.array(fc.tuple(words, fc.array(words, { minLength: 1, maxLength: 3 })), {
      minLength: 1,
      maxLength: 6,
    }),
    (segments) => {
      const hyps = segments.map(([h]) => h);
      const refs = segments.map(([, r]) => r);
      const summed = hyps.map((h, i) => bleuStats(h, refs[i]))
        .reduce((a, b) => a.map((x, i) => x + b[i]));
      const corpus = corpusBleu(hyps, refs);
      const nrefs = nrefsLabel(refs.map((r) => r.length));
      assert.deepEqual(corpus, bleuFromStats(summed, { effectiveOrder: false, nrefs }));
      assert.ok(corpus.score >= 0 && corpus.score <= 1);
    },
  ));
});

Deno.test("sentence scores stay within [0, 1] and identical text scores exactly 1", () => {
  fc.assert(fc.property(words, words, (h, r) => {
    const s = sentenceBleu(h, [r]).score;
    assert.ok(s >= 0 && s <= 1);
  }));
  assert.equal(sentenceBleu("a b c d e", ["a b c d e"]).score, 1);
});

Deno.test("closest reference length: a tie goes to the shorter reference", () => {
  // hypothesis of 3 tokens; references of 2 and 4 tokens are equally close.
  assert.equal(bleuStats("a b c", ["x y z w", "x y"])[1], 2);
  assert.equal(bleuStats("a b c", ["x y", "x y z w"])[1], 2);
});

Deno.test("several references clip by the maximum count of each n-gram", () => {
  const stats = bleuStats("the the the", ["the cat", "the the"]);
  assert.equal(stats[2], 2); // unigram matches: at most two "the" in one reference
});

Deno.test("empty hypothesis gives bp 0, empty reference bp 1, both score 0", () => {
  assert.equal(sentenceBleu("", ["a b"]).bp, 0);
  assert.equal(sentenceBleu("a b", [""]).bp, 1);
  assert.equal(sentenceBleu("", [""]).score, 0);
});

Deno.test("bad shapes are refused with clear errors", () => {
  assert.throws(() => sentenceBleu("a", []), RangeError);
  assert.throws(() => corpusBleu(["a"], []), /one reference list per hypothesis/);
  assert.throws(() => corpusBleu([], []), /at least one segment/);
  assert.throws(() => bleuFromStats([1, 2], { effectiveOrder: true }), TypeError);
});

Deno.test("smoothing methods: floor, add-k (reported counts include k) and none", () => {
  // "Go home" against "Go home now": no 3- or 4-grams in the hypothesis.
  const addK = sentenceBleu("Go home", ["Go home now"], { smoothMethod: "add-k", smoothValue: 2 });
  assert.ok(Math.abs(addK.score - Math.exp(1 - 3 / 2)) < 1e-12); // the brevity penalty alone
  assert.deepEqual([addK.counts, addK.totals], [[2, 3, 2, 2], [2, 3, 2, 2]]);
  assert.match(addK.signature, /smooth:add-k\[2\.00\]/);
  const floor = sentenceBleu("a b c d", ["a b x y"], { smoothMethod: "floor" });
  assert.deepEqual(
    floor.precisions.map((p) => +p.toFixed(6)),
    [0.5, 1 / 3, 0.1 / 2, 0.1 / 1].map((p) => +p.toFixed(6)),
  );
  assert.match(floor.signature, /smooth:floor\[0\.10\]/);
  assert.equal(sentenceBleu("a b c d", ["a b x y"], { smoothMethod: "none" }).score, 0);
  assert.equal(sentenceBleu("a b c d", ["a b x y"], { smoothMethod: "exp" }).precisions[2], 1 / 4);
});

Deno.test("effective order: off, an order the hypothesis lacks makes the score 0", () => {
  assert.equal(sentenceBleu("Yes .", ["Yes ."], { effectiveOrder: false }).score, 0);
  assert.equal(sentenceBleu("Yes .", ["Yes ."]).score, 1);
  assert.equal(corpusBleu(["Yes ."], [["Yes ."]], { effectiveOrder: true }).score, 1);
  assert.equal(
    sentenceBleu("Yes .", ["Yes ."], { maxNgramOrder: 2, effectiveOrder: false }).score,
    1,
  );
});

Deno.test("tokenizer and case settings change the statistics as sacreBLEU's do", () => {
  assert.deepEqual(bleuStats("Hello, World", ["hello, world"], { maxNgramOrder: 1 }), [3, 3, 1, 3]);
  assert.deepEqual(
    bleuStats("Hello, World", ["hello, world"], { maxNgramOrder: 1, lowercase: true }),
    [3, 3, 3, 3],
  );
  assert.deepEqual(bleuStats("a,b", ["a,b"], { tokenize: "none", maxNgramOrder: 1 }), [1, 1, 1, 1]);
  assert.deepEqual(bleuStats("北京", ["北京"], { tokenize: "zh", maxNgramOrder: 1 }), [2, 2, 2, 2]);
  assert.deepEqual(bleuStats("北京", ["北京"], { maxNgramOrder: 1 }), [1, 1, 1, 1]);
});

Deno.test("options are checked: unknown names, wrong types and values out of range", () => {
  assert.throws(() => sentenceBleu("a", ["a"], { tokenize: "moses" as never }), {
    name: "RangeError",
    message: /option "tokenize" must be one of 13a, none, intl, char, zh, got "moses"/,
  });
  assert.throws(() => sentenceBleu("a", ["a"], { maxNgramOrder: 0 }), RangeError);
  assert.throws(() => sentenceBleu("a", ["a"], { smoothValue: -1 }), RangeError);
  assert.throws(() => corpusBleu(["a"], [["a"]], { lowercase: "yes" as never }), TypeError);
  assert.throws(
    () => sentenceBleu("a", ["a"], { tokenizer: "intl" } as never),
    /did you mean "tokenize"/,
  );
  // Statistics of another order than the one asked for are refused.
  assert.throws(
    () => bleuFromStats(bleuStats("a b", ["a b"]), { effectiveOrder: true, maxNgramOrder: 2 }),
    /are for n-gram order 4, not 2/,
  );
  assert.equal(
    bleuFromStats(bleuStats("a b", ["a b"], { maxNgramOrder: 2 }), { effectiveOrder: false }).score,
    1,
  );
});

Deno.test("a reference equal to the hypothesis gives the statistics of the general path", () => {
  // A trailing space is stripped before tokenizing, so `${h} ` has h's tokens but is another
  // string: with two references it goes the general way, while h itself takes the shortcut; with
  // one, both are the same text once stripped, and both must count as the plain rule does.
  const text = fc.string({
    unit: fc.constantFrom("a", "b", "B", " ", ".", ",", "-", "1", "é", "\u00a0", "\n"),
  });
  fc.assert(
    fc.property(text, text, (h, other) => {
      assert.deepEqual(bleuStats(h, [h]), plain(h, h));
      assert.deepEqual(bleuStats(h, [`${h} `]), plain(h, `${h} `));
      assert.deepEqual(bleuStats(h, [`${h}\n`]), plain(h, `${h}\n`));
      assert.deepEqual(bleuStats(h, [h.toUpperCase()]), plain(h, h.toUpperCase()));
      const lower = { lowercase: true };
      assert.deepEqual(
        bleuStats(h, [h.toUpperCase()], lower),
        plain(h.toLowerCase(), h.toUpperCase().toLowerCase()),
      );
      assert.deepEqual(bleuStats(h, [other, h]), bleuStats(h, [other, `${h} `]));
    }),
    { numRuns: 1000 },
  );
});

Deno.test("corpusBleuWithSentences: corpusBleu and every sentenceBleu from one pass", () => {
  const segment = fc.tuple(words, fc.array(words, { minLength: 1, maxLength: 3 }));
  const options = fc.record({
    tokenize: fc.constantFrom("13a", "none", "char", "intl"),
    lowercase: fc.boolean(),
    smoothMethod: fc.constantFrom("exp", "floor", "add-k", "none"),
    smoothValue: fc.constantFrom(null, 0.5, 2),
    maxNgramOrder: fc.constantFrom(1, 2, 4, 6),
    effectiveOrder: fc.constantFrom(null, true, false),
  });
  fc.assert(fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), options, (s, o) => {
    const hyps = s.map(([h]) => h);
    const refs = s.map(([, r]) => r);
    const { sentences, ...corpus } = corpusBleuWithSentences(hyps, refs, o);
    assert.deepEqual(corpus, corpusBleu(hyps, refs, o));
    assert.deepEqual(sentences.scores, hyps.map((h, i) => sentenceBleu(h, refs[i], o).score));
    assert.equal(sentences.mean, sentences.scores.reduce((a, b) => a + b) / hyps.length);
  }));
});

// The plain rule: sacreBLEU's tokens (tokens13a of the right-stripped line), n-grams as joined
// strings in Maps.
function plain(h: string, r: string, order = 4): number[] {
  const hyp = tokens13a(pyRstrip(h));
  const ref = tokens13a(pyRstrip(r));
  const grams = (tokens: string[], n: number) => {
    const counts = new Map<string, number>();
    for (let i = 0; i + n <= tokens.length; i++) {
      const key = tokens.slice(i, i + n).join("\u0000");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };
  const correct: number[] = [];
  const totals: number[] = [];
  for (let n = 1; n <= order; n++) {
    const r = grams(ref, n);
    let m = 0;
    for (const [key, c] of grams(hyp, n)) m += Math.min(c, r.get(key) ?? 0);
    correct.push(m);
    totals.push(Math.max(0, hyp.length - n + 1));
  }
  return [hyp.length, ref.length, ...correct, ...totals];
}

Deno.test("13a with one reference: statistics as string n-grams count them, shared ends or not", () => {
  // Words some rule splits or joins, or that are tokens made by the rules (not spans of the
  // line), so that shared starts and ends are compared both ways.
  const word = fc.constantFrom(
    "the",
    "cat",
    "cats",
    "ca",
    "a.",
    "cat,",
    "(cat)",
    "$5",
    "1,5",
    "&amp;",
    "x-\n",
    "é",
    "😀",
    "\u00a0",
    "",
  );
  const line = fc.array(word, { maxLength: 14 });
  const nearCopy = fc.tuple(line, fc.nat(), fc.nat(), line, fc.constantFrom(" ", "  ", "\t"))
    .map(([hyp, cut, keep, middle, space]) => {
      const from = cut % (hyp.length + 1);
      const to = from + keep % (hyp.length - from + 1);
      const ref = [...hyp.slice(0, from), ...middle, ...hyp.slice(to)];
      return [hyp.join(" "), ref.join(space)];
    });
  fc.assert(
    fc.property(nearCopy, fc.constantFrom(1, 2, 4, 6), ([h, r], order) => {
      assert.deepEqual(bleuStats(h, [r], { maxNgramOrder: order }), plain(h, r, order));
      assert.deepEqual(bleuStats(r, [h], { maxNgramOrder: order }), plain(r, h, order));
    }),
    { numRuns: 3000 },
  ); // One line inside the other (wrapped in words, quotes or brackets, or cut off), where the
  // tokens at the seams may or may not be the inner line's own.
  const seam = fc.constantFrom("", " ", '"', "(", ")", ".", ": ", 'Answer: "', "x", "1");
  const wrapped = fc.tuple(line, line, line, seam, seam).map(([inner, before, after, l, r]) => {
    const text = inner.join(" ");
    return [text, `${before.join(" ")}${l}${text}${r}${after.join(" ")}`];
  });
  fc.assert(
    fc.property(wrapped, fc.constantFrom(1, 2, 4), ([h, r], order) => {
      assert.deepEqual(bleuStats(h, [r], { maxNgramOrder: order }), plain(h, r, order));
      assert.deepEqual(bleuStats(r, [h], { maxNgramOrder: order }), plain(r, h, order));
    }),
    { numRuns: 3000 },
  );
});

Deno.test("bleuScore of all-matched statistics (remembered by length) equals the general scoring", () => {
  // Statistics of a segment every n-gram of which matched, then the same a number away from that
  // pattern, under settings switching between two (differing in one field) from call to call: bleuScore keeps the first
  // kind's scores by length for the settings of the last call, bleuFigures always scores in full.
  // (With add-k, 100·x / x is not always 100, so k matters too.)
  const settings = fc.record({
    tokenize: fc.constant("13a" as const),
    lowercase: fc.constant(false),
    smoothMethod: fc.constantFrom(
      "exp" as const,
      "floor" as const,
      "add-k" as const,
      "none" as const,
    ),
    smoothValue: fc.constantFrom(null, 0, 0.01, 0.1, 1, 2.5),
    maxNgramOrder: fc.integer({ min: 1, max: 6 }),
    effectiveOrder: fc.boolean(),
  });
  const field = fc.constantFrom(
    "smoothMethod" as const,
    "smoothValue" as const,
    "maxNgramOrder" as const,
    "effectiveOrder" as const,
  );
  const call = fc.tuple(
    fc.boolean(),
    fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 300 })),
    fc.integer({ min: -1, max: 13 }),
  );
  fc.assert(
    fc.property(
      settings,
      settings,
      field,
      fc.array(call, { minLength: 1, maxLength: 16 }),
      (a, other, key, calls) => {
        // Two settings that differ in one field at most.
        const b = { ...a, [key]: other[key] };
        for (const [first, length, nudged] of calls) {
          const s = first ? a : b;
          const order = s.maxNgramOrder;
          const stats = [length, length];
          for (let n = 1; n <= order; n++) stats.push(Math.max(0, length - n + 1));
          for (let n = 1; n <= order; n++) stats.push(Math.max(0, length - n + 1));
          assert.equal(
            bleuScore(stats, s),
            bleuFigures(stats, s).score,
            JSON.stringify([s, stats]),
          );
          // One number changed (after the pattern's score is kept): no longer all matched, or
          // another length's pattern.
          if (nudged < 0 || nudged >= stats.length) continue;
          stats[nudged] += nudged % 2 === 0 ? 1 : -1;
          if (stats[nudged] < 0) continue;
          assert.equal(
            bleuScore(stats, s),
            bleuFigures(stats, s).score,
            JSON.stringify([s, stats]),
          );
        }
      },
    ),
    { numRuns: 5_000 },
  );
  // add-k's k matters even when everything matched: 44 tokens and k = 0.02 score below 1.
  const addK = {
    tokenize: "13a",
    lowercase: false,
    smoothMethod: "add-k",
    smoothValue: 1,
    maxNgramOrder: 4,
    effectiveOrder: true,
  } as const;
  const stats = [44, 44, 44, 43, 42, 41, 44, 43, 42, 41];
  assert.equal(bleuScore(stats, addK), 1);
  assert.equal(bleuScore(stats, { ...addK, smoothValue: 0.02 }), 0.9999999999999996);
  assert.equal(bleuScore(stats, addK), 1);
});
