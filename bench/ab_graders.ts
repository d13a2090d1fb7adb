// Grading cost of two checkouts side by side, in one process: both checkouts' row graders grade
// the same rows in alternation (many short rounds, the order swapped each round), and the median of
// the rounds' paired ratios is reported. On a virtual machine whose speed drifts by a third or more
// within minutes, whole-process times of a before-build and an after-build run minutes apart
// cannot tell a 10% change; rounds a fraction of a second apart can (noise about ±7% on identical
// code). Both checkouts must give the same grades on every row first.
//
//   deno run --allow-read --allow-write bench/ab_graders.ts [--cpu] BASE_DIR NEW_DIR GRADERS [ROUNDS] [FILE]
//
// --cpu times each round by the process's CPU time (user + system) instead of the clock: on a
// machine other jobs keep busy, a round that waited for a core counts only what it computed
// (noise about ±3–5% on identical code under a load of 4–8, against ±15% by the clock). The
// kernel counts CPU time in ticks of a few milliseconds, so a round should take a tenth of a
// second or more (the default 20,000 rows do).
// GRADERS is a comma list (`rouge-1,rouge-l`) or `all`; FILE is a results file (default: 20,000
// realistic rows from bench/_generate.ts in a temporary folder). Rows are reported apart by whether
// the output equals the reference ("same") or not ("different"), then all together. Grading only:
// reading, counting and threads are not measured here (`deno task bench:graders` does that).
import { cpuUsage } from "node:process";
import { readResultRows } from "../lib/io/mod.ts";
import type { ResultRow } from "../lib/io/mod.ts";
import { writeRealisticResults } from "./_generate.ts";

interface Grader {
  grade(row: ResultRow): unknown;
}

async function graderOf(dir: string, graders: string): Promise<Grader> {
  const root = new URL(`${dir.replace(/\/$/, "")}/`, `file://${Deno.cwd()}/`);
  const { RowGrader } = await import(new URL("lib/score/_row_grader.ts", root).href);
  const { resolveScoreConfig } = await import(new URL("lib/score/score_config.ts", root).href);
  return new RowGrader(resolveScoreConfig({ graders: graders.split(",") }));
}

/** Microseconds of the process's CPU time (user + system), or of the clock. */
function clock(cpu: boolean): () => number {
  if (!cpu) return () => performance.now() * 1000;
  return () => {
    const { user, system } = cpuUsage();
    return user + system;
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const same = (r: ResultRow) =>
  r.reference?.values.length === 1 && r.reference.values[0] === r.output;

if (import.meta.main) {
  const cpu = Deno.args[0] === "--cpu";
  const [base, next, graders, roundsArg, fileArg] = Deno.args.slice(cpu ? 1 : 0);
  const now = clock(cpu);
  if (graders === undefined) {
    console.error("usage: ab_graders.ts [--cpu] BASE_DIR NEW_DIR GRADERS [ROUNDS] [FILE]");
    Deno.exit(2);
  }
  const rounds = Number(roundsArg ?? 9);
  let file = fileArg;
  let temp: string | undefined;
  if (file === undefined) {
    temp = await Deno.makeTempDir({ prefix: "verdict-ab-" });
    file = `${temp}/rows.jsonl`;
    await writeRealisticResults(file, 20_000);
  }
  try {
    const { rows } = await readResultRows(file);
    const a = await graderOf(base, graders);
    const b = await graderOf(next, graders);
    for (const row of rows) {
      if (JSON.stringify(a.grade(row)) !== JSON.stringify(b.grade(row))) {
        console.error(`The checkouts grade row ${row.row} differently: not comparable.`);
        Deno.exit(1);
      }
    }
    const sets: [string, ResultRow[]][] = [
      ["same", rows.filter(same)],
      ["different", rows.filter((r) => !same(r))],
      ["all", rows],
    ];
    for (const [name, set] of sets) {
      if (set.length === 0) continue;
      const times: [number[], number[]] = [[], []];
      for (let k = 0; k < rounds; k++) {
        for (const side of k % 2 === 0 ? [0, 1] : [1, 0]) {
          const grader = side === 0 ? a : b;
          const started = now();
          for (const row of set) grader.grade(row);
          times[side].push((now() - started) / set.length);
        }
      }
      const ratios = times[0].map((t, i) => times[1][i] / t);
      console.log(
        `${name.padEnd(9)} ${String(set.length).padStart(6)} rows: base ${
          median(times[0]).toFixed(2)
        } µs/row, new ${median(times[1]).toFixed(2)} µs/row, new/base ${
          median(ratios).toFixed(3)
        } (median of ${rounds} paired rounds${cpu ? ", CPU time" : ""})`,
      );
    }
  } finally {
    if (temp) await Deno.remove(temp, { recursive: true });
  }
}
