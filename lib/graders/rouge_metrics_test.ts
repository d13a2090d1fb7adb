// ROUGE-N, ROUGE-L and ROUGE-Lsum (on token ids, with their shortcuts) against a plain reading of
// rouge-score's algorithms on token strings, on generated texts: figures equal to the last bit.
import assert from "node:assert/strict";
import fc from "fast-check";
import { punktSentences, rougeTokenize } from "../text/mod.ts";
import { resetForTests } from "./_rouge_token_table.ts";
import { rougeL } from "./rouge_l_metric.ts";
import { rougeLsum } from "./rouge_lsum_metric.ts";
import { fMeasure, rougeN, type RougeScore, shrinkTablesForTests } from "./rouge_n_metric.ts";

type Prf = Omit<RougeScore, "referenceIndex">;

function best(references: readonly string[], score: (r: string) => Prf): RougeScore {
  let out: RougeScore | undefined;
  references.forEach((r, referenceIndex) => {
    const s = score(r);
    if (out === undefined || s.f > out.f) out = { ...s, referenceIndex };
  });
  return out!;
}

function counts(tokens: string[], n: number): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = tokens.slice(i, i + n).join(" ");
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

function plainRougeN(prediction: string, references: string[], n: number, stemmer: boolean) {
  const pred = counts(rougeTokenize(prediction, { stemmer }), n);
  const predGrams = [...pred.values()].reduce((a, b) => a + b, 0);
  return best(references, (r) => {
    const target = counts(rougeTokenize(r, { stemmer }), n);
    let overlap = 0;
    for (const [gram, c] of target) overlap += Math.min(c, pred.get(gram) ?? 0);
    const targetGrams = [...target.values()].reduce((a, b) => a + b, 0);
    const precision = overlap / Math.max(predGrams, 1);
    const recall = overlap / Math.max(targetGrams, 1);
    return { precision, recall, f: fMeasure(precision, recall) };
  });
}

function table(a: string[], b: string[]): number[][] {
  const t = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      t[i][j] = a[i - 1] === b[j - 1] ? t[i - 1][j - 1] + 1 : Math.max(t[i - 1][j], t[i][j - 1]);
    }
  }
  return t;
}

function plainRougeL(prediction: string, references: string[], stemmer: boolean) {
  const pred = rougeTokenize(prediction, { stemmer });
  return best(references, (r) => {
    const target = rougeTokenize(r, { stemmer });
    if (pred.length === 0 || target.length === 0) return { precision: 0, recall: 0, f: 0 };
    const lcs = table(target, pred)[target.length][pred.length];
    const precision = lcs / pred.length;
    const recall = lcs / target.length;
    return { precision, recall, f: fMeasure(precision, recall) };
  });
}

/** rouge-score's `_summary_level_lcs`, with `_union_lcs` and `_backtrack_norec`. */
function summaryLevel(ref: string[][], can: string[][]): Prf {
  const zero = { precision: 0, recall: 0, f: 0 };
  if (ref.length === 0 || can.length === 0) return zero;
  const m = ref.flat().length;
  const n = can.flat().length;
  if (m === 0 || n === 0) return zero;
  const left = (units: string[][]) => {
    const out = new Map<string, number>();
    for (const t of units.flat()) out.set(t, (out.get(t) ?? 0) + 1);
    return out;
  };
  const [refLeft, canLeft] = [left(ref), left(can)];
  let hits = 0;
  for (const r of ref) {
    const union = new Set<number>();
    for (const c of can) {
      const t = table(r, c);
      let [i, j] = [r.length, c.length];
      while (i > 0 && j > 0) {
        if (r[i - 1] === c[j - 1]) {
          union.add(i - 1);
          i--;
          j--;
        } else if (t[i][j - 1] > t[i - 1][j]) j--;
        else i--;
      }
    }
    for (const position of [...union].sort((a, b) => a - b)) {
      const token = r[position];
      if (canLeft.get(token)! > 0 && refLeft.get(token)! > 0) {
        hits++;
        canLeft.set(token, canLeft.get(token)! - 1);
        refLeft.set(token, refLeft.get(token)! - 1);
      }
    }
  }
  const recall = hits / m;
  const precision = hits / n;
  return { precision, recall, f: fMeasure(precision, recall) };
}

function plainRougeLsum(
  prediction: string,
  references: string[],
  stemmer: boolean,
  split: boolean,
) {
  const units = (text: string) =>
    (split ? punktSentences(text) : text.split("\n")).filter((u) => u.length > 0)
      .map((u) => rougeTokenize(u, { stemmer }));
  const pred = units(prediction);
  return best(references, (r) => summaryLevel(units(r), pred));
}

