import assert from "node:assert/strict";
import fc from "fast-check";
import {
  applySteps,
  FORMATTING_FUNCTIONS,
  FORMATTING_STEPS,
  normalizeAnswer,
  SQUAD_STEPS,
} from "../text/mod.ts";
import { NEAR_MISS_PROBES, nearMiss } from "./near_miss.ts";
import { GRADER_NAMES, graderFor, type GraderName } from "./registry.ts";
import type { GradeInput } from "./types.ts";
import { canonicalNumbers, mayHoldNumbers, numberFromWords, readAs } from "./_number_readings.ts";
import { fencedBody, squadUnchangedSteps, stepsMayFlip } from "./_probe.ts";

function probe(
  name: GraderName,
  output: string,
  references: string[],
  extra: Partial<GradeInput> = {},
  options?: Record<string, unknown>,
) {
  const grader = graderFor(name);
  const input = { output, references, ...extra };
  const result = grader.grade(input, options);
  return { pass: result.pass, steps: nearMiss(name, input, result, options) };
}

Deno.test("each formatting step alone, on hand-made rows", () => {
  const cases: [GraderName, string, string, string[]][] = [
    // regex: steps touch the output only, so trim is not also fixed by underscores here
    ["regex", " New York ", "^New York$", ["trim"]],
    ["exact", "PARIS", "Paris", ["lowercase"]],
    ["exact", "Ｐａｒｉｓ", "Paris", ["nfkc"]],
    ["regex", "New \t York", "^New York$", ["collapse-whitespace"]],
    ["exact", "Paris.", "Paris", ["strip-trailing-punctuation"]],
    ["exact", "Paris!", "Paris", ["strip-trailing-punctuation"]],
    ["exact", "store credit", "store_credit", ["underscores"]],
    ["exact", '"Paris"', "Paris", ["strip-quotes"]],
    ["exact", "'Paris'", "Paris", ["strip-quotes"]],
    ["exact", "\u201cParis\u201d", "Paris", ["strip-quotes"]],
    ["exact", "\u2018Paris\u2019", "Paris", ["strip-quotes"]],
  ];
  for (const [grader, output, reference, expected] of cases) {
    const r = probe(grader, output, [reference]);
    assert.equal(r.pass, false, `${grader} ${JSON.stringify(output)} should fail`);
    assert.deepEqual(r.steps, expected, `${grader} ${JSON.stringify(output)}`);
  }
});

Deno.test("two steps that each work are both listed; several when only all seven do", () => {
  assert.deepEqual(probe("exact", " Paris ", ["Paris"]).steps, ["trim", "underscores"]);
  assert.deepEqual(probe("exact", "store  credit", ["store credit"]).steps, [
    "collapse-whitespace",
    "underscores",
  ]);
  // Lowercase and the trailing period are both needed: no single step, all seven together.
  assert.deepEqual(probe("exact", "Rejected.", ["rejected"]).steps, ["several"]);
  assert.deepEqual(probe("exact", " 'New York'. ", ["new_york"]).steps, ["several"]);
  // Only a subset would fix it, but all seven break it again (underscores): no near miss.
  assert.deepEqual(probe("regex", "NEW YORK.", ["^new york$"]).steps, []);
});

Deno.test("steps apply to every reference; the best reference counts", () => {
  assert.deepEqual(probe("exact", "Store_Credit", ["refund", "store_credit"]).steps, [
    "lowercase",
  ]);
  assert.deepEqual(probe("contains", "Refunds appear within 7 days", ["within 7 days."]).steps, [
    "strip-trailing-punctuation",
  ]);
  assert.deepEqual(probe("normalized", "store credit", ["store_credit"]).steps, ["underscores"]);
});

Deno.test("a plain wrong answer, a pass, and a row not judged have no near miss", () => {
  for (const name of ["exact", "normalized", "contains", "regex", "numeric"] as const) {
    assert.deepEqual(probe(name, "Lyon 12", ["Paris 7"]).steps, [], name);
  }
  assert.deepEqual(probe("exact", "Paris", ["Paris"]), { pass: true, steps: [] });
  assert.deepEqual(probe("numeric", "12", ["no number"]), { pass: null, steps: [] });
  assert.deepEqual(probe("token-f1", "the cat", ["a dog"]), { pass: null, steps: [] });
});

