// Every real harness file in ../shared/fixtures/harness/ read with no flags and audited.
//
// The counts below were verified by reading each file (a throw-away Python script over the JSON,
// the JSON lines, the CSV records and the zip members, independent of verdict's code), then
// written here as literals. Classes follow the audit's first-matching rule: NaN score, unparsed
// grade, errored, passed/failed, score without verdict, nothing at all. "unscored" is every
// attempt that is neither passed nor failed (errored included).
import assert from "node:assert/strict";
import { audit } from "../lib/audit/audit.ts";
import { harnessAuditInput } from "../lib/harness/audit_harness_file.ts";
import { readHarnessFile } from "../lib/harness/read_harness_file.ts";
import type { HarnessName } from "../lib/harness/types.ts";

const ROOT = new URL("../../shared/fixtures/harness/", import.meta.url);
const present = (() => {
  try {
    return Deno.statSync(ROOT).isDirectory;
  } catch {
    return false;
  }
})();
if (!present) {
  console.log(
    `harness fixtures: skipped, ${ROOT.pathname} is absent (real files are not committed)`,
  );
}

interface Expected {
  file: string;
  harness: HarnessName;
  format: "json" | "jsonl" | "csv" | "eval-zip";
  kind?: string;
  attempted: number;
  passed: number;
  failed: number;
  errored: number;
  unscored: number;
  /** Other class counts that must hold (nan, unparsed, empty, noVerdict). */
  classes?: Record<string, number>;
  aggregateOnly?: boolean;
  /**
   * Declared figures (by metric, or `grader | metric` for one grader's) and the convention codes
   * they must match.
   */
  matches?: Record<string, string[]>;
  /** For graders with scores but no verdicts: [mean, scored, unscored] per grader. */
  means?: Record<string, [number, number, number]>;
  /** A note that must be among the harness notes (a substring). */
  note?: string;
  /** Problem codes the file must raise. */
  problems?: string[];
  version?: string;
}

