import assert from "node:assert/strict";
import fc from "fast-check";
import { countedGrades, CountedReader } from "./_counted_grades.ts";
import { FAILING_KEPT, Tally } from "./_tally.ts";
import { RowGrader } from "./_row_grader.ts";
import { resolveScoreConfig } from "./score_config.ts";
import type { GradableRow, RowGrades } from "./_row_grader.ts";

/** Everything a tally holds, maps and sets in their order, numbers compared with Object.is. */
function contents(t: Tally): unknown {
  return {
    counts: [t.graded, t.passed, t.failed, t.notJudged, t.errors, t.nearMisses, t.scoreCount],
    scoreSum: t.scoreSum,
    steps: [...t.steps],
    errorCodes: [...t.errorCodes],
    failing: t.failing.map((f) => ({ ...f, keys: Object.keys(f) })),
    stats: t.stats,
    refCounts: [...t.refCounts],
  };
}

interface Where {
  case: string;
  repeat: number;
  references: number;
}

/**
 * Count `grades` both ways into fresh tallies (each with `full` failing rows listed already):
 * result objects through `Tally.add` (unread reasons dropped, as the grades codec drops them),
 * and counted grades, cloned as postMessage would. What each gives, or the error it threw.
 */
function bothWays(grades: RowGrades[], rows: Where[], unread: Uint8Array | null, full: number) {
  const graders = grades[0]?.results.length ?? 0;
  const fresh = () =>
    Array.from({ length: graders }, (_, j) => {
      const t = new Tally("v1", `g${j}`);
      for (let i = 0; i < full; i++) t.failing.push({ case: "earlier", repeat: 1, steps: [] });
      return t;
    });
  const run = (count: (tallies: Tally[]) => void) => {
    const tallies = fresh();
    try {
      count(tallies);
    } catch (error) {
      return { threw: String(error), tallies: tallies.map(contents) };
    }
    return tallies.map(contents);
  };
  const objects = run((tallies) => {
    grades.forEach((g, r) => {
      for (let j = 0; j < graders; j++) {
        const result = unread?.[r * graders + j] === 1
          ? { ...g.results[j], reason: undefined }
          : g.results[j];
        tallies[j].add(result, rows[r], g.steps[j]);
      }
    });
  });
  const counted = run((tallies) => {
    const reader = new CountedReader(structuredClone(countedGrades(grades, unread)));
    for (const row of rows) reader.countRow(tallies, row);
  });
  return { objects, counted };
}

const number = fc.oneof(
  fc.double(),
  fc.constantFrom(NaN, -0, 0, Infinity, -Infinity, 1, 0.5),
  fc.integer(),
);
const text = fc.string({ maxLength: 6 });
/** Results of any mix of the keys counting reads (a key left out is absent, not undefined). */
const result = fc.record({
  score: number,
  pass: fc.constantFrom(true, false, null, undefined),
  error: fc.constantFrom("no-schema", "bad-regex", ""),
  notJudged: fc.constantFrom(true, false),
  reason: text,
  referenceIndex: fc.nat(3),
  stats: fc.oneof(
    fc.array(number, { minLength: 3, maxLength: 3 }),
    fc.array(number, { maxLength: 4 }),
  ),
}, { requiredKeys: ["score", "pass"] });
const steps = fc.array(fc.constantFrom("lowercase", "several", "unit", "strip-whitespace"), {
  maxLength: 3,
});
const chunk = fc.integer({ min: 1, max: 4 }).chain((graders) =>
  fc.array(
    fc.record({
      grades: fc.record({
        results: fc.array(result, { minLength: graders, maxLength: graders }),
        steps: fc.array(steps, { minLength: graders, maxLength: graders }),
        thresholds: fc.constant(Array.from({ length: graders }, () => undefined)),
        assertions: fc.constant([]),
      }),
      where: fc.record({ case: text, repeat: fc.nat(3), references: fc.nat(3) }),
      unread: fc.array(fc.boolean(), { minLength: graders, maxLength: graders }),
    }),
    { minLength: 1, maxLength: 12 },
  )
);

