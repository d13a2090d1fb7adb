// Reports over files with very many versions or graders: a hostile (or unusual) file that names
// 20,000 of them must not make the report quadratic. Once each table cell searched the whole list
// of groups (score: 8,000 versions took 26 s, 100,000 never finished; audit: 100,000 graders never
// finished). The bound is generous; times are measured in bench/, not here.
import assert from "node:assert/strict";
import { audit, score } from "../mod.ts";

const N = 20_000;

Deno.test("score: 20,000 versions of one case are reported, every version once, in seconds", async () => {
  const rows = Array.from({ length: N }, (_, i) => ({
    id: "q",
    version: `v${i}`,
    output: i % 2 ? "x" : "y",
    expected: "x",
  }));
  const started = performance.now();
  const report = await score(rows, { graders: ["exact"] });
  const text = report.toText({ verbose: true });
  const html = report.toHTML();
  assert.ok(performance.now() - started < 60_000, `${performance.now() - started} ms`);
  assert.equal(report.graders.length, N);
  assert.equal(report.graders.filter((g) => g.passed === 1).length, N / 2);
  // Each version's counts section is there, the last one too.
  assert.match(text, new RegExp(`Counts and near-miss steps, version v${N - 1}\\b`));
  assert.ok(html.includes(`version v${N - 1}`));
});

Deno.test("audit: 20,000 graders in one file are reported, every group once, in seconds", async () => {
  const rows = Array.from({ length: N }, (_, i) => ({
    row: i + 1,
    case: "q",
    version: "v",
    repeat: 0,
    grader: `g${i}`,
    score: i % 2,
    pass: i % 2 === 1,
  }));
  const started = performance.now();
  const report = await audit(rows);
  const text = report.toText({ verbose: true });
  assert.ok(performance.now() - started < 60_000, `${performance.now() - started} ms`);
  assert.equal(report.toJSON().groups.length, N);
  assert.match(text, new RegExp(`Zeroing check of grader "g${N - 1}"`));
});
