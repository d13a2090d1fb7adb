import assert from "node:assert/strict";
import { audit } from "./audit.ts";
import { agrestiCoullInterval } from "../stats/agresti_coull_interval.ts";
import { $display } from "../render/display_symbol.ts";
import { row, rows } from "./_test_rows.ts";
import type { AuditRow } from "./types.ts";

// Wilson bounds computed by hand from the textbook formula with z = 1.959963984540054 (95%).
const HAND = {
  "8/10": [0.49016247153664183, 0.9433178485456247],
  "8/12": [0.39062208887279953, 0.8618799089087867],
  "10/12": [0.5519691377470266, 0.9530348578161463],
};

function near(actual: number, expected: number, what: string) {
  assert.ok(Math.abs(actual - expected) <= 1e-12, `${what}: ${actual} vs ${expected}`);
}

Deno.test("three rates and the envelope equal hand-computed values", async () => {
  const input = [
    ...rows(8, () => ({ pass: true, score: 1 })),
    ...rows(2, () => ({ pass: false, score: 0 })),
    row({ pass: null, score: null, error: "Request timed out\n    at fetch (x.js:1:1)" }),
    row({ pass: null, score: null }),
  ];
  const g = (await audit(input)).toJSON().groups[0];
  // A stack trace is listed by its first line.
  assert.equal(g.unscoredRows[0].reason, "Request timed out");
  assert.deepEqual(
    [g.scoredOnly?.successes, g.scoredOnly?.trials, g.allAttempted?.trials, g.upperEdge?.successes],
    [8, 10, 12, 10],
  );
  assert.equal(g.scoredOnly?.rate, 0.8);
  assert.equal(g.allAttempted?.rate, 8 / 12);
  assert.equal(g.upperEdge?.rate, 10 / 12);
  near(g.scoredOnly!.lower, HAND["8/10"][0], "scored only lower");
  near(g.scoredOnly!.upper, HAND["8/10"][1], "scored only upper");
  near(g.allAttempted!.lower, HAND["8/12"][0], "all attempted lower");
  near(g.allAttempted!.upper, HAND["8/12"][1], "all attempted upper");
  near(g.upperEdge!.lower, HAND["10/12"][0], "upper edge lower");
  near(g.upperEdge!.upper, HAND["10/12"][1], "upper edge upper");
  near(g.envelope!.lower, HAND["8/12"][0], "envelope lower");
  near(g.envelope!.upper, HAND["10/12"][1], "envelope upper");
  assert.equal(g.unscored, 2);
  assert.deepEqual(g.errorKinds, { infrastructure: 1, model: 0, grader: 0, unstated: 0 });
});

Deno.test("every class is counted once, in totals and in its group", async () => {
  const input: AuditRow[] = [
    row({ score: NaN, pass: null, error: "timeout" }), // nan (also errored: NaN wins)
    row({ unparsed: true, pass: null, score: 0 }),
    row({ case: "" }),
    row({ score: 3 }),
    row({ pass: null, score: null, error: "content_filter" }),
    row({ pass: true }),
    row({ pass: false, score: 0 }),
    row({ pass: null, score: 0.5, binary: true }),
    row({ pass: null, score: null }),
  ];
  const report = (await audit(input)).toJSON();
  const expected = {
    attempted: 9,
    refused: 0,
    passed: 1,
    failed: 1,
    nan: 1,
    unparsed: 1,
    unreadable: 2,
    errored: 1,
    noVerdict: 1,
    empty: 1,
  };
  assert.deepEqual(report.totals, expected);
  assert.deepEqual(report.groups[0].counts, expected);
  assert.deepEqual(
    report.groups[0].unscoredRows.map((r) => [r.row - input[0].row, r.class]),
    [[0, "nan"], [1, "unparsed"], [2, "unreadable"], [3, "unreadable"], [4, "errored"], [
      7,
      "noVerdict",
    ], [8, "empty"]],
  );
});