Deno.test("regex: steps leave the pattern alone; case-insensitive probe", () => {
  assert.deepEqual(probe("regex", "Paris", ["^PARIS$"]).steps, ["case-insensitive"]);
  assert.deepEqual(probe("regex", "Paris", ["^paris$"]).steps, ["lowercase", "case-insensitive"]);
  // Lowercasing the pattern would turn \W into \w and "pass" it: the probe must not do that.
  assert.deepEqual(probe("regex", "A", ["^\\W$"]).steps, []);
  // Already ignoring case: the toggle is not offered again.
  assert.deepEqual(probe("regex", "Paris!", ["^PARIS$"], {}, { ignoreCase: true }).steps, [
    "strip-trailing-punctuation",
  ]);
});

Deno.test("json-schema: steps on the output only; code-fence probe", () => {
  const schema = { type: "object", required: ["a"] };
  assert.deepEqual(probe("json-schema", '```json\n{"a": 1}\n```', [], { schema }).steps, [
    "code-fence",
  ]);
  assert.deepEqual(probe("json-schema", '~~~\n{"a": 1}\n~~~', [], { schema }).steps, [
    "code-fence",
  ]);
  assert.deepEqual(
    probe("json-schema", 'Here it is:\n```\n{"a": 1}\n```\nDone.', [], { schema }).steps,
    ["code-fence"],
  );
  // A fenced block that still fails the schema is no near miss.
  assert.deepEqual(probe("json-schema", '```json\n{"b": 1}\n```', [], { schema }).steps, []);
  // Quotes around a JSON string value: strip-quotes on the output.
  assert.deepEqual(probe("json-schema", "'{\"a\": 1}'", [], { schema }).steps, ["strip-quotes"]);
});

Deno.test("number-reading: thousands, decimal comma, percent, words", () => {
  assert.deepEqual(probe("numeric", "$2.310,40", ["$2,310.40"]).steps, ["number-reading"]);
  assert.deepEqual(probe("numeric", "2,5 kg", ["2.5"]).steps, ["number-reading"]);
  assert.deepEqual(probe("numeric", "1 249 units", ["1249"]).steps, ["number-reading"]);
  assert.deepEqual(probe("numeric", "1\u202f249", ["1249"]).steps, ["number-reading"]);
  assert.deepEqual(probe("numeric", "0.15", ["15%"]).steps, ["number-reading"]);
  assert.deepEqual(probe("numeric", "15%", ["0.15"]).steps, ["number-reading"]);
  assert.deepEqual(probe("numeric", "forty-five", ["45"]).steps, ["number-reading"]);
  assert.deepEqual(probe("numeric", "two thousand and ten", ["2010"]).steps, ["number-reading"]);
  assert.deepEqual(probe("numeric", "forty-six", ["45"]).steps, []);
  assert.deepEqual(probe("numeric", "$2.310,41", ["2310.40"]).steps, []);
  // Text graders: numbers written differently read the same.
  assert.deepEqual(probe("exact", "15 %", ["15%"]).steps, ["number-reading"]);
  assert.deepEqual(probe("exact", "$49", ["$49.00"]).steps, ["number-reading"]);
  assert.deepEqual(probe("exact", "$2.310,40", ["$2,310.40"]).steps, ["number-reading"]);
  assert.deepEqual(probe("contains", "about forty-five days", ["45 days"]).steps, [
    "number-reading",
  ]);
  // A currency symbol is part of the number: "385" is not "$385.00".
  assert.deepEqual(probe("exact", "385", ["$385.00"]).steps, []);
});

