// Hostile and unlucky files, each built here: nothing is lost silently (an unclosed quote, mixed
// line ends, long first lines, leading blank lines, JSON documents laid out one row per line,
// torn last records, long integer ids, multi-member gzip), and nothing grows without bound (a
// record over the size limit, deep nesting, a gzip bomb). Time bounds are generous; memory is
// measured in bench/, not here.
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { isUserError } from "../errors/mod.ts";
import { openRecords } from "./open_records.ts";
import { readResultRows } from "./read_results.ts";
import type { RawRecord, Source } from "./types.ts";

const enc = new TextEncoder();

async function records(source: Source, options: Parameters<typeof openRecords>[1] = {}) {
  const stream = await openRecords(source, options);
  const out: RawRecord[] = [];
  for await (const r of stream) out.push(r);
  return { stream, out };
}

/** A byte stream made on demand from pieces (so a test never holds a large file). */
function generated(pieces: () => Iterable<string>): ReadableStream<Uint8Array> {
  const it = pieces()[Symbol.iterator]();
  return new ReadableStream({
    pull(controller) {
      const next = it.next();
      if (next.done) controller.close();
      else controller.enqueue(enc.encode(next.value));
    },
  });
}

function* repeat(piece: string, times: number): Generator<string> {
  for (let i = 0; i < times; i++) yield piece;
}

const csvRows = (n: number, end = "\n", prefix = "q") =>
  Array.from({ length: n }, (_, i) => `${prefix}${i},a,a`).join(end) + end;

Deno.test("CSV: an unclosed quote is reported with its line; reading goes on from the next", async () => {
  const lines = ["id,output,expected"];
  for (let i = 1; i <= 1000; i++) lines.push(i === 11 ? `q${i},"oops,a` : `q${i},a,a`);
  const { rows, report } = await readResultRows({ text: lines.join("\n") + "\n", name: "u.csv" });
  const json = report.toJSON();
  assert.deepEqual(json.rows.read, 1000);
  assert.equal(rows.length, 999);
  assert.deepEqual(json.rows.leftOut, { unreadable: { count: 1, rows: [11] } });
  assert.match(
    json.problems[0].message,
    /^record 11: the quote opened on line 12 is never closed .*reading goes on from line 13$/,
  );
});

Deno.test("CSV: a quote left open that a later quote closes does not merge the rows between", async () => {
  const text = 'id,output,expected\nq1,"oops,a\nq2,b,b\nq3,"x, y",z\nq4,c,c\n';
  const { rows, report } = await readResultRows({ text, name: "m.csv" });
  assert.deepEqual(rows.map((r) => [r.case, r.output]), [
    ["q2", "b"],
    ["q3", "x, y"],
    ["q4", "c"],
  ]);
  assert.deepEqual(report.toJSON().rows.leftOut, { unreadable: { count: 1, rows: [1] } });
  assert.match(report.toJSON().problems[0].message, /quote opened on line 2 is not closed/);
});

Deno.test("CSV: many unclosed quotes are each reported, in time linear in the file", async () => {
  const text = "id,output,expected\n" + 'q,"x,y\n'.repeat(20_000) + "last,a,a\n";
  const started = performance.now();
  const { rows, report } = await readResultRows({ text, name: "many.csv" });
  assert.ok(performance.now() - started < 30_000);
  assert.deepEqual(rows.map((r) => r.case), ["last"]);
  assert.equal(report.toJSON().rows.leftOut.unreadable?.count, 20_000);
});

Deno.test("CSV: a quote at the start of the header that never closes is an error naming line 1", async () => {
  await assert.rejects(
    readResultRows({ text: '"id,output,expected\n' + csvRows(100), name: "h.csv" }),
    (e: Error) => {
      assert.ok(isUserError(e) && e instanceof SyntaxError);
      assert.equal(
        e.message,
        'Cannot read "h.csv": the header (line 1) opens a quote that is never closed',
      );
      return true;
    },
  );
});

Deno.test("CSV: line ends of every kind, mixed, end records; no \\r is left in a value", async () => {
  const cases: [string, string][] = [
    ["CRLF header, LF rows", "id,output,expected\r\n" + csvRows(3000)],
    ["LF header, CRLF rows", "id,output,expected\n" + csvRows(3000, "\r\n")],
    ["lone CR (old Mac)", "id,output,expected\r" + csvRows(3000, "\r")],
    [
      "mixed by row",
      "id,output,expected\n" + csvRows(1000, "\r\n", "a") + csvRows(1000, "\n", "b") +
      csvRows(1000, "\r", "c"),
    ],
  ];
  for (const [label, text] of cases) {
    const { rows, report } = await readResultRows({ text, name: "x.csv" });
    assert.equal(report.toJSON().rows.used, 3000, label);
    assert.ok(rows.every((r) => r.output === "a" && r.reference?.values[0] === "a"), label);
  }
  // A line end inside a quoted field is the field's own text, kept as written.
  const { rows } = await readResultRows({
    text: 'id,output,expected\nq1,"two\r\nlines",x\r\nq2,"cr\ronly",y\n',
    name: "q.csv",
  });
  assert.deepEqual(rows.map((r) => r.output), ["two\r\nlines", "cr\ronly"]);
});