Deno.test("duplicates and rows with no version are refused, not attempts; NaN rows are attempts", async () => {
  const first = row({ case: "dup", pass: true });
  const input = [
    first,
    row({ case: "dup", pass: false }), // same case, version, repeat, grader
    row({ case: "dup", repeat: 1, pass: false }), // another repeat: fine
    row({ case: "dup", grader: "contains", pass: true }), // another grader: fine
    row({ version: undefined }),
    row({ version: "  " }),
    row({ score: NaN, pass: null }),
  ];
  const report = await audit({
    rows: input,
    refused: [{ row: 99, reason: "unreadable", message: "line 99 is not valid JSON" }],
  });
  const json = report.toJSON();
  assert.equal(json.totals.attempted, 4);
  assert.equal(json.totals.refused, 4);
  assert.equal(json.totals.nan, 1);
  assert.deepEqual(
    json.refusedRows.map((r) => [r.row - first.row, r.reason, r.firstRow]),
    [[1, "duplicate-key", first.row], [4, "no-version", undefined], [
      5,
      "no-version",
      undefined,
    ], [99 - first.row, "unreadable", undefined]],
  );
  assert.match(json.refusedRows[0].message, new RegExp(`row ${first.row}\\b`));
  const exact = json.groups.find((g) => g.grader === "exact")!;
  assert.equal(exact.counts.refused, 1);
  assert.equal(exact.allAttempted?.trials, 3); // dup (kept), repeat 1, NaN
  assert.match(report.toText(), /duplicate-key\s+1/);
});

Deno.test("with no unscored rows the report says so and shows one rate", async () => {
  const report = await audit([...rows(3, () => ({ pass: true })), row({ pass: false })]);
  const g = report.toJSON().groups[0];
  assert.equal(g.unscored, 0);
  assert.equal(g.scoredOnly?.rate, g.allAttempted?.rate);
  assert.equal(g.scoredOnly?.rate, g.upperEdge?.rate);
  const text = report.toText();
  assert.match(text, /no unscored attempts: the three conventions agree, so one rate/);
  assert.doesNotMatch(text, /upper edge\s+counted as passes/);
  assert.match(g.advice, /^Report 75\.0% \(3 of 4\).*every attempt was scored/);
  assert.deepEqual(g.adviceReasons, []);
});

Deno.test("groups are per version × grader; rows may come from an async iterable", async () => {
  async function* stream() {
    yield row({ version: "a", grader: "exact", pass: true });
    yield row({ version: "b", grader: "exact", pass: false });
    yield row({ version: "a", grader: "regex", pass: null, score: null, error: "grader crashed" });
    yield row({ version: "a", grader: "exact", pass: false });
  }
  const report = await audit(stream());
  assert.deepEqual(
    report.groups.map((g) => [g.version, g.grader, g.counts.attempted]),
    [["a", "exact", 2], ["b", "exact", 1], ["a", "regex", 1]],
  );
  assert.equal(report.group("a", "regex")?.errorKinds.grader, 1);
  assert.equal(report.group("a", "exact")?.scoredOnly?.rate, 0.5);
});

Deno.test("a grader that gives scores but no verdicts has no pass rate", async () => {
  const report = await audit([
    row({ grader: "bleu", score: 0.4, pass: null }),
    row({ grader: "bleu", score: 0.7, pass: null }),
    row({ grader: "exact", score: 1, pass: true }),
    row({ grader: "exact", score: 0.3, pass: null }), // a pass/fail grader: no verdict
  ]);
  const bleu = report.group("v1", "bleu")!;
  assert.equal(bleu.verdicts, false);
  assert.equal(bleu.scoredOnly, null);
  assert.equal(bleu.counts.noVerdict, 2);
  const exact = report.group("v1", "exact")!;
  assert.equal(exact.verdicts, true);
  assert.equal(exact.counts.noVerdict, 1);
  assert.equal(exact.allAttempted?.rate, 0.5);
  assert.match(report.toText(), /Mean score \(no verdicts, so no pass rate\)/);
  assert.ok(Math.abs(bleu.scoreMean!.mean - 0.55) < 1e-12);
  assert.equal(exact.scoreMean, null);
});

