// Detection from content, forced harnesses, and clear errors for files that are none of them.
import assert from "node:assert/strict";
import { zipSync } from "fflate";
import { auditHarnessFile, tryAuditHarnessFile } from "../lib/harness/audit_harness_file.ts";
import { detectHarness } from "../lib/harness/detect.ts";
import { readHarnessFile, tryReadHarnessFile } from "../lib/harness/read_harness_file.ts";

const DATA = new URL("./testdata/harness/", import.meta.url);
const bytes = (name: string) => Deno.readFileSync(new URL(name, DATA));

Deno.test("detectHarness names the harness, format and kind of every test file", () => {
  const expected: Record<string, [string, string, string] | null> = {
    "promptfoo_export.json": ["promptfoo", "json", "export"],
    "promptfoo_results.jsonl": ["promptfoo", "jsonl", "results"],
    "promptfoo_wide.csv": ["promptfoo", "csv", "export"],
    "inspect_log.json": ["inspect", "json", "log"],
    "inspect_deflate.eval": ["inspect", "eval-zip", "log"],
    "inspect_zstd.eval": ["inspect", "eval-zip", "log"],
    "results_2026-01-02T03-04-05.123456.json": ["lm-eval", "json", "results"],
    "samples_toy_math_2026-01-02T03-04-05.123456.jsonl": ["lm-eval", "jsonl", "samples"],
    "openai_output_items.json": ["openai-evals", "json", "output-items"],
    "openai_run.json": ["openai-evals", "json", "run"],
    "openai_dashboard.jsonl": ["openai-evals", "jsonl", "dashboard"],
    "not_a_harness.json": null,
    "broken.json": null,
  };
  for (const [name, want] of Object.entries(expected)) {
    const got = detectHarness(bytes(name), name);
    assert.deepEqual(got && [got.harness, got.format, got.kind], want, name);
  }
});

Deno.test("JSON that is none of the four harnesses: a TypeError naming the file", async () => {
  const path = new URL("not_a_harness.json", DATA);
  await assert.rejects(() => readHarnessFile(path), (error: Error) => {
    assert.ok(error instanceof TypeError);
    assert.match(error.message, /not_a_harness\.json": it is JSON, but not a promptfoo export/);
    assert.match(error.message, /top level: name, rows/);
    return true;
  });
  // The fallback forms give null, so the six-field reader can take the file.
  assert.equal(await tryReadHarnessFile(path), null);
  assert.equal(await tryAuditHarnessFile(path), null);
  // A JSON array or a pretty-printed rows document is turned away from its first bytes.
  assert.equal(await tryReadHarnessFile({ text: '[{"case": "q1"}]' }), null);
  assert.equal(await tryReadHarnessFile({ text: '{\n  "rows": [{"case": "q1"}]\n}\n' }), null);
});

Deno.test("JSON lines and CSV that are none of them are TypeErrors too", async () => {
  await assert.rejects(
    () =>
      readHarnessFile({
        text: '{"id": 1, "output": "a"}\n{"id": 2, "output": "b"}\n',
        name: "x.jsonl",
      }),
    TypeError,
    'Cannot read harness file "x.jsonl": it is JSON lines, but line 1 is not a record',
  );
  await assert.rejects(
    () => readHarnessFile({ text: "id,output\n1,a\n", name: "plain.csv" }),
    TypeError,
    'Cannot read harness file "plain.csv": it is not a promptfoo export',
  );
});

Deno.test("A file that cannot be parsed is a SyntaxError, also from the fallback form", async () => {
  const path = new URL("broken.json", DATA);
  await assert.rejects(() => readHarnessFile(path), SyntaxError, "broken.json");
  await assert.rejects(() => tryReadHarnessFile(path), SyntaxError);
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
    "its content is a inspect log file",
  );
  await assert.rejects(
    () => tryReadHarnessFile(new URL("not_a_harness.json", DATA), { harness: "lm-eval" }),
    TypeError,
  );
  // An empty output-item list is not recognisable on its own; forced, it reads as OpenAI Evals.
  const empty = { text: '{"object": "list", "data": [], "has_more": false}', name: "empty.json" };
  assert.equal(await tryReadHarnessFile(empty), null);
  const forced = await readHarnessFile(empty, { harness: "openai-evals" });
  assert.deepEqual([forced.harness.name, forced.rows.length], ["openai-evals", 0]);
});

Deno.test("auditHarnessFile: notes, problems and the harness version reach the report", async () => {
  const report = (await auditHarnessFile(new URL("promptfoo_export.json", DATA))).toJSON();
  assert.equal(report.harness, "promptfoo 0.120.0");
  assert.ok(report.notes.some((n) => n.startsWith("Problem (row-missing, row 6)")));
  assert.ok(report.notes.some((n) => n.includes("failureReason")));
  const text = (await auditHarnessFile(new URL("openai_run.json", DATA))).toJSON();
  assert.equal(text.groups.length, 0);
  assert.equal(text.notes[0].startsWith("This file holds aggregate figures only"), true);
});
