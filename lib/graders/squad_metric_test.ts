import assert from "node:assert/strict";
import fc from "fast-check";
import {
  normalizedExactMatch,
  normalizedExactMatchBest,
  tokenF1,
  tokenF1Best,
} from "./squad_metric.ts";
import { normalizeAnswer, pySplit, SQUAD_STEPS, type SquadStep } from "../text/mod.ts";
import { formsPolicy } from "./_squad_normalized.ts";

/**
 * The SQuAD script's best figure over a row's references, from the normalized texts: the first
 * highest `score`; under version 2 references that normalize to nothing are skipped, and with
 * none left the prediction is scored against the empty answer (reference index -1).
 */
function scriptBest(
  p: string,
  refs: string[],
  version: 1 | 2,
  s: SquadStep[],
  score: (pn: string, rn: string) => number,
): { value: number; referenceIndex: number } {
  const pn = normalizeAnswer(p, s);
  let value = -Infinity;
  let referenceIndex = -1;
  refs.forEach((r, i) => {
    const rn = normalizeAnswer(r, s);
    if (version === 2 && rn === "") return;
    const v = score(pn, rn);
    if (v > value) [value, referenceIndex] = [v, i];
  });
  return referenceIndex < 0 ? { value: score(pn, ""), referenceIndex } : { value, referenceIndex };
}

Deno.test("both sides normalizing to nothing: EM 1, F1 0 (SQuAD v1.1)", () => {
  assert.equal(normalizedExactMatch("", [""]), 1);
  assert.equal(tokenF1("", [""]), 0);
  assert.equal(normalizedExactMatch("The The", ["a"]), 1);
  assert.equal(tokenF1("The The", ["a"]), 0);
});

Deno.test("EM and F1 take their maximum over references separately", () => {
  const refs = ["Broncos", "the Denver Broncos team"];
  assert.equal(normalizedExactMatch("Broncos", refs), 1);
  assert.equal(tokenF1Best("Denver Broncos", refs).referenceIndex, 1);
  assert.equal(tokenF1("Denver Broncos", refs), 0.8);
});

Deno.test("F1 counts repeated tokens as a multiset", () => {
  // prediction: [a, a, b]; reference: [a, b, b] → 2 shared → P = R = 2/3.
  assert.ok(Math.abs(tokenF1("a a b", ["a b b"]) - 2 / 3) < 1e-15);
});

Deno.test("custom steps change exact match", () => {
  assert.equal(normalizedExactMatch("Paris", ["paris"], { steps: ["punct"] }), 0);
  assert.throws(() => normalizedExactMatch("x", []), RangeError);
});

Deno.test("SQuAD v2.0: unanswerable questions and empty answers", () => {
  const v2 = { version: 2 } as const;
  // No reference, or only references that normalize to nothing: the question has no answer.
  assert.equal(tokenF1("", [], v2), 1);
  assert.equal(tokenF1("the", ["a", "  "], v2), 1);
  assert.equal(normalizedExactMatch("The The", ["a"], v2), 1);
  assert.equal(tokenF1("Paris", [], v2), 0);
  // An empty answer to an answerable question scores 0 for both.
  assert.deepEqual([tokenF1("", ["Paris"], v2), normalizedExactMatch("", ["Paris"], v2)], [0, 0]);
  // v1.1 refuses an empty reference list and gives F1 0 when both sides are empty.
  assert.throws(() => tokenF1("", []), RangeError);
  assert.equal(tokenF1("the", ["a"]), 0);
  // An answer that normalizes to nothing is dropped from the gold list, so the index skips it.
  assert.deepEqual(tokenF1Best("Paris", ["the", "Paris"], v2), { value: 1, referenceIndex: 1 });
  assert.deepEqual(tokenF1Best("", [], v2), { value: 1, referenceIndex: -1 });
  assert.throws(() => tokenF1("a", ["a"], { version: 3 as never }), RangeError);
});

