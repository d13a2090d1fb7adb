// Counts never go through an argument spread: `Math.max(...xs)` and `push(...xs)` put every
// element on the call stack, and a file with 130,000 cases in one group overflowed it. This scan
// keeps the pattern out of verdict's code; the audit test beside it runs such a file.
import assert from "node:assert/strict";
import { ROOT_DIR } from "./_capture.ts";

const SPREAD_CALL =
  /\b(push|unshift|splice|min|max|fromCharCode|fromCodePoint|concat)\(([^()]*,\s*)?\.\.\./;

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* sources(path);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith("_test.ts")) yield path;
  }
}

Deno.test("no argument spreads into push, Math.min/max or fromCharCode under lib/ and cli/", async () => {
  const found: string[] = [];
  for (const dir of ["lib", "cli"]) {
    for await (const path of sources(`${ROOT_DIR}/${dir}`)) {
      const lines = (await Deno.readTextFile(path)).split("\n");
      lines.forEach((line, i) => {
        if (SPREAD_CALL.test(line) || /\.apply\(\s*(null|Math|undefined)\s*,/.test(line)) {
          found.push(`${path.slice(ROOT_DIR.length + 1)}:${i + 1}: ${line.trim()}`);
        }
      });
    }
  }
  assert.deepEqual(found, []);
});

Deno.test("audit: 130,000 cases in one group (six-field CSV, promptfoo, lm-eval) do not overflow", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const n = 130_000;
    const csv = ["item,system,repeat,scorer,score,pass"];
    for (let i = 0; i < n; i++) csv.push(`c${i},v1,${i % 2},exact,${i % 3 ? 1 : 0},${i % 3 !== 0}`);
    await Deno.writeTextFile(`${dir}/big.csv`, csv.join("\n") + "\n");
    const promptfoo: string[] = [];
    for (let i = 0; i < n; i++) {
      promptfoo.push(JSON.stringify({
        promptIdx: 0,
        testIdx: i,
        success: i % 2 === 0,
        score: i % 2 === 0 ? 1 : 0,
        failureReason: i % 2 === 0 ? 0 : 1,
        provider: { id: "p" },
        prompt: { label: "Q" },
      }));
    }
    await Deno.writeTextFile(`${dir}/promptfoo.jsonl`, promptfoo.join("\n") + "\n");
    const lm: string[] = [];
    for (let i = 0; i < n; i++) {
      lm.push(JSON.stringify({
        doc_id: i,
        doc: {},
        target: "A",
        arguments: {},
        resps: [],
        filtered_resps: ["A"],
        filter: "none",
        metrics: ["acc"],
        acc: i % 2,
      }));
    }
    await Deno.writeTextFile(`${dir}/samples_task_2024-01-01T00-00-00.jsonl`, lm.join("\n") + "\n");
    for (const file of ["big.csv", "promptfoo.jsonl", "samples_task_2024-01-01T00-00-00.jsonl"]) {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "--allow-read", "cli.ts", "audit", `${dir}/${file}`, "--json"],
        cwd: ROOT_DIR,
        env: { NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stderr = new TextDecoder().decode(out.stderr);
      assert.equal(out.code, 0, `${file}: ${stderr}`);
      const json = JSON.parse(new TextDecoder().decode(out.stdout));
      let attempts = 0;
      for (const g of json.groups) attempts += g.counts.attempted;
      assert.equal(attempts, n, file);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
