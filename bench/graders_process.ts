// Whole-process grading speed on one worker thread and on the default number, on the realistic
// rows of bench/_generate.ts (issue 16's table itself is `deno task bench:compare`), side by side:
//   - `score --graders exact` (reading the file, the exact grader and its near-miss probe),
//   - `score --graders all` (every grader and the probe), with 1 worker and with the default,
//   - `score --graders bleu,chrf` (corpus figures and each row's sentence score), likewise.
// Medians of RUNS runs of wall time, CPU time and peak RSS (GNU time, as bench:compare measures
// them), with the load average
// beside them: other jobs skew wall times.
//
// Run: deno task bench:graders [rows] [runs]
import { measure } from "./compare.ts";
import { writeRealisticResults } from "./_generate.ts";

const rows = Number(Deno.args[0] ?? 200_000);
const runs = Number(Deno.args[1] ?? 3);

if (import.meta.main) {
  const dir = await Deno.makeTempDir({ prefix: "verdict-bench-" });
  try {
    const file = `${dir}/rows.jsonl`;
    await writeRealisticResults(file, rows);
    const score = (graders: string, ...more: string[]) => [
      "run",
      "--lock=deno.lock",
      "--allow-read",
      "cli.ts",
      "score",
      file,
      "--graders",
      graders,
      "--json",
      ...more,
    ];
    const cases: [string, string[]][] = [
      ["score --graders exact", score("exact")],
      ["score --graders all --workers 1", score("all", "--workers", "1")],
      [`score --graders all (workers: default)`, score("all")],
      ["score --graders bleu,chrf --workers 1", score("bleu,chrf", "--workers", "1")],
      ["score --graders bleu,chrf (workers: default)", score("bleu,chrf")],
    ];
    console.log(`${rows} rows, medians of ${runs} runs, ${navigator.hardwareConcurrency} cores`);
    console.log(`${"".padEnd(46)}    wall      CPU  peak RSS`);
    for (const [name, args] of cases) {
      const load = Deno.loadavg()[0].toFixed(1);
      const { m } = await measure(Deno.execPath(), args, runs);
      console.log(
        `${name.padEnd(46)} ${m.wallS.toFixed(2).padStart(6)} s ${
          m.cpuS?.toFixed(2).padStart(6)
        } s ` +
          `${m.peakMiB?.toFixed(0).padStart(5)} MB  (load ${load})`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