const FIXTURES: Expected[] = [
  // promptfoo ---------------------------------------------------------------------------------
  {
    // results.results has 15 entries: success true on t01 t03 t04 t05 t13 t16 (6);
    // failureReason 2 on t07 t08 (2 errored); failureReason 1 on t02 t06 t09 t10 t11 t12 t15 (7),
    // of which t15's reason starts "Custom function threw error" (unparsed) → 6 failed.
    // stats say 6 + 8 + 2 = 16: t14 (testIdx 13) is missing and kept as an empty attempt.
    file: "promptfoo/offline-a.results.json",
    harness: "promptfoo",
    format: "json",
    attempted: 16,
    passed: 6,
    failed: 6,
    errored: 2,
    unscored: 4,
    classes: { unparsed: 1, empty: 1, nan: 0 },
    matches: { "stats.successes / (successes + failures + errors)": ["allAttempted"] },
    problems: ["row-missing"],
    version: "0.123.1",
  },
  {
    // 16 lines: the same 15 plus t14, whose score and gradingResult.score are null (NaN).
    file: "promptfoo/offline-a.results.jsonl",
    harness: "promptfoo",
    format: "jsonl",
    attempted: 16,
    passed: 6,
    failed: 6,
    errored: 2,
    unscored: 4,
    classes: { nan: 1, unparsed: 1, empty: 0 },
  },
  {
    // 15 records (t14 absent); Status PASS 6, FAIL 7 (t15's Grader Reason: "Custom function
    // threw error" → unparsed), ERROR 2.
    file: "promptfoo/offline-a.results.csv",
    harness: "promptfoo",
    format: "csv",
    attempted: 15,
    passed: 6,
    failed: 6,
    errored: 2,
    unscored: 3,
    classes: { unparsed: 1 },
  },
  {
    // 60 results (4 promptIdx × 15 testIdx): success true 16; failureReason 2 on 8 (t07, t08 in
    // each of the 4 versions); failureReason 1 on 36, 4 of them t15 (grader threw) → 32 failed.
    // stats 16 + 36 + 8 = 60, nothing missing.
    file: "promptfoo/offline-b.results.json",
    harness: "promptfoo",
    format: "json",
    attempted: 60,
    passed: 16,
    failed: 32,
    errored: 8,
    unscored: 12,
    classes: { unparsed: 4 },
    matches: { "stats.successes / (successes + failures + errors)": ["allAttempted"] },
  },
  {
    // 60 lines, the same rows as the JSON.
    file: "promptfoo/offline-b.results.jsonl",
    harness: "promptfoo",
    format: "jsonl",
    attempted: 60,
    passed: 16,
    failed: 32,
    errored: 8,
    unscored: 12,
    classes: { unparsed: 4 },
  },
  {
    // 15 records × 4 Status groups = 60 cells: PASS 16, FAIL 36 (4 grader-threw), ERROR 8.
    file: "promptfoo/offline-b.results.csv",
    harness: "promptfoo",
    format: "csv",
    attempted: 60,
    passed: 16,
    failed: 32,
    errored: 8,
    unscored: 12,
    classes: { unparsed: 4 },
  },
  {
    // 4 results, all success false with failureReason 1 (latency assertion), none errored even
    // though every row has an error string.
    file: "promptfoo/repo-test-fixture.sample-export.json",
    harness: "promptfoo",
    format: "json",
    attempted: 4,
    passed: 0,
    failed: 4,
    errored: 0,
    unscored: 0,
    version: "0.118.10",
  },
  // Inspect AI --------------------------------------------------------------------------------
  {
    // 3 samples, scorer match: C, C, I. Header accuracy 0.6667 (2/3).
    file: "inspect_ai/2025-05-12T20-28-13-04-00_popularity.json",
    harness: "inspect",
    format: "json",
    attempted: 3,
    passed: 2,
    failed: 1,
    errored: 0,
    unscored: 0,
    matches: { accuracy: ["scoredOnly", "allAttempted"] },
    version: "0.3.95.dev16+g6527d0861",
  },
  {
    // No samples key at all; header total 1 / completed 1, accuracy 0.0, status error.
    file: "inspect_ai/2024-08-29T15-11-18+00-00_popularity_5EAmX6wjMFqea6WY7XHzZp.json",
    harness: "inspect",
    format: "json",
    attempted: 0,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 0,
    aggregateOnly: true,
    problems: ["header-inconsistent"],
  },
  {
    // 4 members samples/{1,2}_epoch_{1,2}.json: values I, C (sample 1), C, C (sample 2).
    file: "inspect_ai/log_streaming.eval",
    harness: "inspect",
    format: "eval-zip",
    attempted: 4,
    passed: 3,
    failed: 1,
    errored: 0,
    unscored: 0,
    matches: { accuracy: ["scoredOnly", "allAttempted"] },
  },
  {
    // 1 member, closeness_log value 0.0 (a number: 0 fails).
    file: "inspect_ai/log_message_deduplication.eval",
    harness: "inspect",
    format: "eval-zip",
    attempted: 1,
    passed: 0,
    failed: 1,
    errored: 0,
    unscored: 0,
  },
  {
    // 10 members, every one with scores {}; the header names scorer match → 10 empty rows.
    file: "inspect_ai/2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval",
    harness: "inspect",
    format: "eval-zip",
    attempted: 10,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 10,
    classes: { empty: 10 },
  },
  {
    // zstd members (method 93); 1 sample with scores {} and no scorer anywhere → 1 empty row.
    file: "inspect_ai/retry-2-then-success.zstd.eval",
    harness: "inspect",
    format: "eval-zip",
    attempted: 1,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 1,
    classes: { empty: 1 },
  },
  // lm-evaluation-harness ---------------------------------------------------------------------
  {
    // results only: exact_match under two filters, no samples file beside it.
    file: "lm-eval-harness/pr2236_asdiv_cot_llama_results_2024-08-21T04-27-29.701325.json",
    harness: "lm-eval",
    format: "json",
    attempted: 0,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 0,
    aggregateOnly: true,
  },
  {
    file: "lm-eval-harness/pr3144_polymer_results_2025-06-30T19-40-09.461247.json",
    harness: "lm-eval",
    format: "json",
    attempted: 0,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 0,
    aggregateOnly: true,
  },
  {
    // 24 lines, metric mae: bare Infinity on 17 (unparsed), a finite number on 7 (a score
    // without a verdict: mae is not pass/fail).
    file: "lm-eval-harness/pr3144_samples_polymer_tg_prediction_2025-06-30T19-40-09.461247.jsonl",
    harness: "lm-eval",
    format: "jsonl",
    attempted: 24,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 24,
    classes: { unparsed: 17, noVerdict: 7 },
  },
  {
    file: "lm-eval-harness/pr3168_FLOR-760M_eqbench_results_2025-07-21T14-41-47.889425.json",
    harness: "lm-eval",
    format: "json",
    attempted: 0,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 0,
    aggregateOnly: true,
  },
  {
    // 10 lines, eqbench 0 beside percent_parseable 0 on every one → 10 unparsed.
    file: "lm-eval-harness/pr3168_samples_eqbench_ca_2025-07-21T14-41-47.889425.jsonl",
    harness: "lm-eval",
    format: "jsonl",
    attempted: 10,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 10,
    classes: { unparsed: 10 },
  },
  {
    file: "lm-eval-harness/pr3936_negotiationtom_results_2026-07-08T18-15-33.115417.json",
    harness: "lm-eval",
    format: "json",
    attempted: 0,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 0,
    aggregateOnly: true,
  },
  {
    // 20 lines, acc 1.0 on 9 and 0.0 on 11; results file beside it declares acc,none 0.45.
    file: "lm-eval-harness/pr3936_samples_negotiationtom_belief_2026-07-08T18-15-33.115417.jsonl",
    harness: "lm-eval",
    format: "jsonl",
    attempted: 20,
    passed: 9,
    failed: 11,
    errored: 0,
    unscored: 0,
    matches: { "acc,none": ["scoredOnly", "allAttempted"] },
    version: "0.4.13.dev0",
  },
  {
    // 20 lines, exact_match 1.0 on 4 and 0.0 on 16; micro/macro F1 are [gold, pred] lists.
    file:
      "lm-eval-harness/pr3936_samples_negotiationtom_intention_2026-07-08T18-15-33.115417.jsonl",
    harness: "lm-eval",
    format: "jsonl",
    attempted: 20,
    passed: 4,
    failed: 16,
    errored: 0,
    unscored: 0,
    matches: { "exact_match,none": ["scoredOnly", "allAttempted"] },
  },
  // OpenAI Evals ------------------------------------------------------------------------------
  {
    // one eval.run, status queued, result_counts all 0.
    file: "openai-evals/openapi-example.getEvalRun.json",
    harness: "openai-evals",
    format: "json",
    attempted: 0,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 0,
    aggregateOnly: true,
  },
  {
    // one output item, one grader result passed: true, sample.error null; has_more true.
    file: "openai-evals/openapi-example.getEvalRunOutputItems.json",
    harness: "openai-evals",
    format: "json",
    attempted: 1,
    passed: 1,
    failed: 0,
    errored: 0,
    unscored: 0,
    problems: ["more-pages"],
  },
  {
    // a list of one eval.run with result_counts total 1, passed 1.
    file: "openai-evals/openapi-example.getEvalRuns.json",
    harness: "openai-evals",
    format: "json",
    attempted: 0,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 0,
    aggregateOnly: true,
  },
  {
    // 2 lines × 3 criteria: line 1 passes all three, line 2 fails Relevance only.
    file: "openai-evals/promptfoo-import-fixture.openai-evals-items.jsonl",
    harness: "openai-evals",
    format: "jsonl",
    attempted: 6,
    passed: 5,
    failed: 1,
    errored: 0,
    unscored: 0,
  },
  {
    // line 1: sample.error set, grades/passes empty (errored, under the file's one criterion);
    // line 2: passes its one criterion.
    file: "openai-evals/promptfoo-import-fixture.openai-evals-multi-run-items.jsonl",
    harness: "openai-evals",
    format: "jsonl",
    attempted: 2,
    passed: 1,
    failed: 0,
    errored: 1,
    unscored: 1,
  },
  // DeepEval ----------------------------------------------------------------------------------
  // Counted with a throw-away stdlib Python script: json.loads (bare NaN/Infinity counted by a
  // parse_constant hook: none in these files), then for every entry of testCases and
  // conversationalTestCases (or of a cache's lookup map), for every metric result: errored when
  // it has an error string, else NaN when its score is NaN, else passed/failed by its own success
  // flag (never by score and threshold). The READMEs' counts agree.
  {
    // 2 cases × {Correctness [GEval], Faithfulness}: Correctness true/false (0.2845 < 0.5),
    // Faithfulness true/true. metricsScores 1/1/0 and 2/0/0; testPassed 1, testFailed 1.
    file: "deepeval/Arshnoor-Singh-Sohi-RAG-Ecosystem.latest_test_run.json",
    harness: "deepeval",
    format: "json",
    kind: "latest-test-run",
    attempted: 4,
    passed: 3,
    failed: 1,
    errored: 0,
    unscored: 0,
    classes: { nan: 0 },
    matches: { "metricsScores passes / (passes + fails + errors)": ["scoredOnly", "allAttempted"] },
  },
  {
    // testCases [] and one conversational case with Role Adherence 0.5 and Knowledge Retention
    // 0.5 (threshold 0.7), both success false.
    file: "deepeval/JustChaos10-Rasa-Alizha-Chatbot.latest_test_run.json",
    harness: "deepeval",
    format: "json",
    kind: "latest-test-run",
    attempted: 2,
    passed: 0,
    failed: 2,
    errored: 0,
    unscored: 0,
    classes: { nan: 0 },
    matches: { "metricsScores passes / (passes + fails + errors)": ["scoredOnly", "allAttempted"] },
  },
  {
    // 20 cases × 3 custom metrics whose success is score == 0: Keyword 3 true / 17 false, CEAT
    // 12 / 8, BOLD 20 / 0 → 35 passed, 25 failed; every flag disagrees with score ≥ 0.5.
    file: "deepeval/Mango-Leach-industryproject.latest_test_run.json",
    harness: "deepeval",
    format: "json",
    kind: "latest-test-run",
    attempted: 60,
    passed: 35,
    failed: 25,
    errored: 0,
    unscored: 0,
    classes: { nan: 0 },
    matches: { "metricsScores passes / (passes + fails + errors)": ["scoredOnly", "allAttempted"] },
    note:
      "Metric results whose success flag differs from score ≥ threshold (lower-is-better or custom metrics): 60;",
  },
  {
    // {"testRunLink": …} only: no case, no metric.
    file: "deepeval/PRKULKAR1992-DeepEval.basics.latest_test_run.link-only.json",
    harness: "deepeval",
    format: "json",
    kind: "link",
    attempted: 0,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 0,
    classes: { nan: 0 },
    problems: ["no-rows"],
    note: "This file holds only a link to results uploaded to Confident AI",
  },
  {
    // testCasesLookupMap: 2 entries, each one Answer Relevancy result with success true.
    file: "deepeval/confident-ai-deepeval.legacy-2024.deepeval-cache.json",
    harness: "deepeval",
    format: "json",
    kind: "legacy-cache",
    attempted: 2,
    passed: 2,
    failed: 0,
    errored: 0,
    unscored: 0,
    classes: { nan: 0 },
  },
  {
    // test_cases_lookup_map: 4 entries, each one cached Tool Correctness (3 true, 1 false); the
    // run's 3 errored GEval results were never cached.
    file: "deepeval/dtehan-teradata-mcp-evals.deepeval-cache.json",
    harness: "deepeval",
    format: "json",
    kind: "cache",
    attempted: 4,
    passed: 3,
    failed: 1,
    errored: 0,
    unscored: 0,
    classes: { nan: 0 },
  },
  {
    // 4 cases: Tool Correctness on all 4 (3 true, 1 false); Clarification Check [GEval] on 3,
    // each with an error string and no score → 3 errored. metricsScores: 3/1/0 and 0/0/3.
    file: "deepeval/dtehan-teradata-mcp-evals.latest_test_run.json",
    harness: "deepeval",
    format: "json",
    kind: "latest-test-run",
    attempted: 7,
    passed: 3,
    failed: 1,
    errored: 3,
    unscored: 3,
    classes: { nan: 0 },
    matches: {
      "Tool Correctness | metricsScores passes / (passes + fails + errors)": [
        "scoredOnly",
        "allAttempted",
      ],
      "Clarification Check [GEval] | metricsScores passes / (passes + fails + errors)": [
        "allAttempted",
      ],
      "Clarification Check [GEval] | metricsScores.errors": ["attempted", "errored"],
    },
    note: "Test cases with an errored or NaN metric and no failed one: 3;",
  },
  {
    // A bare TestRun (results folder): 6 cases c0…c5 × Listed Passes, 3 true (c0, c1, c3), 3 false.
    file: "deepeval/judgekeeper-judgekeeper.test_run_20261001_143217.json",
    harness: "deepeval",
    format: "json",
    kind: "test-run",
    attempted: 6,
    passed: 3,
    failed: 3,
    errored: 0,
    unscored: 0,
    classes: { nan: 0 },
    matches: { "metricsScores passes / (passes + fails + errors)": ["scoredOnly", "allAttempted"] },
  },
  // Ragas --------------------------------------------------------------------------------------
  // Counted with a throw-away stdlib Python script: csv.DictReader over the whole text (quoted
  // multi-line cells stay in one record), or json.loads with a parse_constant hook for bare NaN;
  // a metric column is any column that is not a Ragas input; a cell is NaN when empty, "nan",
  // null or a float NaN. The means are over the numeric cells only. No file carries a threshold,
  // so every scored cell is a score without a verdict. The READMEs' counts agree.
  {
    // 8 rows × 4 metrics, no empty cell: 32 scored.
    file: "ragas/Abishek-Raj-M-Ragas-evaluation-demo.ragas_evaluation_results.csv",
    harness: "ragas",
    format: "csv",
    kind: "table",
    attempted: 32,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 32,
    classes: { nan: 0, noVerdict: 32 },
    means: {
      context_recall: [0.5, 8, 0],
      context_precision: [0.6249999999375, 8, 0],
      faithfulness: [0.4375, 8, 0],
      answer_correctness: [0.6004451246553641, 8, 0],
    },
  },
  {
    // 8 rows × 4 metrics; context_precision empty in rows 1 and 3 (0-based) → 2 NaN, 30 scored.
    file: "ragas/Naveroll0406-Hybrid-RAG-Evaluation.ragas_evaluation_results.csv",
    harness: "ragas",
    format: "csv",
    kind: "table",
    attempted: 32,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 32,
    classes: { nan: 2, noVerdict: 30 },
    means: {
      faithfulness: [0.96875, 8, 0],
      answer_relevancy: [0.8628382853218896, 8, 0],
      context_precision: [0.8171296295898919, 6, 2],
      context_recall: [0.8333333333333334, 8, 0],
    },
  },
  {
    // 10 rows × 4 metrics; answer_correctness empty in all 10, faithfulness in rows 0 and 8:
    // 12 NaN, 28 scored; every row has a NaN.
    file: "ragas/kxphan05-multiplier.ragas_results.csv",
    harness: "ragas",
    format: "csv",
    kind: "table",
    attempted: 40,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 40,
    classes: { nan: 12, noVerdict: 28 },
    means: {
      faithfulness: [0.19042388770649638, 8, 2],
      answer_correctness: [NaN, 0, 10],
      context_precision: [0.5166666666391666, 10, 0],
      context_recall: [0.08333333333333333, 10, 0],
    },
    note: "rows with at least one NaN metric: 10.",
  },
  {
    // Columns layout {column: {"0": …}}, 15 rows × 3 metrics; bare NaN tokens at faithfulness
    // "8" and "9", answer_relevancy "10", context_recall "11": 4 NaN, 41 scored.
    file: "ragas/NomanSaleem4-agentic_rag.ragas_results.json",
    harness: "ragas",
    format: "json",
    kind: "columns",
    attempted: 45,
    passed: 0,
    failed: 0,
    errored: 0,
    unscored: 45,
    classes: { nan: 4, noVerdict: 41 },
    means: {
      faithfulness: [0.47289377289377293, 13, 2],
      answer_relevancy: [0.892529144192779, 14, 1],
      context_recall: [0.875, 14, 1],
    },
  },
];

