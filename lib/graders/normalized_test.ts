import assert from "node:assert/strict";
import { normalizedGrader } from "./normalized.ts";

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
