import assert from "node:assert/strict";
import fc from "fast-check";
import { packGrades, unpackGrades } from "./_grades_codec.ts";
import { RowGrader } from "./_row_grader.ts";
import { resolveScoreConfig } from "./score_config.ts";
import type { GradableRow, RowGrades } from "./_row_grader.ts";

/** Every key path in order, so that a test sees the order of keys as well as the values. */
function keyPaths(value: unknown, at = "", out: string[] = []): string[] {
  if (value === null || typeof value !== "object") return out;
  for (const key of Object.keys(value)) {
    out.push(`${at}/${key}`);
    keyPaths((value as Record<string, unknown>)[key], `${at}/${key}`, out);
  }
  return out;
}

/** What the main thread would get: packed, cloned as postMessage would, unpacked. */
function roundTrip(grades: RowGrades[]): RowGrades[] {
  return unpackGrades(structuredClone(packGrades(grades)));
}

function assertSameAsClone(grades: RowGrades[]): void {
  const cloned = structuredClone(grades);
  const unpacked = roundTrip(grades);
  assert.deepStrictEqual(unpacked, cloned); // Object.is on numbers: NaN and -0 kept
  assert.deepEqual(keyPaths(unpacked), keyPaths(cloned));
}

const number = fc.oneof(
  fc.double(),
  fc.constantFrom(NaN, -0, 0, Infinity, -Infinity, 1, 0.5),
  fc.integer(),
);
const text = fc.string({ unit: "grapheme", maxLength: 12 });
const value = fc.oneof(
  number,
  text,
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(number, { maxLength: 20 }),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, number, { maxKeys: 2 }),
);
const result = fc.dictionary(
  fc.constantFrom("score", "pass", "error", "notJudged", "reason", "referenceIndex", "stats", "x"),
  value,
  { maxKeys: 6 },
);
const rowGrades = (columns: number) =>
  fc.record({
    results: fc.array(result, { minLength: columns, maxLength: columns }),
    steps: fc.array(fc.array(fc.constantFrom("lowercase", "several", "unit")), {
      minLength: columns,
      maxLength: columns,
    }),
    thresholds: fc.array(fc.option(number, { nil: undefined }), {
      minLength: columns,
      maxLength: columns,
    }),
    assertions: fc.array(fc.record({ type: text, known: fc.boolean(), result }), { maxLength: 2 }),
  }) as unknown as fc.Arbitrary<RowGrades>;

Deno.test("unpacked grades equal structured-cloned ones, keys in the same order", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 5 }).chain((n) => fc.array(rowGrades(n), { maxLength: 8 })),
      (grades) => assertSameAsClone(grades),
    ),
    { numRuns: 300 },
  );
});

Deno.test("the same key set in another order keeps its own order", () => {
  const grades = [
    { results: [{ score: 1, pass: true }], steps: [[]], thresholds: [undefined], assertions: [] },
    { results: [{ pass: false, score: 0 }], steps: [[]], thresholds: [0.5], assertions: [] },
    { results: [{ score: NaN, pass: null }], steps: [[]], thresholds: [undefined], assertions: [] },
  ] as unknown as RowGrades[];
  const unpacked = roundTrip(grades);
  assert.deepEqual(unpacked.map((g) => Object.keys(g.results[0])), [
    ["score", "pass"],
    ["pass", "score"],
    ["score", "pass"],
  ]);
  assertSameAsClone(grades);
});

Deno.test("real grades of every grader survive packing, near misses and assertions included", () => {
  const grader = new RowGrader(resolveScoreConfig({ graders: ["all"] }));
  const row = (output: string, values: string[] | null, more: Partial<GradableRow> = {}) => ({
    output,
    reference: values === null ? null : { kind: "any-of" as const, values },
    schema: undefined,
    threshold: undefined,
    ...more,
  });
  const rows: GradableRow[] = [
    row("Paris.", ["Paris"]),
    row("the answer is 42", ["42", "forty-two"], { threshold: 0.4 }),
    row('{"a": 1}', ['{"a":1}'], { schema: { type: "object" } }),
    row("", null),
    row("Le chat  s'est assis", ["le chat s'est assis"], {
      assertions: [{ type: "icontains", value: "CHAT" }, { type: "nope", value: 1 }],
    }),
  ];
  const grades = rows.map((r) => grader.grade(r));
  // The rows exercise what the packer has columns for, and what it leaves to cloning.
  assert.ok(grades.some((g) => g.steps.some((s) => s.length > 0)));
  assert.ok(grades.some((g) => g.results.some((r) => r.stats !== undefined)));
  assert.ok(grades.some((g) => g.assertions.length > 0));
  assertSameAsClone(grades);
});

