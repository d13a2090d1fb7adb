import assert from "node:assert/strict";
import { exactGrader } from "./exact.ts";

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
