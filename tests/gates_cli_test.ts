// Gates on the bound, not only the point estimate: `audit --fail-under(-lower)` under a named
// convention, and `eval --fail-under-lower` (Wilson for a pass rate, the bootstrap for a mean).
import assert from "node:assert/strict";
import { capture } from "./_capture.ts";
import { main as auditMain } from "../cli/audit.ts";
import { main as evalMain } from "../cli/eval.ts";
import { agrestiCoullInterval, evaluate, wilsonInterval } from "../mod.ts";

const RUNS = "examples/returns-desk-runs.jsonl";

Deno.test("audit gates: point and lower bound, exit 1 on a failed gate, 0 when all pass", async () => {
  // v2: 31 of 50 attempts passed (all attempted); its 95% Wilson lower bound is 48.2%.
  const failing = await capture(() =>
    auditMain([RUNS, "--fail-under", "judge=0.6", "--fail-under-lower", "judge=0.5", "--json"])
  );
  assert.equal(failing.code, 1);
  const { gates } = JSON.parse(failing.stdout);
  const v2 = gates.filter((g: { version: string }) => g.version === "returns-assistant-v2");
  assert.deepEqual(v2.map((g: { bound: string; passed: boolean }) => [g.bound, g.passed]), [
    ["point", true],
    ["lower", false],
  ]);
  assert.equal(v2[1].value, wilsonInterval(31, 50, 0.95).lower);
  assert.match(
    failing.stderr,
    /gate judge ≥ 0\.5 \(returns-assistant-v2\): all attempted lower 95% Wilson bound 48\.2% — FAILED/,
  );
  const passing = await capture(() => auditMain([RUNS, "--fail-under-lower", "judge=0.45"]));
  assert.equal(passing.code, 0, passing.stderr);
  assert.match(passing.stdout, /Gates\n=====\ngate judge ≥ 0\.45 \(returns-assistant-v2\)/);
});

Deno.test("audit gates: the convention and the interval method are the ones named", async () => {
  const scored = await capture(() =>
    auditMain([
      RUNS,
      "--fail-under-lower",
      "judge=0.5",
      "--gate-convention",
      "scored-only",
      "--json",
    ])
  );
  assert.equal(scored.code, 0, "scored only: v2 is 31/42, lower bound above 50%");
  const report = JSON.parse(scored.stdout);
  assert.equal(report.gates[0].convention, "scoredOnly");
  assert.equal(report.gates[0].value, report.groups[0].scoredOnly.lower);
  const ac = await capture(() =>
    auditMain([RUNS, "--fail-under-lower", "judge=0.5", "--method", "agresti-coull", "--json"])
  );
  assert.equal(JSON.parse(ac.stdout).gates[0].value, agrestiCoullInterval(31, 50, 0.95).lower);
  assert.match(JSON.parse(ac.stdout).gates[0].description, /lower 95% Agresti-Coull bound/);
});

Deno.test("audit gates: a grader without a pass rate, a bad threshold or convention is exit 2", async () => {
  const cases: [string[], RegExp][] = [
    [
      ["--fail-under", "nope=0.5"],
      /Cannot gate "nope": no pass rate for it in this audit \(graders with a pass rate: judge\)/,
    ],
    [
      ["--fail-under-lower", "judge=80"],
      /--fail-under-lower judge must be a fraction between 0 and 1, such as 0\.8, got "80"/,
    ],
    [
      ["--fail-under", "judge=0.5", "--gate-convention", "envelope"],
      /--gate-convention must be one of all-attempted, scored-only, upper-edge, got "envelope"/,
    ],
  ];
  for (const [args, message] of cases) {
    const r = await capture(() => auditMain([RUNS, ...args]));
    assert.equal(r.code, 2, args.join(" "));
    assert.match(r.stderr, message);
  }
});

Deno.test("eval --fail-under-lower: Wilson for a pass rate, the bootstrap for a graded mean", async () => {
  const data = "examples/capitals.jsonl";
  const result = await evaluate(data, { metrics: ["exact_match", "f1"] });
  const em = result.metric("exact_match")!;
  const f1 = result.metric("f1")!;
  const wilson = wilsonInterval(em.passed!, em.scored, 0.95).lower;
  assert.ok(wilson < em.mean, "the bound is below the mean");
  // A threshold between the bound and the mean: --fail-under passes, --fail-under-lower fails.
  const between = ((wilson + em.mean) / 2).toFixed(3);
  const point = await capture(() =>
    evalMain([data, "--metric", "exact_match", "--fail-under", `exact_match=${between}`])
  );
  assert.equal(point.code, 0, point.stderr);
  const lower = await capture(() =>
    evalMain([data, "--metric", "exact_match", "--fail-under-lower", `exact_match=${between}`])
  );
  assert.equal(lower.code, 1);
  assert.match(
    lower.stdout,
    new RegExp(`lower 95% Wilson bound \\(${em.passed}/${em.scored}\\) ${wilson.toFixed(3)}`),
  );
  const graded = await capture(() =>
    evalMain([data, "--metric", "f1", "--fail-under-lower", `f1=${f1.ci[0].toFixed(3)}`, "--json"])
  );
  assert.match(
    graded.stderr,
    new RegExp(`f1 ≥ ${f1.ci[0].toFixed(3)}: lower 95% bootstrap bound ${f1.ci[0].toFixed(3)}`),
  );
  const bad = await capture(() => evalMain([data, "--fail-under-lower", "f1=0.5"]));
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--fail-under-lower f1: no such metric in this run/);
});
