import assert from "node:assert/strict";
import { readResultRows } from "./read_results.ts";
import type { ReadResultsOptions } from "./read_results.ts";

/** Assert that a promise rejects with an error of the class whose message matches. */
async function rejects(
  p: Promise<unknown>,
  cls: ErrorConstructor | typeof Deno.errors.NotFound,
  re: RegExp,
) {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof cls, `expected ${cls.name}, got ${e}`);
    assert.match((e as Error).message, re);
    return true;
  });
}

async function read(text: string, options: ReadResultsOptions = {}) {
  return await readResultRows({ text, name: "t" }, options);
}

Deno.test("CSV: quoted commas, quoted newlines, CRLF and a BOM", async () => {
  const text = '\uFEFFid,output,expected\r\nq1,"Paris, France","Paris, France"\r\n' +
    'q2,"two\r\nlines",x\r\n';
  const { rows, report } = await read(text);
  assert.equal(report.format, "csv");
  assert.deepEqual(rows.map((r) => r.output), ["Paris, France", "two\r\nlines"]);
  assert.deepEqual(rows.map((r) => r.row), [1, 2]);
  assert.deepEqual(report.toJSON().columns, ["id", "output", "expected"]);
});

Deno.test("CSV: a quoted multi-line field is one record for row numbering", async () => {
  const text = 'id,output\na,"x\ny\nz"\n,blank id\n';
  const { report } = await read(text);
  assert.deepEqual(report.toJSON().rows.leftOut, { "no-id": { count: 1, rows: [2] } });
});

Deno.test("TSV is detected from tabs, whatever the name", async () => {
  const { rows, report } = await readResultRows({ text: "id\toutput\nk\tv, w\n", name: "x.csv" });
  assert.equal(report.format, "tsv");
  assert.equal(rows[0].output, "v, w");
});

Deno.test("JSON lines: NaN and Infinity tokens, nested objects as dotted columns", async () => {
  const text = '{"id":"a","output":"x","metadata":{"harnessPass":true,"score":NaN}}\n' +
    '{"id":"b","output":"y","metadata":{"score":Infinity}}\n';
  const { rows, report } = await read(text);
  assert.equal(report.format, "jsonl");
  assert.equal(rows[0].fields["metadata.harnessPass"], true);
  assert.ok(Number.isNaN(rows[0].fields["metadata.score"]));
  assert.equal(rows[1].fields["metadata.score"], Infinity);
  assert.deepEqual(report.toJSON().columns, [
    "id",
    "output",
    "metadata",
    "metadata.harnessPass",
    "metadata.score",
  ]);
});

Deno.test("JSON lines: a torn last line is unreadable, blank lines keep line numbers", async () => {
  const text = '{"id":"a","output":"x"}\n\n{"id":"b","output":"y"}\n{"id":"c","out';
  const { rows, report } = await read(text);
  assert.deepEqual(rows.map((r) => r.row), [1, 3]);
  const json = report.toJSON();
  assert.deepEqual(json.rows.leftOut, { unreadable: { count: 1, rows: [4] } });
  assert.equal(json.problems[0].message, "line 4 is not valid JSON");
});

Deno.test("JSON array and JSON document with rows", async () => {
  const arr = await read('[{"id":1,"output":"a"},{"id":2,"output":NaN}]');
  assert.equal(arr.report.format, "json-array");
  assert.deepEqual(arr.rows.map((r) => r.case), ["1", "2"]);
  assert.equal(arr.rows[1].output, "NaN");
  const doc = await read('{\n "name": "run 7",\n "rows": [\n  {"id":"z","output":"o"}\n ]\n}');
  assert.equal(doc.report.format, "json-rows");
  assert.deepEqual(doc.rows.map((r) => r.case), ["z"]);
});

Deno.test("a JSON document without rows is a clear error", async () => {
  await rejects(read('{\n "results": []\n}'), SyntaxError, /no "rows" array/);
});

