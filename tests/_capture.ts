// Run a command-line entry point in process and capture what it prints.

/** What a command printed and the exit code it returned. */
export interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run `body` with console.log/console.error captured (restored afterwards, even on a throw). */
export async function capture(body: () => Promise<number>): Promise<Captured> {
  const out: string[] = [];
  const err: string[] = [];
  const log = console.log;
  const error = console.error;
  console.log = (...a: unknown[]) => void out.push(a.join(" "));
  console.error = (...a: unknown[]) => void err.push(a.join(" "));
  try {
    return { code: await body(), stdout: out.join("\n"), stderr: err.join("\n") };
  } finally {
    console.log = log;
    console.error = error;
  }
}

/** The repository root, where child processes run. */
export const ROOT_DIR = new URL("../", import.meta.url).pathname;

/**
 * Run a program in a child process from the repository root (with `NO_COLOR=1`), optionally
 * feeding `stdin`, and capture its output. `command` defaults to this Deno.
 */
export async function runProcess(
  args: string[],
  options: { command?: string; stdin?: string } = {},
): Promise<Captured> {
  const child = new Deno.Command(options.command ?? Deno.execPath(), {
    args,
    cwd: ROOT_DIR,
    env: { NO_COLOR: "1" },
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (options.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(options.stdin));
    await writer.close();
  }
  const out = await child.output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}