Deno.test("CSV: a torn last record is reported; one without a final line break gets a note", async () => {
  const torn = await readResultRows({
    text: 'id,output,expected\nq1,a,a\nq2,a,"a b',
    name: "t.csv",
  });
  assert.deepEqual(torn.report.toJSON().rows.leftOut, { unreadable: { count: 1, rows: [2] } });
  assert.match(torn.report.toJSON().problems[0].message, /the file ends inside it/);
  const cut = await readResultRows({ text: "id,output,expected\nq1,a,a\nq2,a,ab", name: "c.csv" });
  assert.equal(cut.rows.length, 2);
  assert.deepEqual(
    cut.report.toJSON().warnings.map((w) => [w.code, w.row]),
    [["no-final-line-end", 2]],
  );
});

Deno.test("JSON lines: a first line over 64 KiB and 300,000 leading blank lines do not change the guess", async () => {
  const long = JSON.stringify({ id: "a", output: "x".repeat(200_000), expected: "y" });
  const first = await records({ text: long + "\n" + JSON.stringify({ id: "b" }) + "\n" });
  assert.equal(first.stream.format, "jsonl");
  assert.equal(
    first.stream.formatReason,
    "the first line holds a whole JSON object and more lines follow",
  );
  assert.deepEqual(first.out.map((r) => r.values?.id), ["a", "b"]);

  const blank = await records({ text: "\n".repeat(300_000) + '{"id": "a"}\n{"id": "b"}\n' });
  assert.equal(blank.stream.format, "jsonl");
  // Row numbers are still line numbers.
  assert.deepEqual(blank.out.map((r) => r.row), [300_001, 300_002]);
});

Deno.test("JSON documents are never taken for JSON lines, however they are laid out", async () => {
  const row = (i: number) => JSON.stringify({ id: `q${i}`, output: "a", expected: "a" });
  const rows = [1, 2, 3].map(row);
  const layouts: [string, string, string][] = [
    ["one row per line", `{"rows": [\n${rows.join(",\n")}\n]}`, "json-rows"],
    ["first row on the opening line", `{"rows": [${rows.join(",\n")}]}\n`, "json-rows"],
    ["minified on one line", `{"rows": [${rows.join(",")}]}`, "json-rows"],
    ["rows after another key", `{"meta": {"n": 3},\n"rows": [${rows.join(",")}]}`, "json-rows"],
    ["array, one element per line", `[\n${rows.join(",\n")}\n]`, "json-array"],
    ["array, minified", `[${rows.join(",")}]`, "json-array"],
    [
      "long first element",
      `{"rows": [${row(0).replace("a", "a".repeat(100_000))},\n${rows}]}`,
      "json-rows",
    ],
  ];
  for (const [label, text, format] of layouts) {
    const { stream, out } = await records({ text });
    assert.equal(stream.format, format, label);
    assert.ok(out.length >= 3 && out.every((r) => r.values), label);
  }
  // JSON lines whose records carry a "rows" field stay JSON lines.
  const lines = '{"id": "a", "rows": [1]}\n{"id": "b", "rows": [2]}\n';
  assert.equal((await records({ text: lines })).stream.format, "jsonl");
});

Deno.test("JSON arrays: a broken element is left out on its own; text after the document is reported", async () => {
  const text = '[{"id": "a"}, {"id": "b", oops}, {"id": "c"}] trailing';
  const { out } = await records({ text });
  assert.deepEqual(out.map((r) => r.values?.id ?? r.problem?.message), [
    "a",
    "element 2 is not valid JSON",
    "c",
    "element 4 is text after the end of the JSON document (not read)",
  ]);
});

Deno.test("integer ids beyond 2^53 keep their digits: two cases stay two", async () => {
  const text =
    '{"id": 9007199254740993, "output": "a"}\n{"id": 9007199254740992, "output": "a"}\n' +
    '{"id": 12345678901234567890123, "output": "a", "score": 0.5}\n';
  const { rows, report } = await readResultRows({ text, name: "big.jsonl" });
  assert.deepEqual(rows.map((r) => r.case), [
    "9007199254740993",
    "9007199254740992",
    "12345678901234567890123",
  ]);
  assert.equal(report.leftOut, 0);
  assert.equal(rows[2].fields.score, 0.5);
});

Deno.test("gzip: every member of a multi-member file is read; a cut file is an error", async () => {
  const a = gzipSync(enc.encode("id,output,expected\nq1,a,a\n"));
  const b = gzipSync(enc.encode("q2,b,b\n"));
  const both = new Uint8Array([...a, ...b]);
  const { rows, report } = await readResultRows(both, { name: "m.csv.gz" });
  assert.deepEqual(rows.map((r) => r.case), ["q1", "q2"]);
  assert.equal(
    report.toJSON().formatReason,
    "gzip-compressed; the header line has 2 commas and 0 tabs (outside quotes)",
  );
  await assert.rejects(
    readResultRows(both.subarray(0, both.length - 5), { name: "cut.csv.gz" }),
    /Cannot read "cut\.csv\.gz": its gzip data is cut off/,
  );
});

