// Whole-process scoring time per grader on 200,000 generated rows (rows/s), plus every grader at once.
// Run: deno run --allow-read --allow-write bench/score_process.ts [rows]
import { GRADER_NAMES, type GraderName, score } from "../mod.ts";
import { writeSynthetic } from "./_generate.ts";

const rows = Number(Deno.args[0] ?? 200_000);

if (import.meta.main) {
  const dir = await Deno.makeTempDir({ prefix: "verdict-bench-" });
  try {
    const { jsonl } = await writeSynthetic(dir, rows);
    const runs: (GraderName | "all")[][] = [...GRADER_NAMES.map((g) => [g]), ["all"]];
    for (const graders of runs) {
      const start = performance.now();
      const report = await score(jsonl, { graders, keepRows: 0, scored: `${dir}/scored.csv` });
      const seconds = (performance.now() - start) / 1000;
      const used = report.read.toJSON().rows.used;
      console.log(
        `${graders.join(",").padEnd(12)} ${used} rows in ${seconds.toFixed(2)} s = ` +
          `${Math.round(used / seconds)} rows/s (reading and writing the scored file included)`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
