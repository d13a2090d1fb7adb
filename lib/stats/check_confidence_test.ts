import assert from "node:assert/strict";
import { isUserError } from "../errors/mod.ts";
import { checkConfidence } from "./check_confidence.ts";
import { wilsonInterval } from "./wilson_interval.ts";

Deno.test("checkConfidence takes numbers strictly between 0 and 1", () => {
  for (const c of [0.5, 0.95, 0.999, Number.EPSILON, 1 - Number.EPSILON]) {
    assert.equal(checkConfidence(c), c);
  }
  for (const c of [0, 1, -0.5, 95, NaN, Infinity]) {
    assert.throws(() => checkConfidence(c), (e: unknown) => {
      assert.ok(e instanceof RangeError && isUserError(e));
      assert.equal(
        e.message,
        `confidence must be a number between 0 and 1 (exclusive), such as 0.95, got ${c}`,
      );
      return true;
    });
  }
  for (const c of ["0.95", null, undefined, {}]) {
    assert.throws(
      () => checkConfidence(c),
      (e: unknown) => e instanceof TypeError && isUserError(e),
    );
  }
});

Deno.test("the intervals use the same check, with the same message", () => {
  assert.throws(
    () => wilsonInterval(3, 10, 1.5),
    /^RangeError: confidence must be a number between 0 and 1 \(exclusive\), such as 0\.95, got 1\.5$/,
  );
});
