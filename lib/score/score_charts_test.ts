import assert from "node:assert/strict";
import { score } from "./score.ts";
import {
  nearMissLabel,
  scoreBleuChart,
  type ScoreChartSource,
  scoreNearMissChart,
  scoreNearMissCounts,
} from "./score_charts.ts";
import { graderTable, nearMissList } from "./score_views.ts";
import type { GraderSummary } from "./score_report.ts";
import type { ScoredRow } from "./scored_file.ts";

const EXAMPLE = new URL("../../examples/returns-desk.jsonl", import.meta.url).pathname;
const V2 = "returns-assistant-v2";
const V3 = "returns-assistant-v3";

function summary(part: Partial<GraderSummary> & { grader: string }): GraderSummary {
  return {
    version: "v1",
    graded: 0,
    passed: 0,
    failed: 0,
    notJudged: 0,
    errors: 0,
    nearMisses: 0,
    meanScore: null,
    threshold: null,
    settings: `${part.grader}: test`,
    nearMissSteps: {},
    errorCodes: {},
    failing: [],
    ...part,
  };
}

function row(
  item: string,
  scorer: string,
  pass: boolean | null,
  nearMiss: string[] = [],
): ScoredRow {
  return {
    item,
    system: "v1",
    repeat: 0,
    scorer,
    score: pass === null ? null : pass ? 1 : 0,
    pass,
    error: null,
    near_miss: nearMiss,
    metadata: { reason: pass === false ? `${item} differs` : undefined },
  };
}

Deno.test("scoreBleuChart plots each row's sentence BLEU, their mean and the corpus figure", async () => {
  const report = await score(EXAMPLE, { graders: ["bleu", "chrf"] });
  const figure = report.corpus.bleu!.versions.find((v) => v.version === V2)!;
  const chart = scoreBleuChart(report, { version: V2 });
  const [points, mean, corpus] = chart.figure.data;
  const expected = report.rows!.filter((r) => r.scorer === "bleu" && r.system === V2);
  assert.equal(expected.length, 40);
  // sacreBLEU's 0–100 scale in the chart; the report's data keep fractions.
  const h = (x: number) => x * 100;
  assert.deepEqual(points.y, expected.map((r) => h(r.score!)));
  assert.deepEqual(points.x, expected.map((r) => r.item), "one point per case id");
  const text = report.rowText(V2, expected[1].item, 0)!;
  assert.deepEqual((points.customdata as string[][])[1], [text.output, text.reference]);
  assert.deepEqual(mean.y, [h(figure.meanSentence), h(figure.meanSentence)]);
  assert.deepEqual(corpus.y, [h(figure.score), h(figure.score)]);
  // The figures that explain the gap are in the text, with both signatures.
  assert.ok(chart.text.startsWith(`BLEU · ${V2}: corpus ${h(figure.score).toFixed(2)}`));
  assert.ok(chart.text.includes(`brevity penalty ${figure.bp!.toFixed(4)}`));
  assert.ok(
    chart.text.includes(
      `n-gram precisions ${figure.precisions!.map((p) => h(p).toFixed(2)).join(" / ")}`,
    ),
  );
  assert.ok(chart.text.includes(`signature: BLEU|${figure.signature}`));
  assert.ok(chart.text.includes(`sentence scores: BLEU|${figure.sentenceSignature}`));
  assert.ok(
    chart.text.includes(`output ${figure.sysLen} tokens, reference ${figure.refLen} tokens`),
  );

  const chrf = scoreBleuChart(report, { metric: "chrf", version: V3 });
  const chrfFigure = report.corpus.chrf!.versions.find((v) => v.version === V3)!;
  assert.deepEqual(chrf.figure.data[2].y, [chrfFigure.score * 100, chrfFigure.score * 100]);
  assert.ok(chrf.text.includes("signature: chrF2|nrefs:var|"));
  assert.ok(!chrf.text.includes("brevity penalty"));
});