Deno.test("the scale option makes scores on another scale readable", async () => {
  const input = [row({ score: 7, pass: true }), row({ score: 2, pass: false })];
  assert.equal((await audit(input)).totals.unreadable, 2);
  const onTen = await audit(input, { scale: { min: 0, max: 10 } });
  assert.equal(onTen.totals.unreadable, 0);
  assert.deepEqual(onTen.toJSON().scale, { min: 0, max: 10 });
  await assert.rejects(() => audit(input, { scale: { min: 1, max: 1 } }), RangeError);
  await assert.rejects(() => audit(input, { confidence: 95 }), RangeError);
});

Deno.test("each-case-once rate appears only when repeats are unequal", async () => {
  // Case a: 3 attempts, 3 passes; case b: 1 attempt, failed; case c: 1 attempt, errored.
  const unequal = [
    row({ case: "a", repeat: 0 }),
    row({ case: "a", repeat: 1 }),
    row({ case: "a", repeat: 2 }),
    row({ case: "b", pass: false, score: 0 }),
    row({ case: "c", pass: null, score: null, error: "timeout" }),
  ];
  const g = (await audit(unequal)).toJSON().groups[0];
  assert.equal(g.scoredOnly?.rate, 3 / 4);
  assert.deepEqual(g.eachCaseOnce, {
    rate: (1 + 0) / 2,
    cases: 2,
    casesWithoutScore: 1,
    pooledRate: 3 / 4,
    minRepeats: 1,
    maxRepeats: 3,
  });
  const equal = [row({ case: "a" }), row({ case: "b", pass: false })];
  assert.equal((await audit(equal)).toJSON().groups[0].eachCaseOnce, null);
});

Deno.test("zeroing check runs when every passing row carries a recognized grade", async () => {
  const report = await audit([
    row({ rawGrade: "C" }),
    row({ rawGrade: "C" }),
    row({ version: "v2", rawGrade: 1 }),
    row({ pass: false, score: 0, rawGrade: "I" }), // a real failure
    row({ pass: false, score: 0, rawGrade: "The answer seems partly right" }), // zeroed text
    row({ version: "v2", pass: false, score: 0, rawGrade: "GRADE: maybe" }), // zeroed text
    row({ pass: false, score: 0, rawGrade: ["C"] }), // a list, not text: stays failed
  ]);
  const v1 = report.group("v1", "exact")!;
  assert.equal(v1.zeroing.ran, true);
  assert.equal(v1.zeroing.moved, 1);
  assert.equal(v1.counts.failed, 2);
  assert.equal(v1.counts.unparsed, 1);
  assert.equal(v1.scoredOnly?.rate, 2 / 4);
  assert.ok(v1.unscoredRows.some((r) => r.class === "unparsed" && /partly right/.test(r.reason)));
  const v2 = report.group("v2", "exact")!;
  assert.deepEqual([v2.zeroing.moved, v2.counts.failed, v2.counts.unparsed], [1, 0, 1]);
});

Deno.test("zeroing check does not run on free-text passes, missing grades or no raw grade", async () => {
  const freeText = await audit([
    row({ rawGrade: "Looks correct to me" }),
    row({ rawGrade: "C" }),
    row({ pass: false, score: 0, rawGrade: "unclear" }),
  ]);
  const a = freeText.groups[0];
  assert.equal(a.zeroing.ran, false);
  assert.match(a.zeroing.reason, /free text/);
  assert.equal(a.counts.failed, 1);

  const missing = await audit([
    row({ rawGrade: "C" }),
    row({}),
    row({ pass: false, score: 0, rawGrade: "unclear" }),
  ]);
  assert.equal(missing.groups[0].zeroing.ran, false);
  assert.match(missing.groups[0].zeroing.reason, /1 passing row has no raw grade/);

  const none = await audit([row({}), row({ pass: false, score: 0 })]);
  assert.deepEqual(none.groups[0].zeroing, {
    ran: false,
    reason: "no raw grade in the file for this grader",
    moved: 0,
  });
  assert.match(
    none.toText({ verbose: true }),
    /Zeroing check of grader "exact": not run: no raw grade/,
  );
});

