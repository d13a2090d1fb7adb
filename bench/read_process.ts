// Whole-process measurement of the reader: rows per second and peak resident memory while
// streaming a 200,000-row file in each format. Run: deno task bench:read
// (or deno run --allow-read --allow-write --allow-run bench/read_process.ts [rows]).
import { writeSynthetic } from "./_generate.ts";

const rows = Number(Deno.args[0] ?? 200_000);

const CHILD = `
import { openResults } from "./mod.ts";
const path = Deno.args[0];
let peak = Deno.memoryUsage().rss;
const start = performance.now();
const reader = await openResults(path);
let n = 0;
for await (const _ of reader) {
  if (++n % 5000 === 0) peak = Math.max(peak, Deno.memoryUsage().rss);
}
const seconds = (performance.now() - start) / 1000;
peak = Math.max(peak, Deno.memoryUsage().rss);
console.log(JSON.stringify({ rows: n, read: reader.report.read, seconds, peakRssMiB: peak / 2 ** 20 }));
`;

if (import.meta.main) {
  const dir = await Deno.makeTempDir({ prefix: "verdict-bench-" });
  try {
    const files = await writeSynthetic(dir, rows);
    for (const [format, path] of Object.entries(files)) {
      const size = (await Deno.stat(path)).size;
      const child = await new Deno.Command(Deno.execPath(), {
        args: ["run", "--allow-read", "--ext=ts", "-", path],
        cwd: new URL("../", import.meta.url),
        stdin: "piped",
        stdout: "piped",
        stderr: "inherit",
      }).spawn();
      const w = child.stdin.getWriter();
      await w.write(new TextEncoder().encode(CHILD));
      await w.close();
      const out = await child.output();
      const r = JSON.parse(new TextDecoder().decode(out.stdout));
      console.log(
        `${format.padEnd(5)} ${(size / 2 ** 20).toFixed(1)} MiB, ${r.rows} rows in ${
          r.seconds.toFixed(2)
        } s ` +
          `= ${Math.round(r.rows / r.seconds)} rows/s, peak RSS ${r.peakRssMiB.toFixed(0)} MiB`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
