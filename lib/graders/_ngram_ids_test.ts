import assert from "node:assert/strict";
import fc from "fast-check";
import { NgramMatcher, SymbolTable } from "./_ngram_ids.ts";
import { Spans13a, spans13a } from "../text/tokenize_13a.ts";

// The plain rule the matcher must follow: n-grams as joined strings counted in Maps.
function counts(tokens: readonly string[], n: number): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = tokens.slice(i, i + n).join("\u0000");
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

function plainMatches(hyp: readonly string[], ref: readonly string[], order: number): number[] {
  return Array.from({ length: order }, (_, k) => {
    const r = counts(ref, k + 1);
    let m = 0;
    for (const [key, c] of counts(hyp, k + 1)) m += Math.min(c, r.get(key) ?? 0);
    return m;
  });
}

function plainClipped(hyp: readonly string[], refs: readonly string[][], order: number): number[] {
  return Array.from({ length: order }, (_, k) => {
    const most = new Map<string, number>();
    for (const ref of refs) {
      for (const [key, c] of counts(ref, k + 1)) most.set(key, Math.max(most.get(key) ?? 0, c));
    }
    let m = 0;
    for (const [key, c] of counts(hyp, k + 1)) m += Math.min(c, most.get(key) ?? 0);
    return m;
  });
}

const table = new SymbolTable();
const matcher = new NgramMatcher();

function start(hyp: readonly string[], order: number): void {
  table.reset();
  const seq = Int32Array.from(hyp, (t) => table.add(t));
  matcher.setHypothesis(seq, hyp.length, table.size, order);
  seq.fill(-7); // the caller may reuse its buffer: the matcher must not read it again
}

const lookUp = (ref: readonly string[]) => Int32Array.from(ref, (t) => table.find(t));

// A small alphabet, so that repeats, shared n-grams and references equal to the hypothesis
// (the matcher's shortcut) all come up often.
const tokens = fc.array(fc.constantFrom("a", "b", "c", "d"), { maxLength: 12 });
const pair = fc.tuple(tokens, tokens).chain(([h, r]) =>
  fc.tuple(fc.constant(h), fc.oneof(fc.constant(r), fc.constant([...h])))
);

Deno.test("matches: clipped matches per order, as string n-grams count them", () => {
  fc.assert(
    fc.property(pair, fc.integer({ min: 1, max: 7 }), ([hyp, ref], order) => {
      start(hyp, order);
      const out = new Array<number>(order).fill(-1);
      matcher.matches(lookUp(ref), ref.length, out);
      assert.deepEqual(out, plainMatches(hyp, ref, order));
      // A second reference against the same hypothesis (ids built by now or not).
      matcher.matches(lookUp(hyp), hyp.length, out);
      assert.deepEqual(out, plainMatches(hyp, hyp, order));
      matcher.matches(lookUp(ref), ref.length, out);
      assert.deepEqual(out, plainMatches(hyp, ref, order));
    }),
    { numRuns: 2000 },
  );
});

/**
 * `lookUp(ref)` in a longer buffer whose rest holds the hypothesis's symbols at their own places,
 * as a reused buffer may: the matcher must not read past the reference's length.
 */
const lookUpIn = (ref: readonly string[], hyp: readonly string[]) => {
  const out = new Int32Array(Math.max(ref.length, hyp.length) + 1);
  out.set(lookUp(hyp));
  out.set(lookUp(ref));
  return out;
};

/** A reference that keeps a start and an end of the hypothesis and changes what is between. */
const nearCopy = fc.tuple(
  fc.array(fc.constantFrom("a", "b", "c", "d"), { minLength: 1, maxLength: 30 }),
  fc.nat(),
  fc.nat(),
  tokens,
).map(([hyp, cut, keep, middle]) => {
  const from = cut % (hyp.length + 1);
  const to = from + keep % (hyp.length - from + 1);
  return [hyp, [...hyp.slice(0, from), ...middle, ...hyp.slice(to)]];
});

