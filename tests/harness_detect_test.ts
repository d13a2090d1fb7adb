// Detection through the harness registry: every test file is claimed by exactly one adapter,
// forced harnesses, and clear errors (listing each reader and why it passed) for files that are
// none of them.
import assert from "node:assert/strict";
import { zipSync } from "fflate";
import { auditHarnessFile, tryAuditHarnessFile } from "../lib/harness/audit_harness_file.ts";
import { detectHarness } from "../lib/harness/detect.ts";
import { readHarnessFile, tryReadHarnessFile } from "../lib/harness/read_harness_file.ts";
import { HARNESS_ALIASES, HARNESSES } from "../lib/harness/registry.ts";
import { HARNESS_NAMES } from "../lib/harness/types.ts";

const DATA = new URL("./testdata/harness/", import.meta.url);
const bytes = (name: string) => Deno.readFileSync(new URL(name, DATA));

Deno.test("the registry names the harness, format and kind of every test file; one claim each", async () => {
  const expected: Record<string, [string, string, string] | null> = {
    "promptfoo_export.json": ["promptfoo", "json", "export"],
    "promptfoo_results.jsonl": ["promptfoo", "jsonl", "results"],
    "promptfoo_wide.csv": ["promptfoo", "csv", "export"],
    "inspect_log.json": ["inspect", "json", "log"],
    "inspect_deflate.eval": ["inspect", "eval-zip", "log"],
    "inspect_zstd.eval": ["inspect", "eval-zip", "log"],
    "inspect_crashed.eval": ["inspect", "eval-zip", "log"],
    "results_2026-01-02T03-04-05.123456.json": ["lm-eval", "json", "results"],
    "samples_toy_math_2026-01-02T03-04-05.123456.jsonl": ["lm-eval", "jsonl", "samples"],
    "samples_lonely_task_2026-02-02T00-00-00.000001.jsonl": ["lm-eval", "jsonl", "samples"],
    "openai_output_items.json": ["openai-evals", "json", "output-items"],
    "openai_run.json": ["openai-evals", "json", "run"],
    "openai_dashboard.jsonl": ["openai-evals", "jsonl", "dashboard"],
    "deepeval_run_full.json": ["deepeval", "json", "test-run"],
    "deepeval_cache.json": ["deepeval", "json", "cache"],
    "deepeval_link.json": ["deepeval", "json", "link"],
    "ragas_to_json.json": ["ragas", "json", "columns"],
    "ragas_records.jsonl": ["ragas", "jsonl", "records"],
    "not_a_harness.json": null,
    "six_field.csv": null,
  };
  for (const entry of Deno.readDirSync(DATA)) {
    if (/\.(md|py)$/.test(entry.name) || entry.name === "broken.json") continue;
    assert.ok(entry.name in expected, `no expectation for testdata/harness/${entry.name}`);
  }
  for (const [name, want] of Object.entries(expected)) {
    const { detected, attempts } = await detectHarness(new URL(name, DATA));
    assert.deepEqual(detected && [detected.harness, detected.format, detected.kind], want, name);
    assert.deepEqual(attempts.map((a) => a.harness), [...HARNESS_NAMES]);
    // Each adapter either claims or says why not, and at most one claims a file.
    for (const a of attempts) assert.ok((a.kind === undefined) !== (a.miss === undefined), name);
    assert.equal(attempts.filter((a) => a.kind).length, want ? 1 : 0, name);
  }
});

Deno.test("--harness names derive from the registry: every name and alias, nothing else", () => {
  const names = new Set(Object.values(HARNESS_ALIASES));
  assert.deepEqual([...names].sort(), [...HARNESS_NAMES].sort());
  for (const name of HARNESS_NAMES) {
    assert.equal(HARNESS_ALIASES[name], name);
    for (const alias of HARNESSES[name].aliases) assert.equal(HARNESS_ALIASES[alias], name);
  }
  assert.equal(
    Object.keys(HARNESS_ALIASES).length,
    HARNESS_NAMES.reduce((n, h) => n + 1 + HARNESSES[h].aliases.length, 0),
  );
  assert.equal(HARNESS_ALIASES["toString"], undefined);
});

Deno.test("JSON that no reader claims: a TypeError that lists every reader and why it passed", async () => {
  const path = new URL("not_a_harness.json", DATA);
  await assert.rejects(() => readHarnessFile(path), (error: Error) => {
    assert.ok(error instanceof TypeError);
    assert.match(
      error.message,
      /not_a_harness\.json": it is a JSON document \(top level: name, rows\), and no harness reader claims it; tried /,
    );
    for (const name of HARNESS_NAMES) assert.ok(error.message.includes(HARNESSES[name].title));
    assert.match(error.message, /promptfoo \(no results\.results list or results\.stats\)/);
    assert.match(error.message, /Inspect AI \(no numeric version beside an eval object/);
    assert.ok(!error.message.includes("\n"), "one line");
    return true;
  });
  // The fallback forms give null, so the six-field reader can take the file.
  assert.equal(await tryReadHarnessFile(path), null);
  assert.equal(await tryAuditHarnessFile(path), null);
  // A JSON array is judged by its first element; a rows document from its first key.
  assert.equal(await tryReadHarnessFile({ text: '[{"case": "q1"}]' }), null);
  assert.equal(await tryReadHarnessFile({ text: '{\n  "rows": [{"case": "q1"}]\n}\n' }), null);
  assert.equal(await tryReadHarnessFile({ text: "" }), null);
});

Deno.test("JSON lines and CSV that no reader claims are TypeErrors too, naming what was seen", async () => {
  await assert.rejects(
    () =>
      readHarnessFile({
        text: '{"id": 1, "output": "a"}\n{"id": 2, "output": "b"}\n',
        name: "x.jsonl",
      }),
    TypeError,
    'Cannot read harness file "x.jsonl": it is JSON lines (line 1 keys: id, output), and no ' +
      "harness reader claims it; tried promptfoo (line 1 has no promptIdx and testIdx",
  );
  await assert.rejects(
    () => readHarnessFile({ text: "id,output\n1,a\n", name: "plain.csv" }),
    (error: Error) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /"plain\.csv": it is CSV-like text \(header: "id", "output"\)/);
      assert.match(error.message, /promptfoo \(no "\[provider\] prompt", Status, Score column/);
      assert.match(error.message, /Ragas \(no user_input or question column\)/);
      // Readers that read no CSV at all are grouped in one clause.
      assert.match(error.message, /Inspect AI, .*OpenAI Evals API and DeepEval read no CSV/);
      return true;
    },
  );
});

