// The regex grader's quick probe answers (`probe.passesAfter`) against re-grading the changed row.
import assert from "node:assert/strict";
import fc from "fast-check";
import { regexGrader } from "./regex.ts";
import { nearMiss } from "./near_miss.ts";
import { RE2JS } from "npm:re2js@2.10.0";
import { stepFacts } from "./_regex_prefilter.ts";
import { probe, type ProbeTarget } from "./_probe.ts";
import { FORMATTING_FUNCTIONS, FORMATTING_STEPS, PY_WHITESPACE_CLASS } from "../text/mod.ts";
import type { GradeInput } from "./types.ts";

// Characters that steps change or patterns read specially, ASCII or not.
const OUTPUT_CHARS = [
  "a",
  "b",
  "A",
  "B",
  "x",
  " ",
  " ",
  "\t",
  "\n",
  "\u00a0",
  "\u3000",
  "\u2009",
  ".",
  "!",
  "?",
  "_",
  '"',
  "'",
  "\u201c",
  "\u201d",
  "é",
  "É",
  "İ",
  "Ａ",
  "ﬁ",
  "℡",
  "1",
  "\ud83d\ude00",
  "\ud800",
];
const PATTERN_PIECES = [
  ...OUTPUT_CHARS,
  "^",
  "$",
  "\\b",
  "\\B",
  "\\A",
  "\\z",
  ".",
  "*",
  "+",
  "?",
  "(",
  ")",
  "[a ]",
  "[^a]",
  "|",
  "\\s",
  "\\S+",
  "(?i)",
  "(?-i:A)",
  "\\Q. \\E",
  "\\\\",
  "\\1",
  "{2}",
  "\\p{Lu}",
];

const output = fc.array(fc.constantFrom(...OUTPUT_CHARS), { maxLength: 10 }).map((a) => a.join(""));
const pattern = fc.oneof(
  fc.array(fc.constantFrom(...PATTERN_PIECES), { maxLength: 6 }).map((a) => a.join("")),
  fc.array(fc.constantFrom(...OUTPUT_CHARS), { maxLength: 6 }).map((a) => a.join("")),
);
const options = fc.record({ ignoreCase: fc.boolean(), fullMatch: fc.boolean() });

/**
 * A row whose patterns may match its output after a step: the last is made of a part of the
 * output, changed by a step, maybe between assertions (`^a`, say, matches `a` but not ` a`).
 */
const row = fc.tuple(
  output,
  fc.array(pattern, { minLength: 1, maxLength: 3 }),
  fc.nat(),
  fc.nat(),
  fc.constantFrom("", "", "", "", "^", "\\b", "\\A", "\\B", "(?m)^"),
  fc.constantFrom("", "", "", "", "$", "\\b", "\\z", "\\B"),
).map(([out, patterns, from, take, before, after]): GradeInput => {
  const start = from % (out.length + 1);
  const part = out.slice(start, start + (take % 6));
  const step = FORMATTING_STEPS[take % FORMATTING_STEPS.length];
  const made = before + FORMATTING_FUNCTIONS[step](part) + after;
  return { output: out, references: [...patterns.slice(1), made] };
});

function targets(o: { ignoreCase: boolean; fullMatch: boolean }): [ProbeTarget, ProbeTarget] {
  const resolved = regexGrader.resolve(o);
  const verdict = (input: GradeInput) => regexGrader.verdict(input, resolved);
  const quick = regexGrader.probe.passesAfter!(resolved);
  const plain: ProbeTarget = { verdict, stepsOnReferences: false, extras: [] };
  return [plain, { ...plain, passesAfter: quick }];
}

Deno.test("regex probe: the quick answers give the steps re-grading gives", () => {
  let flipped = 0;
  fc.assert(
    fc.property(row, options, (input, o) => {
      const [plain, quick] = targets(o);
      const result = regexGrader.grade(input, o);
      const expected = probe(plain, input, result);
      if (expected.length > 0) flipped++;
      assert.deepEqual(probe(quick, input, result), expected);
    }),
    { numRuns: 3000 },
  );
  assert.ok(flipped > 100, `only ${flipped} rows flipped`);
});

