import assert from "node:assert/strict";
import { defineGrader } from "./define_grader.ts";
import { binary } from "./_result.ts";

const base = {
  kind: "binary",
  summary: "a test grader",
  needsReference: true,
  reads: "references",
  grade: () => binary(true),
  describe: () => "test",
} as const;

Deno.test("defineGrader refuses declarations that cannot work", () => {
  assert.throws(
    () =>
      defineGrader({
        ...base,
        name: "t",
        options: { n: { type: "integer", minimum: 1, default: 0, help: "a count" } },
        probe: { stepsOnReferences: true, extras: [] },
      }),
    { name: "RangeError", message: 'Grader "t": option "n" must be a whole number ≥ 1, got 0' },
  );
  assert.throws(
    () =>
      defineGrader({
        ...base,
        name: "t",
        options: { n: { type: "number", default: null, help: "a number" } },
        probe: { stepsOnReferences: true, extras: [] },
      }),
    { name: "TypeError", message: 'Grader "t": option "n" has a null default' },
  );
  assert.throws(
    () =>
      defineGrader({
        ...base,
        name: "t",
        options: {},
        probe: { stepsOnReferences: false, extras: ["case-insensitive"] },
      }),
    /the probe "case-insensitive" needs a boolean option "ignoreCase"/,
  );
});

Deno.test("a grader checks options once per frozen object and every time for others", () => {
  let calls = 0;
  const g = defineGrader({
    ...base,
    name: "t",
    options: { on: { type: "boolean", default: false, help: "switch" } },
    probe: { stepsOnReferences: true, extras: [] },
    grade: (_input, options) => {
      calls++;
      return binary(options.on);
    },
  });
  const row = { output: "a", references: ["a"] };
  const mutable = { on: true };
  assert.equal(g.grade(row, mutable).pass, true);
  mutable.on = false; // a changed object is checked again, never served from a stale cache
  assert.equal(g.grade(row, mutable).pass, false);
  const resolved = g.resolve({ on: true });
  assert.ok(Object.isFrozen(resolved));
  assert.equal(g.grade(row, resolved).pass, true);
  assert.equal(g.resolve(resolved), resolved);
  assert.equal(calls, 3);
  assert.throws(() => g.grade(row, { on: "yes" } as never), TypeError);
});

Deno.test("an object frozen only on the outside is checked at every call", () => {
  const g = defineGrader({
    ...base,
    name: "t",
    options: { steps: { type: "list", values: ["a", "b"], default: [], help: "steps" } },
    probe: { stepsOnReferences: true, extras: [] },
    grade: (_input, options) => binary(options.steps.includes("b")),
  });
  const row = { output: "a", references: ["a"] };
  const steps: ("a" | "b")[] = ["a"];
  const options = Object.freeze({ steps });
  assert.equal(g.grade(row, options).pass, false);
  steps.push("b");
  assert.equal(g.grade(row, options).pass, true);
  const resolved = g.resolve({ steps: ["b"] });
  assert.ok(Object.isFrozen(resolved.steps));
  assert.throws(() => (resolved.steps as string[]).push("a"), TypeError);
});