Deno.test("counted grades count as the result objects do, sums to the bit", () => {
  fc.assert(
    fc.property(
      chunk,
      fc.boolean(),
      fc.constantFrom(0, FAILING_KEPT - 2, FAILING_KEPT),
      (rows, marked, full) => {
        const grades = rows.map((r) => r.grades) as unknown as RowGrades[];
        const unread = marked ? new Uint8Array(rows.flatMap((r) => r.unread.map(Number))) : null;
        const { objects, counted } = bothWays(grades, rows.map((r) => r.where), unread, full);
        assert.deepStrictEqual(counted, objects);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("real grades of every grader count the same both ways, assertions handed back", () => {
  const grader = new RowGrader(resolveScoreConfig({ graders: ["all"] }));
  const rows = [
    { output: "Paris", reference: { kind: "exact" as const, values: ["paris"] } },
    { output: "42 apples", reference: { kind: "exact" as const, values: ["41", "forty-two"] } },
    { output: '{"a": 1}', reference: { kind: "exact" as const, values: ["(a"] } },
    { output: "", reference: null },
    { output: "The cat sat.", reference: { kind: "exact" as const, values: ["The cat sat"] } },
  ].map((r, i): GradableRow => ({
    ...r,
    schema: i === 2 ? { type: "object", required: ["b"] } : undefined,
    threshold: undefined,
    assertions: i === 1 ? [{ type: "icontains", value: "apples" }] : null,
  }));
  const grades = rows.map((r) => grader.grade(r));
  const where = rows.map((r, i) => ({
    case: `c${i}`,
    repeat: 1,
    references: r.reference?.values.length ?? 0,
  }));
  const { objects, counted } = bothWays(grades, where, null, 0);
  assert.deepStrictEqual(counted, objects);
  const reader = new CountedReader(countedGrades(grades));
  const tallies = grades[0].results.map((_, j) => new Tally("v1", `g${j}`));
  const outcomes = where.map((w) => {
    reader.countRow(tallies, w);
    return reader.assertionsOfLastRow();
  });
  assert.deepEqual(outcomes, grades.map((g) => g.assertions));
  assert.equal(outcomes[1].length, 1);
});

Deno.test("reasons marked unread are not sent", () => {
  const grades = [{
    results: [{ score: 0, pass: false, reason: "long" }, { score: 0, pass: false, reason: "kept" }],
    steps: [[], []],
    thresholds: [undefined, undefined],
    assertions: [],
  }] as RowGrades[];
  assert.deepEqual(countedGrades(grades, new Uint8Array([1, 0])).reasons, ["kept"]);
  assert.deepEqual(countedGrades(grades).reasons, ["long", "kept"]);
});

Deno.test("statistics of another length throw as when adding result objects", () => {
  const grades = [[1, 2, 3], [4, 5]].map((stats) => ({
    results: [{ score: 1, pass: null, stats }],
    steps: [[]],
    thresholds: [undefined],
    assertions: [],
  })) as unknown as RowGrades[];
  const where = [{ case: "a", repeat: 1, references: 1 }, { case: "b", repeat: 1, references: 1 }];
  const { objects, counted } = bothWays(grades, where, null, 0);
  assert.match((objects as { threw: string }).threw, /expected 3 numbers, got 2/);
  assert.deepStrictEqual(counted, objects);
});

Deno.test("a chunk that needs more numbers than the last one grows its buffer, nothing lost", () => {
  const small = [{ results: [{ score: 1, pass: true }], steps: [[]], thresholds: [undefined] }];
  countedGrades(small.map((g) => ({ ...g, assertions: [] })) as RowGrades[]);
  const grades = Array.from({ length: 40 }, (_, r) => ({
    results: [
      { score: r / 7, pass: false, stats: Array.from({ length: 30 }, (_, i) => r * i + 0.1) },
      { score: NaN, pass: null, error: `e${r % 3}` },
      { score: r, pass: true, stats: [r, -0, 0.3] },
    ],
    steps: [["lowercase", "unit"], [], []],
    thresholds: [undefined, undefined, undefined],
    assertions: [],
  })) as unknown as RowGrades[];
  const where = grades.map((_, r) => ({ case: `c${r}`, repeat: 1, references: r % 2 }));
  const { objects, counted } = bothWays(grades, where, null, 0);
  assert.deepStrictEqual(counted, objects);
});
