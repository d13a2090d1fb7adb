// Running untrusted code (a model's answer) in a Deno subprocess that can do nothing but compute:
// no permissions at all (no files, network, environment, processes, FFI; never a prompt), no
// remote, npm or local-file imports (an import map sends every file: and http(s): specifier but
// the program itself to a scheme that cannot load — Deno loads imported files without asking for
// read permission, so the map is what stops `import "/etc/passwd" with { type: "text" }`), an
// empty environment, a memory ceiling, a time limit and a cap on what it prints. At most as many
// sandboxes run at once as the machine has cores. V8's heap ceiling does not count ArrayBuffers
// (`new Uint8Array(2 ** 32).fill(1)` passes it), so on Linux the process's resident memory is also
// read from /proc while it runs and the process killed past twice the ceiling (Deno lets a
// program read /proc only with every permission, -A; without it only the heap ceiling holds).
import { pathToFileURL } from "node:url";
import { UserTypeError } from "../errors/mod.ts";

/** Limits of one sandboxed run. */
export interface SandboxLimits {
  /** Wall-clock milliseconds before the process is killed. */
  timeoutMs: number;
  /** Bytes of stdout and stderr together before the process is killed. */
  maxOutputBytes: number;
  /**
   * V8's old-space ceiling in megabytes; on Linux the process is also killed once its resident
   * memory passes twice this.
   */
  memoryMb: number;
}

/** What a sandboxed run did. */
export interface SandboxRun {
  /** The exit code (null when it was killed). */
  code: number | null;
  /** What it printed on stdout, up to the cap. */
  stdout: string;
  /** What it printed on stderr, up to the cap. */
  stderr: string;
  /** Why it was stopped, when it was. */
  stopped: "timeout" | "output" | "memory" | null;
  /** Milliseconds it ran. */
  ms: number;
}

let running = 0;
const waiting: (() => void)[] = [];
const slots = () => Math.max(1, navigator.hardwareConcurrency || 1);

async function slot(): Promise<() => void> {
  if (running >= slots()) await new Promise<void>((r) => waiting.push(r));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * Fail early, with what to do, when this process cannot run sandboxes: spawning Deno needs
 * `--allow-run`, writing the program to a temporary folder `--allow-write`.
 */
export async function checkSandbox(): Promise<void> {
  const run = await Deno.permissions.query({ name: "run", command: Deno.execPath() });
  let dir: string | undefined;
  try {
    if (run.state !== "granted") throw new Error("no run permission");
    dir = await Deno.makeTempDir({ prefix: "verdict-tests-" });
  } catch {
    throw new UserTypeError(
      "The tests metric runs each answer's code in a Deno subprocess with no permissions: give " +
        "this program --allow-run (to start deno) and --allow-write (for a temporary folder)",
    );
  } finally {
    if (dir) await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/**
 * Read a process's resident memory (VmRSS in /proc, Linux) every few milliseconds and call `over`
 * once it passes `limitKb`. Where /proc cannot be read (another system, or Deno's permissions:
 * reading /proc needs -A) this watch does nothing and the heap ceiling alone applies.
 */
function watchMemory(pid: number, limitKb: number, over: () => void): { stop(): void } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = async () => {
    if (stopped) return;
    let status: string;
    try {
      status = await Deno.readTextFile(`/proc/${pid}/status`);
    } catch {
      return; // not Linux, not allowed, or the process is gone
    }
    const kb = Number(/^VmRSS:\s*(\d+)\s*kB/m.exec(status)?.[1]);
    if (kb > limitKb) return over();
    if (!stopped) timer = setTimeout(check, 20);
  };
  check();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

async function collect(
  stream: ReadableStream<Uint8Array>,
  budget: { left: number },
  overflow: () => void,
): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream) {
    if (budget.left <= 0) continue; // keep draining so the child never blocks on a full pipe
    const kept = chunk.subarray(0, budget.left);
    parts.push(kept);
    budget.left -= chunk.length;
    if (budget.left <= 0) overflow();
  }
  return new TextDecoder().decode(await new Blob(parts as BlobPart[]).arrayBuffer());
}

/** Run a TypeScript/JavaScript program with no permissions; `args` are its Deno.args. */
export async function runSandboxed(
  program: string,
  args: readonly string[],
  limits: SandboxLimits,
): Promise<SandboxRun> {
  const release = await slot();
  const dir = await Deno.makeTempDir({ prefix: "verdict-tests-" });
  try {
    const main = `${dir}/main.ts`;
    const mainUrl = pathToFileURL(main).href;
    await Deno.writeTextFile(main, program);
    await Deno.writeTextFile(
      `${dir}/import_map.json`,
      JSON.stringify({
        imports: {
          "/": "verdict-sandbox-blocked:/",
          "http://": "verdict-sandbox-blocked:/http/",
          "https://": "verdict-sandbox-blocked:/https/",
          [mainUrl]: mainUrl,
        },
      }),
    );
    const started = performance.now();
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--no-prompt",
        "--no-config",
        "--no-lock",
        "--no-remote",
        "--no-npm",
        "--quiet",
        `--import-map=${dir}/import_map.json`,
        `--v8-flags=--max-old-space-size=${limits.memoryMb}`,
        main,
        ...args,
      ],
      cwd: dir,
      clearEnv: true,
      env: { NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    let stopped: SandboxRun["stopped"] = null;
    const stop = (why: "timeout" | "output" | "memory") => {
      if (stopped) return;
      stopped = why;
      try {
        child.kill("SIGKILL");
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => stop("timeout"), limits.timeoutMs);
    const watch = watchMemory(child.pid, limits.memoryMb * 2 * 1024, () => stop("memory"));
    const budget = { left: limits.maxOutputBytes };
    const [stdout, stderr, status] = await Promise.all([
      collect(child.stdout, budget, () => stop("output")),
      collect(child.stderr, budget, () => stop("output")),
      child.status,
    ]);
    clearTimeout(timer);
    watch.stop();
    return {
      code: status.signal ? null : status.code,
      stdout,
      stderr,
      stopped,
      ms: performance.now() - started,
    };
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    release();
  }
}