Deno.test("an empty file reads as zero rows", async () => {
  const { rows, report } = await read("");
  assert.equal(rows.length, 0);
  assert.equal(report.format, null);
  assert.equal(report.toJSON().rows.read, 0);
});

Deno.test("a binary file is refused with the file named", async () => {
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  await rejects(
    readResultRows(bytes, { name: "image.png" }),
    SyntaxError,
    /Cannot read "image.png": it looks binary/,
  );
});

Deno.test("text that is not UTF-8 is refused", async () => {
  const bytes = new Uint8Array([0x69, 0x64, 0x0a, 0xff, 0xfe, 0x41, 0x0a]);
  await rejects(readResultRows(bytes, { name: "latin.csv" }), SyntaxError, /not valid UTF-8/);
});

Deno.test("gzip-compressed files are read", async () => {
  const plain = new Blob(['{"id":"a","output":"x"}\n']).stream();
  const gz = new Uint8Array(
    await new Response(plain.pipeThrough(new CompressionStream("gzip"))).arrayBuffer(),
  );
  const { rows } = await readResultRows(gz, { name: "r.jsonl.gz" });
  assert.equal(rows[0].case, "a");
});

Deno.test("a missing file names the file", async () => {
  await rejects(readResultRows("no/such/file.jsonl"), Deno.errors.NotFound, /no such file/);
});

Deno.test("every left-out reason, one row each, in a fixed order of checks", async () => {
  const rows = [
    { id: "ok", output: "a", expected: "a" },
    { output: "a", expected: "a" },
    { id: "r", output: "a", expected: "a", repeat: -1 },
    { id: "r2", output: "a", expected: "a", repeat: "1.5" },
    { id: "k", output: "a", expected: { kind: "fuzzy", value: "a" } },
    { id: "s", output: "a", expected: "a", assertions: [{ value: 1 }] },
    { id: "o", expected: "a" },
    { id: "n", output: "a" },
    { id: "ok", output: "b", expected: "a" },
    { id: "ok", output: "b", expected: "a", repeat: "2" },
  ];
  const { rows: used, report } = await readResultRows(rows, { referenceRequired: true });
  assert.deepEqual(used.map((r) => [r.case, r.repeat]), [["ok", 0], ["ok", 2]]);
  const json = report.toJSON();
  assert.deepEqual(json.rows.leftOut, {
    "bad-assertions": { count: 1, rows: [6] },
    "bad-expected-kind": { count: 1, rows: [5] },
    "bad-repeat": { count: 2, rows: [3, 4] },
    "duplicate-key": { count: 1, rows: [9] },
    "no-id": { count: 1, rows: [2] },
    "no-output": { count: 1, rows: [7] },
    "no-reference": { count: 1, rows: [8] },
  });
  assert.equal(json.rows.read, 10);
  const dup = json.problems.find((p) => p.code === "duplicate-key");
  assert.match(dup!.message, /already read at row 1/);
});

Deno.test("without referenceRequired a row with no reference is kept", async () => {
  const { rows } = await readResultRows([{ id: "n", output: "a" }]);
  assert.equal(rows[0].reference, null);
});

Deno.test("reference kinds: string, list, object, and an expected_kind column", async () => {
  const { rows, report } = await readResultRows([
    { id: 1, output: "x", expected: "a" },
    { id: 2, output: "x", expected: ["a", "b"] },
    { id: 3, output: "x", expected: { kind: "label", value: "spam" } },
    { id: 4, output: "x", expected: '["a","b"]', expected_kind: "any-of" },
    { id: 5, output: "x", expected: "a", expected_kind: "maybe" },
    { id: 6, output: "x", expected: ["a", "b"], expected_kind: "exact" },
  ]);
  assert.deepEqual(rows.map((r) => r.reference), [
    { kind: "exact", values: ["a"] },
    { kind: "any-of", values: ["a", "b"] },
    { kind: "label", values: ["spam"] },
    { kind: "any-of", values: ["a", "b"] },
  ]);
  assert.deepEqual(report.toJSON().rows.leftOut["bad-expected-kind"]?.rows, [5, 6]);
});

