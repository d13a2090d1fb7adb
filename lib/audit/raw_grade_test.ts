import assert from "node:assert/strict";
import { hasRawGrade, readRawGrade } from "./raw_grade.ts";

Deno.test("recognized grades give their numbers", () => {
  const table: [unknown, number][] = [
    ["C", 1],
    ["P", 0.5],
    ["I", 0],
    ["N", 0],
    [true, 1],
    [false, 0],
    [0.75, 0.75],
    [3, 3],
    ["yes", 1],
    ["NO", 0],
    ["True", 1],
    ["false", 0],
    ["1", 1],
    ["-2.5e1", -25],
    [" .5 ", 0.5],
  ];
  for (const [grade, value] of table) assert.equal(readRawGrade(grade), value, String(grade));
});

Deno.test("free text, lists, objects and look-alikes are not recognized", () => {
  const unknown: unknown[] = [
    "c", // the letters are case-sensitive
    "Correct",
    "GRADE: C",
    "nan",
    "inf",
    "1,5",
    "0x10",
    "",
    "constructor",
    "toString",
    ["C"],
    { value: "C" },
    null,
    undefined,
  ];
  for (const grade of unknown) assert.equal(readRawGrade(grade), undefined, String(grade));
});

Deno.test("hasRawGrade treats blank text and nulls as absent", () => {
  assert.equal(hasRawGrade(undefined), false);
  assert.equal(hasRawGrade(null), false);
  assert.equal(hasRawGrade("  "), false);
  assert.equal(hasRawGrade("I"), true);
  assert.equal(hasRawGrade(0), true);
  assert.equal(hasRawGrade(false), true);
});
