// End-to-end tests of the score job: counts, corpus figures, the scored file and the saved
// configuration.
import assert from "node:assert/strict";
import { capture } from "./_capture.ts";
import {
  corpusBleu,
  openRecords,
  readResults,
  score,
  SCORED_COLUMNS,
  sentenceBleu,
} from "../mod.ts";
import { main } from "../cli.ts";

const example = new URL("../examples/returns-desk.jsonl", import.meta.url);

Deno.test("corpus BLEU sums per-row statistics; the mean is over sentence scores", async () => {
  const { rows } = await readResults(example);
  const v2 = rows.filter((r) => r.version === "returns-assistant-v2");
  const report = await score(example, { graders: ["bleu"] });
  const figure = report.corpus.bleu!.versions.find((f) => f.version === "returns-assistant-v2")!;
  const direct = corpusBleu(v2.map((r) => r.output), v2.map((r) => r.reference!.values));
  assert.equal(figure.score, direct.score);
  assert.equal(figure.bp, direct.bp);
  const mean = v2.reduce((s, r) => s + sentenceBleu(r.output, r.reference!.values).score, 0) /
    v2.length;
  assert.ok(Math.abs(figure.meanSentence - mean) < 1e-12);
  assert.equal(report.corpus.bleu!.score, null, "two versions: no single corpus score");
  assert.match(
    `${figure.signature}`,
    /^nrefs:var\|case:mixed\|eff:no\|tok:13a\|smooth:exp\|version:/,
  );
  assert.match(`${figure.sentenceSignature}`, /eff:yes/);
});

Deno.test("per-grader counts add up and distinguish not judged from errors", async () => {
  const report = await score([
    { id: "a", output: "42", expected: "42" },
    { id: "b", output: "41", expected: "42" },
    { id: "c", output: "42", expected: "yes" },
    { id: "d", output: "x", expected: "(unclosed" },
    { id: "e", output: "x" },
  ], { graders: ["numeric", "regex"] });
  const numeric = report.grader("numeric")!;
  assert.deepEqual(
    [numeric.graded, numeric.passed, numeric.failed, numeric.notJudged, numeric.errors],
    [2, 1, 1, 2, 0],
  );
  const regex = report.grader("regex")!;
  assert.equal(regex.errors, 1);
  assert.equal(regex.graded + regex.notJudged + regex.errors, 4);
  // Both graders need a reference, so the row without one is left out, not graded.
  assert.deepEqual(report.read.toJSON().rows.leftOut, { "no-reference": { count: 1, rows: [5] } });
});

Deno.test("graded graders pass or fail only with a threshold", async () => {
  const rows = [
    { id: "a", output: "the cat sat", expected: "the cat sat" },
    { id: "b", output: "a dog", expected: "the cat sat" },
  ];
  const plain = await score(rows, { graders: ["token-f1"] });
  assert.deepEqual([plain.graders[0].passed, plain.graders[0].failed], [0, 0]);
  assert.equal(plain.rows![0].pass, null);
  const gated = await score(rows, { graders: ["token-f1"], thresholds: { "token-f1": 0.5 } });
  assert.deepEqual([gated.graders[0].passed, gated.graders[0].failed], [1, 1]);
  assert.equal(gated.rows![1].metadata.threshold, 0.5);
});

Deno.test("rows without a reference are left out only when every grader needs one", async () => {
  const rows = [{ id: "a", output: "{}", schema: { type: "object" } }, {
    id: "b",
    output: "x",
    expected: "x",
  }];
  const needs = await score(rows, { graders: ["exact"] });
  assert.deepEqual(needs.read.toJSON().rows.leftOut, { "no-reference": { count: 1, rows: [1] } });
  const mixed = await score(rows, { graders: ["exact", "json-schema"] });
  assert.equal(mixed.read.leftOut, 0);
  assert.equal(mixed.grader("exact")!.notJudged, 1);
  assert.equal(mixed.grader("json-schema")!.passed, 1);
});

