import assert from "node:assert/strict";
import fc from "fast-check";
import { exactGrader } from "./exact.ts";
import { probe } from "./_probe.ts";
import type { GradeInput } from "./types.ts";

Deno.test("exact: equality only, with the matching reference's index", () => {
  assert.deepEqual(exactGrader.grade({ output: "café", references: ["cafe", "café"] }), {
    score: 1,
    pass: true,
    referenceIndex: 1,
  });
  // NFC vs NFD: look the same, are not equal.
  const nfd = exactGrader.grade({ output: "cafe\u0301", references: ["café"] });
  assert.equal(nfd.pass, false);
  assert.equal(nfd.score, 0);
  assert.equal(nfd.reason, "output differs from the reference at character 4");
});

Deno.test("exact: empty output, empty reference and no reference", () => {
  assert.equal(exactGrader.grade({ output: "", references: [""] }).pass, true);
  assert.equal(exactGrader.grade({ output: "", references: ["x"] }).pass, false);
  const none = exactGrader.grade({ output: "x", references: [] });
  assert.equal(none.pass, null);
  assert.ok(Number.isNaN(none.score));
  assert.equal(none.error, "no-reference");
  assert.equal(none.notJudged, true);
  assert.equal(
    exactGrader.grade({ output: "x", references: ["a", "b"] }).reason,
    "output differs from all 2 references",
  );
});

Deno.test("exact: the first difference is counted in code points, surrogate pairs and lone halves alike", () => {
  // The position as code points: what Array.from counts, written the slow way here.
  const slow = (a: string, b: string) => {
    const x = Array.from(a);
    const y = Array.from(b);
    let i = 0;
    while (i < x.length && i < y.length && x[i] === y[i]) i++;
    return i + 1;
  };
  const unit = fc.constantFrom("a", "b", "\ud83d", "\ude00", "\ude01", "\ud83d\ude00", "é");
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 8 }), fc.array(unit, { maxLength: 8 }), (x, y) => {
      const [a, b] = [x.join(""), y.join("")];
      fc.pre(a !== b);
      const reason = exactGrader.grade({ output: a, references: [b] }).reason;
      assert.equal(reason, `output differs from the reference at character ${slow(a, b)}`);
    }),
    { numRuns: 2_000 },
  );
});

Deno.test("exact: a 50 MB output is graded without building arrays of its characters", () => {
  const output = "y".repeat(50_000_000);
  const started = performance.now();
  const miss = exactGrader.grade({ output, references: ["y".repeat(1_000) + "x"] });
  assert.equal(miss.reason, "output differs from the reference at character 1001");
  // Generous: the array version took tens of seconds and gigabytes here.
  assert.ok(performance.now() - started < 5_000);
});

Deno.test("property: exact's quick answers give the probe's steps of re-grading every step", () => {
  const piece = fc.constantFrom(
    "a",
    "A",
    "b",
    " ",
    "  ",
    "\t",
    "\u00a0",
    ".",
    "!",
    "_",
    '"',
    "'",
    "\u201c",
    "\u201d",
    "É",
    "é",
    "\u212a",
    "k",
    "\ufb01",
  );
  const text = fc.array(piece, { maxLength: 6 }).map((xs) => xs.join(""));
  const quick = exactGrader.probe.passesAfter!({})!;
  const target = (passesAfter?: typeof quick) => ({
    verdict: (input: GradeInput) => exactGrader.verdict(input),
    stepsOnReferences: true,
    compares: "equal" as const,
    passesAfter,
    extras: [],
  });
  fc.assert(
    fc.property(text, fc.array(text, { minLength: 1, maxLength: 3 }), (output, references) => {
      const input = { output, references };
      const result = exactGrader.grade(input);
      assert.deepEqual(
        probe(target(quick), input, result),
        probe(target(), input, result),
        JSON.stringify(input),
      );
    }),
    { numRuns: 20_000 },
  );
});
