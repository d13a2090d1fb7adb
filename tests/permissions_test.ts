// Reading, scoring and auditing must work with --allow-read alone: no network, no environment,
// no writes. Each case runs a small program in a child process with only that permission.
import assert from "node:assert/strict";

const root = new URL("../", import.meta.url);

async function runReadOnly(
  code: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const command = new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "--allow-read", "--ext=ts", "-"],
    cwd: root,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  });
  const child = command.spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(code));
  await writer.close();
  const out = await child.output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

Deno.test("the reader runs under --allow-read alone", async () => {
  const result = await runReadOnly(`
    import { readResults } from "./mod.ts";
    const { rows, report } = await readResults("examples/returns-desk.csv");
    console.log(rows.length, report.toJSON().rows.read);
  `);
  assert.equal(result.stderr, "");
  assert.equal(result.stdout.trim(), "80 80");
  assert.equal(result.code, 0);
});