Deno.test("scoreBleuChart counts rows without a score and names what is missing", async () => {
  const report = await score([
    { id: "a", output: "the box is here", expected: "the box is here" },
    { id: "b", output: "a threshold off the scale", expected: "x", threshold: 2 },
    { id: "c", output: "a label", expected: "the prepaid label" },
  ], { graders: ["bleu"] });
  const chart = scoreBleuChart(report);
  assert.equal(chart.figure.data[0].y instanceof Array, true);
  assert.deepEqual((chart.figure.data[0].y as unknown[])[1], null);
  assert.match(chart.text, /2 rows plotted by case id in file order; 1 row without a score not/);

  assert.throws(() => scoreBleuChart(report, { metric: "chrf" }), /no chrF figures/);
  assert.throws(() => scoreBleuChart(report, { version: "nope" }), /"nope".*"default"/);
  const two = await score(EXAMPLE, { graders: ["bleu"] });
  assert.throws(() => scoreBleuChart(two), /2 versions; pass one of/);
});

Deno.test("scoreBleuChart on plain JSON data shows both figures and no points", async () => {
  const report = await score(EXAMPLE, { graders: ["bleu"] });
  const data: ScoreChartSource = JSON.parse(JSON.stringify(report.toJSON()));
  const chart = scoreBleuChart(data, { version: V3 });
  assert.deepEqual(chart.figure.data[0].y, []);
  assert.match(chart.text, /per-row scores were not kept .* the mean is over 40 rows/);
  const figure = report.corpus.bleu!.versions.find((v) => v.version === V3)!;
  assert.deepEqual(chart.figure.data[1].y, [figure.meanSentence * 100, figure.meanSentence * 100]);
});

Deno.test("nearMissLabel: one label per failing row", () => {
  assert.equal(nearMissLabel([]), undefined);
  assert.equal(nearMissLabel(["lowercase"]), "lowercase");
  assert.equal(nearMissLabel(["trim", "underscores"]), "trim or underscores");
  assert.equal(nearMissLabel(["several"]), "several");
});

Deno.test("scoreNearMissCounts counts a row with several steps once, so the sums hold", () => {
  const source: ScoreChartSource = {
    corpus: {},
    graders: [
      summary({ grader: "exact", graded: 6, passed: 1, failed: 5, nearMisses: 3 }),
      summary({ grader: "bleu", graded: 6, meanScore: 0.5 }), // no threshold: no verdicts
    ],
    rows: [
      row("a", "exact", true),
      row("b", "exact", false, ["trim", "underscores"]),
      row("c", "exact", false, ["lowercase"]),
      row("d", "exact", false, ["lowercase"]),
      row("e", "exact", false),
      row("f", "exact", false),
    ],
  };
  assert.deepEqual(scoreNearMissCounts(source), [{
    grader: "exact",
    nearMisses: { lowercase: 2, "trim or underscores": 1 },
    realMisses: 2,
    failed: 5,
  }]);
  const chart = scoreNearMissChart(source);
  const total = chart.figure.data.reduce((n, t) => n + (t.y as number[])[0], 0);
  assert.equal(total, 5);
  assert.deepEqual(chart.figure.data.map((t) => t.name), [
    "lowercase",
    "trim or underscores",
    "real misses",
  ]);
});

Deno.test("scoreNearMissCounts without rows uses the failing lists and keeps the total", () => {
  const exact = summary({
    grader: "exact",
    failed: 600,
    nearMisses: 450,
    failing: [
      ...Array.from({ length: 300 }, (_, i) => ({ case: `n${i}`, repeat: 0, steps: ["trim"] })),
      ...Array.from({ length: 200 }, (_, i) => ({ case: `r${i}`, repeat: 0, steps: [] })),
    ],
  });
  const [counts] = scoreNearMissCounts({ corpus: {}, graders: [exact] });
  assert.deepEqual(counts.nearMisses, { trim: 300, "near miss, steps not listed": 150 });
  assert.equal(counts.realMisses, 150);
  const list = nearMissList({ corpus: {}, graders: [exact] });
  assert.equal(list.toJSON().total, 300);
  assert.match(list.toText(), /150 more near misses are counted but not listed/);
});

Deno.test("scoreNearMissCounts names versions when the report has several", async () => {
  const report = await score(EXAMPLE, { graders: ["exact", "token-f1"], overall: "all" });
  assert.ok(report.grader("overall", V2), "the overall row is there, and not charted");
  const all = scoreNearMissCounts(report);
  assert.deepEqual(all.map((c) => [c.version, c.grader]), [[V2, "exact"], [V3, "exact"]]);
  const v3 = scoreNearMissCounts(report, { version: V3 });
  const exact = report.grader("exact", V3)!;
  assert.deepEqual(v3.map((c) => [c.grader, c.failed]), [["exact", exact.failed]]);
  assert.throws(() => scoreNearMissCounts(report, { version: "v9" }), /"v9"/);
  assert.match(scoreNearMissChart(report, { version: V3 }).text, /version: returns-assistant-v3/);
});

