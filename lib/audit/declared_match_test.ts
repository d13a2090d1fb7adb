import assert from "node:assert/strict";
import { decimalsOf, matchDeclared } from "./declared_match.ts";

const counts = { attempted: 40, passed: 30, failed: 5, unparsed: 2 };
// scored only 30/35 = 0.857142…, all attempted 30/40 = 0.75, unparsed as failures 30/37 = 0.810810…

Deno.test("decimalsOf reads the printed precision", () => {
  assert.equal(decimalsOf(0.6667), 4);
  assert.equal(decimalsOf(0.75), 2);
  assert.equal(decimalsOf(1), 0);
  assert.equal(decimalsOf(1e-7), 7);
  assert.equal(decimalsOf(2 / 3), 16);
});

Deno.test("the tolerance follows the printed precision", () => {
  const fig = (value: number, decimals?: number) =>
    matchDeclared({ metric: "acc", value, source: "s", decimals }, counts);
  assert.deepEqual(fig(0.8571).matches, ["scoredOnly"]);
  assert.deepEqual(fig(0.857).matches, ["scoredOnly"]);
  assert.deepEqual(fig(0.86).matches, ["scoredOnly"]);
  assert.deepEqual(fig(0.8572).matches, []); // off by more than half a unit in the 4th place
  assert.deepEqual(fig(30 / 35).matches, ["scoredOnly"]);
  assert.deepEqual(fig(0.8108).matches, ["unparsedAsFailures"]);
  assert.deepEqual(fig(0.75).matches, ["allAttempted"]);
  // 0.8 printed with one decimal is consistent with 0.75 and 0.8108 (both round to 0.8).
  const coarse = fig(0.8);
  assert.deepEqual(coarse.matches, ["allAttempted", "unparsedAsFailures"]);
  assert.match(
    coarse.verdict,
    /^consistent with all attempted and unparsed grades counted as failures/,
  );
  // A figure known to be printed with 4 decimals is not matched loosely.
  assert.deepEqual(fig(0.8, 4).matches, []);
});

Deno.test("with no unparsed grades only two rate readings are offered", () => {
  const m = matchDeclared(
    { metric: "acc", value: 1, source: "s" },
    { attempted: 3, passed: 3, failed: 0, unparsed: 0 },
  );
  assert.deepEqual(m.candidates.map((c) => c.convention), ["scoredOnly", "allAttempted"]);
  assert.equal(m.verdict, "matches scored only and all attempted (equal on these rows)");
});

Deno.test("count figures are compared with attempts, scored attempts, passes, failures, errors", () => {
  const m = matchDeclared({ metric: "completed", value: 35, kind: "count", source: "s" }, counts);
  assert.deepEqual(m.matches, ["scored"]);
  const none = matchDeclared({ metric: "total", value: 41, kind: "count", source: "s" }, counts);
  assert.equal(
    none.verdict,
    "matches no count; candidates: attempts 40, scored attempts 35, passes 30, failures 5",
  );
  const errors = matchDeclared(
    { metric: "stats.errors", value: 3, kind: "count", source: "s" },
    { ...counts, errored: 3 },
  );
  assert.deepEqual(errors.matches, ["errored"]);
});
