import assert from "node:assert/strict";
import { chrfGrader } from "./chrf.ts";
import { chrfFromStats, corpusChrf } from "./chrf_metric.ts";

Deno.test("chrf: row stats add up to corpus chrF", () => {
  const rows = [
    { output: "Le chat est assis.", references: ["Le chat s'est assis."] },
    { output: "Guten Tag", references: ["Hallo", "Guten Morgen"] },
  ];
  const stats = rows.map((r) => chrfGrader.grade(r).stats!);
  const summed = stats[0].map((x, i) => x + stats[1][i]);
  const corpus = corpusChrf(rows.map((r) => r.output), rows.map((r) => r.references));
  assert.equal(chrfFromStats(summed), corpus.score);
  assert.equal(chrfGrader.grade(rows[1]).referenceIndex, 1);
});

Deno.test("chrf: thresholds, empty output, emoji, no reference", () => {
  assert.equal(chrfGrader.grade({ output: "", references: ["abc"], threshold: 0.1 }).pass, false);
  assert.equal(
    chrfGrader.grade({ output: "👍 ok", references: ["👍ok"], threshold: 1 }).pass,
    true,
  );
  assert.equal(
    chrfGrader.grade({ output: "abc", references: [], threshold: 1 }).error,
    "no-reference",
  );
  assert.match(
    `${chrfGrader.corpus.sentenceSignature({ nrefs: 2 }, chrfGrader.defaults)}`,
    /^nrefs:2\|case:mixed\|eff:yes\|nc:6\|nw:0\|space:no\|/,
  );
});