Deno.test("every fixture file has an expectation (none is left untested)", {
  ignore: !present,
}, () => {
  const listed = new Set(FIXTURES.map((f) => f.file));
  for (
    const dir of ["promptfoo", "inspect_ai", "lm-eval-harness", "openai-evals", "deepeval", "ragas"]
  ) {
    for (const entry of Deno.readDirSync(new URL(`${dir}/`, ROOT))) {
      if (entry.name === "README.md") continue;
      assert.ok(listed.has(`${dir}/${entry.name}`), `no expectation for ${dir}/${entry.name}`);
    }
  }
});

for (const expected of FIXTURES) {
  Deno.test(`fixture ${expected.file}: detected and counted with no flags`, {
    ignore: !present,
  }, async () => {
    const read = await readHarnessFile(new URL(expected.file, ROOT));
    assert.equal(read.detected.harness, expected.harness);
    assert.equal(read.detected.format, expected.format);
    if (expected.kind) assert.equal(read.detected.kind, expected.kind);
    if (expected.note) {
      assert.ok(read.harness.notes.some((n) => n.includes(expected.note!)), expected.note);
    }
    assert.equal(read.aggregateOnly, expected.aggregateOnly ?? false);
    if (expected.version) assert.equal(read.harness.version, expected.version);
    assert.ok(read.harness.notes.some((n) => n.startsWith("Checked against")));

    const report = (await audit(harnessAuditInput(read))).toJSON();
    const t = report.totals as unknown as Record<string, number>;
    assert.deepEqual(
      [t.attempted, t.passed, t.failed, t.errored, t.attempted - t.passed - t.failed],
      [expected.attempted, expected.passed, expected.failed, expected.errored, expected.unscored],
    );
    assert.equal(t.refused, 0);
    for (const [cls, n] of Object.entries(expected.classes ?? {})) assert.equal(t[cls], n, cls);

    if (expected.aggregateOnly) {
      assert.equal(read.rows.length, 0);
      assert.ok(read.declared.length > 0, "an aggregate-only file still has declared figures");
      assert.match(read.harness.notes[0], /aggregate figures only/);
    }
    for (const [key, conventions] of Object.entries(expected.matches ?? {})) {
      const [grader, metric] = key.includes(" | ") ? key.split(" | ") : [undefined, key];
      const found = report.groups.filter((g) => grader === undefined || g.grader === grader)
        .flatMap((g) => g.declared).filter((d) => d.metric === metric);
      assert.ok(found.length > 0, `declared figure ${metric} was matched against a group`);
      for (const d of found) assert.deepEqual(d.matches, conventions, `${metric}: ${d.verdict}`);
    }
    for (const [grader, [mean, scored, unscored]] of Object.entries(expected.means ?? {})) {
      const g = report.groups.find((g) => g.grader === grader);
      assert.ok(g?.scoreMean, `${grader} has a mean`);
      assert.equal(g.verdicts, false);
      const m = g.scoreMean;
      assert.deepEqual([m.scored, m.unscored, m.attempted], [scored, unscored, scored + unscored]);
      if (Number.isNaN(mean)) assert.ok(Number.isNaN(m.mean), grader);
      else assert.ok(Math.abs(m.mean - mean) < 1e-12, `${grader}: ${m.mean} vs ${mean}`);
    }
    const codes = read.problems.map((p) => p.code);
    for (const code of expected.problems ?? []) assert.ok(codes.includes(code), code);
  });
}

