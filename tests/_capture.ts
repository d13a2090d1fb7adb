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