Deno.test("the mapping is suggested, overridable, and checked against a CSV header", async () => {
  const text = "qid,answer,gold,model\n1,x,x,m1\n";
  const { rows, report } = await read(text, { mapping: { case: "qid", output: "answer" } });
  assert.deepEqual(report.toJSON().mapping, {
    case: "qid",
    version: "model",
    output: "answer",
    reference: "gold",
  });
  assert.equal(rows[0].version, "m1");
  await rejects(
    read(text, { mapping: { output: "response" } }),
    TypeError,
    /column "response" \(mapped to output\) is not in the header/,
  );
});

Deno.test("a file with no version column gives every row the default version", async () => {
  const { rows } = await read("id,output\na,b\n", { defaultVersion: "baseline" });
  assert.equal(rows[0].version, "baseline");
});

Deno.test("left-out rows keep the first twenty row numbers and the full count", async () => {
  const rows = Array.from({ length: 30 }, (_, i) => ({ id: "", output: String(i) }));
  const { report } = await readResultRows(rows);
  const entry = report.toJSON().rows.leftOut["no-id"]!;
  assert.equal(entry.count, 30);
  assert.deepEqual(entry.rows, Array.from({ length: 20 }, (_, i) => i + 1));
});

Deno.test("the bundled example reads the same from JSON lines and CSV", async () => {
  const base = new URL("../../examples/", import.meta.url);
  const a = await readResultRows(new URL("returns-desk.jsonl", base));
  const b = await readResultRows(new URL("returns-desk.csv", base));
  assert.equal(a.rows.length, 80);
  assert.equal(a.report.leftOut, 0);
  assert.equal(b.report.leftOut, 0);
  const strip = (
    r: (typeof a.rows)[number],
  ) => [r.case, r.version, r.repeat, r.output, r.reference, r.assertions, r.schema];
  assert.deepEqual(b.rows.map(strip), a.rows.map(strip));
});

Deno.test("a reference that is JSON text stays text", async () => {
  const json = '{"action":"refund","amount":1}';
  const { rows } = await readResultRows([{ id: 1, output: json, expected: json }]);
  assert.deepEqual(rows[0].reference, { kind: "exact", values: [json] });
  const csv = await read(`id,output,expected\n1,x,"${json.replaceAll('"', '""')}"\n`);
  assert.deepEqual(csv.rows[0].reference, { kind: "exact", values: [json] });
  const obj = await read(`id,output,expected\n1,x,"{""kind"": ""label"", ""value"": ""spam""}"\n`);
  assert.deepEqual(obj.rows[0].reference, { kind: "label", values: ["spam"] });
});

Deno.test("CSV, two columns: a quote left open and closed lines later is reported, and the rows in between are read", async () => {
  const middle = Array.from({ length: 20 }, (_, i) => `r${i},x${i}`);
  const text = ["id,output", 'a,"open', ...middle, 'last,"closed"', "tail,t", ""].join("\n");
  const { rows, report } = await read(text);
  assert.deepEqual(
    rows.map((r) => r.case),
    [...middle.map((_, i) => `r${i}`), "last", "tail"],
  );
  const json = report.toJSON();
  assert.equal(json.rows.leftOut.unreadable?.count, 1);
  assert.deepEqual(json.rows.leftOut.unreadable?.rows, [1]);
  const problem = json.problems.find((p) => p.row === 1);
  assert.match(problem?.message ?? "", /quote opened on line 2/);
});

Deno.test("CSV, two columns: a quoted field over two lines stays one record, with a warning", async () => {
  const text = 'id,output\nq,"Dear Bob, hi\nThanks, Al"\nr,s\n';
  const { rows, report } = await read(text);
  assert.deepEqual(rows.map((r) => r.case), ["q", "r"]);
  assert.equal(rows[0].output, "Dear Bob, hi\nThanks, Al");
  assert.ok(report.toJSON().warnings.some((w) => w.code === "merged-lines" && w.row === 1));
});