Deno.test("promptfoo errors come from failureReason, with their kind read from the message", {
  ignore: !present,
}, async () => {
  const read = await readHarnessFile(new URL("promptfoo/offline-a.results.json", ROOT));
  const errored = read.rows.filter((r) => r.error !== undefined);
  assert.deepEqual(errored.map((r) => [r.case, r.errorKind]), [
    ["t07 provider throws", "infrastructure"],
    ["t08 provider returns error field", "unstated"],
  ]);
  // Seven failed assertions also carry an error string in the file; none became an error here.
  assert.equal(read.rows.filter((r) => r.pass === false && r.error === undefined).length, 7);
  const missing = read.rows.find((r) => r.case.startsWith("t14"));
  assert.deepEqual(missing && [missing.score, missing.pass, missing.error], [
    null,
    null,
    undefined,
  ]);
});

Deno.test("promptfoo wide CSV: each prompt × provider group is a version", {
  ignore: !present,
}, async () => {
  const read = await readHarnessFile(new URL("promptfoo/offline-b.results.csv", ROOT));
  const versions = [...new Set(read.rows.map((r) => r.version))].sort();
  assert.deepEqual(versions, [
    "[model-a] Answer briefly: {{question}}",
    "[model-a] Q: {{question}}\nA:",
    "[model-b] Answer briefly: {{question}}",
    "[model-b] Q: {{question}}\nA:",
  ]);
  const json = await readHarnessFile(new URL("promptfoo/offline-b.results.json", ROOT));
  const key = (r: { case: string; version?: string; pass: boolean | null }) =>
    `${r.case}|${r.version}|${r.pass}`;
  assert.deepEqual(read.rows.map(key).sort(), json.rows.map(key).sort());
});

