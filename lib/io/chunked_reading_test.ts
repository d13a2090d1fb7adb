// Records read from bytes in arbitrary pieces equal those read from the same bytes in one piece:
// the line splitters, the UTF-8 decoding and the per-record checks work a chunk at a time.
import assert from "node:assert/strict";
import fc from "fast-check";
import { openRecords } from "./open_records.ts";
import type { RawRecord } from "./types.ts";

function piecesOf(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const to of [...at, bytes.length]) {
    if (to > from) pieces.push(bytes.slice(from, to));
    from = Math.max(from, to);
  }
  return new ReadableStream({
    pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

async function read(
  stream: ReadableStream<Uint8Array>,
  format: "jsonl" | "csv",
  limits: { maxRecordSize: number; maxDepth: number },
): Promise<{ records: RawRecord[]; columns: readonly string[] }> {
  const records = await openRecords(stream, { format, limits });
  const out: RawRecord[] = [];
  for await (const r of records) out.push(r);
  return { records: out, columns: records.columns() };
}

const text = fc.string({
  unit: fc.constantFrom("a", "Z", " ", "1", "9", "é", "ß", "中", "😀", "\\", '"', "[", "{", "\t"),
  maxLength: 30,
});
const digits = fc.stringMatching(/^-?[1-9][0-9]{14,22}$/);
const jsonLine = fc.oneof(
  fc.record({ id: text, output: text, n: fc.double({ noNaN: true, noDefaultInfinity: true }) })
    .map((r) => JSON.stringify(r)),
  fc.tuple(digits, text).map(([d, s]) => `{"id": ${d}, "s": ${JSON.stringify(s + d)}}`),
  fc.tuple(fc.nat({ max: 6 }), text).map(([n, s]) =>
    `{"deep": ${"[".repeat(n)}${JSON.stringify(s)}${"]".repeat(n)}}`
  ),
  fc.constantFrom(
    "",
    "   ",
    '{"x": NaN, "y": -Infinity}',
    '{"torn": "',
    "[1, 2]",
    '{"o": {"a": 1}}',
  ),
  text,
);
const jsonlText = fc.tuple(
  fc.boolean(),
  fc.array(fc.tuple(jsonLine, fc.constantFrom("\n", "\r\n")), { maxLength: 12 }),
  fc.boolean(),
).map(([bom, lines, lastEnd]) => {
  const body = lines.map(([l, e]) => l + e).join("");
  return (bom ? "\ufeff" : "") + (lastEnd ? body : body.replace(/\r?\n$/, ""));
});
const csvCell = fc.oneof(
  text.filter((s) => !/[",\n\r]/.test(s)),
  text.map((s) => `"${s.replaceAll('"', '""')}"`),
  fc.constantFrom('"open', "x\r\ny", '""', '"a\nb"'),
);
const csvText = fc.tuple(
  fc.boolean(),
  fc.array(
    fc.tuple(
      fc.array(csvCell, { minLength: 1, maxLength: 4 }),
      fc.constantFrom("\n", "\r\n", "\r"),
    ),
    { maxLength: 10 },
  ),
).map(([bom, rows]) =>
  (bom ? "\ufeff" : "") + "id,output,score\n" +
  rows.map(([cells, e]) => cells.join(",") + e).join("")
);

for (const [format, gen] of [["jsonl", jsonlText], ["csv", csvText]] as const) {
  Deno.test(`${format}: records read in arbitrary byte pieces equal those read in one piece`, async () => {
    await fc.assert(
      fc.asyncProperty(
        gen,
        fc.array(fc.nat({ max: 2000 }), { maxLength: 16 }),
        fc.constantFrom(
          { maxRecordSize: 64 * 2 ** 20, maxDepth: 1000 },
          { maxRecordSize: 24, maxDepth: 3 },
          { maxRecordSize: 1000, maxDepth: 5 },
        ),
        async (content, cuts, limits) => {
          const bytes = new TextEncoder().encode(content);
          const whole = await read(piecesOf(bytes, []), format, limits);
          const pieces = await read(piecesOf(bytes, cuts), format, limits);
          assert.deepStrictEqual(pieces, whole);
        },
      ),
      { numRuns: 400 },
    );
  });
}
