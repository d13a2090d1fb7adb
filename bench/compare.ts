// Issue 16's table in one command: verdict's wall time, CPU time and peak resident memory for each
// line, on files generated afresh (bench/_generate.ts: distinct sentences, a realistic share of
// exact answers, near misses and misses, so no cache hides a cost), and — when a sacreBLEU source
// tree is given — sacreBLEU's time on the same pairs, the ratio, and whether the figures agree.
//
//   deno task bench:compare                          the full sizes (200k pairs, 1M and 5M audit rows)
//   deno task bench:compare --size small --runs 1    a quick run (what the test does)
//   deno task bench:compare --only bleu-chrf         only the first line (corpus BLEU + chrF through
//                                                   the API, with the sacreBLEU side when given): the
//                                                   score and audit lines take long at the full size
//   SACREBLEU_SRC=/path/to/dir deno task bench:compare
//                                                   also sacreBLEU: DIR is the folder that holds the
//                                                   `sacrebleu` package (it goes on PYTHONPATH), run by
//                                                   Debian's /usr/bin/python3 with python3-regex,
//                                                   -tabulate, -numpy, -colorama, -lxml, -portalocker;
//                                                   the version it reports (`__version__`) is printed
//   … --json                                         the lines as JSON (for the test)
//
// Every run is a whole process measured by /usr/bin/time (wall, user + system, peak RSS); each
// figure is the median of --runs runs (default 3); `--graders exact`, `--graders all` and the ten
// graders issue 16's target named are run in turn, and each ratio to exact is the median of the
// runs' ratios. Each line also checks that the report counted every generated row (`counted`
// against `rows`): a bench that silently read fewer rows would look fast. The sacreBLEU side must
// count the same pairs too, and a sacreBLEU process that fails (a Python exception exits 1) stops
// the bench instead of being read as a result.
//
// The two sides of the first line do not do the same work: verdict computes corpus BLEU and chrF
// *and* every sentence score with their means; sacreBLEU only the two corpus figures (its
// `corpus_bleu` and `corpus_chrf` with their defaults), as issue 16 defines the comparison.
// "Figures agree" means, per metric, that verdict's score (a fraction) is the same double as
// sacreBLEU's score divided by 100 (`===` on the numbers as both processes print them, which
// round-trip exactly), and for BLEU that the sufficient statistics (matches and totals per order,
// hypothesis and reference lengths) are equal. Anything else is printed with the difference.
import { type SixFieldCounts, writeRealisticResults, writeSixField } from "./_generate.ts";
import { GRADER_NAMES } from "../lib/graders/mod.ts";

/**
 * The ten graders `--graders all` meant when issue 16 set its target (all graders and the probe
 * within 3× of `--graders exact`). rouge-1, rouge-2, rouge-lsum and ter came later: the table
 * shows both today's `all` and these ten, each against exact.
 */
export const ISSUE_TEN = [
  "exact",
  "normalized",
  "contains",
  "regex",
  "numeric",
  "json-schema",
  "token-f1",
  "bleu",
  "rouge-l",
  "chrf",
];

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
  /** Per figure, whether verdict's and the reference's agree to the last digit (see the header). */
  agreement?: Record<string, { equal: boolean; text: string }>;
}

/** Which lines to run: all of them, or only the first (corpus BLEU + chrF through the API). */
export type Only = "all" | "bleu-chrf";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Each figure's median over several measured runs (null where a run had none). */
function medianMeasured(ms: readonly Measured[]): Measured {
  const of = (pick: (m: Measured) => number | null) => {
    const xs = ms.map(pick).filter((x): x is number => x !== null);
    return xs.length === ms.length ? median(xs) : null;
  };
  return {
    wallS: median(ms.map((m) => m.wallS)),
    cpuS: of((m) => m.cpuS),
    peakMiB: of((m) => m.peakMiB),
  };
}

const hasTime = (() => {
  try {
    return Deno.statSync(TIME).isFile;
  } catch {
    return false;
  }
})();

/**
 * Run a command `runs` times; returns the medians and the last run's stdout (bench:graders uses it
 * too). Exit code 1 is accepted only when `allowExitOne` (verdict's "rows lack a verdict"); any
 * other failure throws with the command's stderr.
 */
