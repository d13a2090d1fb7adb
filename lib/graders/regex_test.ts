import assert from "node:assert/strict";
import { regexGrader } from "./regex.ts";
import fc from "fast-check";
import { RE2JS } from "npm:re2js@2.10.0";
import { mayMatch, plainMatch } from "./_regex_prefilter.ts";

/** Texts of up to `max` characters drawn from `chars`. */
const textOf = (chars: readonly string[], max: number) =>
  fc.array(fc.constantFrom(...chars), { maxLength: max }).map((p) => p.join(""));

/**
 * Check that `plainMatch`'s answer for pattern `p` on output `o`, where it gives one, is RE2's;
 * returns whether it gave one.
 */
function agreesWithRe2(p: string, o: string, ignoreCase: boolean, fullMatch: boolean): boolean {
  const quick = plainMatch(p, o, ignoreCase, fullMatch);
  if (quick === undefined) return false;
  const re = RE2JS.compile(p, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  assert.equal(quick, fullMatch ? re.testExact(o) : re.test(o), JSON.stringify([p, o]));
  return true;
}

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
  const pattern = textOf([
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
    ")",
    "(",
    ")",
    "|",
    "\\",
  ], 8);
  const output = textOf(["a", "A", "b", "k", "K", "\u212a", " ", "\n", ".", "é", "É"], 8);
  // Patterns ruled out with a group, or with a character after a `$` or before a `^`.
  let grouped = 0;
  let anchored = 0;
  fc.assert(
    fc.property(pattern, output, fc.boolean(), (p, o, ignoreCase) => {
      if (mayMatch(p, o, ignoreCase)) return;
      // Compiling throws on a broken pattern, which must never be ruled out.
      const re = RE2JS.compile(p, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
      assert.equal(re.test(o), false, `${p} in ${o}`);
      assert.equal(re.testExact(o), false);
      if (p.includes("(")) grouped++;
      if (/\$[^$]|[^^]\^/.test(p)) anchored++;
    }),
    { numRuns: 20_000 },
  );
  assert.ok(grouped > 100 && anchored > 300, `ruled out: ${grouped} grouped, ${anchored} anchored`);
});

Deno.test("a required character after a $ or before a ^ rules a pattern out, groups or not", () => {
  for (const p of ["costs $5", "costs $5.", "a^b", "(a)^", "x$.", "(price $5)"]) {
    assert.equal(mayMatch(p, p, false), false, p);
    assert.equal(RE2JS.compile(p).test(p), false, p);
  }
  for (const p of ["costs $", "costs $5?x?", "costs $5?", "^a", "$^", "a$$", "(a)$"]) {
    assert.equal(mayMatch(p, "costs a", false), true, p);
  }
});

Deno.test("a plain pattern's match is RE2's, found without compiling it", () => {
  const pattern = textOf(
    [
      "a",
      "A",
      "b",
      "k",
      "s",
      " ",
      ".",
      "*",
      "?",
      "+",
      "é",
      "\n",
      "^",
      "\ufffd",
      "(",
      ")",
      "$",
      "\\",
    ],
    6,
  );
  // Lone surrogate halves and U+FFFD too: RE2 may read a lone half as U+FFFD.
  const output = textOf(
    [
      ..."aAbkKs\u212a\u017f \n\r.éÉ",
      "😀",
      "\ud83d",
      "\ude00",
      "\ufffd",
    ],
    10,
  );
  let decided = 0;
  fc.assert(
    fc.property(pattern, output, fc.boolean(), fc.boolean(), (p, o, ignoreCase, fullMatch) => {
      if (agreesWithRe2(p, o, ignoreCase, fullMatch)) decided++;
    }),
    { numRuns: 30_000 },
  );
  assert.ok(decided > 3_000, `only ${decided} patterns were plain`);
});

