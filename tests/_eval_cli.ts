// `cli.ts eval ARGS` in a child process with every permission: exit code, stdout and stderr.
import { ROOT_DIR } from "./_capture.ts";

const decode = (b: Uint8Array) => new TextDecoder().decode(b);

/** Run `cli.ts eval` with the given arguments. */
export async function evalCli(
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "-A", "cli.ts", "eval", ...args],
    cwd: ROOT_DIR,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}