export async function measure(
  command: string,
  args: string[],
  runs: number,
  env: Record<string, string> = {},
  allowExitOne = true,
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
    if (!out.success && !(allowExitOne && out.code === 1)) {
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

/** The sacreBLEU side, when a source tree is given and Debian's Python can import it. */
async function sacrebleuReady(): Promise<{ src: string; version: string } | { skipped: string }> {
  const src = Deno.env.get("SACREBLEU_SRC");
  if (!src) {
    return { skipped: "SACREBLEU_SRC is not set (the folder holding a sacrebleu package)" };
  }
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
  return { src, version: new TextDecoder().decode(probe.stdout).trim() };
}

// Blank lines are skipped as _compare_api.ts skips them (JavaScript's trim and Python's strip
// agree on the generator's output, which has no other blank lines). json.dumps writes floats with
// repr, which the JSON reader on the other side turns back into the same double.
const SACREBLEU_SCRIPT = `
import json, sys, sacrebleu
hyps, refs = [], []
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        if line.strip():
            row = json.loads(line)
            hyps.append(row["output"]); refs.append(row["expected"])
bleu = sacrebleu.corpus_bleu(hyps, [refs])
chrf = sacrebleu.corpus_chrf(hyps, [refs])
print(json.dumps({"pairs": len(hyps), "bleu": bleu.score, "chrf": chrf.score,
                  "bleuStats": {"counts": bleu.counts, "totals": bleu.totals,
                                "sysLen": bleu.sys_len, "refLen": bleu.ref_len}}))
`;

function times(a: Measured, b: Measured): string {
  return multiple(a.wallS / b.wallS);
}

function multiple(r: number): string {
  return `${r >= 1 ? r.toFixed(1) : r.toFixed(2)}×`;
}

/** The reference's time over verdict's, in wall and (when measured) CPU time, said plainly. */
export function speedup(verdict: Measured, reference: Measured, name: string): string {
  const wall = reference.wallS / verdict.wallS;
  const cpu = verdict.cpuS && reference.cpuS ? reference.cpuS / verdict.cpuS : null;
  const x = (r: number) => `${r >= 10 ? r.toFixed(0) : r.toFixed(1)}×`;
  const word = wall >= 1 ? "faster" : "slower";
  const wallText = wall >= 1 ? x(wall) : x(1 / wall);
  const cpuText = cpu === null ? "" : `, CPU ${cpu >= 1 ? `${x(cpu)} less` : `${x(1 / cpu)} more`}`;
  return `verdict ${wallText} ${word} than ${name} (wall${cpuText})`;
}

/** verdict's figures and sacreBLEU's for the same pairs (see the header for what "agree" means). */
export interface FigurePair {
  /** verdict's score, a fraction in [0, 1]. */
  verdict: number;
  /** sacreBLEU's score, in [0, 100]. */
  sacrebleu: number;
}

/** Whether the two sides agree to the last digit, and if not, by how much they differ. */
export function agreement(p: FigurePair): { equal: boolean; text: string } {
  const theirs = p.sacrebleu / 100;
  if (p.verdict === theirs) return { equal: true, text: `equal (${p.verdict})` };
  return {
    equal: false,
    text: `DIFFER: verdict ${p.verdict}, sacreBLEU/100 ${theirs} (by ${
      Math.abs(p.verdict - theirs)
    })`,
  };
}

/** BLEU's sufficient statistics from both sides: equal, or the first difference. */
export function bleuStatsAgreement(
  verdict: { counts: number[]; totals: number[]; sysLen: number; refLen: number },
  sacre: { counts: number[]; totals: number[]; sysLen: number; refLen: number },
): { equal: boolean; text: string } {
  for (const key of ["counts", "totals", "sysLen", "refLen"] as const) {
    if (JSON.stringify(verdict[key]) !== JSON.stringify(sacre[key])) {
      return {
        equal: false,
        text: `DIFFER in ${key}: verdict ${JSON.stringify(verdict[key])}, sacreBLEU ${
          JSON.stringify(sacre[key])
        }`,
      };
    }
  }
  return { equal: true, text: "equal (matches and totals per order, lengths)" };
}

/** Run every line of the table at the given sizes (or only the first, with `only: "bleu-chrf"`). */
export async function compare(
  sizes: Sizes,
  runs: number,
  dir: string,
  only: Only = "all",
): Promise<Line[]> {
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
      figures: { bleu: r.bleu, chrf: r.chrf },
    };
    if ("src" in sacre) {
      const s = await measure(
        "/usr/bin/python3",
        ["-c", SACREBLEU_SCRIPT, results],
        runs,
        { PYTHONPATH: sacre.src },
        false,
      );
      const f = JSON.parse(s.stdout);
      if (f.pairs !== sizes.pairs) {
        throw new Error(`sacreBLEU's side read ${f.pairs} pairs, not ${sizes.pairs}`);
      }
      line.reference = {
        label: `sacreBLEU ${sacre.version} corpus BLEU + chrF (no sentence scores)`,
        measured: s.m,
      };
      line.ratioText = speedup(m, s.m, "sacreBLEU");
      line.figures = {
        bleu: r.bleu,
        chrf: r.chrf,
        sacrebleuBleu: f.bleu,
        sacrebleuChrf: f.chrf,
      };
      line.agreement = {
        bleu: agreement({ verdict: r.bleu, sacrebleu: f.bleu }),
        bleuStats: bleuStatsAgreement(r.bleuStats, f.bleuStats),
        chrf: agreement({ verdict: r.chrf, sacrebleu: f.chrf }),
      };
    } else line.reference = { label: "sacreBLEU", skipped: sacre.skipped };
    lines.push(line);
  }
  if (only === "bleu-chrf") return lines;

  // 2–3. The score command: BLEU + chrF; all graders against exact alone.
  const scoreRun = async (graders: string, times = runs) => {
    const [cmd, args] = deno(
      ["--allow-read"],
      "cli.ts",
      "score",
      results,
      "--graders",
      graders,
      "--json",
    );
    const { m, stdout } = await measure(cmd, args, times);
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
  // Alternated run by run, so that a drift in the machine's speed (a shared host's) falls on all
  // sides alike; each ratio is the median of its pairs' ratios.
  const exactRuns: Awaited<ReturnType<typeof scoreRun>>[] = [];
  const allRuns: typeof exactRuns = [];
  const tenRuns: typeof exactRuns = [];
  for (let i = 0; i < runs; i++) {
    exactRuns.push(await scoreRun("exact", 1));
    allRuns.push(await scoreRun("all", 1));
    tenRuns.push(await scoreRun(ISSUE_TEN.join(","), 1));
  }
  const exact = { m: medianMeasured(exactRuns.map((r) => r.m)), used: exactRuns[0].used };
  const againstExact = (work: string, list: typeof exactRuns): Line => ({
    work: `${work}, ${fmt(sizes.pairs)}`,
    rows: sizes.pairs,
    counted: list.reduce((least, r) => Math.min(least, r.used), sizes.pairs),
    verdict: medianMeasured(list.map((r) => r.m)),
    reference: { label: "score --graders exact", measured: exact.m },
    ratioText: `${
      multiple(median(list.map((a, i) => a.m.wallS / exactRuns[i].m.wallS)))
    } the read-and-exact time (median of ${runs} alternated pair${runs === 1 ? "" : "s"})`,
  });
  lines.push(
    againstExact(
      `score --graders all (${GRADER_NAMES.length} graders + near-miss probe)`,
      allRuns,
    ),
    againstExact(
      `score with issue 16's ten graders (${ISSUE_TEN.join(" ")}) + near-miss probe`,
      tenRuns,
    ),
  );
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

/** The 1, 5 and 15 minute load averages (Deno reads /proc only with --allow-all, so through cat). */
async function loadAverage(): Promise<string> {
  try {
    const out = await new Deno.Command("cat", { args: ["/proc/loadavg"], stdout: "piped" })
      .output();
    return new TextDecoder().decode(out.stdout).split(" ").slice(0, 3).join(" ") || "?";
  } catch {
    return "?";
  }
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = Deno.args.indexOf(name);
    return i >= 0 ? Deno.args[i + 1] : undefined;
  };
  const sizes = SIZES[arg("--size") ?? "full"];
  if (!sizes) throw new RangeError(`--size must be ${Object.keys(SIZES).join(" or ")}`);
  const only = arg("--only") ?? "all";
  if (only !== "all" && only !== "bleu-chrf") {
    throw new RangeError(`--only must be bleu-chrf (or all, the default), not ${only}`);
  }
  const runs = Number(arg("--runs") ?? 3);
  const dir = await Deno.makeTempDir({ prefix: "verdict-compare-" });
  try {
    const started = new Date().toISOString();
    const loadStart = await loadAverage();
    const lines = await compare(sizes, runs, dir, only);
    if (Deno.args.includes("--json")) {
      console.log(
        JSON.stringify({ started, runs, loadStart, loadEnd: await loadAverage(), lines }),
      );
    } else {
      console.log(
        `${started}, medians of ${runs} runs, load average at the start: ${loadStart}, at the end: ${await loadAverage()}`,
      );
      console.log(table(lines));
      for (const l of lines) {
        if (l.figures) console.log(`${l.work}: ${JSON.stringify(l.figures)}`);
        for (const [name, a] of Object.entries(l.agreement ?? {})) {
          console.log(`  ${name} against sacreBLEU: ${a.text}`);
        }
      }
      const skipped = lines.find((l) => l.reference?.skipped);
      if (skipped) console.log(`sacrebleu: skipped — ${skipped.reference!.skipped}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