// Texts from a few words in any case, so that n-grams and subsequences match often; sentence
// ends, newlines and non-ASCII pieces; and arbitrary strings.
const word = fc.constantFrom(
  "the",
  "The",
  "CAT",
  "cat",
  "cats",
  "sat",
  "on",
  "mat",
  "running",
  "a1",
);
const gap = fc.constantFrom(" ", " ", " ", "\n", ". ", ".\n", ", ", "\r\n", " é ", "İ", "\n\n");
const text = fc.oneof(
  {
    arbitrary: fc.array(fc.tuple(word, gap), { maxLength: 12 }).map((p) => p.flat().join("")),
    weight: 5,
  },
  fc.string({ maxLength: 20 }),
);
const similar = fc.tuple(text, text, text, text).map(([head, a, b, tail]) => [
  head + a + tail,
  head + b + tail,
]);
const row = fc.oneof(
  fc.tuple(text, fc.array(text, { minLength: 1, maxLength: 3 })),
  similar.map(([a, b]) => [a, [b]] as [string, string[]]),
  text.map((t) => [t, [t]] as [string, string[]]),
);

/**
 * ROUGE-N for each of `orders`, ROUGE-L and (when `split` is given) ROUGE-Lsum of a row equal
 * their plain readings.
 */
function assertPlainReadings(
  prediction: string,
  references: string[],
  stemmer: boolean,
  orders: number[],
  split?: boolean,
): void {
  for (const n of orders) {
    assert.deepEqual(
      rougeN(prediction, references, { n, stemmer }),
      plainRougeN(prediction, references, n, stemmer),
    );
  }
  assert.deepEqual(
    rougeL(prediction, references, { stemmer }),
    plainRougeL(prediction, references, stemmer),
  );
  if (split === undefined) return;
  assert.deepEqual(
    rougeLsum(prediction, references, { stemmer, splitSummaries: split }),
    plainRougeLsum(prediction, references, stemmer, split),
  );
}

Deno.test("ROUGE-1 and ROUGE-2 equal the plain n-gram count", () => {
  fc.assert(
    fc.property(row, fc.boolean(), ([prediction, references], stemmer) => {
      for (const n of [1, 2, 3]) {
        assert.deepEqual(
          rougeN(prediction, references, { n, stemmer }),
          plainRougeN(prediction, references, n, stemmer),
        );
      }
    }),
    { numRuns: 2_000 },
  );
});

Deno.test("ROUGE-L equals the plain LCS table", () => {
  fc.assert(
    fc.property(row, fc.boolean(), ([prediction, references], stemmer) => {
      assert.deepEqual(
        rougeL(prediction, references, { stemmer }),
        plainRougeL(prediction, references, stemmer),
      );
    }),
    { numRuns: 2_000 },
  );
});

Deno.test("ROUGE-Lsum equals the plain summary-level LCS, over lines and over sentences", () => {
  fc.assert(
    fc.property(row, fc.boolean(), fc.boolean(), ([prediction, references], stemmer, split) => {
      assert.deepEqual(
        rougeLsum(prediction, references, { stemmer, splitSummaries: split }),
        plainRougeLsum(prediction, references, stemmer, split),
      );
    }),
    { numRuns: 2_000 },
  );
});

// A first reference with the prediction's tokens (answered without counting), before others, on texts
// of zero, one, two tokens or more, some joined or split by non-ASCII characters.
const few = fc.array(
  fc.oneof(word, gap, fc.constantFrom("\u212A", "\u0130", "é", "日本", "x")),
  { maxLength: 5 },
).map((p) => p.join(""));
// The first reference is the prediction, or it retouched (case, spacing, punctuation, lines).
const retouch = fc.constantFrom(
  (s: string) => s,
  (s: string) => s.toUpperCase(),
  (s: string) => ` ${s.replaceAll(" ", "  ")}.`,
  (s: string) => s.replaceAll(".", "").replaceAll(",", ";"),
  (s: string) => s.replaceAll("\n", " "),
  (s: string) => s.replaceAll(" ", "\n"),
  (s: string) => `${s}\n\n`,
  (s: string) => s.replaceAll("a", "\u212A"),
);
const ownRow = fc.tuple(
  fc.oneof(text, few),
  retouch,
  fc.array(fc.oneof(text, few), { maxLength: 2 }),
).map(([t, change, rest]) => [t, [change(t), ...rest]] as [string, string[]]);

Deno.test("a first reference with the prediction's tokens scores as the plain readings say", () => {
  fc.assert(
    fc.property(ownRow, fc.boolean(), fc.boolean(), ([prediction, references], stemmer, split) => {
      assertPlainReadings(prediction, references, stemmer, [1, 2, 3], split);
    }),
    { numRuns: 3_000 },
  );
});

// Rows of many distinct words (ids past the first sizes of the metrics' work arrays, new ids from a
// later reference), long texts (LCS past one and two 32-bit words) and words shared often.
const manyWords = fc.array(fc.stringMatching(/^[a-zA-Z0-9]{1,3}$/), {
  minLength: 0,
  maxLength: 160,
  size: "max",
}).map((words) => words.join(" "));
const wideRow = fc.tuple(manyWords, fc.array(manyWords, { minLength: 1, maxLength: 3 }));

