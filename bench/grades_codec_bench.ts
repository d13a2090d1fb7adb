// What the grades codec costs per 200k rows: packing (worker thread), the structured clone of the
// packed chunk (postMessage's share), and unpacking (main thread), on real grades of every grader.
//
//   deno run --no-config --allow-read bench/grades_codec_bench.ts FILE.jsonl [OTHER_CODEC.ts]
//     [--unread]
//
// FILE is a results file (e.g. one made by bench/_generate.ts); its rows are graded once with
// `--graders all` and cut into chunks of 500, as the workers get them. With OTHER_CODEC (the path
// of another _grades_codec.ts, say main's), both are timed, alternated round by round, and each
// checked to unpack what structured cloning gives. Medians of the rounds, in ms per 200k rows.
// With --unread, every reason is marked unread, as a long run's chunks mostly are once the
// report has listed enough failing rows (codecs that take no such mark ignore it).
import { openResultRows } from "../lib/io/mod.ts";
import { RowGrader, type RowGrades } from "../lib/score/_row_grader.ts";
import { resolveScoreConfig } from "../lib/score/score_config.ts";
import * as ours from "../lib/score/_grades_codec.ts";
import { isDeepStrictEqual } from "node:util";

interface Codec {
  packGrades(grades: readonly RowGrades[], unread?: Uint8Array | null): object;
  unpackGrades(packed: never): RowGrades[];
}

const unread = Deno.args.includes("--unread");
const [file, other] = Deno.args.filter((a) => a !== "--unread");
if (file === undefined) throw new Error("usage: grades_codec_bench.ts FILE.jsonl [CODEC.ts]");
const CHUNK = 500;
const ROUNDS = 21;

const grader = new RowGrader(resolveScoreConfig({ graders: ["all"] }));
const chunks: RowGrades[][] = [[]];
for await (const row of await openResultRows(file)) {
  if (chunks.at(-1)!.length === CHUNK) chunks.push([]);
  chunks.at(-1)!.push(grader.grade(row));
}
/** Per chunk, the reasons marked unread (all of them with --unread, else none). */
const marks = chunks.map((chunk) =>
  unread ? new Uint8Array(chunk.length * (chunk[0]?.results.length ?? 0)).fill(1) : null
);
const rows = chunks.reduce((sum, c) => sum + c.length, 0);
const per200k = 200_000 / rows;

const codecs: [string, Codec][] = [["this", ours as unknown as Codec]];
if (other !== undefined) {
  codecs.unshift([
    "other",
    await import(new URL(other, `file://${Deno.cwd()}/`).href) as Codec,
  ]);
}

/** Typed arrays' buffers in the packed chunk, to transfer as the worker does. */
function transferables(packed: object): ArrayBuffer[] {
  return Object.values(packed).flatMap((v) =>
    ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer ? [v.buffer] : []
  );
}

for (const [name, codec] of codecs) {
  for (const chunk of chunks.slice(0, 4)) {
    const back = codec.unpackGrades(structuredClone(codec.packGrades(chunk)) as never);
    if (!isDeepStrictEqual(back, structuredClone(chunk))) {
      throw new Error(`${name}: unpacked grades differ from cloned ones`);
    }
  }
}

const times = new Map(codecs.map(([name]) => [name, { pack: [], clone: [], unpack: [] }])) as Map<
  string,
  { pack: number[]; clone: number[]; unpack: number[] }
>;
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, codec] of round % 2 ? codecs : [...codecs].reverse()) {
    // Each step over every chunk in turn, as each runs on its own thread (pack on a worker,
    // unpack on the main thread).
    const t0 = performance.now();
    const packed = chunks.map((chunk, i) => codec.packGrades(chunk, marks[i]));
    const t1 = performance.now();
    const cloned = packed.map((p) => structuredClone(p, { transfer: transferables(p) }));
    const t2 = performance.now();
    const sink = cloned.reduce((sum, p) => sum + codec.unpackGrades(p as never).length, 0);
    const t3 = performance.now();
    if (sink !== rows) throw new Error("lost rows");
    const t = times.get(name)!;
    t.pack.push((t1 - t0) * per200k);
    t.clone.push((t2 - t1) * per200k);
    t.unpack.push((t3 - t2) * per200k);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`${rows} rows in ${chunks.length} chunks; ms per 200k rows, median of ${ROUNDS}`);
for (const [name, t] of times) {
  const [p, c, u] = [median(t.pack), median(t.clone), median(t.unpack)];
  console.log(
    `${name.padEnd(6)} pack ${p.toFixed(0).padStart(5)}  clone ${c.toFixed(0).padStart(5)}  ` +
      `unpack ${u.toFixed(0).padStart(5)}  total ${(p + c + u).toFixed(0).padStart(5)}`,
  );
}
