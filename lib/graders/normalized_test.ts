import { FORMATTING_FUNCTIONS, SQUAD_STEPS } from "../text/mod.ts";
import { passesUnderscored } from "./_squad_normalized.ts";
import { nearMiss } from "./near_miss.ts";
import fc from "fast-check";
import assert from "node:assert/strict";
import { normalizedGrader } from "./normalized.ts";
import { normalizedExactMatchBest } from "./squad_metric.ts";

Deno.test("normalized: SQuAD normalization by default, best of several references", () => {
  const r = normalizedGrader.grade({ output: "  The PARIS. ", references: ["London", "paris"] });
  assert.deepEqual(r, { score: 1, pass: true, referenceIndex: 1 });
  const miss = normalizedGrader.grade({ output: "Paris, France", references: ["Paris"] });
  assert.equal(miss.pass, false);
  assert.equal(
    miss.reason,
    'normalized output "paris france" differs from normalized reference "paris"',
  );
});

Deno.test("normalized: steps are configurable and named in describe()", () => {
  const row = { output: "the answer", references: ["Answer"] };
  assert.equal(normalizedGrader.grade(row).pass, true);
  assert.equal(normalizedGrader.grade(row, { steps: ["lowercase", "whitespace"] }).pass, false);
  assert.equal(
    normalizedGrader.describe({ steps: ["whitespace", "lowercase"] }),
    "normalized: lowercase+whitespace",
  );
  assert.equal(normalizedGrader.describe({ steps: [] }), "normalized: no steps");
  assert.throws(
    () => normalizedGrader.grade(row, { steps: ["nfkc" as unknown as "punct"] }),
    {
      name: "RangeError",
      message: 'Grader "normalized": option "steps" must be a list of lowercase, punct, ' +
        'articles, whitespace (each at most once), got ["nfkc"]',
    },
  );
});

Deno.test("normalized: unicode and empty rows", () => {
  assert.equal(normalizedGrader.grade({ output: "ÇA VA", references: ["ça va"] }).pass, true);
  assert.equal(normalizedGrader.grade({ output: "", references: ["the"] }).pass, true); // both ""
  assert.equal(normalizedGrader.grade({ output: "", references: [] }).error, "no-reference");
});

Deno.test("property: passesUnderscored answers as re-grading the underscored row does", () => {
  const piece = fc.constantFrom(
    "a",
    "an",
    "the",
    "The",
    "AN",
    "x",
    "X",
    "xa",
    "n",
    "7",
    "-",
    ".",
    "_",
    "'",
    " ",
    "  ",
    "\t",
    "\x1c",
    "\x01",
    "é",
    "😀",
  );
  // Mostly texts the quick answer handles (printable ASCII and ASCII whitespace), some it leaves.
  const handled = piece.filter((p) =>
    [...p].every((c) => (c >= "\t" && c <= "\r") || (c >= "\x1c" && c <= "~"))
  );
  const text = fc.oneof(
    { arbitrary: fc.array(handled, { maxLength: 8 }), weight: 6 },
    { arbitrary: fc.array(piece, { maxLength: 8 }), weight: 1 },
  ).map((xs) => xs.join(""));
  const underscores = FORMATTING_FUNCTIONS.underscores;
  let known = 0;
  fc.assert(
    fc.property(
      text,
      fc.array(text, { maxLength: 3 }),
      fc.constantFrom(1 as const, 2 as const),
      (output, references, version) => {
        const quick = passesUnderscored({ output, references }, version);
        if (quick === undefined) return;
        known++;
        const row = { output: underscores(output), references: references.map(underscores) };
        assert.equal(quick, normalizedGrader.verdict(row, { version }) === true);
      },
    ),
    { numRuns: 20_000 },
  );
  assert.ok(known > 5_000);
});

Deno.test("the probe of normalized: underscores found with and without the quick answer", () => {
  const input = { output: "Eiffel Tower", references: ["eiffel_tower", "Paris"] };
  assert.deepEqual(nearMiss("normalized", input, normalizedGrader.grade(input)), ["underscores"]);
  const wide = { output: "Eiffel Tower é", references: ["eiffel_tower_é"] };
  assert.deepEqual(nearMiss("normalized", wide, normalizedGrader.grade(wide)), ["underscores"]);
  const wrong = { output: "Eiffel Tower", references: ["Eiffel Towers"] };
  assert.deepEqual(nearMiss("normalized", wrong, normalizedGrader.grade(wrong)), []);
});

Deno.test("property: a row whose output is its first reference grades as normalizing both does", () => {
  const text = fc.array(fc.constantFrom("a", "The", " ", ".", "É", "", "an", "x_y", "\u00a0"), {
    maxLength: 5,
  }).map((xs) => xs.join(""));
  const settings = fc.record({
    version: fc.constantFrom(1 as const, 2 as const),
    steps: fc.subarray([...SQUAD_STEPS]),
  });
  fc.assert(
    fc.property(text, fc.array(text, { maxLength: 2 }), settings, (output, others, options) => {
      const input = { output, references: [output, ...others] };
      const best = normalizedExactMatchBest(output, input.references, options);
      const want = best.value === 1
        ? {
          score: 1,
          pass: true,
          ...(best.referenceIndex < 0 ? {} : { referenceIndex: best.referenceIndex }),
        }
        : undefined;
      const got = normalizedGrader.grade(input, options);
      if (want !== undefined) assert.deepEqual(got, want, JSON.stringify([input, options]));
      else assert.equal(got.pass, false, JSON.stringify([input, options]));
      assert.equal(normalizedGrader.verdict(input, options), best.value === 1);
    }),
    { numRuns: 5_000 },
  );
});

Deno.test("reasons follow the steps of the options given, call after call", () => {
  const row = { output: "The Cat!", references: ["dog"] };
  const punct = Object.freeze({ steps: Object.freeze(["punct" as const]) });
  for (let k = 0; k < 3; k++) {
    assert.equal(
      normalizedGrader.grade(row).reason,
      'normalized output "cat" differs from normalized reference "dog"',
    );
    assert.equal(
      normalizedGrader.grade(row, punct).reason,
      'normalized output "The Cat" differs from normalized reference "dog"',
    );
    assert.equal(
      normalizedGrader.grade(row, { steps: ["lowercase"] }).reason,
      'normalized output "the cat!" differs from normalized reference "dog"',
    );
  }
});