Deno.test("declared figures name the convention that produced them", async () => {
  // 6 passed, 2 failed (one of them zeroed text), 2 errored: scored only 6/7 after zeroing,
  // all attempted 6/10, unparsed counted as failures 6/8.
  const input = [
    ...rows(6, () => ({ rawGrade: "C" })),
    row({ pass: false, score: 0, rawGrade: "I" }),
    row({ pass: false, score: 0, rawGrade: "no idea what this is" }),
    ...rows(2, () => ({ pass: null, score: null, error: "timeout" })),
  ];
  const report = await audit({
    rows: input,
    declared: [
      { metric: "accuracy", value: 0.75, source: "results.accuracy" },
      { metric: "pass_rate", value: 0.6, source: "stats.pass_rate", version: "v1" },
      { metric: "scored", value: 0.857, source: "summary.scored", grader: "exact" },
      { metric: "odd", value: 0.5, source: "odd" },
      { metric: "total", value: 10, kind: "count", source: "results.total_samples" },
      { metric: "other", value: 0.5, source: "x", version: "v9" },
    ],
  });
  const g = report.toJSON().groups[0];
  const byMetric = Object.fromEntries(g.declared.map((d) => [d.metric, d]));
  assert.deepEqual(byMetric.accuracy.matches, ["unparsedAsFailures"]);
  assert.equal(byMetric.accuracy.verdict, "matches unparsed grades counted as failures");
  assert.deepEqual(byMetric.pass_rate.matches, ["allAttempted"]);
  assert.deepEqual(byMetric.scored.matches, ["scoredOnly"]);
  assert.deepEqual(byMetric.odd.matches, []);
  assert.match(byMetric.odd.verdict, /^matches no convention; candidates: scored only 0\.8571/);
  assert.deepEqual(byMetric.total.matches, ["attempted"]);
  assert.deepEqual(report.toJSON().unmatchedDeclared.map((d) => d.version), ["v9"]);
  assert.match(
    report.toText(),
    /"accuracy" = 0.75 \(from results.accuracy\): matches unparsed grades/,
  );
});

Deno.test("a figure for the whole file is matched against the pooled groups", async () => {
  const report = await audit({
    rows: [
      row({ version: "a" }),
      row({ version: "a", pass: false }),
      row({ version: "b" }),
      row({ version: "b", pass: null, score: null, error: "timeout" }),
    ],
    declared: [{ metric: "accuracy", value: 2 / 3, source: "header" }],
  });
  for (const g of report.groups) {
    assert.equal(g.declared.length, 1);
    assert.equal(g.declared[0].groups, 2);
    assert.deepEqual(g.declared[0].matches, ["scoredOnly"]);
  }
});