Deno.test("graded graders: within-0.1 and steps that lift the score to the threshold", () => {
  // token F1 0.8 (precision 1, recall 2/3)
  assert.deepEqual(probe("token-f1", "the cat sat", ["the cat sat down"], { threshold: 0.85 }), {
    pass: false,
    steps: ["within-0.1"],
  });
  // A gap of exactly 0.1 is not "less than 0.1" (0.9 − 0.8 is 0.09999999999999998 in binary).
  assert.deepEqual(
    probe("token-f1", "the cat sat", ["the cat sat down"], { threshold: 0.9 }).steps,
    [],
  );
  const lifted = probe("bleu", "THE CAT SAT ON THE MAT", ["the cat sat on the mat"], {
    threshold: 1,
  });
  assert.equal(lifted.pass, false);
  assert.deepEqual(lifted.steps, ["lowercase"]);
  assert.deepEqual(
    probe("chrf", "“a quiet street”", ["a quiet street"], { threshold: 1 }).steps.slice(0, 1),
    ["strip-quotes"],
  );
  assert.deepEqual(
    probe("rouge-l", "refunds take a week", ["refunds take five business days"], {
      threshold: 0.9,
    }).steps,
    [],
  );
});

Deno.test("TER, where lower is better: within-0.1 is a score just above the threshold", () => {
  // TER 1/4: one substitution in four reference words.
  assert.deepEqual(probe("ter", "a b c d", ["a x c d"], { threshold: 0.2 }), {
    pass: false,
    steps: ["within-0.1"],
  });
  assert.deepEqual(probe("ter", "a b c d", ["a x c d"], { threshold: 0.1 }).steps, []);
  // Case is ignored by default; with caseSensitive, lowercasing both sides passes the row.
  assert.deepEqual(
    probe("ter", "THE CAT", ["the cat"], { threshold: 0 }, { caseSensitive: true }).steps,
    ["lowercase"],
  );
});

Deno.test("number readings rewrite only what fits them", () => {
  assert.equal(
    readAs("$2.310,40 and 1,249.00 and 2.5", "decimal-comma"),
    "$2310.40 and 1,249.00 and 2.5",
  );
  assert.equal(readAs("1 249 or 12 34", "thousands"), "1249 or 12 34");
  assert.equal(readAs("15 % of $20", "percent"), "0.15 of $20");
  assert.equal(readAs("Forty-Five days, one hundred and five", "words"), "45 days, 105");
  assert.equal(readAs("five five", "words"), "five five");
  assert.equal(canonicalNumbers("$1,249.00 or -€5 or 15 %"), "$1249 or -€5 or 15%");
  assert.equal(numberFromWords("nineteen hundred and ninety-nine"), 1999);
  assert.equal(numberFromWords("one million two hundred thousand"), 1_200_000);
  assert.equal(numberFromWords("thousand"), undefined);
  assert.equal(numberFromWords("twenty twelve"), undefined);
  assert.equal(numberFromWords("zero"), 0);
  assert.equal(fencedBody("```json\n{}\n```"), "{}");
  assert.equal(fencedBody("no fence"), undefined);
});

