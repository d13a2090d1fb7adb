// promptfoo exports (JSON, JSON lines, wide CSV) from tests/testdata/harness/ (made-up content).
import assert from "node:assert/strict";
import { audit } from "../lib/audit/audit.ts";
import { harnessAuditInput } from "../lib/harness/audit_harness_file.ts";
import { readHarnessFile } from "../lib/harness/read_harness_file.ts";

const DATA = new URL("./testdata/harness/", import.meta.url);

async function totals(file: string) {
  const read = await readHarnessFile(new URL(file, DATA));
  const report = (await audit(harnessAuditInput(read))).toJSON();
  return { read, report, t: report.totals as unknown as Record<string, number> };
}

Deno.test("promptfoo JSON: failureReason decides errors, null scores are NaN, stats are declared", async () => {
  // 5 results + testIdx 4 counted in stats (2 + 3 + 1 = 6) but absent from the file.
  const { read, report, t } = await totals("promptfoo_export.json");
  assert.equal(read.harness.version, "0.120.0");
  assert.deepEqual(read.rows.map((r) => r.case), [
    "greeting",
    "farewell",
    "weather",
    "numbers",
    "partial",
    "colors",
  ]);
  const byCase = Object.fromEntries(read.rows.map((r) => [r.case, r]));
  // The failed assertion carries an error string, but failureReason is 1: not an error.
  assert.equal(byCase.farewell.error, undefined);
  assert.equal(byCase.farewell.pass, false);
  assert.equal(byCase.weather.errorKind, "infrastructure");
  assert.match(byCase.weather.error!, /^Error: 429 Too Many Requests/);
  assert.equal(byCase.weather.score, null);
  assert.equal(byCase.weather.rawGrade, 0);
  assert.equal(byCase.numbers.unparsed, true);
  assert.match(byCase.numbers.unparsedReason!, /grader threw: Custom function threw error: boom$/);
  assert.deepEqual([byCase.partial.score, byCase.partial.pass], [0.75, true]);
  assert.deepEqual([byCase.colors.row, byCase.colors.score, byCase.colors.pass], [6, null, null]);
  assert.deepEqual(read.problems.map((p) => [p.code, p.row]), [["row-missing", 6]]);
  assert.deepEqual(
    [t.attempted, t.passed, t.failed, t.errored, t.unparsed, t.empty],
    [6, 2, 1, 1, 1, 1],
  );
  const stats = report.groups[0].declared.find((d) =>
    d.source === "results.stats" && d.kind === "rate"
  );
  assert.equal(stats?.value, 2 / 6);
  assert.deepEqual(stats?.matches, ["allAttempted"]);
});

Deno.test("promptfoo JSON lines keep the NaN row the JSON export lost", async () => {
  const { read, t } = await totals("promptfoo_results.jsonl");
  assert.equal(read.detected.format, "jsonl");
  assert.equal(read.harness.version, undefined);
  assert.equal(read.declared.length, 0);
  const colors = read.rows.find((r) => r.case === "colors")!;
  assert.ok(Number.isNaN(colors.score));
  assert.deepEqual(
    [t.attempted, t.passed, t.failed, t.errored, t.nan, t.unparsed],
    [6, 2, 1, 1, 1, 1],
  );
});

Deno.test("promptfoo wide CSV: one version per column group, quoted multi-line reasons", async () => {
  const { read, report, t } = await totals("promptfoo_wide.csv");
  assert.deepEqual(
    read.rows.map((r) => [r.case, r.version, r.pass, r.error !== undefined, r.unparsed ?? false]),
    [
      ["greeting", "[alpha] Translate: {{text}}", true, false, false],
      ["greeting", "[beta] Translate:\n{{text}}", false, false, false],
      ["weather", "[alpha] Translate: {{text}}", null, true, false],
      ["weather", "[beta] Translate:\n{{text}}", true, false, false],
      ["numbers", "[alpha] Translate: {{text}}", false, false, true],
      ["numbers", "[beta] Translate:\n{{text}}", true, false, false],
    ],
  );
  assert.deepEqual([t.attempted, t.passed, t.failed, t.errored, t.unparsed], [6, 3, 1, 1, 1]);
  assert.equal(report.groups.length, 2);
});

Deno.test("promptfoo: a row with no description falls back to #testIdx for every case", async () => {
  const text = [0, 1].map((testIdx) =>
    JSON.stringify({
      promptIdx: 0,
      testIdx,
      success: true,
      failureReason: 0,
      score: 1,
      provider: { id: "p" },
      prompt: { label: "Q" },
      testCase: testIdx === 0 ? { description: "only one named" } : {},
    })
  ).join("\n");
  const read = await readHarnessFile({ text, name: "mixed.jsonl" });
  assert.deepEqual(read.rows.map((r) => r.case), ["#0", "#1"]);
});
