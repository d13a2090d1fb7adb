import assert from "node:assert/strict";
import { audit } from "./audit.ts";
import { checkAuditGates } from "./audit_gates.ts";
import { row, rows } from "./_test_rows.ts";
import { wilsonInterval } from "../stats/wilson_interval.ts";

Deno.test("gates read the named convention of every version with the grader", async () => {
  const report = await audit([
    ...rows(8, () => ({ version: "a" })),
    row({ version: "a", pass: false }),
    row({ version: "a", pass: null, score: null, error: "timeout" }),
    ...rows(5, () => ({ version: "b" })),
  ]);
  const gates = [{ grader: "exact", threshold: 0.85, bound: "point" as const }];
  const all = checkAuditGates(report, gates);
  assert.deepEqual(all.map((o) => [o.version, o.value, o.passed]), [["a", 0.8, false], [
    "b",
    1,
    true,
  ]]);
  const scored = checkAuditGates(report, gates, "scoredOnly");
  assert.deepEqual(scored.map((o) => [o.value, o.passed]), [[8 / 9, true], [1, true]]);
  const upper = checkAuditGates(
    report,
    [{ grader: "exact", threshold: 0.5, bound: "lower" }],
    "upperEdge",
  );
  assert.equal(upper[0].value, wilsonInterval(9, 10, 0.95).lower);
  assert.equal(
    upper[0].description,
    `upper edge lower 95% Wilson bound ${(upper[0].value * 100).toFixed(1)}%`,
  );
});

Deno.test("gates: graders without a pass rate, thresholds out of range and unknown conventions are refused", async () => {
  const report = await audit([row({ grader: "bleu", pass: null, score: 0.4 })]);
  assert.throws(
    () => checkAuditGates(report, [{ grader: "bleu", threshold: 0.5, bound: "point" }]),
    /Cannot gate "bleu": no pass rate for it in this audit \(graders with a pass rate: none\)/,
  );
  const ok = await audit(rows(3, () => ({})));
  assert.throws(
    () => checkAuditGates(ok, [{ grader: "exact", threshold: 2, bound: "point" }]),
    RangeError,
  );
  assert.throws(() => checkAuditGates(ok, [], "envelope" as never), /Unknown convention/);
});
