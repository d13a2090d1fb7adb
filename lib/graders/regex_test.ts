import assert from "node:assert/strict";
import { regexGrader } from "./regex.ts";
import fc from "fast-check";
import { RE2JS } from "npm:re2js@2.10.0";
import { mayMatch } from "./_regex_prefilter.ts";

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

Deno.test("a pattern is skipped uncompiled only where RE2 finds no match", () => {
  const piece = (chars: string[]) =>
    fc.array(fc.constantFrom(...chars), { maxLength: 8 }).map((p) => p.join(""));
  const pattern = piece([
    "a",
    "A",
    "b",
    "k",
    "K",
    " ",
    ".",
    "*",
    "+",
    "?",
    "^",
    "$",
    "é",
    "(",
    "\\",
  ]);
  const output = piece(["a", "A", "b", "k", "K", "\u212a", " ", "\n", ".", "é", "É"]);
  fc.assert(
    fc.property(pattern, output, fc.boolean(), (p, o, ignoreCase) => {
      if (mayMatch(p, o, ignoreCase)) return;
      const re = RE2JS.compile(p, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
      assert.equal(re.test(o), false, `${p} in ${o}`);
      assert.equal(re.testExact(o), false);
    }),
    { numRuns: 20_000 },
  );
});
