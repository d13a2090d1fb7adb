import fc from "fast-check";
import assert from "node:assert/strict";
import {
  asciiText as isAsciiText,
  containsFolded,
  numberReading,
  type NumberReadingSkip,
  numberTries,
  probe,
  sameFolded,
  stepsMayFlip,
  type Verdict,
} from "./_probe.ts";
import { containsGrader } from "./contains.ts";
import { exactGrader } from "./exact.ts";
import { numericGrader } from "./numeric.ts";
import { canonicalNumbers, hasNumberWord, NUMBER_READINGS, readAs } from "./_number_readings.ts";
import { nearMiss } from "./near_miss.ts";
import { normalizedGrader } from "./normalized.ts";
import { applySteps, FORMATTING_FUNCTIONS, FORMATTING_STEPS } from "../text/mod.ts";
import type { GradeInput } from "./types.ts";

// `folded` as TextForms defines it: lowercased, without Python's ASCII whitespace, `.`, `!`,
// straight quotes and `_`.
// deno-lint-ignore no-control-regex -- Python counts 0x1c–0x1f as whitespace
const fold = (s: string) => s.toLowerCase().replace(/[\t-\r\x1c-\x20.!"'_]+/g, "");

const asciiText = fc.array(
  fc.constantFrom(
    "a",
    "A",
    "b",
    "Z",
    "z",
    "1",
    " ",
    "\t",
    "\x1c",
    "\x01",
    "\x7f",
    ".",
    "!",
    '"',
    "'",
    "_",
    "-",
    ",",
  ),
  { maxLength: 10 },
).map((xs) => xs.join(""));

Deno.test("property: sameFolded is equality of the folded forms", () => {
  fc.assert(
    fc.property(asciiText, asciiText, (a, b) => {
      assert.equal(sameFolded(a, b), fold(a) === fold(b), JSON.stringify([a, b]));
    }),
    { numRuns: 20_000 },
  );
  assert.ok(sameFolded(" Paris. ", "paris"));
  assert.ok(!sameFolded("Paris", "Pari"));
  assert.ok(!sameFolded("", "x"));
});

Deno.test("property: containsFolded is search among the folded forms", () => {
  fc.assert(
    fc.property(asciiText, asciiText, fc.nat(40), (a, b, budget) => {
      const want = fold(a).includes(fold(b));
      assert.equal(containsFolded(a, b), want, JSON.stringify([a, b]));
      // With a small budget, the folded forms are made (the same answer).
      assert.equal(containsFolded(a, b, budget), want, JSON.stringify([a, b, budget]));
    }),
    { numRuns: 20_000 },
  );
  assert.ok(containsFolded("The city: Paris. ", " 'PARIS'"));
  assert.ok(containsFolded("x", " . "));
  assert.ok(!containsFolded("Pari s", "Paris!x"));
  // Many far matches: the walk gives up and searches the folded forms.
  const many = "a ".repeat(50_000);
  assert.ok(!containsFolded(many, "a".repeat(1000) + "b"));
  assert.ok(containsFolded(many + "b", "a".repeat(1000) + "b"));
});

Deno.test("property: stepsMayFlip as defined on folded forms, non-ASCII always may", () => {
  const text = fc.oneof(asciiText, fc.constantFrom("é", "Paris é", "ＡＢ"));
  fc.assert(
    fc.property(text, fc.array(text, { maxLength: 3 }), (output, references) => {
      const ascii = (s: string) => [...s].every((c) => c.charCodeAt(0) < 0x80);
      for (const compares of ["equal", "contains"] as const) {
        const want = !ascii(output) || references.some((r) =>
          !ascii(r) ||
          (compares === "equal" ? fold(r) === fold(output) : fold(output).includes(fold(r)))
        );
        assert.equal(stepsMayFlip(compares, output, references), want);
      }
    }),
    { numRuns: 10_000 },
  );
});

Deno.test("property: steps on the output only re-grade each changed output once, same steps", () => {
  const text = fc.array(
    fc.constantFrom(
      "a",
      "B",
      " ",
      "  ",
      "\t",
      "\u00a0",
      ".",
      "!",
      '"',
      "\u201c",
      "\u201d",
      "é",
      "Ａ",
      "_",
    ),
    { maxLength: 8 },
  ).map((xs) => xs.join(""));
  // Verdicts that some steps flip: a pattern searched in the output.
  const patterns = [/^a/, /b$/, /^[a-z]+$/, /a_b/, /^a b$/, /\s/, /^$/, /ab/i];
  fc.assert(
    fc.property(text, fc.constantFrom(...patterns), (output, pattern) => {
      const asked: string[] = [];
      const verdict = (input: GradeInput) => {
        asked.push(input.output);
        return pattern.test(input.output);
      };
      const input = { output, references: ["ref"] };
      if (pattern.test(output)) return;
      const got = probe({ verdict, stepsOnReferences: false, extras: [] }, input, {
        score: 0,
        pass: false,
      });
      // The definition: each step alone, then all seven when no step alone flips the row.
      const want = FORMATTING_STEPS.filter((step) => {
        const changed = FORMATTING_FUNCTIONS[step](output);
        return changed !== output && pattern.test(changed);
      }) as string[];
      const all = applySteps(output, FORMATTING_STEPS);
      if (want.length === 0 && all !== output && pattern.test(all)) want.push("several");
      assert.deepEqual(got, want, JSON.stringify([output, String(pattern)]));
      assert.equal(new Set(asked).size, asked.length, "a changed output re-graded twice");
    }),
    { numRuns: 10_000 },
  );
});

Deno.test("property: graders probing rows in turn (one array reused and changed) get each row's own steps", () => {
  const text = fc.array(
    fc.constantFrom("a", "B", "b", " ", "  ", "\t", ".", "!", '"', "'", "_", "é", "Ａ", "\u00a0"),
    { maxLength: 8 },
  ).map((xs) => xs.join(""));
  // The definition: each step (or all seven) applied to the output and every reference.
  const exact = (o: string, refs: readonly string[]) => refs.length > 0 && refs.includes(o);
  const contains = (o: string, refs: readonly string[]) =>
    refs.some((r) => r !== "" && o.includes(r));
  const steps = (pass: typeof exact, output: string, references: readonly string[]) => {
    if (pass(output, references)) return [];
    const step = (f: (s: string) => string) => pass(f(output), references.map(f));
    const want: string[] = FORMATTING_STEPS.filter((k) => step(FORMATTING_FUNCTIONS[k]));
    if (want.length === 0 && step((s) => applySteps(s, FORMATTING_STEPS))) want.push("several");
    return want;
  };
  const target = (compares: "equal" | "contains") => ({
    verdict: (input: GradeInput) =>
      (compares === "equal" ? exact : contains)(input.output, input.references),
    stepsOnReferences: true,
    compares,
    extras: [],
  });
  const targets = [target("equal"), target("contains")];
  const rows = fc.array(fc.tuple(text, fc.array(text, { minLength: 1, maxLength: 2 })), {
    minLength: 1,
    maxLength: 4,
  });
  fc.assert(
    fc.property(rows, fc.array(fc.nat(3), { maxLength: 8 }), (rows, order) => {
      // One references array, filled anew for each row (a caller may reuse one).
      const references: string[] = [];
      for (const at of order.length === 0 ? [0] : order) {
        const [output, refs] = rows[at % rows.length];
        references.length = 0;
        for (const r of refs) references.push(r);
        for (const t of at % 2 === 0 ? targets : [...targets].reverse()) {
          const pass = t.compares === "equal" ? exact : contains;
          const result = { score: 0, pass: pass(output, references) };
          const want = result.pass ? [] : steps(pass, output, references);
          assert.deepEqual(
            probe(t, { output, references }, result),
            want,
            JSON.stringify([t.compares, output, references]),
          );
        }
      }
    }),
    { numRuns: 5_000 },
  );
});

Deno.test("property: number-reading passes over rows without digits only where it could not flip them", () => {
  const text = fc.array(
    fc.constantFrom(
      "one",
      "One",
      "forty-five",
      "two thousand and ten",
      "hundred",
      "twelve",
      "zero",
      "1",
      "1,5",
      "2.310,40",
      "15 %",
      "$",
      "€",
      "¢",
      "-",
      "+",
      "\u2212",
      "%",
      ".",
      ",",
      "'",
      " ",
      "x",
      "x €",
      "x \u2212",
      "x +",
      "cat",
      "the",
      "ΑΣ",
      "σ",
      "ς",
      "é",
      "\u00a0",
    ),
    { maxLength: 6 },
  ).map((xs) => xs.join(""));
  const verdicts: [string, NumberReadingSkip, Verdict][] = [
    ["exact", "digits", (i) => exactGrader.verdict(i)],
    ["normalized", "digits", (i) => normalizedGrader.verdict(i)],
    ["normalized v2", "digits", (i) => normalizedGrader.verdict(i, { version: 2 })],
    [
      "normalized punct",
      "digits",
      (i) => normalizedGrader.verdict(i, { steps: ["punct", "whitespace"] }),
    ],
    ["contains", "output-words", (i) => containsGrader.verdict(i)],
    [
      "contains ignoring case",
      "output-words",
      (i) => containsGrader.verdict(i, { ignoreCase: true }),
    ],
  ];
  fc.assert(
    fc.property(text, fc.array(text, { maxLength: 2 }), (output, references) => {
      const input = { output, references };
      for (const [name, skip, verdict] of verdicts) {
        if (verdict(input) !== false) continue;
        const result = { score: 0, pass: false };
        assert.equal(
          numberReading(verdict, skip).flips(input, result),
          numberReading(verdict).flips(input, result),
          JSON.stringify([name, output, references]),
        );
      }
    }),
    { numRuns: 20_000 },
  );
  // Writing numbers one way moves a currency sign in front of the number: the output's reading
  // flips contains on a row without digits.
  // So does the minus sign `−`, written `-`. Without either, a `+` dropped or a space taken out
  // before `%` only joins a part to a number, and a reference without digits is not part of it.
  for (
    const [output, reference, flips] of [
      ["x one €", "x €"],
      ["x \u2212one", "x -", true],
      ["x one ¢", "x ¢", true],
      ["x one  €", "x €", false],
      ["x +one", "x one", false],
      ["x one %", "x%", false],
    ] as const
  ) {
    const input = { output, references: [reference] };
    for (const [name, skip, verdict] of verdicts.filter(([name]) => name.startsWith("contains"))) {
      assert.equal(
        numberReading(verdict, skip).flips(input, { score: 0, pass: false }),
        flips ?? true,
        `${name} ${output}`,
      );
    }
  }
  const input = { output: "x one €", references: ["x €"] };
  assert.deepEqual(nearMiss("contains", input, containsGrader.grade(input)), ["number-reading"]);
});

Deno.test("property: numberTries lists each reading once, in order, written one way", () => {
  const text = fc.array(
    fc.constantFrom(
      "forty-two",
      "one",
      "Seven",
      "-",
      "twenty",
      "42",
      "1,5",
      "1.249",
      "1 249",
      "15 %",
      "€",
      " ",
      "x",
      "é",
    ),
    { maxLength: 4 },
  ).map((xs) => xs.join(""));
  // The full path: every reading of either side, written one way, kept unless the row itself or
  // one kept before (told by a JSON key of the whole row).
  const slow = (output: string, references: string[]) => {
    const tries: [string, string[]][] = [[output, references]];
    for (const reading of NUMBER_READINGS) {
      tries.push([readAs(output, reading), references]);
      tries.push([output, references.map((r) => readAs(r, reading))]);
    }
    const self = JSON.stringify([output, references]);
    const seen = new Set([self]);
    const out: [string, string[]][] = [];
    for (const [o, refs] of tries) {
      const row: [string, string[]] = [canonicalNumbers(o), refs.map(canonicalNumbers)];
      const key = JSON.stringify(row);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(row);
    }
    return out;
  };
  fc.assert(
    fc.property(text, fc.array(text, { maxLength: 3 }), (output, references) => {
      const want = slow(output, references);
      assert.deepEqual(numberTries(output, references), want);
      // Told which texts have a number word, the words reading runs on those alone.
      const texts = [output, ...references];
      const ascii = (t: string) => !/[\u0080-\uffff]/.test(t);
      const words = (i: number) => hasNumberWord(texts[i + 1], ascii(texts[i + 1]));
      assert.deepEqual(numberTries(output, references, words), want);
    }),
    { numRuns: 10_000 },
  );
});

Deno.test("property: number-reading flips exactly where its definition does (every reading tried)", () => {
  const text = fc.array(
    fc.constantFrom(
      "forty-two",
      "FORTY two",
      "one",
      "Twelve",
      "someone",
      "42",
      "1,5",
      "1.5",
      "15 %",
      "0.15",
      "€",
      " ",
      "x",
      "é",
      "ΑΣ",
      "\u00a0",
      "_",
    ),
    { maxLength: 4 },
  ).map((xs) => xs.join(""));
  // The definition: each reading of either side, numbers written one way, graded again.
  const flips = (verdict: Verdict, input: GradeInput) => {
    const tries: [string, readonly string[]][] = [[input.output, input.references]];
    for (const reading of NUMBER_READINGS) {
      tries.push([readAs(input.output, reading), input.references]);
      tries.push([input.output, input.references.map((r) => readAs(r, reading))]);
    }
    return tries.some(([o, refs]) =>
      verdict({ output: canonicalNumbers(o), references: refs.map(canonicalNumbers) }) === true
    );
  };
  const verdicts: [string, NumberReadingSkip | undefined, Verdict][] = [
    ["numeric", undefined, (i) => numericGrader.verdict(i)],
    ["exact", "digits", (i) => exactGrader.verdict(i)],
    ["contains", "output-words", (i) => containsGrader.verdict(i)],
  ];
  fc.assert(
    fc.property(text, fc.array(text, { minLength: 1, maxLength: 2 }), (output, references) => {
      const input = { output, references };
      for (const [name, skip, verdict] of verdicts) {
        if (verdict(input) !== false) continue;
        assert.equal(
          numberReading(verdict, skip).flips(input, { score: 0, pass: false }),
          flips(verdict, input),
          JSON.stringify([name, output, references]),
        );
      }
    }),
    { numRuns: 10_000 },
  );
});

Deno.test("property: asciiText is the absence of a character beyond U+007F", () => {
  // Lengths around the room the UTF-8 form is written into, with the non-ASCII character near
  // its end, and lone surrogates.
  const text = fc.tuple(
    fc.constantFrom(0, 1, 4094, 4095, 4096, 4097),
    fc.array(fc.constantFrom("a", "\x7f", "\x80", "é", "\u212a", "\ud83d", "\ude00", "😀"), {
      maxLength: 3,
    }),
    fc.boolean(),
  ).map(([n, tail, before]) =>
    before ? tail.join("") + "x".repeat(n) : "x".repeat(n) + tail.join("")
  );
  fc.assert(
    fc.property(text, (t) => {
      assert.equal(isAsciiText(t), !/[\u0080-\uffff]/.test(t));
    }),
    { numRuns: 2_000 },
  );
});
