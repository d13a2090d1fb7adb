import fc from "fast-check";
import assert from "node:assert/strict";
import {
  asciiTokenF1,
  formsPolicy,
  normalizedText,
  overlapTable,
  quotedNormalized,
  sameNormalized,
} from "./_squad_normalized.ts";
import { quote, QUOTED_UNITS } from "./_result.ts";
import { asciiSquadRanges } from "../text/_squad_ascii.ts";
import { normalizeAnswer, pySplit, SQUAD_STEPS, type SquadStep } from "../text/mod.ts";

const PIECES = [
  "a",
  "an",
  "the",
  "The",
  "AN",
  "x",
  "X",
  "y",
  "7",
  "xy",
  "-",
  ".",
  "_",
  "'",
  " ",
  "  ",
  "\t",
  "\n",
  "\x1c",
  "\x01",
  "é",
  "É",
  "ça",
  "\u00a0",
  "😀",
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((xs) => xs.join(""));
const stepsArb = fc.oneof(
  fc.constant(SQUAD_STEPS),
  fc.subarray([...SQUAD_STEPS]) as fc.Arbitrary<SquadStep[]>,
);

/** The general path: the text normalized step by step, then Python's split. */
function general(s: string, steps: readonly SquadStep[]) {
  const normalized = normalizeAnswer(s, steps);
  return { text: normalized, tokens: pySplit(normalized) };
}

function overlap(a: readonly string[], b: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const t of b) counts.set(t, (counts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of a) {
    const left = counts.get(t) ?? 0;
    if (left > 0) {
      counts.set(t, left - 1);
      same++;
    }
  }
  return same;
}

Deno.test("property: a normalized text's text, tokens, size and emptiness are the general path's", () => {
  fc.assert(
    fc.property(text, stepsArb, (s, steps) => {
      const want = general(s, steps);
      const got = normalizedText(s, steps);
      assert.equal(got.size, want.tokens.length);
      assert.equal(got.empty, want.text === "");
      assert.equal(got.text, want.text);
      assert.deepEqual(got.tokens, want.tokens);
    }),
    { numRuns: 5_000 },
  );
});

Deno.test("property: equals and shared (the token overlap) agree with the general path", () => {
  fc.assert(
    fc.property(text, text, stepsArb, (a, b, steps) => {
      const ga = general(a, steps);
      const gb = general(b, steps);
      const na = normalizedText(a, steps);
      const nb = normalizedText(b, steps);
      assert.equal(na.equals(nb), ga.text === gb.text);
      assert.equal(na.shared(nb), overlap(ga.tokens, gb.tokens));
      assert.equal(nb.shared(na), overlap(gb.tokens, ga.tokens));
    }),
    { numRuns: 10_000 },
  );
});

// Two texts that share their first and last words (an answer that repeats most of its
// reference), which `shared` counts before it fills its table.
const sharedEnds = fc.tuple(text, text, text, text, fc.boolean()).map(([x, m, n, y, swap]) =>
  swap
    ? [`${x} ${n} ${y}`, `${x} ${m} ${y}`] as const
    : [`${x} ${m} ${y}`, `${x} ${n} ${y}`] as const
);

Deno.test("property: shared counts texts with common starts and ends as the general path does", () => {
  fc.assert(
    fc.property(fc.oneof(sharedEnds, fc.tuple(text, text)), stepsArb, ([a, b], steps) => {
      const ga = general(a, steps);
      const gb = general(b, steps);
      const na = normalizedText(a, steps);
      const nb = normalizedText(b, steps);
      assert.equal(na.shared(nb), overlap(ga.tokens, gb.tokens), `${a} | ${b}`);
      assert.equal(nb.shared(na), overlap(gb.tokens, ga.tokens), `${b} | ${a}`);
    }),
    { numRuns: 10_000 },
  );
  const words = "w1 w2 w3 w4 w5 w6 w7 w8";
  const cases: [string, string, number][] = [
    [words, words.replace("w4", "x"), 7],
    [words, `${words} extra`, 8],
    [`lead ${words}`, words, 8],
    [words, "w8 w7 w6 w5 w4 w3 w2 w1", 8],
    [`w1 w1 w2`, `w1 w2 w2`, 2],
    [`The w1, w2.`, `w1 w3 w2`, 2],
  ];
  for (const [a, b, want] of cases) {
    assert.equal(normalizedText(a, SQUAD_STEPS).shared(normalizedText(b, SQUAD_STEPS)), want);
    assert.equal(normalizedText(b, SQUAD_STEPS).shared(normalizedText(a, SQUAD_STEPS)), want);
  }
});

Deno.test("shared: long texts with repeated tokens (the hash table grows and is cleared)", () => {
  const words = (n: number, k: number) =>
    Array.from({ length: n }, (_, i) => `W${(i * 7) % k}.`).join(" ");
  for (const [n, k] of [[300, 50], [40, 40], [1000, 3]]) {
    const a = words(n, k);
    const b = words(n + 17, k + 5);
    const ga = general(a, SQUAD_STEPS).tokens;
    const gb = general(b, SQUAD_STEPS).tokens;
    assert.equal(
      normalizedText(a, SQUAD_STEPS).shared(normalizedText(b, SQUAD_STEPS)),
      overlap(ga, gb),
    );
  }
  // A mixed pair: one side plain ASCII, the other not.
  const ascii = normalizedText("The cafe is open", SQUAD_STEPS);
  const other = normalizedText("the café is OPEN!", SQUAD_STEPS);
  assert.equal(ascii.shared(other), 2);
  assert.equal(ascii.equals(other), false);
  const open = normalizedText("Open, is the cafe", SQUAD_STEPS);
  assert.ok(open.equals(normalizedText("open is cafe", SQUAD_STEPS)));
  assert.ok(!open.equals(normalizedText("open is a cafe too", SQUAD_STEPS)));
  // Punctuation is deleted inside a word; whitespace separates words.
  const cafe = normalizedText("The open-cafe", SQUAD_STEPS);
  assert.ok(cafe.equals(normalizedText("OPENCAFE.", SQUAD_STEPS)));
  assert.ok(!cafe.equals(normalizedText("open cafe", SQUAD_STEPS)));
});

Deno.test("property: quoted is quote of the text, also before the text is made", () => {
  const long = fc.array(text, { maxLength: 30 }).map((xs) => xs.join(" "));
  fc.assert(
    fc.property(long, stepsArb, (s, steps) => {
      const quoted = normalizedText(s, steps).quoted();
      assert.equal(quoted, quote(normalizeAnswer(s, steps)));
    }),
    { numRuns: 5_000 },
  );
  for (const n of [0, 1, 10, 11, 12, 13, 14, 15, 16, 20]) {
    // Texts whose normalized length falls on each side of the cut.
    const s = "The, quick fox. ".repeat(n) + "ok";
    const want = quote(normalizeAnswer(s));
    assert.equal(normalizedText(s, SQUAD_STEPS).quoted(), want);
    assert.equal(normalizedText(s, SQUAD_STEPS).text.length > QUOTED_UNITS, n >= 7);
    assert.equal(normalizedText(s, SQUAD_STEPS).quoted(), want);
  }
});

Deno.test("shared: the same overlap when look-ups give up for Maps, and with tables not kept", () => {
  const saved = { ...overlapTable };
  try {
    for (const limits of [{ keptSlots: 16, probes: 0 }, { keptSlots: 16, probes: 1 }]) {
      Object.assign(overlapTable, limits);
      fc.assert(
        fc.property(fc.oneof(sharedEnds, fc.tuple(text, text)), ([a, b]) => {
          const ga = general(a, SQUAD_STEPS).tokens;
          const gb = general(b, SQUAD_STEPS).tokens;
          const na = normalizedText(a, SQUAD_STEPS);
          const nb = normalizedText(b, SQUAD_STEPS);
          assert.equal(na.shared(nb), overlap(ga, gb));
        }),
        { numRuns: 3_000 },
      );
      const long = Array.from({ length: 500 }, (_, i) => `w${i % 97}`).join(" ");
      const other = Array.from({ length: 300 }, (_, i) => `w${i % 53}`).join(" ");
      assert.equal(
        normalizedText(long, SQUAD_STEPS).shared(normalizedText(other, SQUAD_STEPS)),
        overlap(general(long, SQUAD_STEPS).tokens, general(other, SQUAD_STEPS).tokens),
      );
    }
  } finally {
    Object.assign(overlapTable, saved);
  }
});

Deno.test("property: quotedNormalized and sameNormalized are the general path's, asked in any order", () => {
  // Texts asked about in turn, some normalized before (so that their forms are known), some
  // compared again: answers must not depend on what was asked before.
  const long = fc.array(text, { maxLength: 8 }).map((xs) => xs.join(" "));
  const variant = fc.tuple(long, fc.nat(3)).map(([s, k]) =>
    k === 0 ? s : k === 1 ? ` The ${s.toUpperCase()}! ` : k === 2 ? s.replace(/ /g, "  ") : `${s} x`
  );
  fc.assert(
    fc.property(
      fc.array(fc.tuple(long, variant, fc.nat(4)), { minLength: 1, maxLength: 6 }),
      fc.boolean(),
      (asks, wanted) => {
        // With whole forms wanted (token F1 asked) and without (texts read side by side).
        formsPolicy.wanted = wanted;
        for (const [a, b, k] of asks) {
          if (k === 0) normalizedText(a, SQUAD_STEPS);
          if (k === 1) normalizedText(b, SQUAD_STEPS);
          const same = normalizeAnswer(a) === normalizeAnswer(b);
          assert.equal(sameNormalized(a, b), same, `${a} | ${b}`);
          if (k === 2) assert.equal(sameNormalized(a, b), same);
          assert.equal(quotedNormalized(a), quote(normalizeAnswer(a)), a);
          assert.equal(sameNormalized(b, a), same, `${b} | ${a}`);
        }
      },
    ),
    { numRuns: 5_000 },
  );
});

/** SQuAD v1.1's token F1 worked out from the general path's tokens, as the script does. */
function generalF1(prediction: string, reference: string): number {
  const p = general(prediction, SQUAD_STEPS).tokens;
  const g = general(reference, SQUAD_STEPS).tokens;
  const same = overlap(p, g);
  if (same === 0) return 0;
  const precision = same / p.length;
  const recall = same / g.length;
  return (2 * precision * recall) / (precision + recall);
}

Deno.test("property: asciiTokenF1 is the general path's token F1 whenever it answers", () => {
  // Plain ASCII pairs (answered) and pairs with characters the pass leaves alone (undefined),
  // with shared starts and ends, long texts past the kept work arrays, and scans in any order.
  const long = fc.constantFrom("", ` ${"w1 w2, The w3 ".repeat(8_000)}`);
  const pair = fc.tuple(fc.oneof(sharedEnds, fc.tuple(text, text)), long, fc.boolean()).map(
    ([[a, b], tail, both]) => [a + tail, both ? b + tail : b] as const,
  );
  fc.assert(
    fc.property(pair, ([a, b]) => {
      const got = asciiTokenF1(a, b);
      const plain = asciiSquadRanges(a) !== undefined && asciiSquadRanges(b) !== undefined;
      if (!plain) return assert.equal(got, undefined);
      // Exactly the value, bit for bit (the same formula on the same counts).
      assert.ok(Object.is(got, generalF1(a, b)), `${a.slice(0, 40)} | ${b.slice(0, 40)}`);
    }),
    { numRuns: 3_000 },
  );
  assert.equal(asciiTokenF1("The Denver Broncos!", "denver"), 2 / 3);
  assert.equal(asciiTokenF1("a the", "an"), 0);
  assert.equal(asciiTokenF1("x y", "y x"), 1);
});

Deno.test("asciiTokenF1: the general counting when look-ups give up", () => {
  const saved = overlapTable.probes;
  overlapTable.probes = 0;
  try {
    // Several tokens in one slot: the fast count gives up, and so does asciiTokenF1.
    const a = "w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 w17";
    const b = "v1 v2 v3 v4 v5 v6 v7 v8 v9 v10 v11 v12 v13 v14 v15 v16 v17 w3";
    const got = asciiTokenF1(a, b);
    assert.ok(got === undefined || got === generalF1(a, b));
  } finally {
    overlapTable.probes = saved;
  }
});