Deno.test("text and HTML spell out the conventions, carry the confidence and escape file values", async () => {
  const hostile = '<script>alert("x")</script>';
  const report = await audit({
    rows: [
      row({ version: hostile, grader: "a&b" }),
      row({
        version: hostile,
        grader: "a&b",
        pass: null,
        score: null,
        error: "<img src=x onerror=y>",
      }),
    ],
    source: "<file>.csv",
    harness: "promptfoo",
    notes: ["<b>note</b>"],
  }, { confidence: 0.9 });
  const html = report.toHTML();
  assert.ok(!html.includes("<script>"), "script tag escaped");
  assert.ok(!html.includes("<img"), "error text escaped");
  assert.ok(!html.includes("<b>note"), "notes escaped");
  assert.ok(!html.includes("<file>"), "source escaped");
  assert.ok(html.includes("&lt;script&gt;"));
  const text = report.toText();
  for (const name of ["scored only", "all attempted", "upper edge", "envelope"]) {
    assert.ok(text.includes(name), name);
    assert.ok(html.includes(name), name);
  }
  // Every interval cell names its confidence level.
  const intervals = text.match(/\[\d+\.\d%, \d+\.\d%\]/g) ?? [];
  const labelled = text.match(/90% Wilson \[\d+\.\d%, \d+\.\d%\]/g) ?? [];
  assert.ok(intervals.length >= 4);
  assert.equal(labelled.length, intervals.length);
  assert.match(text, /Which number to report: Report 100\.0% \(1 of 1 scored, 1 of 2 attempts/);
  assert.ok(text.indexOf("Which number to report") < text.indexOf("Pass rate three ways"));
  const bundle = report[$display]();
  assert.deepEqual(Object.keys(bundle), ["text/html", "text/plain", "application/json"]);
  assert.equal(bundle["text/plain"], text);
});

Deno.test("the advice depends on what the unscored rows are", async () => {
  const base = rows(5, () => ({}));
  const infra = await audit([...base, row({ pass: null, score: null, error: "ECONNRESET" })]);
  assert.match(infra.groups[0].advice, /infrastructure error: scored only is a fair estimate/);
  assert.match(infra.groups[0].adviceReasons.join(" "), /strike cases at random/);
  const model = await audit([...base, row({ pass: null, score: null, error: "empty response" })]);
  assert.match(model.groups[0].advice, /model error, likely a real failure: prefer all attempted/);
  assert.match(model.groups[0].adviceReasons.join(" "), /scored only flatters the result/);
  const grader = await audit([...base, row({ pass: null, score: null, error: "no-reference" })]);
  assert.match(grader.groups[0].advice, /grader-side error: scored only is the figure/);
  assert.match(grader.groups[0].adviceReasons.join(" "), /say nothing about the model/);
  // A reason shared by several groups is said once, in the notes.
  const two = await audit([
    ...base,
    row({ pass: null, score: null, error: "ECONNRESET" }),
    ...rows(5, () => ({ version: "v2" })),
    row({ version: "v2", pass: null, score: null, error: "ECONNRESET" }),
  ]);
  const verbose = two.toText({ verbose: true });
  assert.equal(verbose.match(/strike cases at random/g)?.length, 1);
  assert.equal(verbose.match(/release bar: it counts every unscored attempt/g)?.length, 1);
  const none = await audit([row({ pass: null, score: null, error: "timeout" })]);
  assert.match(none.groups[0].advice, /No attempt was scored/);
});

Deno.test("the envelope chart takes every group with a pass rate", async () => {
  const report = await audit([
    row({ version: "a" }),
    row({ version: "a", pass: false }),
    row({ version: "b", pass: false }),
    row({ version: "b", pass: null, score: null }),
    row({ version: "b", grader: "bleu", pass: null, score: 0.2 }),
  ]);
  const chart = report.chart();
  assert.ok(chart.text.includes("95% Wilson"));
  assert.equal((chart.figure.data[1] as { x: unknown[] }).x.length, 2);
  assert.match(chart.text, /\ba\s+exact\b/);
  assert.match(chart.text, /\bb\s+exact\b/);
  assert.doesNotMatch(chart.text, /bleu/);
});

Deno.test("another interval method: every rate, the envelope, the advice and the chart name it", async () => {
  const input = [
    ...rows(9, () => ({})),
    row({ pass: false }),
    row({ pass: null, score: null, error: "timeout" }),
  ];
  const wilson = await audit(input);
  const report = await audit(input, { method: "agresti_coull", confidence: 0.9 });
  const data = report.toJSON();
  assert.equal(data.method, "agresti-coull");
  assert.equal(data.interval, "Agresti-Coull, two-sided");
  const [g] = data.groups;
  assert.deepEqual(
    { lower: g.scoredOnly!.lower, upper: g.scoredOnly!.upper },
    agrestiCoullInterval(9, 10, 0.9),
  );
  assert.deepEqual(
    { lower: g.upperEdge!.lower, upper: g.upperEdge!.upper },
    agrestiCoullInterval(10, 11, 0.9),
  );
  assert.equal(g.envelope!.lower, agrestiCoullInterval(9, 11, 0.9).lower);
  assert.notEqual(g.scoredOnly!.lower, wilson.groups[0].scoredOnly!.lower);
  const text = report.toText();
  assert.match(text, /Intervals: Agresti-Coull, two-sided, 90% confidence/);
  assert.equal(text.match(/90% Agresti-Coull \[/g)?.length, 4 + 1); // three rates, envelope, advice
  assert.doesNotMatch(text, /Wilson/);
  assert.match(report.chart().text, /90% Agresti-Coull/);
  await assert.rejects(() => audit(input, { method: "bayes" }), /Unknown interval method/);
});

Deno.test("scores without verdicts: the mean is over scored attempts, with the count beside it", async () => {
  // 8 scored rows (mean 0.5625), 14 NaN scores, 2 errored and 1 empty: 25 attempts.
  const scored = [0.5, 0.75, 0.25, 1, 0.5, 0.5, 0.75, 0.25];
  const input = [
    ...scored.map((score) => row({ grader: "faithfulness", score, pass: null })),
    ...rows(14, () => ({ grader: "faithfulness", score: NaN, pass: null })),
    ...rows(2, () => ({ grader: "faithfulness", score: null, pass: null, error: "timed out" })),
    row({ grader: "faithfulness", score: null, pass: null }),
  ];
  const report = await audit(input, { seed: 3, resamples: 500 });
  const g = report.toJSON().groups[0];
  assert.equal(g.verdicts, false);
  assert.equal(g.scoredOnly, null);
  const m = g.scoreMean!;
  assert.deepEqual([m.mean, m.scored, m.attempted, m.unscored], [0.5625, 8, 25, 17]);
  assert.deepEqual([m.interval.seed, m.interval.resamples, m.interval.confidence], [3, 500, 0.95]);
  assert.ok(m.interval.lower < 0.5625 && 0.5625 < m.interval.upper);
  assert.deepEqual([g.counts.noVerdict, g.counts.nan, g.counts.errored, g.counts.empty], [
    8,
    14,
    2,
    1,
  ]);
  const text = report.toText();
  assert.match(text, /mean 0\.563 over 8 of 25 attempts \(17 unscored, left out of the mean\)/);
  assert.match(text, /percentile bootstrap, 500 resamples, seed 3/);
  assert.match(g.advice, /Report its mean 0\.563 over 8 of 25 attempts/);
  // The same seed gives the same interval; another seed another one.
  const again = (await audit(input, { seed: 3, resamples: 500 })).toJSON().groups[0].scoreMean!;
  assert.deepEqual(again.interval, m.interval);
  const other = (await audit(input, { seed: 4, resamples: 500 })).toJSON().groups[0].scoreMean!;
  assert.notDeepEqual(other.interval, m.interval);
  // A grader with verdicts has a pass rate and no mean.
  const withVerdicts = (await audit(rows(3, () => ({})))).toJSON().groups[0];
  assert.equal(withVerdicts.scoreMean, null);
  await assert.rejects(() => audit(input, { resamples: 0 }), RangeError);
  await assert.rejects(() => audit(input, { seed: 1.5 }), RangeError);
});

Deno.test("a score-only grader whose every row is NaN still has no pass rate, and says so", async () => {
  const input = rows(
    4,
    () => ({ grader: "answer_correctness", score: NaN, pass: null, scoreOnly: true }),
  );
  const g = (await audit(input)).toJSON().groups[0];
  assert.equal(g.verdicts, false);
  assert.equal(g.allAttempted, null);
  assert.deepEqual([g.scoreMean?.scored, g.scoreMean?.unscored], [0, 4]);
  assert.ok(Number.isNaN(g.scoreMean?.mean));
  assert.match(g.advice, /none of its attempts has a usable score/);
  // Without the flag, four NaN rows of a grader that could give verdicts keep the three rates.
  const plain = rows(4, () => ({ grader: "judge", score: NaN, pass: null }));
  const p = (await audit(plain)).toJSON().groups[0];
  assert.deepEqual([p.verdicts, p.allAttempted?.trials, p.scoreMean], [true, 4, null]);
});
