import assert from "node:assert/strict";
import { containsGrader } from "./contains.ts";

Deno.test("contains: substring, case option, first matching reference", () => {
  const row = {
    output: "Answer: Zürich, Switzerland",
    references: ["geneva", "zürich", "Switzerland"],
  };
  assert.deepEqual(containsGrader.grade(row), { score: 1, pass: true, referenceIndex: 2 });
  assert.deepEqual(containsGrader.grade(row, { ignoreCase: true }), {
    score: 1,
    pass: true,
    referenceIndex: 1,
  });
  const miss = containsGrader.grade({ output: "ZÜRICH", references: ["zürich"] });
  assert.equal(miss.pass, false);
  assert.equal(miss.reason, "output does not contain the reference");
  assert.equal(
    containsGrader.grade({ output: "ZÜRICH", references: ["zürich"] }, { ignoreCase: true }).pass,
    true,
  );
});

Deno.test("contains: empty output and empty references", () => {
  assert.equal(containsGrader.grade({ output: "", references: ["a"] }).pass, false);
  const empty = containsGrader.grade({ output: "anything", references: [""] });
  assert.equal(empty.pass, null);
  assert.equal(empty.notJudged, true);
  // An empty reference beside a real one is skipped, not a free pass.
  assert.equal(containsGrader.grade({ output: "abc", references: ["", "x"] }).pass, false);
  assert.equal(containsGrader.describe({ ignoreCase: true }), "contains: ignore case");
});
