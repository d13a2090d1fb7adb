import assert from "node:assert/strict";
import { bleuGrader } from "./bleu.ts";
import fc from "fast-check";
import { graded } from "./_result.ts";
import { bleuFromStats, bleuStats, corpusBleu, sentenceBleu } from "./bleu_metric.ts";

Deno.test("bleu: row stats add up to corpus BLEU", () => {
  const rows = [
    { output: "The cat sat on the mat.", references: ["The cat is on the mat."] },
    { output: "A dog ran in the park", references: ["The dog ran through the park", "A dog ran"] },
  ];
  const stats = rows.map((r) => bleuGrader.grade(r).stats!);
  const summed = stats[0].map((x, i) => x + stats[1][i]);
  const corpus = corpusBleu(rows.map((r) => r.output), rows.map((r) => r.references));
  assert.equal(bleuFromStats(summed, { effectiveOrder: false }).score, corpus.score);
});

Deno.test("bleu: thresholds, empty output, unicode, no reference", () => {
  const row = { output: "The cat sat on the mat.", references: ["The cat is on the mat."] };
  assert.equal(bleuGrader.grade(row).pass, null);
  assert.equal(bleuGrader.grade({ ...row, threshold: 0.5 }).pass, false);
  assert.equal(bleuGrader.grade({ output: "", references: ["x"], threshold: 0 }).pass, true);
  assert.equal(bleuGrader.grade({ output: "我爱北京", references: ["我爱北京"] }).score, 1);
  assert.equal(bleuGrader.grade({ output: "x", references: [] }).error, "no-reference");
  assert.equal(bleuGrader.grade(row).referenceIndex, undefined);
  const bad = bleuGrader.grade({ ...row, threshold: 40 });
  assert.equal(bad.error, "bad-threshold");
  assert.equal(bad.stats, undefined); // an errored row stays out of corpus BLEU
  assert.match(
    bleuGrader.describe(),
    /^case:mixed\|eff:yes\|tok:13a\|smooth:exp\|version:verdict-\d/,
  );
});

Deno.test("bleu: settings remembered for frozen options follow the options of each call", () => {
  const row = { output: "the cat sat on a mat", references: ["the cat is on the mat"] };
  const sets = [{}, { effectiveOrder: false }, { smoothMethod: "floor" as const }, {
    tokenize: "none" as const,
    lowercase: true,
  }];
  // Interleaved, resolved (frozen) and fresh: each call scores as sentenceBleu does.
  for (let round = 0; round < 3; round++) {
    for (const options of sets) {
      const expected = sentenceBleu(row.output, row.references, options).score;
      assert.equal(bleuGrader.grade(row, options).score, expected);
      assert.equal(bleuGrader.grade(row, bleuGrader.resolve(options)).score, expected);
    }
  }
});

Deno.test("bleu: a row without a threshold gets the result graded() builds, keys in its order", () => {
  const text = fc.array(
    fc.constantFrom("the", "cat", "Sat", "é", "日本", ".", ",", "(", " ", "\n"),
    {
      maxLength: 10,
    },
  ).map((w) => w.join(" "));
  fc.assert(
    fc.property(text, fc.array(text, { minLength: 1, maxLength: 3 }), (output, references) => {
      const result = bleuGrader.grade({ output, references });
      const expected = graded(sentenceBleu(output, references).score, undefined, {
        stats: bleuStats(output, references),
      });
      assert.deepEqual(result, expected);
      assert.deepEqual(Object.keys(result), Object.keys(expected));
    }),
    { numRuns: 2_000 },
  );
});
