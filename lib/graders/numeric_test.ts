import assert from "node:assert/strict";
import { numericGrader } from "./numeric.ts";

const grade = numericGrader.grade.bind(numericGrader);

Deno.test("numeric: currency and thousands separators on either side", () => {
  assert.equal(grade({ output: "$1,249.00", references: ["1249"] }).pass, true);
  assert.equal(grade({ output: "1249", references: ["$1,249.00"] }).pass, true);
  assert.equal(grade({ output: "Total: €1,000,000", references: ["1e6"] }).pass, true);
  assert.equal(grade({ output: "-£3.50", references: ["-3.5"] }).pass, true);
  assert.equal(grade({ output: "1,249.01", references: ["1249"] }).pass, false);
});

Deno.test("numeric: tolerances", () => {
  assert.equal(grade({ output: "0.30000000000000004", references: ["0.3"] }).pass, true);
  assert.equal(grade({ output: "3.2", references: ["3"] }, { abs: 0.25 }).pass, true);
  assert.equal(grade({ output: "103", references: ["100"] }, { rel: 0.02 }).pass, false);
  assert.equal(grade({ output: "102", references: ["100"] }, { rel: 0.02 }).pass, true);
  assert.throws(() => grade({ output: "1", references: ["1"] }, { abs: -1 }), RangeError);
});

Deno.test("numeric: which output number counts", () => {
  const row = { output: "Of 3 boxes, 12 were late", references: ["12"] };
  assert.equal(grade(row).pass, true); // last
  assert.equal(grade(row, { pick: "first" }).pass, false);
  assert.equal(grade(row, { pick: "any" }).pass, true);
  assert.match(grade(row, { pick: "only" }).reason!, /has 2 numbers/);
});

Deno.test("numeric: percent is read as written", () => {
  assert.equal(grade({ output: "50%", references: ["50"] }).pass, true);
  assert.equal(grade({ output: "50%", references: ["0.5"] }).pass, false);
});

Deno.test("numeric: no number, bad references, several references, no reference", () => {
  const none = grade({ output: "", references: ["5"] });
  assert.equal(none.pass, false);
  assert.equal(none.reason, "no number found in the output");
  const bad = grade({ output: "5", references: ["five"] });
  assert.equal(bad.pass, null);
  assert.equal(bad.error, "no-numeric-reference");
  assert.equal(bad.notJudged, true);
  assert.equal(grade({ output: "5", references: ["5 or 6"] }).error, "no-numeric-reference");
  assert.deepEqual(grade({ output: "٣ 6", references: ["5", "6"] }), {
    score: 1,
    pass: true,
    referenceIndex: 1,
  });
  assert.equal(grade({ output: "5", references: [] }).error, "no-reference");
  assert.equal(
    numericGrader.describe({ abs: 0.01, rel: 0.001, pick: "any" }),
    "numeric: abs=0.01 rel=0.001 pick=any",
  );
});
