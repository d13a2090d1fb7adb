// Property tests: any row set written in any format reads back the same, and whatever is done to
// a file, every record read is either used or left out with a reason.
import assert from "node:assert/strict";
import fc from "fast-check";
// @ts-types="@types/papaparse"
import Papa from "papaparse";
import { readResultRows } from "./read_results.ts";
import type { Format } from "./types.ts";

interface Row {
  id: string;
  version: string;
  repeat: number;
  output: string;
  expected: string;
}

const text = fc.string({ unit: "grapheme", maxLength: 12 });
const rowSet = fc.uniqueArray(
  fc.record({
    id: fc.stringMatching(/^[a-z][a-z0-9_-]{0,6}$/),
    version: fc.constantFrom("v1", "v2"),
    repeat: fc.nat(3),
    output: text,
    expected: text.filter((s) => s.trim() !== ""),
  }),
  { selector: (r) => `${r.id}|${r.version}|${r.repeat}`, maxLength: 25 },
);

function write(rows: readonly Row[], format: Format): string {
  switch (format) {
    case "csv":
    case "tsv":
      return Papa.unparse(rows as Row[], {
        delimiter: format === "csv" ? "," : "\t",
        columns: ["id", "version", "repeat", "output", "expected"],
        newline: "\r\n",
      }) + "\r\n";
    case "jsonl":
      return rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
    case "json-array":
      return JSON.stringify(rows, null, 1);
    case "json-rows":
      return JSON.stringify({ note: "written by a property test", rows }, null, 2);
  }
}

const formats: Format[] = ["csv", "tsv", "jsonl", "json-array", "json-rows"];

Deno.test("random row sets read back the same from every format", async () => {
  await fc.assert(
    fc.asyncProperty(rowSet, fc.constantFrom(...formats), async (rows, format) => {
      // A CSV header line needs at least one row to be told apart from data.
      const body = write(rows, format);
      const { rows: back, report } = await readResultRows({ text: body, name: "p" }, {
        format: rows.length === 0 && (format === "csv" || format === "tsv") ? format : undefined,
      });
      if (rows.length > 0) assert.equal(report.format, format);
      assert.equal(report.leftOut, 0);
      assert.deepEqual(
        back.map((r) => [r.case, r.version, r.repeat, r.output, r.reference?.values[0]]),
        rows.map((r) => [r.id, r.version, r.repeat, r.output, r.expected]),
      );
    }),
    { numRuns: 150 },
  );
});

Deno.test("random corruptions never lose a record: used + left out = read", async () => {
  const corruption = fc.record({
    at: fc.nat(),
    length: fc.nat(20),
    insert: fc.constantFrom("", '"', ",", "\n", "{", "}", "\t", "NaN", '","', "\r\n", "]"),
  });
  await fc.assert(
    fc.asyncProperty(
      rowSet.filter((r) => r.length > 0),
      fc.constantFrom(...formats),
      fc.array(corruption, { minLength: 1, maxLength: 3 }),
      async (rows, format, cuts) => {
        let body = write(rows, format);
        for (const c of cuts) {
          const at = c.at % (body.length + 1);
          body = body.slice(0, at) + c.insert + body.slice(at + c.length);
        }
        let result;
        try {
          result = await readResultRows({ text: body, name: "p" }, { format });
        } catch (error) {
          // Only a whole-file failure may throw, and it must say which file.
          assert.ok(error instanceof SyntaxError || error instanceof TypeError);
          assert.match((error as Error).message, /"p"/);
          return;
        }
        const json = result.report.toJSON();
        const leftOut = Object.values(json.rows.leftOut).reduce((n, e) => n + (e?.count ?? 0), 0);
        assert.equal(json.rows.used, result.rows.length);
        assert.equal(json.rows.used + leftOut, json.rows.read);
      },
    ),
    { numRuns: 300 },
  );
});
