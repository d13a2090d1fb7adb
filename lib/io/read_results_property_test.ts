// Property tests: any row set written in any format reads back the same; whatever is done to a
// file, every record in it is either used or left out with a reason. The counts are checked
// against what the test itself wrote (or, for arbitrary damage, against an independent count of
// the records in the damaged text), never against the report's own sum.
import assert from "node:assert/strict";
import fc from "fast-check";
// @ts-types="@types/papaparse"
import Papa from "papaparse";
import { isUserError } from "../errors/mod.ts";
import { countRecords } from "../../tests/_independent_count.ts";
import { readResultRows } from "./read_results.ts";
import { type Format, FORMATS } from "./types.ts";

interface Row {
  id: string;
  version: string;
  repeat: number;
  output: string;
  expected: string;
}

const COLUMNS = ["id", "version", "repeat", "output", "expected"] as const;

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

function csvLine(cells: readonly unknown[], format: "csv" | "tsv"): string {
  return Papa.unparse([cells as unknown[]], { delimiter: format === "csv" ? "," : "\t" });
}

function write(rows: readonly Row[], format: Format): string {
  switch (format) {
    case "csv":
    case "tsv":
      return Papa.unparse(rows as Row[], {
        delimiter: format === "csv" ? "," : "\t",
        columns: [...COLUMNS],
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

const project = (r: { case: string; version: string; repeat: number; output: string }) => [
  r.case,
  r.version,
  r.repeat,
  r.output,
];

Deno.test("random row sets read back the same from every format", async () => {
  await fc.assert(
    fc.asyncProperty(rowSet, fc.constantFrom(...FORMATS), async (rows, format) => {
      // A CSV header line needs at least one row to be told apart from data.
      const body = write(rows, format);
      const { rows: back, report } = await readResultRows({ text: body, name: "p" }, {
        format: rows.length === 0 && (format === "csv" || format === "tsv") ? format : undefined,
      });
      if (rows.length > 0) assert.equal(report.format, format);
      assert.equal(report.read, rows.length);
      assert.equal(report.leftOut, 0);
      assert.deepEqual(
        back.map((r) => [...project(r), r.reference?.values[0]]),
        rows.map((r) => [r.id, r.version, r.repeat, r.output, r.expected]),
      );
    }),
    { numRuns: 150 },
  );
});

/**
 * What the test does to each record it writes: keep it, damage it so that it cannot be read (its
 * line or element stays apart from the others), or — JSON arrays only — tear it so that the
 * stream cannot go on. `junk` adds an unreadable record of the test's own before it.
 */
type Fate = "keep" | "damage" | "junk-before" | "tear";

/** The file the test wrote and what it knows about it. */
interface Written {
  body: string;
  /** Records in the file: every line or element, readable or not, that the reader must count. */
  records: number;
  /** Of those, the records that cannot be read. */
  unreadable: number;
  /** The rows that must come back, in order. */
  kept: Row[];
}

function writeWithFates(rows: readonly Row[], fates: readonly Fate[], format: Format): Written {
  const kept: Row[] = [];
  let records = 0;
  let unreadable = 0;
  const parts: string[] = [];
  const isArray = format === "json-array" || format === "json-rows";
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const fate = fates[i % fates.length];
    const json = JSON.stringify(r);
    if (fate === "junk-before") {
      records++;
      unreadable++;
      // A record of the wrong shape: not an object, or a CSV line with the wrong field count.
      if (format === "jsonl") parts.push(i % 2 ? "[1, 2]" : "{not json");
      else if (isArray) parts.push(i % 2 ? "null" : "42");
      else parts.push(csvLine(["junk", i], format));
    }
    if (fate === "tear" && isArray) {
      // The element is cut inside its text: the streaming parser stops there, and the reader
      // counts one unreadable record for it and everything after it.
      parts.push(json.slice(0, Math.max(1, Math.floor(json.length / 2))));
      records++;
      unreadable++;
      break;
    }
    records++;
    if (fate === "keep" || fate === "junk-before" || fate === "tear") {
      kept.push(r);
      parts.push(
        format === "csv" || format === "tsv" ? csvLine(COLUMNS.map((c) => r[c]), format) : json,
      );
    } else {
      unreadable++;
      if (format === "jsonl") parts.push(i % 2 ? json.slice(0, -1 - (i % 5)) : `[${json}]`);
      else if (isArray) parts.push(`[${json}]`);
      else parts.push(csvLine([...COLUMNS.map((c) => r[c]), "extra"], format));
    }
  }
  let body: string;
  if (format === "csv" || format === "tsv") {
    body = [csvLine([...COLUMNS], format), ...parts].join("\r\n") + "\r\n";
  } else if (format === "jsonl") {
    // Blank lines are not records: the reader must skip them without counting.
    body = parts.join("\n\n") + "\n";
  } else {
    const array = `[\n ${parts.join(",\n ")}\n]`;
    body = format === "json-array" ? array : `{"note": "property test", "rows": ${array}}`;
  }
  return { body, records, unreadable, kept };
}

Deno.test("damaged records are counted: read = the records the test wrote, in every format", async () => {
  const fate = fc.constantFrom<Fate>("keep", "keep", "damage", "junk-before", "tear");
  await fc.assert(
    fc.asyncProperty(
      rowSet.filter((r) => r.length > 0),
      fc.constantFrom(...FORMATS),
      fc.array(fate, { minLength: 1, maxLength: 30 }),
      async (rows, format, fates) => {
        const written = writeWithFates(rows, fates, format);
        const { rows: back, report } = await readResultRows(
          { text: written.body, name: "p" },
          { format },
        );
        const json = report.toJSON();
        assert.equal(json.rows.read, written.records, "records read = records written");
        assert.equal(json.rows.leftOut.unreadable?.count ?? 0, written.unreadable);
        assert.equal(json.rows.used, written.kept.length);
        const leftOut = Object.values(json.rows.leftOut).reduce((n, e) => n + (e?.count ?? 0), 0);
        assert.equal(json.rows.used + leftOut, written.records, "used + left out = written");
        assert.deepEqual(
          back.map(project),
          written.kept.map((r) => [r.id, r.version, r.repeat, r.output]),
        );
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("arbitrary damage never loses a record, and only user errors are thrown", async () => {
  const corruption = fc.record({
    at: fc.nat(),
    length: fc.nat(20),
    insert: fc.constantFrom("", '"', ",", "\n", "{", "}", "\t", "NaN", '","', "\r\n", "]"),
  });
  let counted = 0;
  await fc.assert(
    fc.asyncProperty(
      rowSet.filter((r) => r.length > 0),
      fc.constantFrom(...FORMATS),
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
          // Only a whole-file failure may throw: a user error that names the file.
          assert.ok(isUserError(error), `not a user error: ${error}`);
          assert.match((error as Error).message, /"p"/);
          return;
        }
        const json = result.report.toJSON();
        const leftOut = Object.values(json.rows.leftOut).reduce((n, e) => n + (e?.count ?? 0), 0);
        assert.equal(json.rows.used, result.rows.length);
        const expected = countRecords(body, format);
        if (expected !== undefined) {
          counted++;
          assert.equal(json.rows.used + leftOut, expected, "used + left out = records in the file");
        } else {
          // A JSON document that no longer parses as a whole, or a CSV quote that the rules for
          // a quote left open decide, has no count but the reader's own.
          assert.equal(json.rows.used + leftOut, json.rows.read);
          if (format === "csv" || format === "tsv") {
            // Still, no record is made up: each takes a line of its own at least.
            const lines = body.split(/\r\n|\r|\n/).filter((l) => l !== "").length;
            assert.ok(json.rows.read <= lines - 1, `${json.rows.read} records in ${lines} lines`);
          }
        }
      },
    ),
    { numRuns: 300 },
  );
  // Every run on a line format, and on a JSON document the damage left whole, is checked against
  // the independent count: about half of all runs.
  assert.ok(counted >= 100, `only ${counted} of 300 runs had an independent count`);
});
