// Grader settings on the command line: each mistake is one line on stderr and exit code 2, naming
// the grader, the setting and what it allows; the settings that are right reach the graders.
import assert from "node:assert/strict";
import { capture } from "./_capture.ts";
import { main } from "../cli.ts";
import { GRADED_GRADERS } from "../mod.ts";

const example = new URL("../examples/returns-desk.jsonl", import.meta.url).pathname;

Deno.test("score: a wrong grader setting is a one-line error with exit code 2", async () => {
  const cases: [string[], RegExp][] = [
    [
      ["--option", "numeric.abss=0.1"],
      /Grader "numeric" has no option "abss" \(did you mean "abs"\?\); its options: abs \(a number ≥ 0\); rel/,
    ],
    [
      ["--option", "contains.ignoreCase=5"],
      /Grader "contains": option "ignoreCase" must be true or false, got "5"$/,
    ],
    [["--option", "numeric.abs=-1"], /option "abs" must be a number ≥ 0, got -1$/],
    [
      ["--option", "numeric.pick=middle"],
      /option "pick" must be one of first, last, only, any, got "middle"$/,
    ],
    [
      ["--option", "normalized.steps=punct,nfkc"],
      /option "steps" must be a list of lowercase, punct, articles, whitespace/,
    ],
    [["--option", "json-schema.schema={oops"], /option "schema" takes JSON text, got "\{oops"$/],
    [["--option", "exact.ignoreCase=true"], /Grader "exact" takes no options, got "ignoreCase"$/],
    [["--option", "nope.x=1"], /Unknown grader "nope" in --option nope.x: choose from exact, /],
    [["--option", "numeric=1"], /--option must be GRADER.KEY=VALUE, got "numeric=1"/],
    [
      ["--threshold", "exact=0.5"],
      /A threshold applies to token-f1, bleu, rouge-1, rouge-2, rouge-l, rouge-lsum, chrf or ter, not "exact"$/,
    ],
    [["--threshold", "bleu=high"], /--threshold bleu must be a number, got "high"/],
  ];
  for (const [flags, message] of cases) {
    for (const args of [[example, ...flags], ["--pair", "a", "a", ...flags]]) {
      const r = await capture(() => main(["score", ...args]));
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.match(r.stderr, message, args.join(" "));
      assert.ok(r.stderr.startsWith("verdict score: "), r.stderr);
      assert.equal(r.stderr.split("\n").length, 1, "one line, no stack trace");
      assert.equal(r.stdout, "");
    }
  }
});