Deno.test("graderTable shows one grader's rows, capped, with a way to show more", async () => {
  const report = await score(EXAMPLE, { graders: ["exact", "contains"] });
  const view = graderTable(report, "exact", { version: V2 });
  const json = view.toJSON();
  assert.equal(json.total, 40);
  assert.equal(json.rows.length, 25);
  assert.deepEqual(json.columns, ["case", "score", "pass", "error", "near miss", "reason"]);
  assert.match(view.toText(), /showing 25 of 40 rows; pass \{ maxRows: 40 \} to show all/);
  assert.match(view.toHTML(), /showing 25 of 40 rows/);
  const all = graderTable(report, "exact", { maxRows: Infinity });
  assert.equal(all.toJSON().rows.length, 80);
  assert.deepEqual(all.toJSON().columns.slice(0, 2), ["case", "version"]);
  assert.doesNotMatch(all.toText(), /showing/);
  const exactV2 = report.grader("exact", V2)!;
  assert.ok(view.toText().includes(`${V2}: 40 graded, ${exactV2.passed} passed`));
  assert.throws(() => graderTable(report, "bleu"), /has exact, contains/);
  assert.throws(() => graderTable(report, "exact", { maxRows: -1 }), /maxRows/);
  const data = JSON.parse(JSON.stringify(report.toJSON()));
  assert.match(graderTable(data, "exact").toText(), /Per-row results were not kept/);
});

Deno.test("graderTable shows BLEU, chrF and TER on 0–100; the rows keep fractions", async () => {
  const report = await score(EXAMPLE, { graders: ["bleu", "token-f1"] });
  const bleu = graderTable(report, "bleu", { version: V2, maxRows: Infinity });
  const json = bleu.toJSON();
  assert.equal(json.columns[1], "score (0–100)");
  const kept = report.rows!.filter((r) => r.scorer === "bleu" && r.system === V2);
  assert.deepEqual(json.rows.map((r) => r[1]), kept.map((r) => r.score! * 100));
  assert.ok(kept.every((r) => r.score! <= 1), "the report's rows stay fractions");
  // Two digits on the 0–100 scale, as sacreBLEU prints them; no pass/fail without a threshold.
  const first = kept[0].score! * 100;
  assert.ok(bleu.toText().includes(first.toFixed(2)));
  assert.match(bleu.toText(), new RegExp(`${V2}: 40 graded, scores only \\(no threshold\\)\n`));
  assert.doesNotMatch(bleu.toText(), /passed|near miss(es)? \d/);
  // Token F1 is no corpus metric: a plain score column, still a fraction.
  assert.equal(graderTable(report, "token-f1").toJSON().columns[2], "score");
  const gated = await score(EXAMPLE, { graders: ["bleu"], thresholds: { bleu: 0.5 } });
  const s = gated.grader("bleu", V2)!;
  assert.ok(
    graderTable(gated, "bleu", { version: V2 }).toText().includes(
      `${V2}: 40 graded, ${s.passed} passed, ${s.failed} failed, ${s.nearMisses} near misses; ` +
        "pass when score ≥ 0.5 (50.00 on the 0–100 scale)",
    ),
  );
});

Deno.test("nearMissList lists failing rows with their step, from kept rows", () => {
  const source: ScoreChartSource = {
    corpus: {},
    graders: [summary({ grader: "exact", graded: 3, failed: 3, nearMisses: 2 })],
    rows: [
      row("a", "exact", false, ["lowercase"]),
      row("b", "exact", false),
      row("c", "exact", false, ["trim", "strip-quotes"]),
    ],
  };
  const list = nearMissList(source);
  assert.deepEqual(list.toJSON().rows, [
    ["exact", "a", "lowercase", "a differs"],
    ["exact", "c", "trim or strip-quotes", "c differs"],
  ]);
  assert.match(list.toText(), /^2 near misses among 3 failing rows/);
  assert.throws(() => nearMissList(source, { grader: "regex" }), /"regex"/);
});