Deno.test("matches: a reference sharing a start or an end with the hypothesis", () => {
  // Only the stretches between the shared parts are numbered and walked; the counts must be the
  // plain rule's, also when references with other shared parts (or none) come one after another
  // and when raiseCounts needs the whole hypothesis after them.
  fc.assert(
    fc.property(
      nearCopy,
      nearCopy,
      fc.integer({ min: 1, max: 7 }),
      ([hyp, ref], [, other], order) => {
        start(hyp, order);
        const out = new Array<number>(order).fill(-1);
        for (const r of [ref, other.slice(0, hyp.length), ref, hyp.slice(1), [...hyp, "a"]]) {
          matcher.matches(lookUpIn(r, hyp), r.length, out);
          assert.deepEqual(out, plainMatches(hyp, r, order), r.join(""));
        }
        const clip = new Int32Array(matcher.idCount);
        matcher.raiseCounts(lookUp(ref), ref.length, clip);
        matcher.clipped(clip, out);
        assert.deepEqual(out, plainClipped(hyp, [ref], order));
        matcher.matches(lookUp(ref), ref.length, out);
        assert.deepEqual(out, plainMatches(hyp, ref, order));
      },
    ),
    { numRuns: 3000 },
  );
});

Deno.test("the direct table emptied by its base, and cleared when numbers run out", () => {
  // With a small limit the table is cleared every few builds: a slot an earlier build wrote
  // must never count as one of the current build's, before or after a clearing.
  const small = new NgramMatcher(500);
  const symbolsOf = new SymbolTable();
  fc.assert(
    fc.property(
      fc.array(fc.tuple(tokens, tokens), { minLength: 1, maxLength: 20 }),
      fc.integer({ min: 1, max: 6 }),
      (pairs, order) => {
        for (const [hyp, ref] of pairs) {
          symbolsOf.reset();
          const seq = Int32Array.from(hyp, (t) => symbolsOf.add(t));
          small.setHypothesis(seq, hyp.length, symbolsOf.size, order);
          const out = new Array<number>(order).fill(-1);
          small.matches(Int32Array.from(ref, (t) => symbolsOf.find(t)), ref.length, out);
          assert.deepEqual(out, plainMatches(hyp, ref, order));
        }
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("matches numbering the reference between calls that number the hypothesis", () => {
  // matches numbers the reference's n-grams in the table raiseCounts and clipped keep the
  // hypothesis's in: each must find its own, whatever came before (a stretch or the whole).
  fc.assert(
    fc.property(
      nearCopy,
      nearCopy,
      fc.integer({ min: 1, max: 6 }),
      ([hyp, ref], [, other], order) => {
        start(hyp, order);
        const out = new Array<number>(order).fill(-1);
        const second = other.slice(0, hyp.length);
        for (const r of [ref, second]) {
          const clip = new Int32Array(matcher.idCount);
          matcher.raiseCounts(lookUp(r), r.length, clip);
          matcher.matches(lookUpIn(ref, hyp), ref.length, out);
          assert.deepEqual(out, plainMatches(hyp, ref, order));
          matcher.raiseCounts(lookUp(second), second.length, clip);
          matcher.clipped(clip, out);
          assert.deepEqual(out, plainClipped(hyp, [r, second], order));
        }
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("raiseCounts and clipped: matches clipped by the largest count in any reference", () => {
  fc.assert(
    fc.property(
      tokens,
      fc.array(tokens, { minLength: 1, maxLength: 3 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 5 }),
      (hyp, others, withCopy, order) => {
        const refs = withCopy ? [...others, [...hyp]] : others;
        start(hyp, order);
        const clip = new Int32Array(matcher.idCount);
        for (const ref of refs) matcher.raiseCounts(lookUp(ref), ref.length, clip);
        const out = new Array<number>(order).fill(-1);
        matcher.clipped(clip, out);
        assert.deepEqual(out, plainClipped(hyp, refs, order));
      },
    ),
    { numRuns: 1000 },
  );
});

Deno.test("a reference equal to the hypothesis matches all of its n-grams", () => {
  start(["the", "cat", "the", "cat"], 4);
  const out = [0, 0, 0, 0];
  matcher.matches(lookUp(["the", "cat", "the", "cat"]), 4, out);
  assert.deepEqual(out, [4, 3, 2, 1]);
  matcher.matches(lookUp(["the", "cat", "the"]), 3, out);
  assert.deepEqual(out, [3, 2, 1, 0]);
});

Deno.test("long hypotheses (the id table as a Map) and many distinct tokens match as strings do", () => {
  // 1,500 distinct symbols at order 4 make a direct table of millions of entries: the Map
  // takes over; 300 keep it direct but large. Both must count as the plain rule does.
  for (const distinct of [300, 1500]) {
    const hyp = Array.from({ length: 2000 }, (_, i) => `w${(i * 7919) % distinct}`);
    const ref = hyp.map((t, i) =>
      i % 13 === 0 ? "other" : i % 17 === 0 ? hyp[(i + 5) % hyp.length] : t
    );
    for (const order of [1, 4, 6]) {
      start(hyp, order);
      const out = new Array<number>(order).fill(-1);
      matcher.matches(lookUp(ref), ref.length, out);
      assert.deepEqual(out, plainMatches(hyp, ref, order));
      const clip = new Int32Array(matcher.idCount);
      matcher.raiseCounts(lookUp(ref), ref.length, clip);
      matcher.raiseCounts(lookUp(hyp.slice(0, 700)), 700, clip);
      matcher.clipped(clip, out);
      assert.deepEqual(out, plainClipped(hyp, [ref, hyp.slice(0, 700)], order));
    }
  }
  // Every token distinct: the ids of each order run up to the bound the table is sized by.
  const hyp = Array.from({ length: 800 }, (_, i) => `u${i}`);
  const ref = hyp.map((t, i) => i % 11 === 0 ? "other" : t);
  for (const order of [2, 3, 5]) {
    start(hyp, order);
    const out = new Array<number>(order).fill(-1);
    matcher.matches(lookUp(ref), ref.length, out);
    assert.deepEqual(out, plainMatches(hyp, ref, order));
  }
});

/**
 * A hypothesis, a reference made of some of its stretches (in order, not overlapping) with other
 * tokens between them, and those stretches as `matchesAround` takes them.
 */
const aroundCase = fc.tuple(
  fc.array(fc.constantFrom("a", "b", "c", "d"), { maxLength: 30 }),
  fc.array(fc.tuple(fc.nat(), fc.nat(), tokens), { maxLength: 4 }),
  tokens,
).map(([hyp, cuts, end]) => {
  const ref: string[] = [];
  const anchors: number[] = [];
  let from = 0;
  for (const [skip, keep, filler] of cuts) {
    const start = from + skip % (hyp.length - from + 1);
    const length = keep % (hyp.length - start + 1);
    ref.push(...filler);
    anchors.push(start, ref.length, length);
    ref.push(...hyp.slice(start, start + length));
    from = start + length;
  }
  ref.push(...end);
  return { hyp, ref, anchors: Int32Array.from(anchors) };
});

Deno.test("matchesAround: shared stretches given, the counts are the plain rule's", () => {
  fc.assert(
    fc.property(aroundCase, fc.integer({ min: 1, max: 7 }), ({ hyp, ref, anchors }, order) => {
      start(hyp, order);
      const out = new Array<number>(order).fill(-1);
      matcher.matchesAround(lookUpIn(ref, hyp), ref.length, anchors, anchors.length / 3, out);
      assert.deepEqual(out, plainMatches(hyp, ref, order));
      // The matcher's other calls after it (its table reused).
      matcher.matches(lookUp(ref), ref.length, out);
      assert.deepEqual(out, plainMatches(hyp, ref, order));
      const clip = new Int32Array(matcher.idCount);
      matcher.raiseCounts(lookUp(ref), ref.length, clip);
      matcher.clipped(clip, out);
      assert.deepEqual(out, plainClipped(hyp, [ref], order));
      matcher.matchesAround(lookUp(ref), ref.length, anchors, anchors.length / 3, out);
      assert.deepEqual(out, plainMatches(hyp, ref, order));
    }),
    { numRuns: 5000 },
  );
});

Deno.test("addHashedSpan: the hashes spans13a works out are the table's own", () => {
  // Each span numbered with its scanned hash must get the symbol the table gives the same text
  // hashed by itself (a different hash would number it again), and look-ups must find it.
  const word = fc.constantFrom("the", "cat", "cat,", "a.", "(cat)", "é", "😀", "x\u00a0y", "1,5");
  const line = fc.array(word, { maxLength: 12 }).map((w) => w.join(" "));
  const spans = new Spans13a();
  const table = new SymbolTable();
  fc.assert(
    fc.property(line, (text) => {
      spans13a(text, spans);
      table.reset();
      for (let k = 0; k < spans.count; k++) {
        const start = spans.start[k];
        if (start < 0) continue;
        const token = spans.token(k);
        const symbol = table.addHashedSpan(spans.text, start, spans.end[k], spans.hash[k]);
        assert.equal(table.add(token), symbol, token);
        assert.equal(table.findHashedSpan(spans.text, start, spans.end[k], spans.hash[k]), symbol);
      }
    }),
    { numRuns: 2000 },
  );
});
