import assert from "node:assert/strict";
import { regexGrader } from "./regex.ts";

Deno.test("regex: search by default, full match on request, case option", () => {
  const row = { output: "Status: SHIPPED", references: ["shipped"] };
  assert.equal(regexGrader.grade(row).pass, false);
  assert.equal(regexGrader.grade(row, { ignoreCase: true }).pass, true);
  assert.equal(regexGrader.grade(row, { ignoreCase: true, fullMatch: true }).pass, false);
  assert.equal(
    regexGrader.grade({ output: "SHIPPED", references: ["shipped"] }, {
      ignoreCase: true,
      fullMatch: true,
    }).pass,
    true,
  );
  assert.equal(regexGrader.grade(row).reason, 'pattern "shipped" does not match the output');
});

Deno.test("regex: a catastrophic-backtracking pattern finishes and gives the right verdict", () => {
  const output = "a".repeat(40) + "!";
  const r = regexGrader.grade({ output, references: ["(a+)+$"] });
  assert.equal(r.pass, false); // the text ends with "!", so `(a+)+$` cannot match
  assert.equal(regexGrader.grade({ output, references: ["^(a+)+!$"] }).pass, true);
  assert.equal(
    regexGrader.grade({ output: "x".repeat(100_000), references: ["(x+x+)+y"] }).pass,
    false,
  );
});

Deno.test("regex: backreferences, lookaround and broken syntax are errors, never passes", () => {
  const cases: [string, RegExp][] = [
    ["(a)\\1", /backreference/],
    ["foo(?=bar)", /lookaround/],
    ["(?<!x)foo", /lookaround/],
    ["[unclosed", /not a valid RE2 pattern/],
  ];
  for (const [pattern, why] of cases) {
    const r = regexGrader.grade({ output: "aa foobar foo [unclosed", references: [pattern] });
    assert.equal(r.pass, null, pattern);
    assert.ok(Number.isNaN(r.score));
    assert.equal(r.error, "bad-pattern");
    assert.match(r.reason!, why);
  }
  // A broken pattern is reported even when another pattern of the row would match.
  assert.equal(
    regexGrader.grade({ output: "ok", references: ["ok", "(a)\\1"] }).error,
    "bad-pattern",
  );
});

Deno.test("regex: unicode, several patterns, empty output and missing references", () => {
  assert.deepEqual(regexGrader.grade({ output: "日本語", references: ["^x", "^\\p{Han}+$"] }), {
    score: 1,
    pass: true,
    referenceIndex: 1,
  });
  assert.equal(regexGrader.grade({ output: "", references: ["^$"] }).pass, true);
  assert.equal(regexGrader.grade({ output: "", references: ["."] }).pass, false);
  assert.equal(regexGrader.grade({ output: "x", references: [""] }).notJudged, true);
  assert.equal(regexGrader.grade({ output: "x", references: [] }).error, "no-reference");
  assert.equal(
    regexGrader.describe({ fullMatch: true, ignoreCase: true }),
    "regex: RE2 full match, ignore case",
  );
});