Deno.test("regex probe: a quick answer on a failing row is the changed row's verdict", () => {
  let answered = 0;
  fc.assert(
    fc.property(row, options, (input, o) => {
      const resolved = regexGrader.resolve(o);
      if (regexGrader.verdict(input, resolved) !== false) return;
      const quick = regexGrader.probe.passesAfter!(resolved)!;
      for (const step of [...FORMATTING_STEPS, "several" as const]) {
        const known = quick(step, input);
        if (known === undefined) continue;
        answered++;
        const changed = step === "several"
          ? FORMATTING_STEPS.reduce((s, k) => FORMATTING_FUNCTIONS[k](s), input.output)
          : FORMATTING_FUNCTIONS[step](input.output);
        assert.equal(
          regexGrader.verdict({ ...input, output: changed }, resolved),
          known,
          `${step} ${JSON.stringify(input)} ${JSON.stringify(o)}`,
        );
      }
    }),
    { numRuns: 3000 },
  );
  assert.ok(answered > 80, `only ${answered} quick answers`);
});

Deno.test("regex probe: sentences read as patterns", () => {
  const [plain, quick] = targets({ ignoreCase: false, fullMatch: false });
  const rows: GradeInput[] = [
    { output: "  Paris  is big.\n", references: ["Paris is big."] }, // collapse-whitespace
    { output: "paris is big", references: ["Paris is big"] }, // no step
    { output: '"PARIS"', references: ["paris"] }, // lowercase
    { output: "Paris is big", references: ["Paris_is_big"] }, // underscores
    { output: "x", references: ["(a)\\1"] }, // broken: no near miss, not a failure
  ];
  for (const input of rows) {
    const result = regexGrader.grade(input);
    assert.deepEqual(probe(quick, input, result), probe(plain, input, result));
  }
  assert.deepEqual(probe(quick, rows[0], regexGrader.grade(rows[0])), ["collapse-whitespace"]);
  assert.deepEqual(probe(quick, rows[2], regexGrader.grade(rows[2])), ["lowercase"]);
});

Deno.test("regex probe: rows with a broken or empty pattern are re-graded", () => {
  for (
    const o of [{ ignoreCase: false, fullMatch: false }, { ignoreCase: true, fullMatch: false }]
  ) {
    const quick = regexGrader.probe.passesAfter!(regexGrader.resolve(o))!;
    for (const references of [["(a)\\1"], ["x y", "[A"], ["A B", ""], ["a b c(?=d)"], []]) {
      // Whitespace to collapse, and none.
      for (const output of ["  A  b. ", "A b."]) {
        const input = { output, references };
        for (const step of [...FORMATTING_STEPS, "several" as const]) {
          assert.equal(quick(step, input), undefined, `${step} ${references}`);
        }
      }
    }
  }
});

Deno.test("regex probe: no lowercased character is a capital A-Z", () => {
  for (let c = 0; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    assert.doesNotMatch(String.fromCodePoint(c).toLowerCase(), /[A-Z]/, c.toString(16));
  }
  // The one lowercasing that looks at its neighbours (a final sigma) gives no capital either.
  assert.equal("AΣ".toLowerCase(), "aς");
});