Deno.test("ROUGE-N, -L and -Lsum equal the plain readings on rows of many distinct words", () => {
  const fresh = Array.from({ length: 3000 }, (_, i) => `w${i}x`).join(" ");
  fc.assert(
    fc.property(wideRow, fc.boolean(), ([prediction, references], stemmer) => {
      for (const refs of [references, [...references, fresh + " " + prediction]]) {
        assertPlainReadings(prediction, refs, stemmer, [1, 2]);
      }
      const lines = references.map((r) => r.replaceAll(" a", "\na"));
      assert.deepEqual(
        rougeLsum(prediction, lines, { stemmer }),
        plainRougeLsum(prediction, lines, stemmer, false),
      );
    }),
    { numRuns: 150 },
  );
});

// A prediction and one reference sharing a start and an end, from three words (so the shared parts
// repeat n-grams of the rest), with the changed middle of either side possibly empty.
const tiny = fc.array(fc.constantFrom("x", "Y", "z"), { maxLength: 8 }).map((w) => w.join(" "));
const sharedEnds = fc.tuple(tiny, tiny, tiny, tiny, fc.constantFrom(" ", " é ", "\n")).map((
  [head, a, b, tail, gap],
) => [head + gap + a + gap + tail, head + " " + b + " " + tail]);

Deno.test("ROUGE-N of one reference sharing a start and an end equals the plain n-gram count", () => {
  fc.assert(
    fc.property(sharedEnds, fc.boolean(), ([prediction, reference], stemmer) => {
      for (const n of [1, 2, 3, 4]) {
        assert.deepEqual(
          rougeN(prediction, [reference], { n, stemmer }),
          plainRougeN(prediction, [reference], n, stemmer),
        );
      }
    }),
    { numRuns: 3_000 },
  );
});

// Texts whose tokens are mostly on one line (ROUGE-Lsum then takes the LCS of the token lists):
// words and gaps without a newline between tokens, with newlines (and CRLF) before or after them
// only, some with non-ASCII pieces; and now and then a newline between tokens.
const lineGap = fc.constantFrom(" ", " ", ", ", ". ", " é ", "İ", "\u212A", "\r", " 日本 ");
const edge = fc.constantFrom("", "", "\n", "\r\n", "\n\n", " .\n", "\n \n");
const oneLine = fc.tuple(edge, fc.array(fc.tuple(word, lineGap), { maxLength: 10 }), edge)
  .map(([before, pieces, after]) => before + pieces.flat().join("") + after);
const lineText = fc.oneof(
  { arbitrary: oneLine, weight: 4 },
  { arbitrary: fc.tuple(oneLine, oneLine).map(([a, b]) => `${a}\n${b}`), weight: 2 },
  fc.constantFrom("", " ", "\n", ". \n ."),
);
const lineRow = fc.oneof(
  fc.tuple(lineText, fc.array(lineText, { minLength: 1, maxLength: 3 })),
  // Two lines against one holding them swapped (whose LCS is shorter than the union LCS).
  fc.tuple(oneLine, oneLine, fc.boolean()).map(([a, b, flip]): [string, string[]] =>
    flip ? [`${b} ${a}`, [`${a}\n${b}`]] : [`${a}\n${b}`, [`${b} ${a}`]]
  ),
);

Deno.test("ROUGE-Lsum over lines of texts of one line equals the plain summary-level LCS", () => {
  fc.assert(
    fc.property(lineRow, fc.boolean(), fc.boolean(), ([prediction, references], stemmer, first) => {
      // ROUGE-L of the row first (as the graders run) or not: its LCS is remembered.
      if (first) rougeL(prediction, references, { stemmer });
      assert.deepEqual(
        rougeLsum(prediction, references, { stemmer }),
        plainRougeLsum(prediction, references, stemmer, false),
      );
    }),
    { numRuns: 4_000 },
  );
});

Deno.test("ROUGE-N keeps its counts when a later reference brings many new tokens", () => {
  // The second reference holds the prediction after more distinct tokens than the tables indexed
  // by token have room for, so they grow between the references, while the prediction's counts
  // are in them; the first reference shares nothing, so the second one must count.
  const fresh = Array.from({ length: 2_000 }, (_, i) => `q${i}z`).join(" ");
  const words = fc.array(fc.constantFrom("a", "b", "c", "D", "e1"), { minLength: 2, maxLength: 9 });
  fc.assert(
    fc.property(words, fc.boolean(), (tokens, stemmer) => {
      const prediction = tokens.join(" ");
      const references = ["zz9 zz8 zz7", `${fresh} ${prediction}`];
      for (const n of [1, 2, 3]) {
        // The token table emptied too, so that the fresh tokens get their ids in the second reference.
        resetForTests();
        shrinkTablesForTests();
        assert.deepEqual(
          rougeN(prediction, references, { n, stemmer }),
          plainRougeN(prediction, references, n, stemmer),
        );
      }
    }),
    { numRuns: 100 },
  );
});