Deno.test("JSON or CSV that is neither DeepEval nor Ragas: each says why, in one line", async () => {
  const cases: [string, string, RegExp][] = [
    // Ragas inputs beside a verdict column: a six-field file, not a Ragas export.
    [
      "user_input,response,faithfulness,pass\nq,a,0.5,true\n",
      "six.csv",
      /Ragas \(a "pass" column, which Ragas never writes\)/,
    ],
    // Ragas inputs and nothing else: no metric column.
    ['[{"question": "q", "answer": "a", "contexts": []}]', "inputs.json", /no metric column/],
    // A DeepEval-like document without its keys.
    [
      '{"test_results": [{"name": "t", "success": true}]}',
      "evaluation_result.json",
      /DeepEval \(no testRunData, testRunLink, testCases list or test-case cache map\)/,
    ],
  ];
  for (const [text, name, reason] of cases) {
    await assert.rejects(() => readHarnessFile({ text, name }), (error: Error) => {
      assert.ok(error instanceof TypeError, name);
      assert.match(error.message, new RegExp(`"${name.replace(".", "\\.")}".*no harness reader`));
      assert.match(error.message, reason);
      assert.ok(!error.message.includes("\n"), "one line");
      return true;
    });
    assert.equal(await tryReadHarnessFile({ text, name }), null, name);
  }
});

Deno.test("A file that cannot be parsed is a SyntaxError, also from the fallback form", async () => {
  const path = new URL("broken.json", DATA);
  await assert.rejects(() => readHarnessFile(path), SyntaxError, "broken.json");
  await assert.rejects(() => tryReadHarnessFile(path), SyntaxError);
  await assert.rejects(() => detectHarness(path), SyntaxError);
  const notInspect = zipSync({ "readme.txt": new TextEncoder().encode("hello") });
  await assert.rejects(
    () => readHarnessFile({ bytes: notInspect, name: "other.zip" }),
    SyntaxError,
    'Cannot read Inspect log "other.zip": it has neither header.json nor _journal/start.json',
  );
  const cut = bytes("inspect_deflate.eval").slice(0, 900);
  await assert.rejects(
    () => readHarnessFile({ bytes: cut, name: "cut.eval" }),
    SyntaxError,
    "cut.eval",
  );
  await assert.rejects(() => readHarnessFile("/no/such/dir/results.json"), Deno.errors.NotFound);
});

Deno.test("--harness forces an adapter, and refuses a file that is plainly another harness", async () => {
  await assert.rejects(
    () => readHarnessFile(new URL("inspect_log.json", DATA), { harness: "promptfoo" }),
    TypeError,
    "as promptfoo: its content is from Inspect AI (log), not a promptfoo export",
  );
  await assert.rejects(
    () => tryReadHarnessFile(new URL("not_a_harness.json", DATA), { harness: "lm-eval" }),
    TypeError,
    'as lm-eval: it is a JSON document (top level: name, rows); no results with "metric,filter"',
  );
  // An empty output-item list is not recognisable on its own; forced, it reads as OpenAI Evals.
  const empty = { text: '{"object": "list", "data": [], "has_more": false}', name: "empty.json" };
  assert.equal(await tryReadHarnessFile(empty), null);
  const forced = await readHarnessFile(empty, { harness: "openai-evals" });
  assert.deepEqual([forced.harness.name, forced.rows.length], ["openai-evals", 0]);
  assert.equal(forced.detected.kind, "forced");
  // Forcing the harness that claims the file anyway keeps the kind it claimed.
  const claimed = await readHarnessFile(new URL("openai_run.json", DATA), {
    harness: "openai-evals",
  });
  assert.equal(claimed.detected.kind, "run");
});

Deno.test("auditHarnessFile: notes, problems and the harness version reach the report", async () => {
  const report = (await auditHarnessFile(new URL("promptfoo_export.json", DATA))).toJSON();
  assert.equal(report.harness, "promptfoo 0.120.0");
  assert.ok(report.notes.some((n) => n.startsWith("Problem (row-missing, row 6)")));
  // The standing notes come from the registry entry, after the file's own notes.
  const standing = HARNESSES.promptfoo.notes.notes;
  const at = report.notes.indexOf(standing[0]);
  assert.ok(at > 0);
  assert.deepEqual(report.notes.slice(at, at + standing.length), [...standing]);
  assert.equal(report.notes[at - 1], "File written by promptfoo 0.120.0.");
  const text = (await auditHarnessFile(new URL("openai_run.json", DATA))).toJSON();
  assert.equal(text.groups.length, 0);
  assert.equal(text.notes[0].startsWith("This file holds aggregate figures only"), true);
});
