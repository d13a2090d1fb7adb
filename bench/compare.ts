// Issue 16's table in one command: verdict's wall time, CPU time and peak resident memory for each
// line, on files generated afresh (bench/_generate.ts: distinct sentences, a realistic share of
// exact answers, near misses and misses, so no cache hides a cost), and — when a sacrebleu source
// tree is given — sacrebleu's time on the same pairs and the ratio.
//
//   deno task bench:compare                          the full sizes (200k pairs, 1M and 5M audit rows)
//   deno task bench:compare --size small --runs 1    a quick run (what the test does)
//   SACREBLEU_SRC=/path/to/sacrebleu deno task bench:compare
//                                                   also sacrebleu 2.6.0 (Debian's /usr/bin/python3
//                                                   with python3-regex, -tabulate, -numpy, -colorama,
//                                                   -lxml, -portalocker)
//   … --json                                         the lines as JSON (for the test)
//
// Every verdict run is a whole process measured by /usr/bin/time (wall, user + system, peak RSS);
// each figure is the median of --runs runs (default 3). Each line also checks that verdict's
// report counted every generated row (`counted` against `rows`): a bench that silently read
// fewer rows would look fast.
import { type SixFieldCounts, writeRealisticResults, writeSixField } from "./_generate.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const TIME = "/usr/bin/time";

interface Sizes {
  pairs: number;
  audit: number[];
  scored: number;
}
const SIZES: Record<string, Sizes> = {
  full: { pairs: 200_000, audit: [1_000_000, 5_000_000], scored: 1_000_000 },
  small: { pairs: 1_000, audit: [4_000, 8_000], scored: 2_000 },
};

/** One measured process: medians over the runs. */
export interface Measured {
  wallS: number;
  cpuS: number | null;
  peakMiB: number | null;
}

