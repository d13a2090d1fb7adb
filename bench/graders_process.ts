// Whole-process grading speed on realistic rows (bench/_corpus.ts: distinct 5–40-word sentences,
// a realistic share of misses and near misses, so no cache hides a cost), side by side in one run:
//   - `score --graders exact` (reading the file, the exact grader and its near-miss probe),
//   - `score --graders all` (every grader and the probe), with 1 worker and with the default,
//   - `score --graders bleu,chrf` (corpus figures and each row's sentence score),
//   - corpus BLEU and corpus chrF with their sentence means through the API, in one process.
// Medians of RUNS runs of wall time, CPU time and peak RSS (GNU time), with the load average
// beside them: other jobs skew wall times.
//
// Run: deno task bench:graders [rows] [runs]
import { writeBenchJsonl } from "./_corpus.ts";

const rows = Number(Deno.args[0] ?? 200_000);
const runs = Number(Deno.args[1] ?? 3);
const root = new URL("../", import.meta.url).pathname;

interface Timing {
  wall: number;
  cpu: number;
  rssMb: number;
}

/**
 * Medians of `runs` runs of a deno command: wall seconds, CPU seconds (user + system) and peak
 * RSS, read from GNU time (`/usr/bin/time`). Under load the CPU time is the steadier figure.
 */
async function median(args: string[]): Promise<Timing> {
  const got: Timing[] = [];
  for (let i = 0; i < runs; i++) {
    const out = await new Deno.Command("/usr/bin/time", {
      args: ["-f", "%e %U %S %M", Deno.execPath(), ...args],
      cwd: root,
      stdout: "null",
      stderr: "piped",
    }).output();
    const last = new TextDecoder().decode(out.stderr).trim().split("\n").at(-1)!;
    if (!out.success) throw new Error(`deno ${args.join(" ")} failed: ${last}`);
    const [wall, user, system, kb] = last.split(" ").map(Number);
    got.push({ wall, cpu: user + system, rssMb: kb / 1024 });
  }
  const mid = (key: keyof Timing) => got.map((t) => t[key]).sort((a, b) => a - b)[runs >> 1];
  return { wall: mid("wall"), cpu: mid("cpu"), rssMb: mid("rssMb") };
}

// The API side: corpus BLEU and chrF with the mean of the sentence scores, rows read first.
const API = `
import { bleuGrader, chrfGrader } from "${root}mod.ts";
const rows = (await Deno.readTextFile(Deno.args[0])).split("\\n").filter((l) => l)
  .map((l) => JSON.parse(l));
const start = performance.now();
for (const grader of [bleuGrader, chrfGrader]) {
  const sums = [];
  let mean = 0;
  for (const r of rows) {
    const result = grader.grade({ output: r.output, references: [r.expected] });
    mean += result.score / rows.length;
    result.stats.forEach((s, i) => sums[i] = (sums[i] ?? 0) + s);
  }
  const corpus = grader.corpus.aggregate(sums, { nrefs: 1 }, grader.resolve());
  console.log(grader.name, corpus.score, mean);
}
console.log("seconds", (performance.now() - start) / 1000);
`;

if (import.meta.main) {
  const dir = await Deno.makeTempDir({ prefix: "verdict-bench-" });
  try {
    const file = `${dir}/rows.jsonl`;
    await writeBenchJsonl(file, rows);
    const api = `${dir}/api.ts`;
    await Deno.writeTextFile(api, API);
    const score = (graders: string, ...more: string[]) => [
      "run",
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
      ["API: corpus BLEU + chrF with sentence means", ["run", "--allow-read", api, file]],
    ];
    console.log(`${rows} rows, medians of ${runs} runs, ${navigator.hardwareConcurrency} cores`);
    console.log(`${"".padEnd(46)}    wall      CPU  peak RSS`);
    for (const [name, args] of cases) {
      const load = Deno.loadavg()[0].toFixed(1);
      const t = await median(args);
      console.log(
        `${name.padEnd(46)} ${t.wall.toFixed(2).padStart(6)} s ${t.cpu.toFixed(2).padStart(6)} s ` +
          `${t.rssMb.toFixed(0).padStart(5)} MB  (load ${load})`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
