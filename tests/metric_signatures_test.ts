// Every setting of a metric reaches its signature: two runs whose settings differ in one option
// either give the same figures, or give different signatures. So a signature never stands beside
// a figure that other settings produced (sacreBLEU's own signature leaves out BLEU's n-gram order
// and chrF's β; verdict's does not).
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  BLEU_OPTIONS,
  bleuStats,
  CHRF_OPTIONS,
  chrfStats,
  corpusBleu,
  corpusChrf,
  corpusTer,
  type OptionsSchema,
  sentenceBleu,
  sentenceChrf,
  sentenceTer,
  TER_OPTIONS,
  terStats,
} from "../mod.ts";
import { oneOptionChanged } from "./_option_arbitraries.ts";

// Segments that tell settings apart: case, punctuation, symbols, CJK, short and long, with
// several references, an n-gram order missing, no matches at an order.
const HYPS = [
  "The Cat sat on the mat, didn't it?",
  "Prices rose 5% (about €3.50) — again.",
  "我们明天去北京。",
  "Go home",
  "a b c d e f g",
];
const REFS = [
  ["the cat is on the mat; didn't it?", "A cat sat on a mat."],
  ["Prices rose by 5 % (€3.50) again!"],
  ["我们今天去北京了。"],
  ["Go home now"],
  ["a b x d e y g", "g f e d c b a"],
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Options = Record<string, unknown>;

/** A metric as the property sees it: sentence and corpus figures, each with a signature. */
interface Metric {
  sentence(h: string, refs: string[], options: Options): { signature: string };
  corpus(hyps: string[], refs: string[][], options: Options): { signature: string };
  stats(h: string, refs: string[], options: Options): number[];
}

/** Change one option at a time: equal signatures must mean equal figures and statistics. */
function signatureCoversSettings(schema: OptionsSchema, metric: Metric, fit = (o: Options) => o) {
  fc.assert(
    fc.property(oneOptionChanged(schema), ({ before, after, name }) => {
      const [x, y] = [fit(before), fit(after)];
      HYPS.forEach((h, i) => {
        const a = metric.sentence(h, REFS[i], x);
        const b = metric.sentence(h, REFS[i], y);
        if (a.signature === b.signature) {
          assert.ok(same(a, b), `${name}: same signature ${a.signature}, different figures`);
          assert.deepEqual(metric.stats(h, REFS[i], x), metric.stats(h, REFS[i], y));
        }
      });
      const a = metric.corpus(HYPS, REFS, x);
      const b = metric.corpus(HYPS, REFS, y);
      if (a.signature === b.signature) assert.ok(same(a, b), `${name}: ${a.signature}`);
    }),
    { numRuns: 300 },
  );
}

Deno.test("BLEU: settings that change a figure change its signature", () => {
  signatureCoversSettings(BLEU_OPTIONS, {
    sentence: sentenceBleu,
    corpus: corpusBleu,
    stats: bleuStats,
  });
});

Deno.test("chrF: settings that change a figure change its signature", () => {
  // Orders are kept small so that a run stays quick; beta may be any number ≥ 0.
  const small = (o: Options) => ({
    ...o,
    charOrder: Math.min(Number(o.charOrder ?? 6), 8),
    wordOrder: Math.min(Number(o.wordOrder ?? 0), 3),
  });
  signatureCoversSettings(
    CHRF_OPTIONS,
    { sentence: sentenceChrf, corpus: corpusChrf, stats: chrfStats },
    small,
  );
});

Deno.test("TER: settings that change a figure change its signature", () => {
  signatureCoversSettings(TER_OPTIONS, {
    sentence: sentenceTer,
    corpus: corpusTer,
    stats: terStats,
  });
});

Deno.test("each BLEU and chrF setting has a field of its own in the signature", () => {
  const fields = (s: string) => s.split("|").map((f) => f.split(":")[0]);
  const bleu = sentenceBleu("a b", ["a b"], {
    tokenize: "char",
    lowercase: true,
    smoothMethod: "floor",
    smoothValue: 0.005,
    maxNgramOrder: 3,
    effectiveOrder: false,
  }).signature;
  assert.match(
    bleu,
    /^nrefs:1\|case:lc\|eff:no\|tok:char\|smooth:floor\[0\.005\]\|ngram:3\|version:/,
  );
  assert.deepEqual(fields(bleu), ["nrefs", "case", "eff", "tok", "smooth", "ngram", "version"]);
  const chrf = sentenceChrf("a b", ["a b"], {
    charOrder: 4,
    wordOrder: 2,
    beta: 1,
    lowercase: true,
    whitespace: true,
    epsSmoothing: true,
  }).signature;
  assert.match(chrf, /^nrefs:1\|case:lc\|eff:no\|nc:4\|nw:2\|space:yes\|beta:1\|version:/);
});
