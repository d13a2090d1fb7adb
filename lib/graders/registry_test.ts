import assert from "node:assert/strict";
import fc from "fast-check";
import {
  BINARY_GRADERS,
  CORPUS_GRADERS,
  GRADED_GRADERS,
  GRADER_NAMES,
  graderFor,
  GRADERS,
} from "./registry.ts";
import { NEAR_MISS_PROBES } from "./near_miss.ts";
import { corpusBleu } from "./bleu_metric.ts";
import { corpusChrf } from "./chrf_metric.ts";
import { corpusTer } from "./ter_metric.ts";

Deno.test("every grader name has a grader of that name and kind", () => {
  assert.deepEqual(Object.keys(GRADERS).sort(), [...GRADER_NAMES].sort());
  for (const name of GRADER_NAMES) assert.equal(GRADERS[name].name, name);
  for (const name of BINARY_GRADERS) assert.equal(GRADERS[name].kind, "binary");
  for (const name of GRADED_GRADERS) assert.equal(GRADERS[name].kind, "graded");
});

Deno.test("graders that need a reference return not-judged without one; none throws", () => {
  for (const name of GRADER_NAMES) {
    const grader = GRADERS[name];
    const r = grader.grade({ output: "x", references: [] });
    if (grader.needsReference) {
      assert.deepEqual([r.pass, r.error, r.notJudged], [null, "no-reference", true], name);
      assert.ok(Number.isNaN(r.score), name);
    } else {
      assert.equal(r.error, "no-schema", name);
    }
    assert.equal(typeof grader.describe(), "string");
    assert.ok(grader.describe().length > 0, name);
  }
});

Deno.test("binary graders score 1 or 0 and set pass; graded ones need a threshold to pass", () => {
  const row = { output: '{"n": 1}', references: ['{"n": 1}'], schema: { type: "object" } };
  for (const name of BINARY_GRADERS) {
    if (name === "numeric") continue; // this reference holds a number but isn't only one
    const r = GRADERS[name].grade(row);
    assert.deepEqual([r.score, r.pass], [1, true], name);
  }
  for (const name of GRADED_GRADERS) {
    assert.equal(GRADERS[name].grade(row).pass, null, name);
    assert.equal(GRADERS[name].grade({ ...row, threshold: 0.5 }).pass, true, name);
  }
});

Deno.test("no grader throws on arbitrary row text, lone surrogates included", () => {
  const text = fc.string({ unit: "binary", maxLength: 40 });
  fc.assert(
    fc.property(text, fc.array(text, { minLength: 1, maxLength: 3 }), (output, references) => {
      for (const name of GRADER_NAMES) {
        const r = GRADERS[name].grade({ output, references, schema: { type: "string" } });
        assert.ok(r.pass === null || typeof r.pass === "boolean", name);
        const max = GRADERS[name].scale.maximum;
        if (r.error === undefined) assert.ok(r.score >= 0 && r.score <= max, name);
        else assert.ok(r.pass === null && Number.isNaN(r.score), name);
      }
    }),
    { numRuns: 300 },
  );
});

Deno.test("each registry entry describes itself completely", () => {
  for (const name of GRADER_NAMES) {
    const g = graderFor(name);
    assert.ok(g.summary.length > 10, name);
    assert.ok(["references", "schema"].includes(g.reads), name);
    assert.equal(g.needsReference, g.reads === "references", name);
    for (const extra of g.probe.extras) assert.ok(NEAR_MISS_PROBES.includes(extra), name);
    for (const [option, spec] of Object.entries(g.options)) {
      assert.ok(spec.help.length > 5, `${name}.${option}`);
      assert.deepEqual(g.resolve({ [option]: spec.default }), g.defaults, `${name}.${option}`);
    }
    assert.deepEqual(g.resolve(), g.defaults);
    assert.ok(Object.isFrozen(g.defaults));
  }
});

Deno.test("every option of every grader refuses a value of the wrong type, naming both", () => {
  const wrong: Record<string, unknown> = {
    boolean: "yes",
    enum: { value: 1 },
    integer: "1",
    number: "1",
    list: "a",
  };
  let checked = 0;
  for (const name of GRADER_NAMES) {
    const g = graderFor(name);
    for (const [option, spec] of Object.entries(g.options)) {
      if (!(spec.type in wrong)) continue; // a JSON option takes any JSON value
      const row = { output: "a", references: ["a"] };
      assert.throws(() => g.grade(row, { [option]: wrong[spec.type] }), (e: Error) => {
        assert.equal(e.name, "TypeError");
        assert.ok(e.message.startsWith(`Grader "${name}": option "${option}" must be `), e.message);
        return true;
      });
      checked++;
    }
    assert.throws(() => g.grade({ output: "a", references: ["a"] }, { nope: 1 }), {
      name: "RangeError",
      message: new RegExp(`^Grader "${name}" (has no option "nope"|takes no options)`),
    });
  }
  assert.ok(checked >= 6, `only ${checked} options checked`);
});

Deno.test("corpus graders: row statistics have the declared width and sum to the corpus figure", () => {
  const rows = [
    { output: "The cat sat on the mat.", references: ["The cat is on the mat."] },
    { output: "A dog ran in the park", references: ["The dog ran through the park", "A dog ran"] },
  ];
  const expected = {
    bleu: corpusBleu(rows.map((r) => r.output), rows.map((r) => r.references)),
    chrf: corpusChrf(rows.map((r) => r.output), rows.map((r) => r.references)),
    ter: corpusTer(rows.map((r) => r.output), rows.map((r) => r.references)),
  };
  assert.deepEqual(CORPUS_GRADERS, Object.keys(expected));
  for (const name of CORPUS_GRADERS) {
    const g = graderFor(name);
    const corpus = g.corpus!;
    const stats = rows.map((r) => g.grade(r).stats!);
    for (const s of stats) assert.equal(s.length, corpus.width(g.defaults), name);
    const summed = stats[0].map((x, i) => x + stats[1][i]);
    const figure = corpus.aggregate(summed, { nrefs: "var" }, g.defaults);
    assert.equal(figure.score, expected[name].score, name);
    assert.equal(figure.signature.toString(), expected[name].signature, name);
    assert.equal(figure.signature.get("nrefs"), "var");
    assert.ok(corpus.label.length > 0);
  }
  for (const name of GRADER_NAMES) {
    if ((CORPUS_GRADERS as readonly string[]).includes(name)) continue;
    assert.equal(GRADERS[name].grade(rows[0]).stats, undefined, name);
  }
});

Deno.test("every grader's verdict is its grade's pass", () => {
  const text = fc.array(
    fc.constantFrom(
      "Paris",
      "paris",
      " ",
      ".",
      "the",
      "42",
      "4.2",
      "\\d+",
      "(",
      '{"a":1}',
      "é",
      "😀",
    ),
    { maxLength: 5 },
  ).map((parts) => parts.join(""));
  const input = fc.record({
    output: text,
    references: fc.array(text, { maxLength: 3 }),
    threshold: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    schema: fc.constantFrom(undefined, { type: "object" }, { type: "string" }),
  });
  fc.assert(
    fc.property(input, fc.constantFrom(...GRADER_NAMES), (row, name) => {
      const grader = graderFor(name);
      assert.equal(grader.verdict(row), grader.grade(row).pass, name);
    }),
    { numRuns: 5_000 },
  );
});