Deno.test("lm-eval samples take the model and figures from the results file beside them", {
  ignore: !present,
}, async () => {
  const read = await readHarnessFile(
    new URL(
      "lm-eval-harness/pr3936_samples_negotiationtom_belief_2026-07-08T18-15-33.115417.jsonl",
      ROOT,
    ),
  );
  assert.deepEqual([...new Set(read.rows.map((r) => `${r.version} ${r.grader}`))], [
    "Qwen/Qwen3-8B acc,none",
  ]);
  assert.ok(read.rows.every((r) => r.repeat === 0));
  // Only the belief task's own figures, never the group's or a sibling task's.
  assert.deepEqual(read.declared.map((d) => [d.metric, d.value]), [
    ["acc,none", 0.45],
    ["n-samples.effective", 20],
  ]);
});

Deno.test("lm-eval results: bare Infinity, N/A stderrs and group entries become notes", {
  ignore: !present,
}, async () => {
  const polymer = await readHarnessFile(
    new URL("lm-eval-harness/pr3144_polymer_results_2025-06-30T19-40-09.461247.json", ROOT),
  );
  assert.ok(polymer.harness.notes.some((n) => /mae,none = Infinity/.test(n)));
  const tom = await readHarnessFile(
    new URL("lm-eval-harness/pr3936_negotiationtom_results_2026-07-08T18-15-33.115417.json", ROOT),
  );
  assert.ok(
    tom.harness.notes.some((n) =>
      n.startsWith('Stderr values that are "N/A" (not computable for that metric): 4.')
    ),
  );
  const group = tom.declared.filter((d) => d.metric.includes("group negotiationtom"));
  assert.deepEqual(group.map((d) => [d.grader, d.value]), [
    ["acc,none", 0.525],
    ["micro_f1,none", 0.2857142857142857],
    ["macro_f1,none", 0.24025974025974023],
    ["exact_match,none", 0.2],
  ]);
});

Deno.test("Inspect: zstd and deflate members read alike; the header's figures are declared", {
  ignore: !present,
}, async () => {
  const zstd = await readHarnessFile(new URL("inspect_ai/retry-2-then-success.zstd.eval", ROOT));
  assert.deepEqual(zstd.rows.map((r) => [r.case, r.repeat, r.version]), [
    ["1", 1, "mockllm/test (task)"],
  ]);
  const dedup = await readHarnessFile(new URL("inspect_ai/log_message_deduplication.eval", ROOT));
  assert.deepEqual(
    dedup.declared.filter((d) => d.kind === "count").map((d) => [d.metric, d.value]),
    [["results.total_samples", 1], ["results.completed_samples", 1], ["scored_samples", 1]],
  );
  assert.ok(dedup.harness.notes.some((n) => n.includes("counts scored_samples and unscored")));
});