Deno.test("score: settings given on the command line reach the graders and the report", async () => {
  const r = await capture(() =>
    main([
      "score",
      example,
      "--graders",
      "contains,numeric,normalized",
      "--option",
      "contains.ignoreCase=true",
      "--option",
      "numeric.abs=0.5",
      "--option",
      "numeric.pick=first",
      "--option",
      'normalized.steps=["punct","lowercase"]',
      "--json",
    ])
  );
  assert.equal(r.code, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.deepEqual(json.config.graderOptions.contains, { ignoreCase: true });
  assert.deepEqual(json.config.graderOptions.numeric, { abs: 0.5, rel: 0, pick: "first" });
  assert.deepEqual(json.config.graderOptions.normalized, {
    version: 1,
    steps: ["punct", "lowercase"],
  });
  const settings = Object.fromEntries(
    json.graders.map((g: { grader: string; settings: string }) => [g.grader, g.settings]),
  );
  assert.equal(settings.contains, "contains: ignore case");
  assert.equal(settings.numeric, "numeric: abs=0.5 rel=0 pick=first");
  assert.equal(settings.normalized, "normalized: lowercase+punct");
});

Deno.test("score --help lists every grader's settings with type, default and meaning", async () => {
  const r = await capture(() => main(["score", "--help"]));
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^ {2}numeric +pass\/fail +the output's number is within tolerance/m);
  assert.match(r.stdout, /^ {6}pick: one of first, last, only, any; default last — which output/m);
  assert.match(r.stdout, /^ {2}bleu +score +sacreBLEU sentence BLEU/m);
  assert.match(
    r.stdout,
    new RegExp(`pass threshold for a graded grader \\(${GRADED_GRADERS.join(", ")}\\)`),
  );
  assert.match(
    r.stdout,
    /\(ter: lower is better, a row passes at or under\n +the threshold, which may exceed 1\)/,
  );
});

Deno.test("score: BLEU and chrF settings reach the corpus figures and their signatures", async () => {
  const { corpusBleu, corpusChrf, readResults, sentenceBleu } = await import("../mod.ts");
  const r = await capture(() =>
    main([
      "score",
      example,
      "--graders",
      "bleu,chrf",
      "--option",
      "bleu.tokenize=intl",
      "--option",
      "bleu.lowercase=true",
      "--option",
      "bleu.smoothMethod=floor",
      "--option",
      "bleu.smoothValue=0.01",
      "--option",
      "chrf.wordOrder=2",
      "--option",
      "chrf.beta=3",
      "--json",
    ])
  );
  assert.equal(r.code, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.deepEqual(json.config.graderOptions.bleu, {
    tokenize: "intl",
    lowercase: true,
    smoothMethod: "floor",
    smoothValue: 0.01,
    maxNgramOrder: 4,
    effectiveOrder: null,
  });
  // The same figures from the metric functions, version by version.
  const { rows } = await readResults(example);
  const bleuOptions = {
    tokenize: "intl",
    lowercase: true,
    smoothMethod: "floor",
    smoothValue: 0.01,
  } as const;
  for (const figure of json.corpus.bleu.versions) {
    const mine = rows.filter((row) => row.version === figure.version);
    const hyps = mine.map((row) => row.output);
    const refs = mine.map((row) => row.reference!.values);
    const expected = corpusBleu(hyps, refs, bleuOptions);
    assert.equal(figure.score, expected.score);
    assert.equal(figure.signature, expected.signature);
    assert.match(figure.signature, /\|case:lc\|eff:no\|tok:intl\|smooth:floor\[0\.01\]\|/);
    assert.match(figure.sentenceSignature, /\|eff:yes\|tok:intl\|/);
    const mean = hyps.reduce((s, h, i) => s + sentenceBleu(h, refs[i], bleuOptions).score, 0) /
      hyps.length;
    assert.ok(Math.abs(figure.meanSentence - mean) < 1e-12);
    const chrf = json.corpus.chrf.versions.find((v: { version: string }) =>
      v.version === figure.version
    );
    const chrfExpected = corpusChrf(hyps, refs, { wordOrder: 2, beta: 3 });
    assert.equal(chrf.score, chrfExpected.score);
    assert.match(chrf.signature, /\|nc:6\|nw:2\|space:no\|beta:3\|/);
  }
  const settings = Object.fromEntries(
    json.graders.map((g: { grader: string; settings: string }) => [g.grader, g.settings]),
  );
  assert.match(settings.bleu, /^case:lc\|eff:yes\|tok:intl\|smooth:floor\[0\.01\]\|version:/);
  assert.match(settings.chrf, /nw:2\|space:no\|beta:3\|/);
});

Deno.test("score --pair: BLEU settings change the pair's score and settings line", async () => {
  const pair = async (...flags: string[]) => {
    const r = await capture(() =>
      main([
        "score",
        "--pair",
        "Ça coûte 5€!",
        "ça coûte 5 €",
        "--graders",
        "bleu",
        ...flags,
        "--json",
      ])
    );
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout).results[0];
  };
  const plain = await pair();
  const tuned = await pair("--option", "bleu.tokenize=intl", "--option", "bleu.lowercase=true");
  assert.ok(tuned.score > plain.score, `${tuned.score} should beat ${plain.score}`);
  assert.match(tuned.settings, /case:lc\|eff:yes\|tok:intl/);
  const bad = await capture(() =>
    main(["score", "--pair", "a", "a", "--option", "bleu.tokenize=ja-mecab"])
  );
  assert.equal(bad.code, 2);
  assert.match(
    bad.stderr,
    /option "tokenize" must be one of 13a, none, intl, char, zh, got "ja-mecab"/,
  );
});

Deno.test("score: SQuAD v2 judges rows without a reference; TER passes at or under; ROUGE-Lsum splits", async () => {
  const dir = await Deno.makeTempDir();
  const file = `${dir}/qa.jsonl`;
  const rows = [
    { id: "q1", output: "Denver Broncos", expected: "the Denver Broncos" },
    { id: "q2", output: "", expected: [] }, // unanswerable, answered with nothing: right
    { id: "q3", output: "Paris" }, // unanswerable, answered: wrong
    { id: "q4", output: "Prices rose. Demand fell.", expected: "Demand fell. Prices rose." },
  ];
  await Deno.writeTextFile(file, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const run = async (...flags: string[]) => {
    const r = await capture(() => main(["score", file, ...flags, "--json"]));
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };
  const v2 = await run(
    "--graders",
    "token-f1,normalized",
    "--option",
    "token-f1.version=2",
    "--option",
    "normalized.version=2",
    "--threshold",
    "token-f1=0.5",
  );
  assert.equal(v2.rows.used, 4, "no row is left out for lacking a reference");
  const f1 = v2.graders.find((g: { grader: string }) => g.grader === "token-f1");
  assert.deepEqual([f1.graded, f1.passed, f1.failed, f1.notJudged], [4, 3, 1, 0]);
  assert.match(f1.settings, /^token-f1: SQuAD v2\.0 /);
  const v1 = await run("--graders", "token-f1");
  assert.equal(v1.rows.used, 2, "v1.1 needs a reference: the two unanswerable rows are left out");
  const lsum = await run("--graders", "rouge-lsum", "--option", "rouge-lsum.splitSummaries=true");
  const lsumRows = lsum.graders[0];
  assert.match(lsumRows.settings, /over Punkt sentences/);
  const ter = await run("--graders", "ter", "--threshold", "ter=0.5");
  const t = ter.graders[0];
  assert.equal(t.threshold, 0.5);
  assert.deepEqual([t.graded, t.passed + t.failed], [2, 2]);
  const bad = await capture(() => main(["score", file, "--threshold", "ter=-1"]));
  assert.equal(bad.code, 2);
  assert.match(
    bad.stderr,
    /The ter threshold must be a number ≥ 0 \(ter passes at or under it\), got -1/,
  );
  await Deno.remove(dir, { recursive: true });
});
