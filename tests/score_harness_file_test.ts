// `score` given a file that another tool wrote (promptfoo, Inspect AI, lm-eval, OpenAI Evals,
// DeepEval, Ragas) says in one line what the file is and to audit it; other files keep their own
// errors and reports.
import assert from "node:assert/strict";
import { capture, runProcess } from "./_capture.ts";
import { main } from "../cli.ts";
import { HARNESSES } from "../lib/harness/registry.ts";
import type { HarnessName } from "../lib/harness/types.ts";

const DATA = "tests/testdata/harness/";
const FIXTURES = new URL("../../shared/fixtures/harness/", import.meta.url);

const HARNESS_FILES: Record<string, HarnessName> = {
  "promptfoo_export.json": "promptfoo",
  "promptfoo_results.jsonl": "promptfoo",
  "promptfoo_wide.csv": "promptfoo",
  "inspect_log.json": "inspect",
  "inspect_deflate.eval": "inspect",
  "inspect_zstd.eval": "inspect",
  "results_2026-01-02T03-04-05.123456.json": "lm-eval",
  "samples_toy_math_2026-01-02T03-04-05.123456.jsonl": "lm-eval",
  "openai_output_items.json": "openai-evals",
  "openai_dashboard.jsonl": "openai-evals",
  "deepeval_run_full.json": "deepeval",
  "deepeval_link.json": "deepeval",
  "ragas_to_json.json": "ragas",
  "ragas_records.jsonl": "ragas",
};

function expectHarnessLine(stderr: string, file: string, harness: HarnessName): void {
  const lines = stderr.trimEnd().split("\n");
  assert.equal(lines.length, 1, `${file}: one line, got\n${stderr}`);
  assert.ok(lines[0].startsWith(`verdict score: "${file}" is ${HARNESSES[harness].reads}`), stderr);
  assert.ok(lines[0].endsWith(`audit it with "verdict audit ${file}"`), stderr);
}

Deno.test("score on each harness's file: one line naming the harness and the audit command", async () => {
  for (const [name, harness] of Object.entries(HARNESS_FILES)) {
    const file = DATA + name;
    const r = await capture(() => main(["score", file]));
    assert.equal(r.code, 2, file);
    assert.equal(r.stdout, "", file);
    expectHarnessLine(r.stderr, file, harness);
  }
});

Deno.test("the harness check runs under --allow-read alone, for a file that scores without error", async () => {
  // A promptfoo JSON lines file has an id and a response column, so it reads as results; with no
  // reference nothing can be graded, and score says what the file is instead of an empty report.
  const file = `${DATA}promptfoo_results.jsonl`;
  const r = await runProcess(["run", "--allow-read", "cli.ts", "score", file, "--json"]);
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stdout, "");
  expectHarnessLine(r.stderr, file, "promptfoo");
});

Deno.test("files no harness wrote keep their own report or error", async () => {
  const plain = await capture(() => main(["score", `${DATA}not_a_harness.json`, "--json"]));
  assert.equal(plain.code, 0, plain.stderr);
  assert.equal(JSON.parse(plain.stdout).rows.used, 1);

  // A scored six-field file has no output column: the reading error, not a harness message.
  const six = await capture(() => main(["score", `${DATA}six_field.csv`]));
  assert.equal(six.code, 2);
  assert.match(
    six.stderr,
    /^verdict score: Cannot read ".*six_field\.csv": no column for the output/,
  );
  assert.doesNotMatch(six.stderr, /a harness file/);

  const missing = await capture(() => main(["score", `${DATA}no_such_file.jsonl`]));
  assert.equal(missing.code, 2);
  assert.match(
    missing.stderr,
    /^verdict score: Cannot read ".*no_such_file\.jsonl": no such file$/,
  );
});

Deno.test("score on the real harness files of ../shared/fixtures: a harness line for each", async () => {
  let names: string[];
  try {
    names = [];
    for await (const dir of Deno.readDir(FIXTURES)) {
      if (!dir.isDirectory) continue;
      for await (const f of Deno.readDir(new URL(`${dir.name}/`, FIXTURES))) {
        if (f.isFile && !f.name.endsWith(".md")) names.push(`${dir.name}/${f.name}`);
      }
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    console.log(`skipped: ${FIXTURES.pathname} is absent`);
    return;
  }
  assert.ok(names.length >= 30, `expected the fixture files, found ${names.length}`);
  const missed: string[] = [];
  for (const name of names.sort()) {
    const file = decodeURIComponent(new URL(name, FIXTURES).pathname);
    const r = await capture(() => main(["score", file]));
    if (r.code !== 2 || !/ a harness file, not a results file to score: audit it /.test(r.stderr)) {
      missed.push(`${name}: exit ${r.code}, ${r.stderr.split("\n")[0]}`);
    }
  }
  assert.deepEqual(missed, []);
});
