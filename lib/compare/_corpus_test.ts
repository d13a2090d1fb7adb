import assert from "node:assert/strict";
import { corpusLabel, corpusMetric } from "./_corpus.ts";

Deno.test("corpusLabel reads back the label of every corpus metric's name, and nothing else", () => {
  for (const grader of ["bleu", "chrf"]) {
    const metric = corpusMetric(grader, undefined, 1);
    assert.ok(metric !== null, grader);
    const label = corpusLabel(metric.name);
    assert.ok(label !== null && label.length > 0, metric.name);
    assert.equal(metric.name.endsWith(label), true);
  }
  assert.equal(corpusLabel("corpus chrF"), "chrF");
  for (const other of ["pass rate", "mean score", "corpusBLEU", "BLEU corpus", ""]) {
    assert.equal(corpusLabel(other), null, other);
  }
  assert.equal(corpusMetric("exact", undefined, 1), null);
});