Deno.test("property: the probe never throws, names only known probes, and each step it lists flips", () => {
  const pieces = fc.constantFrom(
    "Paris",
    "paris",
    "New York",
    " ",
    "  ",
    "\t",
    "\u00a0",
    ".",
    "!",
    '"',
    "'",
    "\u201c",
    "\u201d",
    "_",
    "15",
    "1,5",
    "%",
    "$",
    "forty-five",
    "Ｐ",
    '{"a": 1}',
    "```",
  );
  const text = fc.array(pieces, { maxLength: 6 }).map((xs) => xs.join(""));
  fc.assert(
    fc.property(
      text,
      fc.array(text, { minLength: 1, maxLength: 2 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (output, references, threshold) => {
        for (const name of GRADER_NAMES) {
          const grader = graderFor(name);
          const input = { output, references, threshold, schema: { type: "object" } };
          const result = grader.grade(input);
          const steps = nearMiss(name, input, result);
          assert.ok(steps.every((s) => NEAR_MISS_PROBES.includes(s)), name);
          if (result.pass !== false) assert.deepEqual(steps, [], name);
          assert.equal(new Set(steps).size, steps.length);
          const onRefs = name !== "regex" && name !== "json-schema";
          const flips = (fn: (s: string) => string) =>
            grader.grade({
              ...input,
              output: fn(output),
              references: onRefs ? references.map(fn) : references,
            }).pass === true;
          for (const step of FORMATTING_STEPS) {
            if (result.pass !== false) break;
            assert.equal(
              steps.includes(step),
              flips(FORMATTING_FUNCTIONS[step]),
              `${name} ${step}`,
            );
          }
          if (steps.includes("several")) {
            assert.ok(!FORMATTING_STEPS.some((s) => steps.includes(s)));
            assert.ok(flips((s) => applySteps(s, FORMATTING_STEPS)));
          }
        }
      },
    ),
    { numRuns: 150 },
  );
});

Deno.test("steps are skipped only where none can make the output equal or contain a reference", () => {
  const text = fc.array(
    fc.constantFrom(
      "a",
      "A",
      "b",
      " ",
      "  ",
      "\t",
      "\x1d",
      "\x01",
      ".",
      "!",
      "_",
      '"',
      "'",
      "é",
      "ﬁ",
      "“",
      "”",
      "x",
    ),
    { maxLength: 8 },
  ).map((parts) => parts.join(""));
  const changes = [
    ...FORMATTING_STEPS.map((step) => FORMATTING_FUNCTIONS[step]),
    (s: string) => applySteps(s, FORMATTING_STEPS),
  ];
  fc.assert(
    fc.property(text, text, (output, reference) => {
      if (!stepsMayFlip("equal", output, [reference])) {
        for (const f of changes) assert.notEqual(f(output), f(reference));
      }
      if (!stepsMayFlip("contains", output, [reference])) {
        for (const f of changes) {
          assert.ok(f(reference) === "" || !f(output).includes(f(reference)));
        }
      }
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("steps skipped for SQuAD normalization change no ASCII text's normal form; all seven act as underscores", () => {
  const text = fc.array(
    fc.constantFrom(
      "a",
      "A",
      "an",
      "The",
      "the",
      "x",
      "Cat",
      "_",
      " ",
      "  ",
      "\t",
      "\x1c",
      "\x01",
      ".",
      "!",
      ",",
      '"',
      "'",
      "-",
      "9",
    ),
    { maxLength: 8 },
  ).map((parts) => parts.join(""));
  const subsets = fc.subarray([...SQUAD_STEPS]);
  fc.assert(
    fc.property(text, subsets, (s, steps) => {
      for (const step of squadUnchangedSteps(steps)) {
        if (step === "several") {
          // All seven in a row normalize as underscores alone.
          const all = applySteps(s, FORMATTING_STEPS);
          const joined = FORMATTING_FUNCTIONS.underscores(s);
          assert.equal(normalizeAnswer(all, steps), normalizeAnswer(joined, steps), `${steps}`);
          continue;
        }
        const changed = FORMATTING_FUNCTIONS[step](s);
        assert.equal(
          normalizeAnswer(changed, steps),
          normalizeAnswer(s, steps),
          `${step} ${steps}`,
        );
      }
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("property: mayHoldNumbers finds a digit or a whole number word, as its Unicode pattern does", () => {
  const word = fc.constantFrom(
    "one",
    "Twenty",
    "HUNDRED",
    "x",
    "_",
    "9",
    " ",
    "-",
    ".",
    "é",
    "ſix",
    "ſ",
  );
  const unicodeWord = new RegExp(
    "(?<![\\p{L}\\p{N}_])(?:one|twenty|hundred|six|seven|ten)(?![\\p{L}\\p{N}_])",
    "iu",
  );
  fc.assert(
    fc.property(fc.array(word, { maxLength: 6 }), (parts) => {
      const text = parts.join("");
      // Only the words the generator can produce matter to the comparison.
      assert.equal(mayHoldNumbers(text), /\d/.test(text) || unicodeWord.test(text), text);
    }),
    { numRuns: 5_000 },
  );
});
