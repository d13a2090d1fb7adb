import assert from "node:assert/strict";
import fc from "fast-check";
import { numericGrader } from "./numeric.ts";
import { readNumbers } from "./numbers.ts";
import { probe } from "./_probe.ts";
import { graderFor } from "./registry.ts";
import type { GradeInput } from "./types.ts";
import { applySteps, FORMATTING_FUNCTIONS, FORMATTING_STEPS } from "../text/mod.ts";

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

// The steps the numeric grader's probe does not try on ASCII rows, from its registry entry.
const NUMERIC_UNCHANGED_ON_ASCII = graderFor("numeric").probe.unchangedOnAscii!({});

// ASCII texts made of what numbers are made of and what stands around them.
const asciiText = fc.array(
  fc.constantFrom(
    "1",
    "25",
    "1,249",
    ".",
    ",",
    "-",
    "+",
    "$",
    "%",
    " ",
    "  ",
    "\t",
    "\x1c",
    "e",
    "E",
    "A",
    "x",
    "_",
    '"',
    "'",
    "!",
  ),
  { maxLength: 12 },
).map((xs) => xs.join(""));

Deno.test("property: the steps numeric passes over on ASCII rows keep every number's value", () => {
  const values = (s: string) => readNumbers(s).map((n) => n.value);
  fc.assert(
    fc.property(asciiText, (text) => {
      for (const step of NUMERIC_UNCHANGED_ON_ASCII) {
        const changed = step === "several"
          ? applySteps(text, FORMATTING_STEPS)
          : FORMATTING_FUNCTIONS[step](text);
        const same = step === "several" ? FORMATTING_FUNCTIONS.underscores(text) : text;
        assert.deepEqual(values(changed), values(same), JSON.stringify([step, text]));
      }
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("property: numeric's near misses on ASCII rows are those of every step tried", () => {
  const grader = graderFor("numeric");
  const verdict = (input: GradeInput) => grader.verdict(input, grader.resolve({}));
  const everyStep = { verdict, stepsOnReferences: true, extras: [] };
  const skipping = { ...everyStep, unchangedOnAscii: NUMERIC_UNCHANGED_ON_ASCII };
  fc.assert(
    fc.property(asciiText, fc.array(asciiText, { minLength: 1, maxLength: 2 }), (output, refs) => {
      const input = { output, references: refs };
      const result = numericGrader.grade(input);
      assert.deepEqual(
        probe(skipping, input, result),
        probe(everyStep, input, result),
        JSON.stringify(input),
      );
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("property: an output equal to a reference is graded as when its numbers are read again", () => {
  // The full path: the output's numbers read apart from the references'.
  const slow = (output: string, references: readonly string[]) => {
    const expected: number[] = [];
    for (const ref of references) {
      const found = readNumbers(ref);
      if (found.length !== 1) return null;
      expected.push(found[0].value);
    }
    const numbers = readNumbers(output);
    if (numbers.length === 0) return false;
    const got = numbers[numbers.length - 1].value;
    return expected.some((e) => Math.abs(got - e) <= 1e-9);
  };
  fc.assert(
    fc.property(asciiText, fc.array(asciiText, { maxLength: 2 }), fc.nat(2), (output, refs, at) => {
      const references = [...refs.slice(0, at), output, ...refs.slice(at)];
      const result = numericGrader.grade({ output, references });
      assert.equal(result.pass, slow(output, references), JSON.stringify(references));
    }),
    { numRuns: 5_000 },
  );
});
