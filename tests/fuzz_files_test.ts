// The fuzz suite (tests/_fuzz_files.ts) over the examples and, when present, the harness
// fixtures, each in a child process watched from here: every case prints its name before it runs,
// and a case that prints nothing for a minute has hung (even a loop that never yields to the
// event loop) — it is killed and named. The seed is printed; VERDICT_FUZZ_SEED replays it and
// VERDICT_FUZZ_RUNS sets the runs per file.
import assert from "node:assert/strict";
import { ROOT_DIR } from "./_capture.ts";
import { numberedLines } from "../mod.ts";

const FIXTURES = `${ROOT_DIR}../shared/fixtures/harness`;
const RUNS = Number(Deno.env.get("VERDICT_FUZZ_RUNS") ?? 12);
const SEED = Number(Deno.env.get("VERDICT_FUZZ_SEED") ?? Date.now() % 1_000_000);
const QUIET_MS = 60_000;

async function fuzzIn(dir: string): Promise<{ files: number; checked: number }> {
  console.log(`fuzz seed ${SEED} (VERDICT_FUZZ_SEED replays it), ${RUNS} runs per file`);
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "tests/_fuzz_files.ts", dir, String(SEED), String(RUNS)],
    cwd: ROOT_DIR,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  let last = "(no case started)";
  let done: string | undefined;
  let hung = false;
  const lines = numberedLines(child.stdout.pipeThrough(new TextDecoderStream()));
  while (true) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const quiet = new Promise<"quiet">((r) => timer = setTimeout(() => r("quiet"), QUIET_MS));
    const next = await Promise.race([lines.next(), quiet]);
    clearTimeout(timer);
    if (next === "quiet") {
      hung = true;
      child.kill("SIGKILL");
      break;
    }
    if (next.done) break;
    const line = next.value.text;
    if (line.startsWith("case ")) last = line.slice(5);
    if (line.startsWith("done ")) done = line;
  }
  const status = await child.status;
  const errors = await stderr;
  assert.ok(!hung, `hung for ${QUIET_MS / 1000} s on ${last}`);
  assert.equal(status.code, 0, `failed on ${last}:\n${errors.slice(-4000)}`);
  assert.ok(done, `no summary: ${errors.slice(-2000)}`);
  const [, files, checked] = done.split(" ").map(Number);
  return { files, checked };
}

Deno.test("fuzz: corrupted examples never crash or hang, and lose no record", async () => {
  const { files, checked } = await fuzzIn(`${ROOT_DIR}examples`);
  assert.ok(files >= 5, `${files} example files`);
  assert.ok(checked >= files, `only ${checked} runs had an independent count`);
});

Deno.test("fuzz: corrupted harness fixtures never crash or hang, and lose no record", async () => {
  try {
    await Deno.stat(FIXTURES);
  } catch {
    console.log(`skipped: the harness fixtures are not at ${FIXTURES}`);
    return;
  }
  const { files, checked } = await fuzzIn(FIXTURES);
  assert.ok(files >= 20, `${files} fixture files`);
  assert.ok(checked >= files, `only ${checked} runs had an independent count`);
});
