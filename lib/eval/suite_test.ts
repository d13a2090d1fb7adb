// Suite files: every key read into evaluate()'s options and the gates, paths relative to the
// suite's folder, JSON and YAML, and each kind of mistake named with the file and key.
import assert from "node:assert/strict";
import { isSuiteFile, readSuite, SUITE_KEYS } from "./suite.ts";

async function suiteFile(name: string, text: string): Promise<{ dir: string; path: string }> {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/suites`);
  const path = `${dir}/suites/${name}`;
  await Deno.writeTextFile(path, text);
  return { dir, path };
}

Deno.test("suite: every key of a YAML suite lands in the options and gates; paths are relative to the suite file", async () => {
  const { dir, path } = await suiteFile(
    "gsm.yaml",
    `# a suite with every key
name: gsm8k-sample
data: ../data/gsm8k_50.jsonl
model: groq:openai/gpt-oss-120b
metrics: [number, "latency:5000", "json_valid:schema=person.json", recall@5]
template: "{question}\\nGive the final answer after ####."
input: question
reference: answer
map: { tests: unit_tests, retrieved: null }
params: { max_tokens: 512, temperature: 0 }
concurrency: 8
stream: true
limit: 20
seed: 7
confidence: 0.9
retries: 2
timeout: 30000
out: answers.jsonl
skip_bad_rows: true
fail_under: { number: 0.7 }
fail_under_lower: { number: 0.5 }
fail_on_flagged: true
judge: anthropic:claude-haiku-4-5
fix: 5
fix_tries: 2
expect_script: Latin
`,
  );
  const s = await readSuite(path);
  assert.equal(s.name, "gsm8k-sample");
  assert.equal(s.data, `${dir}/data/gsm8k_50.jsonl`);
  assert.deepEqual(s.options.metrics, [
    "number",
    "latency:5000",
    `json_valid:schema=${dir}/suites/person.json`,
    "recall@5",
  ]);
  assert.equal(s.options.template, "{question}\nGive the final answer after ####.");
  assert.deepEqual(s.options.mapping, { tests: "unit_tests", retrieved: null });
  assert.deepEqual(s.options.params, { max_tokens: 512, temperature: 0 });
  assert.deepEqual(
    [s.options.model, s.options.input, s.options.reference, s.options.concurrency],
    ["groq:openai/gpt-oss-120b", "question", "answer", 8],
  );
  assert.deepEqual(
    [s.options.stream, s.options.limit, s.options.seed, s.options.confidence, s.options.retries],
    [true, 20, 7, 0.9, 2],
  );
  assert.deepEqual([s.options.timeoutMs, s.options.skipBadRows], [30000, true]);
  assert.equal(s.options.out, `${dir}/suites/answers.jsonl`);
  assert.deepEqual(s.gates, {
    failUnder: { number: 0.7 },
    failUnderLower: { number: 0.5 },
    failOnFlagged: true,
  });
  assert.deepEqual(
    [s.options.judge, s.options.fix, s.options.fixTries, s.options.live],
    ["anthropic:claude-haiku-4-5", 5, 2, { script: "Latin" }],
  );
  assert.deepEqual(s.options.suite, { name: "gsm8k-sample", path });
  // The test wrote one line per key: the suite keys are all covered.
  assert.equal(Object.keys(SUITE_KEYS).length, 25);
});

Deno.test("suite: JSON suites; a metric list may be one name; the name defaults to the file's", async () => {
  const { path } = await suiteFile("qa.json", JSON.stringify({ data: "qa.csv", metrics: "f1" }));
  const s = await readSuite(path);
  assert.deepEqual([s.name, s.options.metrics], ["qa", ["f1"]]);
  assert.equal(await isSuiteFile(path), true);
  const { path: list } = await suiteFile("rows.json", JSON.stringify([{ data: "not a suite" }]));
  assert.equal(await isSuiteFile(list), false);
  assert.equal(await isSuiteFile("examples/capitals.jsonl"), false);
  assert.equal(await isSuiteFile("whatever.yml"), true);
});

Deno.test("suite: mistakes are named with the file and key; an unknown key suggests the closest", async () => {
  const cases: [string, string, RegExp][] = [
    [
      "a.yaml",
      "data: x.jsonl\nmetric: f1\n",
      /a\.yaml": unknown key "metric" \(did you mean "metrics"\?\); a suite takes name, data/,
    ],
    [
      "b.yaml",
      "data: x.jsonl\nfail_undr: {f1: 0.5}\n",
      /unknown key "fail_undr" \(did you mean "fail_under"\?\)/,
    ],
    ["c.yaml", "data: x.jsonl\nbanana: 1\n", /unknown key "banana"; a suite takes/],
    ["d.yaml", "metrics: [f1]\n", /names no "data"/],
    [
      "e.yaml",
      "data: x.jsonl\nconcurrency: 0\n",
      /"concurrency" must be a whole number ≥ 1, got 0/,
    ],
    [
      "f.yaml",
      "data: x.jsonl\nstream: yes please\n",
      /"stream" must be true or false, got "yes please"/,
    ],
    [
      "g.yaml",
      "data: x.jsonl\nfail_under: {f1: high}\n",
      /"fail_under" gives f1 "high", not a number/,
    ],
    ["h.yaml", "data: [x\n", /not valid YAML/],
    ["i.json", "{data: 1}", /not valid JSON/],
    ["j.yaml", "- data: x.jsonl\n", /must hold an object of settings/],
    ["k.yaml", "data: x.jsonl\njudge: 3\n", /"judge" must be true, false or a model, got 3/],
    ["l.yaml", "data: x.jsonl\nfix: -1\n", /"fix" must be a whole number ≥ 0, got -1/],
  ];
  for (const [name, text, message] of cases) {
    const { path } = await suiteFile(name, text);
    await assert.rejects(readSuite(path), message, name);
  }
  await assert.rejects(
    readSuite("no/such/suite.yaml"),
    /Cannot read suite "no\/such\/suite\.yaml": no such file/,
  );
});