Deno.test("token F1 of a prediction equal to its first reference is the script's figure", () => {
  // The shortcut for a prediction equal to references[0] must give what counting tokens gives:
  // under both versions and any steps, on texts that keep no token, non-ASCII and control
  // characters, several references (an earlier one could not beat it; a later one neither).
  const piece = fc.oneof(
    fc.constantFrom("a", "The", "an", "x", "Y", "9", ".", "_", " ", "\t", "\u007f", "é", "\u00a0"),
    fc.string({ unit: "grapheme-ascii", maxLength: 2 }),
    fc.string({ unit: "binary", maxLength: 2 }),
  );
  const text = fc.array(piece, { maxLength: 8 }).map((p) => p.join(""));
  const steps = fc.subarray([...SQUAD_STEPS]);
  const counts = (tokens: string[]) => {
    const m = new Map<string, number>();
    for (const t of tokens) m.set(t, (m.get(t) ?? 0) + 1);
    return m;
  };
  // SQuAD's F1 from the normalized texts, counted with Maps (v1.1, or v2.0 with version 2).
  const f1 = (p: string, g: string, version: 1 | 2) => {
    const pt = pySplit(p);
    const gt = pySplit(g);
    if (version === 2 && (pt.length === 0 || gt.length === 0)) {
      return pt.length === gt.length ? 1 : 0;
    }
    const gc = counts(gt);
    let same = 0;
    for (const [t, c] of counts(pt)) same += Math.min(c, gc.get(t) ?? 0);
    if (same === 0) return 0;
    const precision = same / pt.length;
    const recall = same / gt.length;
    return (2 * precision * recall) / (precision + recall);
  };
  const expected = (p: string, refs: string[], version: 1 | 2, s: SquadStep[]) =>
    scriptBest(p, refs, version, s, (pn, rn) => f1(pn, rn, version));
  fc.assert(
    fc.property(
      text,
      fc.array(fc.option(text, { freq: 3 }), { maxLength: 3 }),
      fc.constantFrom<1 | 2>(1, 2),
      steps,
      (p, others, version, s) => {
        const refs = [p, ...others.map((r) => r ?? p)];
        const options = { version, steps: s };
        assert.deepEqual(tokenF1Best(p, refs, options), expected(p, refs, version, s));
      },
    ),
    { numRuns: 4_000 },
  );
});

Deno.test("exact match and F1 asked in turn about the same and other texts agree with the steps", () => {
  // The last comparison is remembered by object: asking again, in either function, about the
  // same texts or about others sharing one side, must give what the normalized texts say.
  const text = fc.array(fc.constantFrom("a", "The", "cat", "CAT", "cat.", " ", "é", "dog"), {
    maxLength: 5,
  }).map((p) => p.join(" "));
  fc.assert(
    fc.property(
      fc.array(fc.tuple(text, text, fc.boolean()), { minLength: 1, maxLength: 6 }),
      (asks) => {
        for (const [p, r, f1] of asks) {
          const equal = normalizeAnswer(p) === normalizeAnswer(r);
          if (f1) {
            // F1 is 1 exactly when both keep the same tokens, in any order.
            const bag = (s: string) => pySplit(normalizeAnswer(s)).sort().join(" ");
            const full = bag(p) !== "" && bag(p) === bag(r);
            assert.equal(tokenF1(p, [r]) === 1, full);
          } else assert.equal(normalizedExactMatch(p, [r]), equal ? 1 : 0);
        }
      },
    ),
    { numRuns: 2_000 },
  );
});

Deno.test("exact match of a prediction equal to its first reference is the script's figure", () => {
  // Under both versions and any steps, with texts that normalize to nothing or to spaces only
  // (steps without `whitespace`), non-ASCII and several references.
  const piece = fc.oneof(
    fc.constantFrom("a", "The", "an", "x", "Y", ".", "_", " ", "\t", "\u007f", "é", "\u00a0"),
    fc.string({ unit: "grapheme-ascii", maxLength: 2 }),
  );
  const text = fc.array(piece, { maxLength: 6 }).map((p) => p.join(""));
  const expected = (p: string, refs: string[], version: 1 | 2, s: SquadStep[]) =>
    scriptBest(p, refs, version, s, (pn, rn) => pn === rn ? 1 : 0);
  fc.assert(
    fc.property(
      text,
      fc.array(fc.option(text, { freq: 3 }), { maxLength: 3 }),
      fc.constantFrom<1 | 2>(1, 2),
      fc.subarray([...SQUAD_STEPS]),
      (p, others, version, s) => {
        const refs = [p, ...others.map((r) => r ?? p)];
        const got = normalizedExactMatchBest(p, refs, { version, steps: s });
        assert.deepEqual(got, expected(p, refs, version, s));
      },
    ),
    { numRuns: 4_000 },
  );
});

