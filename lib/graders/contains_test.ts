import assert from "node:assert/strict";
import fc from "fast-check";
import { containsGrader, holdsText } from "./contains.ts";
import { probe } from "./_probe.ts";
import type { GradeInput } from "./types.ts";

Deno.test("contains: substring, case option, first matching reference", () => {
  const row = {
    output: "Answer: Zürich, Switzerland",
    references: ["geneva", "zürich", "Switzerland"],
  };
  assert.deepEqual(containsGrader.grade(row), { score: 1, pass: true, referenceIndex: 2 });
  assert.deepEqual(containsGrader.grade(row, { ignoreCase: true }), {
    score: 1,
    pass: true,
    referenceIndex: 1,
  });
  const miss = containsGrader.grade({ output: "ZÜRICH", references: ["zürich"] });
  assert.equal(miss.pass, false);
  assert.equal(miss.reason, "output does not contain the reference");
  assert.equal(
    containsGrader.grade({ output: "ZÜRICH", references: ["zürich"] }, { ignoreCase: true }).pass,
    true,
  );
});

Deno.test("contains: empty output and empty references", () => {
  assert.equal(containsGrader.grade({ output: "", references: ["a"] }).pass, false);
  const empty = containsGrader.grade({ output: "anything", references: [""] });
  assert.equal(empty.pass, null);
  assert.equal(empty.notJudged, true);
  // An empty reference beside a real one is skipped, not a free pass.
  assert.equal(containsGrader.grade({ output: "abc", references: ["", "x"] }).pass, false);
  assert.equal(containsGrader.describe({ ignoreCase: true }), "contains: ignore case");
});

Deno.test("property: contains' quick answers give the probe's steps of re-grading every step", () => {
  const piece = fc.constantFrom(
    "a",
    "A",
    "b",
    " ",
    "  ",
    "\t",
    "\u00a0",
    ".",
    "!",
    "_",
    '"',
    "'",
    "\n",
    "\x1c",
    "1",
    ",",
    "$",
    "\u0130",
    "\u201c",
    "\u201d",
    "é",
    "\u212a",
    "k",
    "\ufb01",
  );
  const pieces = fc.array(piece, { maxLength: 9 });
  // The reference often a piece of the output.
  const row = fc.oneof(
    fc.tuple(pieces, fc.array(pieces, { minLength: 1, maxLength: 3 })).map(([o, refs]) =>
      [o.join(""), refs.map((r) => r.join(""))] as const
    ),
    fc.tuple(pieces, fc.nat(9), fc.nat(9)).map(([o, i, n]) =>
      [o.join(""), [o.slice(i % (o.length + 1), (i % (o.length + 1)) + n).join("")]] as const
    ),
    // A piece of the output wrapped in what the steps take away.
    fc.tuple(pieces, fc.nat(9), fc.nat(9), fc.constantFrom(" ", "'", '"', ".", "\t")).map((
      [o, i, n, w],
    ) =>
      [o.join(""), [
        w + o.slice(i % (o.length + 1), (i % (o.length + 1)) + n).join("") + w,
      ]] as const
    ),
  );
  for (const ignoreCase of [false, true]) {
    const options = containsGrader.resolve({ ignoreCase });
    const quick = containsGrader.probe.passesAfter!(options);
    assert.equal(quick === undefined, ignoreCase);
    const target = (passesAfter?: typeof quick) => ({
      verdict: (input: GradeInput) => containsGrader.verdict(input, options),
      stepsOnReferences: true,
      compares: "contains" as const,
      passesAfter,
      extras: [],
    });
    fc.assert(
      fc.property(row, ([output, references]) => {
        const input = { output, references };
        const result = containsGrader.grade(input, options);
        assert.deepEqual(
          probe(target(quick), input, result),
          probe(target(), input, result),
          JSON.stringify(input),
        );
      }),
      { numRuns: 10_000 },
    );
  }
});

Deno.test("property: holdsText is includes, and the verdict is the grade's pass", () => {
  const text = fc.array(
    fc.constantFrom("a", "A", "b", " ", ".", "é", "É", "\u0130", "😀", "\ud83d"),
    {
      maxLength: 6,
    },
  ).map((p) => p.join(""));
  // The reference often the output itself, a piece of it or a text of its length.
  const row = fc.oneof(
    fc.tuple(text, fc.array(text, { minLength: 1, maxLength: 3 })),
    text.map((o) => [o, [o]] as [string, string[]]),
    fc.tuple(text, fc.nat(6), fc.nat(6)).map(([o, i, n]) =>
      [o, ["", o.slice(i, i + n)]] as [string, string[]]
    ),
  );
  fc.assert(
    fc.property(row, fc.boolean(), ([output, references], ignoreCase) => {
      for (const r of references) assert.equal(holdsText(output, r), output.includes(r));
      const input = { output, references };
      const options = containsGrader.resolve({ ignoreCase });
      const fold = (s: string) => ignoreCase ? s.toLowerCase() : s;
      const index = references.findIndex((r) => r !== "" && fold(output).includes(fold(r)));
      const graded = containsGrader.grade(input, options);
      assert.equal(graded.pass, references.every((r) => r === "") ? null : index >= 0);
      if (index >= 0) assert.equal(graded.referenceIndex, index);
      assert.equal(containsGrader.verdict(input, options), graded.pass);
    }),
    { numRuns: 5_000 },
  );
});