Deno.test("regex probe: step facts of patterns", () => {
  const facts = (pattern: string, fullMatch: boolean) => {
    const { plainForm, capital, whitespace, uncollapsed, noAssertion } = stepFacts(
      pattern,
      fullMatch,
    );
    return { plainForm, capital, whitespace, uncollapsed, noAssertion };
  };
  assert.deepEqual(facts("a  B", false), {
    plainForm: true,
    capital: true,
    whitespace: true,
    uncollapsed: true,
    noAssertion: true,
  });
  // An optional capital or space is not in every match.
  assert.equal(stepFacts("xA?", true).capital, false);
  assert.equal(stepFacts("x ?y", false).whitespace, false);
  assert.equal(stepFacts("a+ b", false).whitespace, true);
  assert.equal(stepFacts("^a b$", false).noAssertion, false);
  assert.equal(stepFacts("a\\\\b", false).noAssertion, true);
  assert.equal(stepFacts("a\\bb", false).noAssertion, false);
  assert.equal(stepFacts("\\Qa\\E", false).noAssertion, false);
  assert.equal(stepFacts("[^a]", false).noAssertion, false);
  assert.equal(stepFacts("[A] x", false).plainForm, false);
  assert.equal(stepFacts("[A] x", false).capital, false);
  // No text matches a pattern that needs a character after its end: no step can flip it.
  for (const p of ["costs $5", "(a) costs $5 (b)?", "a^b", "(x $5)"]) {
    assert.equal(stepFacts(p, false).never, true, p);
    assert.equal(stepFacts(p, true).never, true, p);
  }
  for (const p of ["costs $", "costs $5?", "(x $5)?", "a b", "^a", "$5 (", "[$]5"]) {
    assert.equal(stepFacts(p, false).never, false, p);
  }
});

Deno.test("regex probe: a pattern no text matches fails after every step, without re-grading", () => {
  for (const fullMatch of [false, true]) {
    const quick = regexGrader.probe.passesAfter!(regexGrader.resolve({ fullMatch }))!;
    const input = { output: "It costs $5.", references: ["It costs $5."] };
    for (const step of [...FORMATTING_STEPS, "several" as const]) {
      assert.equal(quick(step, input), false, step);
    }
  }
});

Deno.test("regex probe: the whitespace a pattern needs is Python's", () => {
  const ws = new RegExp(`^[${PY_WHITESPACE_CLASS}]$`);
  for (let code = 0; code <= 0xffff; code++) {
    const c = String.fromCharCode(code);
    if ((code >= 0xd800 && code <= 0xdfff) || "\\()[]{}|*+?^$.".includes(c)) continue;
    const facts = stepFacts(`a${c}b`, code % 2 === 0);
    assert.equal(facts.whitespace, ws.test(c), code.toString(16));
    assert.equal(facts.uncollapsed, ws.test(c) && c !== " ", code.toString(16));
    assert.equal(stepFacts(`a${c}${c}b`, false).uncollapsed, ws.test(c), code.toString(16));
  }
});

Deno.test("regex probe: case-insensitive flips a row exactly where RE2 ignoring case matches", () => {
  // Plain patterns (read without RE2) and others, outputs ASCII or not: the probe reads the
  // row's output ASCII flag, made once for the row.
  const text = (chars: string[], max: number) =>
    fc.array(fc.constantFrom(...chars), { maxLength: max }).map((p) => p.join(""));
  const pat = text(["a", "A", "b", "K", "s", " ", ".", "é", "(a)", "x*"], 6);
  const out = text(["a", "A", "b", "k", "K", "\u212a", "\u017f", "S", " ", "é", "É", "\n"], 10);
  let flipped = 0;
  fc.assert(
    fc.property(pat, out, fc.boolean(), (p, o, fullMatch) => {
      const input = { output: o, references: [p] };
      const result = regexGrader.grade(input, { fullMatch });
      if (result.pass !== false) return;
      const re = RE2JS.compile(p, RE2JS.CASE_INSENSITIVE);
      const want = fullMatch ? re.testExact(o) : re.test(o);
      if (want) flipped++;
      const steps = nearMiss("regex", input, result, { fullMatch });
      assert.equal(steps.includes("case-insensitive"), want, JSON.stringify([p, o, fullMatch]));
    }),
    { numRuns: 5000 },
  );
  assert.ok(flipped > 100, `only ${flipped} rows flipped`);
});