Deno.test("a plain pattern's answer on an output equal to it (or nearly) is RE2's", () => {
  const pattern = textOf(
    ["a", "A", "b", " ", ".", "*", "?", "+", "é", "\n", "^", "$", "\ufffd", "(", "\\", "😀"],
    6,
  );
  // The output is the pattern, or the pattern with a character changed, added or removed.
  const row = fc.tuple(pattern, fc.nat(6), fc.constantFrom("", "a", ".", "\n", "É")).map((
    [p, i, c],
  ) => [p, i % 2 === 0 ? p : p.slice(0, i) + c + p.slice(i + 1)] as const);
  fc.assert(
    fc.property(row, fc.boolean(), fc.boolean(), ([p, o], ignoreCase, fullMatch) => {
      agreesWithRe2(p, o, ignoreCase, fullMatch);
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("sentences read as patterns are matched as RE2 matches them", () => {
  const cases: [string, string, boolean][] = [
    ["The cat sat.", "The cat sat.", true],
    ["The cat sat.", "the cat sat!", false],
    ["Is it?", "Is i", true], // `t?` may be absent
    ["Is it?", "Is", false],
    ["a.c", "a\nc", false], // `.` is not a line feed
    ["The cat sat.", "😀 The dog sat.", false], // "The cat sat" is missing, surrogates or not
  ];
  for (const [p, o, expected] of cases) {
    assert.equal(plainMatch(p, o, false, false), expected, p);
    assert.equal(RE2JS.compile(p).test(o), expected, p);
  }
  // A group that changes nothing is read through; one with a repeat is RE2's to decide.
  assert.equal(plainMatch("Paris (France).", "In Paris France!", false, false), true);
  assert.equal(plainMatch("(a)", "b", false, false), false);
  // A last group made optional never decides a search: it is dropped when it is valid.
  assert.equal(plainMatch("Is it (Paris)?", "Is it Rome", false, false), true);
  assert.equal(plainMatch("Is it (Paris)?", "Is i", false, false), false);
  assert.equal(plainMatch("(a)?", "b", false, true), undefined);
  assert.equal(plainMatch("b(*a)?", "b", false, false), undefined); // RE2 refuses it
  assert.equal(plainMatch("(a)?b", "b", false, false), undefined);
  assert.equal(plainMatch("(a", "a", false, false), undefined);
  // Whatever the last optional group holds (groups, anchors), once the pattern is valid.
  assert.equal(plainMatch("Is it ((Paris) $5)?", "Is it Rome", false, false), true);
  assert.equal(plainMatch("Is it (a(b)?c)*?", "Is i", false, false), false);
  assert.equal(plainMatch("Is it ((a)", "Is it a", false, false), undefined);
  assert.equal(plainMatch("Is it ((a)|b)?", "Is it", false, false), undefined);
  // A question ending in a one-digit price: the `9?` after the end can match nothing, so the
  // pattern matches a text that ends with "It costs ", and is decided without compiling.
  const price: [string, string, boolean, boolean][] = [
    ["It costs $9?", "It costs ", false, true],
    ["It costs $9?", "So it costs ", false, false], // capital I
    ["It costs $9?", "So It costs ", false, true],
    ["It costs $9?", "it costs ", true, true],
    ["It costs $9?", "It costs $9?", false, false],
    ["It. costs (a) $9?", "It! costs a ", false, true],
    ["It. costs (a) $9?", "It! costs a x", false, false],
  ];
  for (const [p, o, ignoreCase, expected] of price) {
    assert.equal(plainMatch(p, o, ignoreCase, false), expected, p + o);
    for (const fullMatch of [false, true]) {
      assert.ok(agreesWithRe2(p, o, ignoreCase, fullMatch), `${p} was left to RE2`);
    }
  }
});

Deno.test("patterns with groups and anchors are read as RE2 reads them", () => {
  // Few kinds of characters, many parentheses and anchors: groups in groups, optional or not,
  // and last groups made optional are drawn often.
  const pattern = textOf(
    ["a", "b", ".", "(", ")", "(", ")", ")?", ")*", "?", "*", "+", "$", "^"],
    9,
  );
  const output = textOf(["a", "b", "\n"], 6);
  let decided = 0;
  let ruledOut = 0;
  fc.assert(
    fc.property(pattern, output, fc.boolean(), fc.boolean(), (p, o, ignoreCase, fullMatch) => {
      if (agreesWithRe2(p, o, ignoreCase, fullMatch)) decided++;
      if (!mayMatch(p, o, ignoreCase)) {
        const re = RE2JS.compile(p, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
        assert.equal(re.test(o) || re.testExact(o), false, JSON.stringify([p, o]));
        ruledOut++;
      }
    }),
    { numRuns: 20_000 },
  );
  assert.ok(decided > 2_000 && ruledOut > 300, `decided ${decided}, ruled out ${ruledOut}`);
});

Deno.test("one pattern is judged as the same pattern among others that cannot match", () => {
  // A single pattern takes a path without lists; beside an empty pattern (skipped) it takes the
  // general one. Verdicts, errors and the pattern found must agree.
  const pattern = textOf(["a", "B", ".", "*", "?", "(", ")", "\\1", "[a]", "^", "$", "é", "😀"], 5);
  const output = textOf(["a", "b", "B", "\n", "é", "É", "😀", "\ud83d"], 8);
  fc.assert(
    fc.property(pattern, output, fc.boolean(), fc.boolean(), (p, o, ignoreCase, fullMatch) => {
      const options = { ignoreCase, fullMatch };
      const one = regexGrader.grade({ output: o, references: [p] }, options);
      const among = regexGrader.grade({ output: o, references: [p, ""] }, options);
      assert.deepEqual([one.pass, one.error], [among.pass, among.error], JSON.stringify(p));
      if (one.pass) assert.equal(one.referenceIndex, among.referenceIndex);
    }),
    { numRuns: 3_000 },
  );
});

Deno.test("a plain pattern ignoring case on ASCII text is matched as RE2 matches it", () => {
  // Short ASCII patterns and outputs, so that most are decided here and matches often start at
  // the output's first character.
  const pattern = textOf(["a", "A", "b", " ", ".", "x?"], 5);
  const output = textOf(["a", "A", "b", "B", " ", "\n"], 6);
  let decided = 0;
  fc.assert(
    fc.property(pattern, output, fc.boolean(), (p, o, fullMatch) => {
      if (agreesWithRe2(p, o, true, fullMatch)) decided++;
    }),
    { numRuns: 10_000 },
  );
  assert.ok(decided > 5_000, `only ${decided} patterns were decided`);
});

Deno.test("a plain pattern with characters past ASCII that fold onto ASCII letters is RE2's", () => {
  // U+017F (long s) and U+212A (Kelvin sign) match `s` and `k` ignoring case in RE2, but
  // lowercasing leaves the first as it is: such a pattern must not be read as ASCII.
  const pattern = textOf(["s", "k", "S", "K", "\u017f", "\u212a", "\u0130", "é", ".", " "], 4);
  const output = textOf(["s", "k", "S", "K", "i", " ", "."], 5);
  let decided = 0;
  fc.assert(
    fc.property(pattern, output, fc.boolean(), fc.boolean(), (p, o, ignoreCase, fullMatch) => {
      if (agreesWithRe2(p, o, ignoreCase, fullMatch)) decided++;
    }),
    { numRuns: 10_000 },
  );
  assert.ok(decided > 3_000, `only ${decided} patterns were decided`);
});