Deno.test("every empty array unpacks to one shared, frozen array; non-empty ones are fresh", () => {
  const row = () => ({
    results: [{ score: 1, pass: true, stats: [] as number[] }],
    steps: [[]],
    thresholds: [undefined],
    assertions: [],
  });
  const [a, b] = roundTrip([row(), row()] as unknown as RowGrades[]);
  const empties = [a.steps[0], a.assertions, a.results[0].stats, b.steps[0], b.assertions];
  for (const empty of empties) {
    assert.equal(empty, a.steps[0]);
    assert.ok(Object.isFrozen(empty));
  }
  const [c, d] = roundTrip([
    {
      results: [{ score: 0, pass: false }],
      steps: [["lowercase"]],
      thresholds: [0.5],
      assertions: [],
    },
    {
      results: [{ score: 0, pass: false }],
      steps: [["lowercase"]],
      thresholds: [0.5],
      assertions: [],
    },
  ] as unknown as RowGrades[]);
  assert.notEqual(c.steps[0], d.steps[0]);
  assert.notEqual(c.results[0], d.results[0]);
});

// The keys of a grade result, in the order the graders add them: shapes with code of their own
// are subsequences of it.
/**
 * Up to twelve rows of 1 to `most` graders' results drawn from `result`, without near-miss steps,
 * thresholds or assertions (the tests using it look at the result objects).
 */
const resultRows = (result: fc.Arbitrary<unknown>, most: number) =>
  fc.integer({ min: 1, max: most }).chain((columns) =>
    fc.array(
      fc.record({
        results: fc.array(result, { minLength: columns, maxLength: columns }),
        steps: fc.constant(Array.from({ length: columns }, () => [])),
        thresholds: fc.constant(Array.from({ length: columns }, () => undefined)),
        assertions: fc.constant([]),
      }),
      { maxLength: 12 },
    ) as unknown as fc.Arbitrary<RowGrades[]>
  );

const RESULT_KEYS = ["score", "pass", "error", "notJudged", "reason", "referenceIndex", "stats"];

Deno.test("results of every subsequence of the result keys, in order or shuffled, survive", () => {
  const resultOf = (keys: string[], values: unknown[]) =>
    Object.fromEntries(keys.map((k, i) => [k, values[i]]));
  const shaped = fc.tuple(
    fc.subarray(RESULT_KEYS),
    fc.array(value, { minLength: 7, maxLength: 7 }),
    fc.boolean(),
  ).chain(([keys, values, shuffle]) =>
    (shuffle ? fc.shuffledSubarray(keys, { minLength: keys.length }) : fc.constant(keys))
      .map((order) => resultOf(order, values))
  );
  fc.assert(
    fc.property(resultRows(shaped, 4), (grades) => assertSameAsClone(grades)),
    { numRuns: 400 },
  );
});

Deno.test("an own __proto__ key, inherited keys and class instances come back as cloned", () => {
  class Result {
    score = 1;
    pass = true;
    get shown(): string {
      return "1";
    }
  }
  const inherited = Object.assign(Object.create({ reason: "inherited" }), {
    score: 0,
    pass: false,
  });
  const results = [
    JSON.parse('{"score": 1, "__proto__": {"pass": true}, "reason": "own"}'),
    inherited,
    new Result(),
    { score: 0, pass: false, reason: "plain" },
  ];
  const grades = [{
    results,
    steps: results.map(() => []),
    thresholds: results.map(() => undefined),
    assertions: [],
  }] as unknown as RowGrades[];
  const [unpacked] = roundTrip(grades);
  assert.deepEqual(Object.keys(unpacked.results[0]), ["score", "__proto__", "reason"]);
  assert.equal(Object.getPrototypeOf(unpacked.results[0]), Object.prototype);
  assert.deepEqual(Object.keys(unpacked.results[1]), ["score", "pass"]);
  assert.deepEqual(Object.keys(unpacked.results[2]), ["score", "pass"]);
  assertSameAsClone(grades);
});

Deno.test("buffers grow past the size the last chunk suggested", () => {
  const row = (length: number) => ({
    results: [{ score: 0.5, pass: null, stats: Array.from({ length }, (_, i) => i / 3) }],
    steps: [["lowercase"]],
    thresholds: [0.25],
    assertions: [],
  });
  assertSameAsClone([row(1)] as unknown as RowGrades[]);
  assertSameAsClone(Array.from({ length: 50 }, (_, i) => row(i * 40)) as unknown as RowGrades[]);
});