Deno.test("the scored file reads back through the reader with the same counts", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (const ext of ["csv", "jsonl"]) {
      const path = `${dir}/scored.${ext}`;
      const report = await score(example, { graders: ["exact", "bleu"], scored: path });
      const records = await openRecords(path);
      const back: Record<string, unknown>[] = [];
      for await (const r of records) back.push(r.values!);
      // 80 rows × 2 graders, plus one row per per-row assertion: 13 in each version (10 of
      // known kinds, 3 of unknown kinds that are listed with error not-implemented).
      assert.equal(back.length, 186);
      assert.equal(back.filter((r) => String(r.scorer).startsWith("assert:")).length, 26);
      assert.deepEqual(records.columns().slice(0, 9), [...SCORED_COLUMNS]);
      const passes = back.filter((r) => r.scorer === "exact" && String(r.pass) === "true").length;
      const expected = report.graders.filter((g) => g.grader === "exact")
        .reduce((n, g) => n + g.passed, 0);
      assert.equal(passes, expected);
      const bleuScores = back.filter((r) => r.scorer === "bleu").map((r) => Number(r.score));
      assert.ok(bleuScores.every((s) => s >= 0 && s <= 1));
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("score --json reports the reader's keys, graders and corpus figures", async () => {
  const { code, stdout: out } = await capture(() =>
    main(["score", example.pathname, "--graders", "exact,bleu,chrf", "--json"])
  );
  assert.equal(code, 0);
  const json = JSON.parse(out);
  assert.equal(json.format, "jsonl");
  assert.deepEqual(json.rows, { read: 80, used: 80, leftOut: {} });
  assert.equal(json.mapping.case, "id");
  assert.ok(json.columns.includes("metadata.category"));
  const exact = json.graders.find((g: { grader: string; version: string }) =>
    g.grader === "exact" && g.version === "returns-assistant-v3"
  );
  assert.deepEqual(Object.keys(exact).slice(0, 10), [
    "version",
    "grader",
    "graded",
    "passed",
    "failed",
    "notJudged",
    "errors",
    "nearMisses",
    "meanScore",
    "threshold",
  ]);
  assert.equal(json.corpus.bleu.versions.length, 2);
  assert.match(json.corpus.chrf.signature, /nc:6\|nw:0/);
});

Deno.test("a saved configuration re-runs to the same scored file, byte for byte", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const first = await capture(() =>
      main([
        "score",
        example.pathname,
        "--graders",
        "normalized,numeric,rouge-l",
        "--threshold",
        "rouge-l=0.6",
        "--option",
        "numeric.abs=0.01",
        "--option",
        "rouge-l.stemmer=true",
        "--scored",
        `${dir}/a.csv`,
        "--save-config",
        `${dir}/cfg.json`,
      ])
    );
    assert.equal(first.code, 0);
    const config = JSON.parse(await Deno.readTextFile(`${dir}/cfg.json`));
    assert.deepEqual(config.graders, ["normalized", "numeric", "rouge-l"]);
    assert.equal(config.graderOptions.numeric.abs, 0.01);
    assert.equal(config.thresholds["rouge-l"], 0.6);
    assert.deepEqual(config.mapping, {}); // no overrides given
    assert.equal(config.resolved.mapping.reference, "expected"); // what the run used
    const second = await capture(() =>
      main(["score", example.pathname, "--config", `${dir}/cfg.json`, "--scored", `${dir}/b.csv`])
    );
    assert.equal(second.code, 0);
    const a = await Deno.readFile(`${dir}/a.csv`);
    const b = await Deno.readFile(`${dir}/b.csv`);
    assert.ok(a.length > 1000);
    assert.deepEqual(b, a);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("CLI user errors: one line on stderr, exit code 2", async () => {
  const cases: [string[], RegExp][] = [
    [["missing.jsonl"], /^verdict score: Cannot read "missing.jsonl": no such file$/],
    [[example.pathname, "--graders", "exactly"], /^verdict score: Unknown grader "exactly"/],
    [[example.pathname, "--threshold", "bleu=40"], /a fraction between 0 and 1, got 40$/],
    [[example.pathname, "--frobnicate"], /Unknown option '--frobnicate'/],
  ];
  for (const [args, message] of cases) {
    const r = await capture(() => main(["score", ...args]));
    assert.equal(r.code, 2, args.join(" "));
    assert.match(r.stderr, message);
    assert.equal(r.stderr.split("\n").length, 1, "one line, no stack trace");
    assert.equal(r.stdout, "");
  }
});