Deno.test("gzip: inflating past maxDecompressed stops with an error, checked while inflating", async () => {
  // 5 MB of compressed text that inflates to 60 MB: a JSON line holding one long string.
  const bomb = gzipSync(enc.encode('{"id": "a", "output": "' + "x".repeat(60_000_000) + '"}\n'));
  const started = performance.now();
  await assert.rejects(
    readResultRows(bomb, { name: "bomb.jsonl.gz", limits: { maxDecompressed: 8_000_000 } }),
    (e: Error) => {
      assert.ok(isUserError(e) && e instanceof RangeError);
      assert.match(
        e.message,
        /^Cannot read "bomb\.jsonl\.gz": its gzip data inflates to more than 7\.6 MiB, the limit .*--max-decompressed/,
      );
      return true;
    },
  );
  assert.ok(performance.now() - started < 30_000);
});

Deno.test("a record over maxRecordSize is left out as too-large, never built, in every format", async () => {
  const limits = { maxRecordSize: 1000 };
  const big = "y".repeat(5000);
  const cases: [string, string, number][] = [
    [
      "jsonl",
      `{"id": "a", "output": "x"}\n{"id": "b", "output": "${big}"}\n{"id": "c", "output": "z"}\n`,
      2,
    ],
    ["csv", `id,output\na,x\nb,"${big}\n${big}"\nc,z\n`, 2],
    [
      "json-array",
      `[{"id": "a", "output": "x"}, {"id": "b", "output": "${big}"}, {"id": "c", "output": "z"}]`,
      2,
    ],
  ];
  for (const [format, text, row] of cases) {
    const { rows, report } = await readResultRows({ text, name: `f.${format}` }, { limits });
    assert.deepEqual(rows.map((r) => r.case), ["a", "c"], format);
    assert.deepEqual(report.toJSON().rows.leftOut, { "too-large": { count: 1, rows: [row] } });
    assert.match(report.toJSON().problems[0].message, /more than the limit of 1000 characters/);
  }
});

Deno.test("a JSON line over the default 64 Mi limit is too-large, read as a stream in seconds", async () => {
  const stream = generated(function* () {
    yield '{"id": "ok", "output": "a"}\n{"id": "huge", "output": "';
    yield* repeat("x".repeat(1 << 20), 70);
    yield '"}\n{"id": "after", "output": "b"}\n';
  });
  const started = performance.now();
  const { rows, report } = await readResultRows(stream, { name: "huge.jsonl" });
  assert.ok(performance.now() - started < 60_000);
  assert.deepEqual(rows.map((r) => r.case), ["ok", "after"]);
  assert.deepEqual(report.toJSON().rows.leftOut, { "too-large": { count: 1, rows: [2] } });
  assert.match(
    report.toJSON().problems[0].message,
    /^line 2 holds 73,400,3\d\d characters, more than the limit of 64 Mi characters/,
  );
});

Deno.test("nesting deeper than maxDepth is unreadable with that reason", async () => {
  const deep = (n: number) => '{"id": "d", "output": ' + "[".repeat(n) + "]".repeat(n) + "}";
  const text = `${deep(999)}\n${deep(2000)}\n`;
  const { out } = await records({ text });
  assert.ok(out[0].values);
  assert.deepEqual(out[1].problem, {
    code: "unreadable",
    row: 2,
    message: "line 2 nests deeper than 1000 levels (maxDepth)",
  });
  const array = await records({ text: `[${deep(5)}, ${deep(20)}]` }, { limits: { maxDepth: 10 } });
  assert.equal(array.out[1].problem?.message, "element 2 nests deeper than 10 levels (maxDepth)");
});

Deno.test("reading is linear in line length: a 50 MB line and a 50 MB CSV record in seconds", async () => {
  for (
    const [name, head, tail] of [
      ["long.jsonl", '{"id": "a", "output": "', '"}\n'],
      ["long.csv", 'id,output\na,"', '"\n'],
    ]
  ) {
    const stream = generated(function* () {
      yield head;
      yield* repeat("z".repeat(1 << 16), 800);
      yield tail;
    });
    const started = performance.now();
    const { rows } = await readResultRows(stream, { name });
    assert.equal(rows[0].output.length, 800 << 16, name);
    assert.ok(performance.now() - started < 60_000, name);
  }
});

Deno.test("the read report says which format was chosen and why", async () => {
  const cases: [string, string][] = [
    ["id\toutput\n1\tx\n", "the header line has 0 commas and 1 tab (outside quotes)"],
    ["[]", "the first non-blank character is [ (a JSON array)"],
    ['{"rows": []}', "the file is one JSON object with a rows array"],
    ['{"id": 1}', "the file is one line holding one JSON object"],
    ["  \n", "the file is empty or holds only white space"],
  ];
  for (const [text, reason] of cases) {
    const { stream } = await records({ text });
    assert.equal(stream.formatReason, reason, text);
  }
  const forced = await readResultRows({ text: "id,output\n1,x\n" }, { format: "csv" });
  assert.equal(forced.report.toJSON().formatReason, "given (the format option)");
});