/** One line of the table. */
export interface Line {
  work: string;
  /** Rows (or pairs) the generator wrote. */
  rows: number;
  /** Rows verdict's report says it read and used (must equal `rows`). */
  counted: number;
  verdict: Measured;
  /** What the line is compared with: another verdict run or sacrebleu, or why it is not. */
  reference?: { label: string; measured?: Measured; skipped?: string };
  /** verdict's time over the reference's (or the reference's over verdict's: see `ratioText`). */
  ratioText?: string;
  /** Figures to compare side by side (e.g. BLEU from both). */
  figures?: Record<string, number>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const hasTime = (() => {
  try {
    return Deno.statSync(TIME).isFile;
  } catch {
    return false;
  }
})();

/** Run a command `runs` times; returns the medians and the last run's stdout (bench:graders uses it too). */
export async function measure(
  command: string,
  args: string[],
  runs: number,
  env: Record<string, string> = {},
): Promise<{ m: Measured; stdout: string }> {
  const walls: number[] = [];
  const cpus: number[] = [];
  const peaks: number[] = [];
  let stdout = "";
  for (let i = 0; i < runs; i++) {
    const stats = await Deno.makeTempFile({ prefix: "verdict-time-" });
    const [cmd, argv] = hasTime
      ? [TIME, ["-o", stats, "-f", "%e %U %S %M", command, ...args]]
      : [command, args];
    const start = performance.now();
    const out = await new Deno.Command(cmd, {
      args: argv,
      cwd: ROOT,
      env: { NO_COLOR: "1", ...env },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const wall = (performance.now() - start) / 1000;
    const text = hasTime ? (await Deno.readTextFile(stats)).trim().split("\n").at(-1)! : "";
    await Deno.remove(stats);
    if (!out.success && out.code !== 1) {
      // verdict exits 1 when rows lack a verdict (an audit's finding), which is not a failure here.
      throw new Error(
        `${command} ${args.join(" ")} failed (${out.code}):\n${
          new TextDecoder().decode(out.stderr)
        }`,
      );
    }
    stdout = new TextDecoder().decode(out.stdout);
    if (hasTime) {
      const [e, u, s, kb] = text.split(" ").map(Number);
      walls.push(e);
      cpus.push(u + s);
      peaks.push(kb / 1024);
    } else walls.push(wall);
  }
  return {
    m: {
      wallS: median(walls),
      cpuS: cpus.length ? median(cpus) : null,
      peakMiB: peaks.length ? median(peaks) : null,
    },
    stdout,
  };
}

const deno = (permissions: string[], script: string, ...args: string[]): [string, string[]] => [
  Deno.execPath(),
  ["run", "--lock=deno.lock", ...permissions, script, ...args],
];

/** The sacrebleu side, when a source tree is given and Debian's Python can import it. */
async function sacrebleuReady(): Promise<{ src: string } | { skipped: string }> {
  const src = Deno.env.get("SACREBLEU_SRC");
  if (!src) return { skipped: "SACREBLEU_SRC is not set (a sacrebleu 2.6.0 source tree)" };
  const probe = await new Deno.Command("/usr/bin/python3", {
    args: ["-c", "import sacrebleu; print(sacrebleu.__version__)"],
    env: { PYTHONPATH: src },
    stdout: "piped",
    stderr: "piped",
  }).output().catch((e) => ({ success: false, stdout: new Uint8Array(), stderr: String(e) }));
  if (!probe.success) {
    const why = typeof probe.stderr === "string"
      ? probe.stderr
      : new TextDecoder().decode(probe.stderr).trim().split("\n").at(-1);
    return { skipped: `/usr/bin/python3 cannot import sacrebleu from ${src}: ${why}` };
  }
  return { src };
}

const SACREBLEU_SCRIPT = `
import json, sys, sacrebleu
hyps, refs = [], []
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        if line.strip():
            row = json.loads(line)
            hyps.append(row["output"]); refs.append(row["expected"])
bleu = sacrebleu.corpus_bleu(hyps, [refs]).score
chrf = sacrebleu.corpus_chrf(hyps, [refs]).score
print(json.dumps({"pairs": len(hyps), "bleu": bleu, "chrf": chrf}))
`;

function times(a: Measured, b: Measured): string {
  const r = a.wallS / b.wallS;
  return `${r >= 1 ? r.toFixed(1) : r.toFixed(2)}×`;
}

/** Run every line of the table at the given sizes. */
export async function compare(sizes: Sizes, runs: number, dir: string): Promise<Line[]> {
  const lines: Line[] = [];
  const results = `${dir}/results-${sizes.pairs}.jsonl`;
  await writeRealisticResults(results, sizes.pairs);
  const sacre = await sacrebleuReady();

  // 1. Corpus BLEU + chrF with sentence means, through the API.
  {
    const [cmd, args] = deno(["--allow-read"], "bench/_compare_api.ts", results);
    const { m, stdout } = await measure(cmd, args, runs);
    const r = JSON.parse(stdout);
    const line: Line = {
      work: `corpus BLEU + chrF and sentence means, ${fmt(sizes.pairs)} pairs (API)`,
      rows: sizes.pairs,
      counted: r.pairs,
      verdict: m,
      figures: { bleu: r.bleu * 100, chrf: r.chrf * 100 },
    };
    if ("src" in sacre) {
      const s = await measure("/usr/bin/python3", ["-c", SACREBLEU_SCRIPT, results], runs, {
        PYTHONPATH: sacre.src,
      });
      const f = JSON.parse(s.stdout);
      line.reference = { label: "sacrebleu corpus BLEU + chrF", measured: s.m };
      line.ratioText = `${times(s.m, m)} faster`;
      line.figures = { ...line.figures, sacrebleuBleu: f.bleu, sacrebleuChrf: f.chrf };
    } else line.reference = { label: "sacrebleu", skipped: sacre.skipped };
    lines.push(line);
  }

  // 2–3. The score command: BLEU + chrF; all graders against exact alone.
  const scoreRun = async (graders: string) => {
    const [cmd, args] = deno(
      ["--allow-read"],
      "cli.ts",
      "score",
      results,
      "--graders",
      graders,
      "--json",
    );
    const { m, stdout } = await measure(cmd, args, runs);
    return { m, used: JSON.parse(stdout).rows.used as number };
  };
  const bleuChrf = await scoreRun("bleu,chrf");
  lines.push({
    work: `score --graders bleu,chrf (corpus + sentence), ${fmt(sizes.pairs)}`,
    rows: sizes.pairs,
    counted: bleuChrf.used,
    verdict: bleuChrf.m,
    reference: { label: "sacrebleu corpus only: see the line above", skipped: "" },
  });
  const exact = await scoreRun("exact");
  const all = await scoreRun("all");
  lines.push({
    work: `score --graders all (ten graders + near-miss probe), ${fmt(sizes.pairs)}`,
    rows: sizes.pairs,
    counted: all.used,
    verdict: all.m,
    reference: { label: "score --graders exact", measured: exact.m },
    ratioText: `${times(all.m, exact.m)} the read-and-exact time`,
  });
  if (exact.used !== sizes.pairs) {
    lines.push({
      work: "score --graders exact",
      rows: sizes.pairs,
      counted: exact.used,
      verdict: exact.m,
    });
  }

  // 4. score --scored of a bigger file: memory.
  {
    const file = `${dir}/results-${sizes.scored}.jsonl`;
    await writeRealisticResults(file, sizes.scored, 17);
    const [cmd, args] = deno(
      ["--allow-read", "--allow-write"],
      "cli.ts",
      "score",
      file,
      "--graders",
      "exact",
      "--scored",
      `${dir}/scored.csv`,
      "--json",
    );
    const { m, stdout } = await measure(cmd, args, runs);
    lines.push({
      work: `score --graders exact --scored, ${fmt(sizes.scored)}`,
      rows: sizes.scored,
      counted: JSON.parse(stdout).rows.used,
      verdict: m,
    });
    await Deno.remove(file);
  }

  // 5. audit of six-field scored files: memory by size; quoted and unquoted CSV.
  for (const rows of sizes.audit) {
    const csv = `${dir}/six-${rows}.csv`;
    const counts = await writeSixField(csv, rows, "csv");
    const unquoted = await auditRun(csv, counts, runs, `audit of a six-field CSV, ${fmt(rows)}`);
    lines.push(unquoted);
    if (rows === sizes.audit[0]) {
      const quotedFile = `${dir}/six-${rows}-quoted.csv`;
      const qCounts = await writeSixField(quotedFile, rows, "quoted-csv");
      const quoted = await auditRun(
        quotedFile,
        qCounts,
        runs,
        `audit of the same CSV with every cell quoted, ${fmt(rows)}`,
      );
      quoted.reference = { label: "unquoted", measured: unquoted.verdict };
      quoted.ratioText = `${times(quoted.verdict, unquoted.verdict)} the unquoted time`;
      lines.push(quoted);
      await Deno.remove(quotedFile);
    }
    await Deno.remove(csv);
  }
  return lines;
}

async function auditRun(
  path: string,
  counts: SixFieldCounts,
  runs: number,
  work: string,
): Promise<Line> {
  const [cmd, args] = deno(["--allow-read"], "cli.ts", "audit", path, "--json");
  const { m, stdout } = await measure(cmd, args, runs);
  const t = JSON.parse(stdout).totals;
  // Every row is an attempt (no duplicates are generated), and its class is the one written.
  const exact = t.passed === counts.passed && t.failed === counts.failed &&
    t.errored === counts.errored && t.nan === counts.nan;
  return {
    work,
    rows: counts.rows,
    counted: exact ? t.attempted + t.refused : -1,
    verdict: m,
  };
}

function fmt(n: number): string {
  return n >= 1e6 && n % 1e6 === 0
    ? `${n / 1e6}M`
    : n >= 1e3 && n % 1e3 === 0
    ? `${n / 1e3}k`
    : String(n);
}

function cell(m: Measured | undefined): string {
  if (!m) return "—";
  const cpu = m.cpuS === null ? "" : ` (CPU ${m.cpuS.toFixed(1)} s)`;
  const mem = m.peakMiB === null ? "" : `, ${m.peakMiB.toFixed(0)} MiB`;
  return `${m.wallS.toFixed(1)} s${cpu}${mem}`;
}

/** The lines as a Markdown table. */
export function table(lines: readonly Line[]): string {
  const out = [
    "| work | rows counted | verdict: wall (CPU), peak RSS | reference | ratio |",
    "|---|---:|---|---|---|",
  ];
  for (const l of lines) {
    const counted = l.counted === l.rows ? `${l.counted} ✓` : `${l.counted} ≠ ${l.rows} ✗`;
    const ref = l.reference
      ? l.reference.measured
        ? `${l.reference.label}: ${cell(l.reference.measured)}`
        : l.reference.skipped
        ? `${l.reference.label}: skipped (${l.reference.skipped})`
        : l.reference.label
      : "—";
    out.push(`| ${l.work} | ${counted} | ${cell(l.verdict)} | ${ref} | ${l.ratioText ?? "—"} |`);
  }
  return out.join("\n");
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = Deno.args.indexOf(name);
    return i >= 0 ? Deno.args[i + 1] : undefined;
  };
  const sizes = SIZES[arg("--size") ?? "full"];
  if (!sizes) throw new RangeError(`--size must be ${Object.keys(SIZES).join(" or ")}`);
  const runs = Number(arg("--runs") ?? 3);
  const dir = await Deno.makeTempDir({ prefix: "verdict-compare-" });
  try {
    const started = new Date().toISOString();
    const lines = await compare(sizes, runs, dir);
    if (Deno.args.includes("--json")) console.log(JSON.stringify({ started, runs, lines }));
    else {
      const load = await Deno.readTextFile("/proc/loadavg").catch(() => "?");
      console.log(`${started}, medians of ${runs} runs, load average at the end: ${load.trim()}`);
      console.log(table(lines));
      for (const l of lines) {
        if (l.figures) console.log(`${l.work}: ${JSON.stringify(l.figures)}`);
      }
      const skipped = lines.find((l) => l.reference?.skipped);
      if (skipped) console.log(`sacrebleu: skipped — ${skipped.reference!.skipped}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
