// Start-up time of the command line against a hello-world script, and the demo's time on an
// empty and on a filled cache.
//
//   deno task bench:startup                 both parts
//   deno task bench:startup cli [N]         only the command-line start-up (N runs each, default 15)
//   deno task bench:startup cli N BASE      the same, each run alternated with one in BASE (another
//                                           checkout, e.g. a worktree of main): before and after
//                                           side by side, under the same load
//
// `score` and `audit` start from their bundles when `deno task bundle:cli` has built them and
// their sources have not changed since (cli/_bundled.ts); the report says which each checkout
// used.
//   deno task bench:startup demo [C] [W]    only the demo: C cold runs (default 3), W warm (default 5)
//
// Command-line start-up: whole-process wall time of a hello-world script (bench/_hello.ts, run the
// same way from the repository root, so it reads the same deno.json and lock file),
// `cli.ts interval --passes 34 --fails 3`, `cli.ts score --help` (every module `score` loads, no
// work), `cli.ts score` of a one-row file with `--json` (the command's own start-up) and of
// `examples/returns-desk.jsonl` (80 rows through every grader), after one unmeasured run each;
// min and median, and the median as a multiple of hello-world's.
// The CPU time (user + system) of each run too, which moves less than the wall time on a busy
// machine: from `perf stat` when it is installed (to the microsecond), else from /usr/bin/time (to
// 10 ms).
//
// Demo: the tracked files are copied to a temporary folder (no node_modules, no cache beside
// them), and `deno task demo` runs there with DENO_DIR pointing at an empty temporary folder
// (cold: every npm package is downloaded), as does the task's own command without `deno task`;
// then `deno task demo` with a filled cache (warm). Medians of the runs, and the npm packages a
// cold run fetched.
import { BUNDLED_COMMANDS, freshBundle } from "../cli/_bundled.ts";
import { copyCheckout } from "../tools/_copy_checkout.ts";

const ROOT = new URL("../", import.meta.url).pathname;

const PERF = "/usr/bin/perf";
const TIME = "/usr/bin/time";
const isFile = (path: string) => {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
};
const cpuTool = isFile(PERF) ? "perf" : isFile(TIME) ? "time" : undefined;

interface Timed {
  ms: number;
  /** User + system CPU milliseconds, when perf or /usr/bin/time is there. */
  cpuMs?: number;
  code: number;
  stderr: string;
}

/** The command that runs Deno with `args` and reports its CPU time on stderr, if a tool can. */
function measuredCommand(args: string[]): [string, string[]] {
  if (cpuTool === "perf") {
    return [PERF, ["stat", "-x", ",", "-e", "task-clock", "--", Deno.execPath(), ...args]];
  }
  if (cpuTool === "time") return [TIME, ["-f", "verdict-cpu %U %S", Deno.execPath(), ...args]];
  return [Deno.execPath(), args];
}

/** Take the CPU time out of what a measuring tool added to stderr. */
function cpuOf(stderr: string): { cpuMs?: number; stderr: string } {
  const perf = /^([\d.]+),msec,task-clock,.*\n?$/m.exec(stderr);
  if (perf) return { cpuMs: Number(perf[1]), stderr: stderr.slice(0, perf.index) };
  const time = /verdict-cpu ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
  if (time) {
    return {
      cpuMs: (Number(time[1]) + Number(time[2])) * 1000,
      stderr: stderr.slice(0, time.index),
    };
  }
  return { stderr };
}

