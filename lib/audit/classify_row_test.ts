import assert from "node:assert/strict";
import { classifyRow, ROW_CLASSES } from "./classify_row.ts";
import { row } from "./_test_rows.ts";

Deno.test("each class on a hand-made row", () => {
  const table = [
    [row({ score: NaN, pass: null }), "nan"],
    [row({ unparsed: true, unparsedReason: "grade 'B+' is not a grade", pass: null }), "unparsed"],
    [row({ case: "  " }), "unreadable"],
    [row({ score: 1.5 }), "unreadable"],
    [row({ score: -0.1, pass: false }), "unreadable"],
    [row({ score: Infinity }), "unreadable"],
    [row({ repeat: -1 }), "unreadable"],
    [row({ score: null, pass: null, error: "HTTP 503" }), "errored"],
    [row({ score: 1, pass: true }), "passed"],
    [row({ score: 0, pass: false }), "failed"],
    [row({ score: null, pass: false }), "failed"],
    [row({ score: 0.4, pass: null, binary: true }), "noVerdict"],
    [row({ score: null, pass: null }), "empty"],
  ] as const;
  for (const [r, cls] of table) assert.equal(classifyRow(r).class, cls, JSON.stringify(r));
  const seen = new Set(table.map(([, c]) => c));
  assert.deepEqual([...ROW_CLASSES].filter((c) => !seen.has(c)), []);
});

Deno.test("the first matching rule wins", () => {
  // NaN beats every later rule.
  assert.equal(classifyRow(row({ score: NaN, pass: null, error: "timeout" })).class, "nan");
  assert.equal(classifyRow(row({ score: NaN, unparsed: true, case: "" })).class, "nan");
  assert.equal(classifyRow(row({ score: NaN, pass: true })).class, "nan");
  // Unparsed beats unreadable, errored and completed.
  assert.equal(classifyRow(row({ unparsed: true, case: "", error: "x" })).class, "unparsed");
  assert.equal(classifyRow(row({ unparsed: true, pass: true })).class, "unparsed");
  // Unreadable beats errored and completed.
  assert.equal(classifyRow(row({ case: "", error: "timeout" })).class, "unreadable");
  assert.equal(classifyRow(row({ score: 2, error: "timeout", pass: true })).class, "unreadable");
  // Errored beats a verdict: an attempt that recorded an error is not a completed one.
  assert.equal(classifyRow(row({ error: "rate limit", pass: true })).class, "errored");
  assert.equal(classifyRow(row({ errorKind: "grader", pass: false })).class, "errored");
  // A verdict beats a missing score; a score without verdict beats empty.
  assert.equal(classifyRow(row({ score: null, pass: true })).class, "passed");
  assert.equal(classifyRow(row({ score: 0, pass: null, binary: true })).class, "noVerdict");
});

Deno.test("errored rows carry the recorded kind, else one inferred from the text", () => {
  const given = classifyRow(row({ pass: null, error: "boom", errorKind: "model" }));
  assert.deepEqual(given, { class: "errored", reason: "boom", errorKind: "model" });
  const inferred = classifyRow(row({ pass: null, error: "429 Too Many Requests" }));
  assert.equal(inferred.errorKind, "infrastructure");
  const kindOnly = classifyRow(row({ pass: null, errorKind: "grader" }));
  assert.deepEqual(kindOnly, { class: "errored", reason: "grader error", errorKind: "grader" });
  // Blank error text is no error.
  assert.equal(classifyRow(row({ pass: null, error: "   " })).class, "noVerdict");
});

Deno.test("the scale: [0, 1] by default, the row's own, or the one passed in", () => {
  const seven = row({ score: 7, pass: true });
  assert.equal(classifyRow(seven).class, "unreadable");
  assert.match(classifyRow(seven).reason ?? "", /score 7 is off its scale \[0, 1\]/);
  assert.equal(classifyRow({ ...seven, scale: { min: 0, max: 10 } }).class, "passed");
  assert.equal(classifyRow(seven, { min: 0, max: 10 }).class, "passed");
  // The scale passed in overrides the row's own.
  assert.equal(
    classifyRow({ ...seven, scale: { min: 0, max: 10 } }, { min: 0, max: 5 }).class,
    "unreadable",
  );
  assert.equal(classifyRow(row({ score: 0 })).class, "passed");
  assert.equal(classifyRow(row({ score: 1 })).class, "passed");
});
