// Start-up time of the command line, and the demo's time on an empty and on a filled cache.
//
//   deno task bench:startup            both parts
//   deno task bench:startup cli [N]    only the command-line start-up (N runs each, default 15)
//   deno task bench:startup demo       only the demo, cold then warm (needs the npm registry)
//
// Command-line start-up: whole-process wall time of `cli.ts interval --passes 34 --fails 3` and
// `cli.ts score examples/returns-desk.jsonl --json`, after one unmeasured run; min and median.
// With /usr/bin/time present, the CPU time (user + system) of each run too: on a busy machine it
// moves less than the wall time.
//
// Demo: the tracked files are copied to a temporary folder (no node_modules, no cache beside
// them), and `deno task demo` runs there with DENO_DIR pointing at an empty temporary folder
// (cold: every npm package is downloaded), then again (warm). It reports the time of each and the
// npm packages that the cold run fetched.
const ROOT = new URL("../", import.meta.url).pathname;

const TIME = "/usr/bin/time";
const haveTime = (() => {
  try {
    return Deno.statSync(TIME).isFile;
  } catch {
    return false;
  }
})();

interface Timed {
  ms: number;
  /** User + system CPU milliseconds, when /usr/bin/time is there. */
  cpuMs?: number;
  code: number;
  stderr: string;
}

async function timed(args: string[], cwd: string, env: Record<string, string> = {}) {
  const [command, argv] = haveTime
    ? [TIME, ["-f", "verdict-cpu %U %S", Deno.execPath(), ...args]]
    : [Deno.execPath(), args];
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
  let stderr = new TextDecoder().decode(out.stderr);
  const cpu = /verdict-cpu ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
  if (cpu) stderr = stderr.slice(0, cpu.index);
  const cpuMs = cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : undefined;
  return { ms, cpuMs, code: out.code, stderr } satisfies Timed;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function cliStartup(runs: number): Promise<void> {
  const commands: [string, string[]][] = [
    ["interval --passes 34 --fails 3", ["interval", "--passes", "34", "--fails", "3"]],
    ["score returns-desk.jsonl --json", ["score", "examples/returns-desk.jsonl", "--json"]],
  ];
  console.log(`Command-line start-up, ${runs} runs each (wall time of the whole process):`);
  for (const [label, args] of commands) {
    const argv = ["run", "--allow-read", "cli.ts", ...args];
    const first = await timed(argv, ROOT);
    if (first.code !== 0) throw new Error(`cli.ts ${label} failed:\n${first.stderr}`);
    const runsDone: Timed[] = [];
    for (let i = 0; i < runs; i++) runsDone.push(await timed(argv, ROOT));
    const wall = runsDone.map((r) => r.ms);
    const cpu = runsDone.flatMap((r) => r.cpuMs === undefined ? [] : [r.cpuMs]);
    const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;
    console.log(
      `  cli.ts ${label.padEnd(32)} wall min ${ms(Math.min(...wall))}, median ${ms(median(wall))}` +
        (cpu.length ? `   cpu min ${ms(Math.min(...cpu))}, median ${ms(median(cpu))}` : ""),
    );
  }
}

/** The tracked files of the working tree (with their uncommitted changes), copied to `dest`. */
async function copyTracked(dest: string): Promise<void> {
  const out = await new Deno.Command("git", { args: ["ls-files", "-z"], cwd: ROOT }).output();
  if (out.code !== 0) throw new Error("git ls-files failed");
  for (const file of new TextDecoder().decode(out.stdout).split("\0").filter(Boolean)) {
    const target = `${dest}/${file}`;
    await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
    try {
      await Deno.copyFile(`${ROOT}${file}`, target);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e; // deleted but not yet committed
    }
  }
}

/** npm packages (name@version) present in a Deno cache or a node_modules folder under `dir`. */
async function npmPackages(dir: string): Promise<string[]> {
  const found = new Set<string>();
  const registry = `${dir}/cache/npm/registry.npmjs.org`;
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
    for await (const e of Deno.readDir(`${dir}/repo/node_modules/.deno`)) {
      if (e.isDirectory && e.name.includes("@", 1)) found.add(e.name.replaceAll("+", "/"));
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  return [...found].sort();
}

async function demo(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "verdict-demo-bench-" });
  try {
    const repo = `${dir}/repo`;
    await copyTracked(repo);
    const env = { DENO_DIR: `${dir}/cache` };
    const cold = await timed(["task", "demo"], repo, env);
    if (cold.code !== 0) throw new Error(`cold demo failed:\n${cold.stderr}`);
    const packages = await npmPackages(dir);
    const warm = await timed(["task", "demo"], repo, env);
    if (warm.code !== 0) throw new Error(`warm demo failed:\n${warm.stderr}`);
    console.log("deno task demo in a fresh copy of the repository:");
    console.log(`  cold (empty DENO_DIR, no node_modules)  ${(cold.ms / 1000).toFixed(1)} s`);
    console.log(`  warm (second run)                       ${(warm.ms / 1000).toFixed(2)} s`);
    console.log(`  npm packages fetched by the cold run: ${packages.length}`);
    const tools = packages.filter((p) => /^(playwright-core|fast-check|@types\/node)@/.test(p));
    console.log(`  test tools among them: ${tools.length ? tools.join(", ") : "none"}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  const [part, n] = Deno.args;
  if (part === undefined || part === "cli") await cliStartup(Number(n ?? 15));
  if (part === undefined || part === "demo") await demo();
}