Deno.test("strings repeated in a column or across columns come back in their places", () => {
  const few = fc.constantFrom("no-schema", "the row has no JSON Schema", "é😀", "", "x");
  const result = fc.record({
    score: fc.oneof(number, few),
    pass: fc.oneof(fc.boolean(), few),
    error: few,
    reason: fc.oneof(few, text),
  });
  fc.assert(
    fc.property(resultRows(result, 3), (grades) => assertSameAsClone(grades)),
    { numRuns: 300 },
  );
  // A repeat is sent once: the packed chunk holds each of the column's strings a single time.
  const grades = Array.from({ length: 4 }, () => ({
    results: [{ score: NaN, pass: null, error: "no-schema", reason: "the row has no JSON Schema" }],
    steps: [[]],
    thresholds: [undefined],
    assertions: [],
  })) as unknown as RowGrades[];
  assert.deepEqual(packGrades(grades).texts, ["no-schema", "the row has no JSON Schema"]);
  assertSameAsClone(grades);
});

Deno.test("a column switching between a shape, its prefixes and its extensions keeps each", () => {
  // The packer first compares a result's keys with the shape of its column's last result: a
  // result with one key fewer or more (or the same keys in another order) must not pass for it.
  const shapes = [
    ["score", "pass"],
    ["score", "pass", "reason"],
    ["score", "pass", "reason", "referenceIndex"],
    ["pass", "score"],
    ["score"],
    [],
  ];
  const resultOf = (keys: string[], values: unknown[]) =>
    Object.fromEntries(keys.map((k, i) => [k, values[i]]));
  const shaped = fc.tuple(
    fc.constantFrom(...shapes),
    fc.array(fc.oneof(number, text, fc.boolean()), { minLength: 4, maxLength: 4 }),
  ).map(([keys, values]) => resultOf(keys, values));
  fc.assert(
    fc.property(resultRows(shaped, 2), (grades) => assertSameAsClone(grades)),
    { numRuns: 300 },
  );
  const grades = shapes.concat(shapes.toReversed()).map((keys) => ({
    results: [resultOf(keys, [1, true, "r", 0])],
    steps: [[]],
    thresholds: [undefined],
    assertions: [],
  })) as unknown as RowGrades[];
  assert.deepEqual(
    roundTrip(grades).map((g) => Object.keys(g.results[0])),
    shapes.concat(shapes.toReversed()),
  );
  assertSameAsClone(grades);
});

Deno.test("reasons marked unread go as undefined, key kept; everything else as cloned", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 5 }).chain((n) =>
        fc.tuple(
          fc.constant(n),
          fc.array(rowGrades(n), { maxLength: 8 }),
          fc.array(fc.boolean(), { minLength: 8 * n, maxLength: 8 * n }),
        )
      ),
      ([n, grades, marks]) => {
        const unread = new Uint8Array(grades.length * n);
        for (let i = 0; i < unread.length; i++) unread[i] = marks[i] ? 1 : 0;
        // The slow way: a clone whose marked results have their reason set to undefined.
        const expected = structuredClone(grades);
        expected.forEach((row, r) =>
          row.results.forEach((result, j) => {
            if (unread[r * n + j] === 1 && "reason" in result) {
              (result as { reason?: string }).reason = undefined;
            }
          })
        );
        const unpacked = unpackGrades(structuredClone(packGrades(grades, unread)));
        assert.deepStrictEqual(unpacked, expected);
        assert.deepEqual(keyPaths(unpacked), keyPaths(expected));
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("an unread reason is not sent; a read one in the same column is", () => {
  const failed = (reason: string) => ({ score: 0, pass: false, reason });
  const grades = [
    { results: [failed("a long reason")], steps: [[]], thresholds: [undefined], assertions: [] },
    { results: [failed("another reason")], steps: [[]], thresholds: [undefined], assertions: [] },
  ] as unknown as RowGrades[];
  const packed = packGrades(grades, new Uint8Array([1, 0]));
  assert.deepEqual(packed.texts, ["another reason"]);
  const [first, second] = unpackGrades(packed);
  assert.deepEqual(first.results[0], { score: 0, pass: false, reason: undefined });
  assert.equal(second.results[0].reason, "another reason");
});
