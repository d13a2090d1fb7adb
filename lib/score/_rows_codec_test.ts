import assert from "node:assert/strict";
import fc from "fast-check";
import { packRows, unpackRows } from "./_rows_codec.ts";
import type { GradableRow } from "./_row_grader.ts";

const text = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.constant(""));

const row: fc.Arbitrary<GradableRow> = fc.record({
  output: text,
  reference: fc.option(
    fc.record({
      kind: fc.constantFrom("exact" as const, "any-of" as const, "label" as const),
      values: fc.array(text, { maxLength: 4 }),
    }),
    { nil: null },
  ),
  schema: fc.option(fc.jsonValue(), { nil: undefined, freq: 3 }),
  threshold: fc.option(fc.double({ noNaN: false }), { nil: undefined, freq: 3 }),
  assertions: fc.option(
    fc.array(fc.record({ type: fc.string(), value: fc.option(fc.string(), { nil: undefined }) })),
    { nil: null, freq: 3 },
  ),
});

// Rows whose one reference value is their output (or a copy of it), mixed with any rows.
const sameRow: fc.Arbitrary<GradableRow> = fc.tuple(
  row,
  fc.constantFrom(
    "exact" as const,
    "any-of" as const,
    "label" as const,
  ),
).map(([r, kind]) => ({ ...r, reference: { kind, values: [r.output.split("").join("")] } }));

Deno.test("rows by columns come back as they went, through structured cloning", () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(row, sameRow), { maxLength: 40 }), (rows) => {
      const columns = packRows(rows);
      const sent = structuredClone(columns, {
        transfer: [columns.kinds.buffer, columns.counts.buffer],
      });
      // structuredClone makes the generated (null-prototype) objects plain, as posting rows did.
      assert.deepEqual(unpackRows(sent), structuredClone(rows));
    }),
    { numRuns: 300 },
  );
});

Deno.test("columns no row of a chunk uses are not sent", () => {
  const columns = packRows([
    {
      output: "a",
      reference: { kind: "exact", values: ["a", "b"] },
      schema: undefined,
      threshold: undefined,
      assertions: null,
    },
    { output: "b", reference: null, schema: undefined, threshold: undefined, assertions: null },
  ]);
  assert.equal(columns.schemas, null);
  assert.equal(columns.thresholds, null);
  assert.equal(columns.assertions, null);
  assert.deepEqual([...columns.kinds], [0, -1]);
  assert.deepEqual([...columns.counts], [2, 0]);
  assert.deepEqual(columns.values, ["a", "b"]);
});

Deno.test("a reference that is the output is sent once, and comes back as the output", () => {
  const rows: GradableRow[] = [
    {
      output: "x",
      reference: { kind: "exact", values: ["x"] },
      schema: undefined,
      threshold: undefined,
      assertions: null,
    },
    {
      output: "y",
      reference: { kind: "any-of", values: ["y", "z"] },
      schema: undefined,
      threshold: undefined,
      assertions: null,
    },
    {
      output: "",
      reference: { kind: "label", values: [""] },
      schema: undefined,
      threshold: undefined,
      assertions: null,
    },
    {
      output: "w",
      reference: { kind: "exact", values: ["v"] },
      schema: undefined,
      threshold: undefined,
      assertions: null,
    },
  ];
  const columns = packRows(rows);
  assert.deepEqual([...columns.counts], [-1, 2, -1, 1]);
  assert.deepEqual(columns.values, ["y", "z", "v"]);
  assert.deepEqual(unpackRows(structuredClone(columns)), rows);
});
