import assert from "node:assert/strict";
import fc from "fast-check";
import { formatCount, plural } from "./format.ts";

const INTL = new Intl.NumberFormat("en-US");

Deno.test("property: formatCount writes whole numbers as en-US Intl does", () => {
  const whole = fc.oneof(
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.maxSafeInteger(),
    fc.constantFrom(
      0,
      -0,
      999,
      1000,
      -1000,
      99_999,
      100_000,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
      2 ** 53,
      -(2 ** 60),
      1e21,
    ),
  );
  fc.assert(fc.property(whole, (n) => assert.equal(formatCount(n), INTL.format(n), String(n))), {
    numRuns: 20_000,
  });
});

Deno.test("formatCount groups by threes; plural keeps the grouping", () => {
  assert.equal(formatCount(1234567), "1,234,567");
  assert.equal(formatCount(-1000), "-1,000");
  assert.equal(formatCount(-0), "-0");
  assert.equal(plural(4000, "row"), "4,000 rows");
});