Deno.test("settings follow the options object given, frozen or changed in place, call after call", () => {
  const lower = Object.freeze({ steps: Object.freeze(["lowercase"] as SquadStep[]) });
  const v2 = Object.freeze({ version: 2 as const });
  const changing: { steps: SquadStep[] } = { steps: ["lowercase"] };
  for (let k = 0; k < 3; k++) {
    assert.equal(normalizedExactMatch("The cat!", ["cat"], lower), 0);
    assert.equal(normalizedExactMatch("The cat!", ["cat"]), 1);
    assert.equal(tokenF1("The cat!", ["the cat"], lower), 0.5);
    assert.equal(tokenF1("The cat!", ["the cat"]), 1);
    assert.deepEqual(tokenF1Best("the", ["a"], v2), { value: 1, referenceIndex: -1 });
    assert.deepEqual(tokenF1Best("the", ["a"]), { value: 0, referenceIndex: 0 });
    changing.steps = ["lowercase"];
    assert.equal(normalizedExactMatch("The cat!", ["cat"], changing), 0);
    assert.equal(tokenF1("The cat!", ["the cat"], changing), 0.5);
    changing.steps = [...SQUAD_STEPS];
    assert.equal(normalizedExactMatch("The cat!", ["cat"], changing), 1);
    assert.equal(tokenF1("The cat!", ["the cat"], changing), 1);
  }
});

Deno.test("property: exact match and F1 with all steps against references written otherwise", () => {
  // References that normalize as the prediction does without being the same string (case,
  // spacing, punctuation, articles, word order), others that differ, several per row, both
  // versions, and the two metrics asked in turn about the same row as the graders do.
  const piece = fc.constantFrom("a", "The", "cat", "CAT", "cat.", "dog", "7", "-", "é", "\u00a0");
  // Short texts, and long ones (token F1 reads a long pair side by side first).
  const text = fc.oneof(
    fc.array(piece, { maxLength: 6 }).map((p) => p.join(" ")),
    fc.array(piece, { minLength: 20, maxLength: 40 }).map((p) => p.join(" ")),
  );
  const variant = (p: string, k: number) =>
    k === 0
      ? ` the ${p.toUpperCase()}! `
      : k === 1
      ? p.replace(/ /g, "\t,  ")
      : k === 2
      ? p.split(" ").reverse().join(" ")
      : `${p} x`;
  const f1 = (pn: string, rn: string, version: 1 | 2) => {
    const pt = pySplit(pn);
    const gt = pySplit(rn);
    if (version === 2 && (pt.length === 0 || gt.length === 0)) {
      return pt.length === gt.length ? 1 : 0;
    }
    const left = new Map<string, number>();
    for (const t of gt) left.set(t, (left.get(t) ?? 0) + 1);
    let same = 0;
    for (const t of pt) {
      const n = left.get(t) ?? 0;
      if (n > 0) {
        same++;
        left.set(t, n - 1);
      }
    }
    if (same === 0) return 0;
    return (2 * (same / pt.length) * (same / gt.length)) / (same / pt.length + same / gt.length);
  };
  fc.assert(
    fc.property(
      text,
      fc.array(fc.oneof(fc.nat(4), text), { maxLength: 3 }),
      fc.constantFrom<1 | 2>(1, 2),
      fc.boolean(),
      fc.boolean(),
      (p, picks, version, f1First, wanted) => {
        // Exact match with and without whole forms wanted (token F1 asks for them).
        formsPolicy.wanted = wanted;
        const refs = picks.map((x) => typeof x === "number" ? variant(p, x) : x);
        const options = { version };
        const em = () =>
          assert.deepEqual(
            normalizedExactMatchBest(p, refs, options),
            scriptBest(p, refs, version, [...SQUAD_STEPS], (pn, rn) => pn === rn ? 1 : 0),
          );
        const tf = () =>
          assert.deepEqual(
            tokenF1Best(p, refs, options),
            scriptBest(p, refs, version, [...SQUAD_STEPS], (pn, rn) => f1(pn, rn, version)),
          );
        if (version === 1 && refs.length === 0) {
          assert.throws(() => normalizedExactMatchBest(p, refs, options));
          assert.throws(() => tokenF1Best(p, refs, options));
          return;
        }
        if (f1First) tf();
        em();
        tf();
      },
    ),
    { numRuns: 10_000 },
  );
});
