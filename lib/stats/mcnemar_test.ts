import assert from "node:assert/strict";
import { mcnemarTest } from "./mcnemar.ts";

// Exact two-sided p-value with integers: 2·Σ_{k ≤ m} C(n, k) / 2^n, capped at 1.
function exactP(b: number, c: number): number {
  const n = b + c;
  const m = Math.min(b, c);
  let coefficient = 1n;
  let sum = 0n;
  for (let k = 0; k <= m; k++) {
    if (k > 0) coefficient = coefficient * BigInt(n - k + 1) / BigInt(k);
    sum += coefficient;
  }
  const scale = 10n ** 30n;
  const p = Number(2n * sum * scale / 2n ** BigInt(n)) / 1e30;
  return Math.min(1, p);
}

Deno.test("mcnemarTest matches exact binomial sums", () => {
  const pairs = [[0, 10], [1, 5], [3, 12], [7, 9], [20, 45], [150, 210], [0, 1], [40, 40]];
  for (const [b, c] of pairs) {
    const got = mcnemarTest(b, c).pValue;
    const want = exactP(b, c);
    assert.ok(Math.abs(got - want) <= 1e-12 * want + 1e-300, `${b}/${c}: ${got} vs ${want}`);
  }
});

Deno.test("mcnemarTest known values and symmetry", () => {
  assert.equal(mcnemarTest(0, 10).pValue, 2 / 1024);
  assert.equal(mcnemarTest(1, 5).pValue, mcnemarTest(5, 1).pValue);
  assert.equal(mcnemarTest(0, 0).pValue, 1);
  assert.equal(mcnemarTest(4, 4).pValue, 1);
  assert.equal(mcnemarTest(3, 2).discordant, 5);
});

Deno.test("mcnemarTest stays finite for thousands of pairs", () => {
  const p = mcnemarTest(1000, 1200).pValue;
  assert.ok(p > 0 && p < 0.01, String(p));
  assert.ok(Math.abs(p - exactP(1000, 1200)) <= 1e-10 * p);
});

Deno.test("mcnemarTest rejects counts that are not whole numbers", () => {
  assert.throws(() => mcnemarTest(-1, 2), RangeError);
  assert.throws(() => mcnemarTest(1.5, 2), RangeError);
});