async function timed(args: string[], cwd: string, env: Record<string, string> = {}) {
  const [command, argv] = measuredCommand(args);
  const start = performance.now();
  const out = await new Deno.Command(command, {
    args: argv,
    cwd,
    env: { NO_COLOR: "1", ...env },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  const ms = performance.now() - start;
  const { cpuMs, stderr } = cpuOf(new TextDecoder().decode(out.stderr));
  return { ms, cpuMs, code: out.code, stderr } satisfies Timed;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function cliStartup(runs: number, base?: string): Promise<void> {
  // A results file of one row (the example's first): the command's own start-up, with next to
  // no grading, beside the example's 80 rows through every grader.
  const oneRow = await Deno.makeTempFile({ prefix: "verdict-startup-", suffix: ".jsonl" });
  const example = await Deno.readTextFile(`${ROOT}examples/returns-desk.jsonl`);
  await Deno.writeTextFile(oneRow, example.slice(0, example.indexOf("\n") + 1));
  try {
    await timeCommands(runs, oneRow, base);
  } finally {
    await Deno.remove(oneRow);
  }
}

async function timeCommands(runs: number, oneRow: string, base?: string): Promise<void> {
  const commands: [string, string[]][] = [
    ["hello-world script", ["bench/_hello.ts"]],
    ["cli.ts interval --passes 34 --fails 3", [
      "cli.ts",
      "interval",
      "--passes",
      "34",
      "--fails",
      "3",
    ]],
    ["cli.ts score --help", ["cli.ts", "score", "--help"]],
    ["cli.ts score (a one-row file) --json", ["cli.ts", "score", oneRow, "--json"]],
    ["cli.ts score returns-desk.jsonl --json", [
      "cli.ts",
      "score",
      "examples/returns-desk.jsonl",
      "--json",
    ]],
  ];
  const trees: [string, string][] = base === undefined
    ? [["", ROOT]]
    : [["before ", base.replace(/\/?$/, "/")], ["after  ", ROOT]];
  console.log(
    `Start-up, ${runs} runs each (whole process; CPU time from ${cpuTool ?? "nowhere: no tool"})` +
      (base === undefined ? ":" : `; before = ${trees[0][1]}, after = ${ROOT}, runs alternated:`),
  );
  // Whether each checkout's score and audit start from their bundles (`deno task bundle:cli`).
  for (const [tree, dir] of trees) {
    const from = BUNDLED_COMMANDS.map((name) =>
      `${name} from its ${freshBundle(new URL(`file://${dir}`), name) ? "bundle" : "sources"}`
    );
    console.log(`  ${tree}${from.join(", ")}`);
  }
  const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;
  const times = (x: number) => `${x.toFixed(1).padStart(5)}×`;
  const hello = new Map<string, { wall: number; cpu?: number }>();
  for (const [label, args] of commands) {
    const argv = ["run", "--allow-read", ...args];
    const runsDone = trees.map((): Timed[] => []);
    for (let i = -1; i < runs; i++) {
      for (const [t, [, cwd]] of trees.entries()) {
        const run = await timed(argv, cwd);
        if (run.code !== 0) throw new Error(`${label} failed in ${cwd}:\n${run.stderr}`);
        if (i >= 0) runsDone[t].push(run); // the first run of each is not measured
      }
    }
    for (const [t, [tree]] of trees.entries()) {
      const wall = runsDone[t].map((r) => r.ms);
      const cpu = runsDone[t].flatMap((r) => r.cpuMs === undefined ? [] : [r.cpuMs]);
      const mid = { wall: median(wall), cpu: cpu.length ? median(cpu) : undefined };
      if (!hello.has(tree)) hello.set(tree, mid);
      const h = hello.get(tree)!;
      const ratio = label === commands[0][0] ? "" : `   hello × ${times(mid.wall / h.wall)} wall` +
        (mid.cpu !== undefined && h.cpu ? `, ${times(mid.cpu / h.cpu)} cpu` : "");
      console.log(
        `  ${tree}${label.padEnd(40)} wall min ${ms(Math.min(...wall))}, median ${ms(mid.wall)}` +
          (mid.cpu !== undefined
            ? `   cpu min ${ms(Math.min(...cpu))}, median ${ms(mid.cpu)}`
            : "") +
          ratio,
      );
    }
  }
}

/** npm packages (name@version) in the Deno cache `cache` or in a node_modules folder of `repo`. */
async function npmPackages(cache: string, repo: string): Promise<string[]> {
  const found = new Set<string>();
  const registry = `${cache}/npm/registry.npmjs.org`;
  const walkNames = async function* (base: string) {
    for await (const e of Deno.readDir(base)) {
      if (!e.isDirectory) continue;
      if (e.name.startsWith("@")) {
        for await (const s of Deno.readDir(`${base}/${e.name}`)) {
          if (s.isDirectory) yield `${e.name}/${s.name}`;
        }
      } else yield e.name;
    }
  };
  try {
    for await (const name of walkNames(registry)) {
      for await (const v of Deno.readDir(`${registry}/${name}`)) {
        if (v.isDirectory) found.add(`${name}@${v.name}`);
      }
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  try {
    for await (const e of Deno.readDir(`${repo}/node_modules/.deno`)) {
      if (e.isDirectory && e.name.includes("@", 1)) found.add(e.name.replaceAll("+", "/"));
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  return [...found].sort();
}

/** Run `args` in `repo` with an empty cache `runs` times; the timings and what a run fetched. */
async function coldRuns(args: string[], repo: string, dir: string, runs: number) {
  const timings: Timed[] = [];
  let packages: string[] = [];
  for (let i = 0; i < runs; i++) {
    const cache = await Deno.makeTempDir({ dir, prefix: "cache-" });
    const run = await timed(args, repo, { DENO_DIR: cache });
    if (run.code !== 0) throw new Error(`cold ${args.join(" ")} failed:\n${run.stderr}`);
    timings.push(run);
    packages = await npmPackages(cache, repo);
    await Deno.remove(cache, { recursive: true });
  }
  return { timings, packages };
}

async function demo(cold: number, warm: number): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "verdict-demo-bench-" });
  try {
    const repo = `${dir}/repo`;
    await copyCheckout(ROOT, repo);
    // The demo task's own command, run without `deno task` (which first installs every package
    // of the lock file, test tools included, whatever the task imports).
    const command: string = JSON.parse(await Deno.readTextFile(`${repo}/deno.json`)).tasks.demo;
    const direct = command.split(/\s+/);
    if (direct[0] !== "deno") throw new Error(`the demo task is not a deno command: ${command}`);
    const viaTask = await coldRuns(["task", "demo"], repo, dir, cold);
    const viaRun = await coldRuns(direct.slice(1), repo, dir, cold);
    const cache = `${dir}/warm-cache`;
    const warmRuns: Timed[] = [];
    for (let i = 0; i <= warm; i++) {
      const run = await timed(["task", "demo"], repo, { DENO_DIR: cache });
      if (run.code !== 0) throw new Error(`warm demo failed:\n${run.stderr}`);
      if (i > 0) warmRuns.push(run); // the first run fills the cache
    }
    const s = (xs: number[]) => `${(median(xs) / 1000).toFixed(2)} s`;
    const line = (label: string, runs: Timed[]) => {
      const cpu = runs.flatMap((r) => r.cpuMs === undefined ? [] : [r.cpuMs]);
      console.log(
        `  ${label.padEnd(50)} median ${s(runs.map((r) => r.ms))} wall` +
          (cpu.length ? `, ${s(cpu)} cpu` : "") + ` (${runs.length} runs)`,
      );
    };
    const fetched = (label: string, packages: string[]) => {
      const tools = packages.filter((p) => /^(playwright-core|fast-check|@types\/node)@/.test(p));
      console.log(
        `  ${label}: ${packages.length} npm packages fetched; test tools among them: ` +
          (tools.length ? tools.join(", ") : "none"),
      );
    };
    console.log("The demo in a fresh copy of the repository:");
    line("deno task demo, cold (an empty DENO_DIR each run)", viaTask.timings);
    line(`${command.split(" ").slice(0, 2).join(" ")} … (no deno task), cold`, viaRun.timings);
    line("deno task demo, warm (the cache filled)", warmRuns);
    fetched("deno task demo", viaTask.packages);
    fetched("the task's command alone", viaRun.packages);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  const [part, a, b] = Deno.args;
  if (part === undefined || part === "cli") await cliStartup(Number(a ?? 15), b);
  if (part === undefined || part === "demo") await demo(Number(a ?? 3), Number(b ?? 5));
}
