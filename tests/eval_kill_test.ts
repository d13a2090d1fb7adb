// An eval run killed with SIGKILL at random points (seeded; the seed is printed) and resumed
// with the same --out, again and again until it finishes: every item ends answered exactly once
// in the answers file, no item whose answer was already kept is asked again, the report is the
// one an uninterrupted run gives, and the key is in no file or message even when the server
// echoes the request's headers back.
// Set VERDICT_KILL_SEED to replay a run.
import assert from "node:assert/strict";
import fc from "fast-check";
import { ROOT_DIR } from "./_capture.ts";
import { startServer } from "./_openai_server.ts";

const KEY = "sk-proj-verdictKillSecret-51c0de";
const N = 24;
const decode = (b: Uint8Array) => new TextDecoder().decode(b);

function evalArgs(data: string, url: string, out: string): string[] {
  const flags = ["--out", out, "--concurrency", "4", "--retries", "2", "--json"];
  return ["run", "-A", "cli.ts", "eval", data, "--model", `m1@${url}`, ...flags];
}

/** Answer records in an answers file (torn or foreign lines skipped), as the id of each. */
async function answeredIds(path: string): Promise<string[]> {
  let text = "";
  try {
    text = await Deno.readTextFile(path);
  } catch {
    return [];
  }
  const ids: string[] = [];
  for (const line of text.split("\n")) {
    try {
      const r = JSON.parse(line);
      if (r?.kind === "answer" && !r.error && typeof r.text === "string") ids.push(r.id);
    } catch {
      // a line cut by the kill
    }
  }
  return ids;
}

const arithmetic = (q: string) => String(2 * Number(/What is (\d+)/.exec(q)?.[1]));

Deno.test("eval: SIGKILL at random points, resumed with the same --out: each item answered once, same report", async () => {
  const seed = Number(Deno.env.get("VERDICT_KILL_SEED") ?? Date.now() % 1_000_000);
  console.log(`eval kill test seed ${seed}`);
  const rand = fc.sample(
    fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 40 })),
    {
      seed,
      numRuns: 40,
    },
  );
  // The first ask of every seventh question fails with the request's headers echoed back (key
  // included); its retry answers, so the uninterrupted run below has no failed item either (a
  // fault on every seventh request could hit all three attempts of one item now and then).
  const asks = new Map<string, number>();
  const server = startServer({
    answer: arithmetic,
    latencyMs: 15,
    fault: (_n, question) => {
      const times = (asks.get(question) ?? 0) + 1;
      asks.set(question, times);
      const number = Number(/What is (\d+)/.exec(question)?.[1]);
      return times === 1 && number % 7 === 3 ? { kind: "echo-headers", status: 500 } : undefined;
    },
  });
  const dir = await Deno.makeTempDir({ prefix: "verdict-kill-" });
  const data = `${dir}/data.jsonl`;
  await Deno.writeTextFile(
    data,
    Array.from(
      { length: N },
      (_, i) =>
        JSON.stringify({
          id: `q${i + 1}`,
          question: `What is ${i + 1} + ${i + 1}?`,
          answer: String(2 * (i + 1)),
        }),
    ).join("\n") + "\n",
  );
  const out = `${dir}/answers.jsonl`;
  const keptBefore: { kept: Set<string>; from: number }[] = [];
  const env = { NO_COLOR: "1", OPENAI_API_KEY: KEY };
  try {
    let finished: { code: number; stdout: string } | undefined;
    let kills = 0;
    for (let round = 0; round < rand.length && !finished; round++) {
      const [moreAnswers, waitMs] = rand[round];
      const before = (await answeredIds(out)).length;
      const askedBefore = server.requests.length;
      const child = new Deno.Command(Deno.execPath(), {
        args: evalArgs(data, server.url, out),
        cwd: ROOT_DIR,
        env,
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const output = child.output();
      // Kill once a random number of new answers is kept (0: as soon as it asks anything).
      const deadline = Date.now() + 30_000;
      let done = false;
      output.then(() => done = true);
      while (!done && Date.now() < deadline) {
        const kept = (await answeredIds(out)).length;
        if (kept - before >= moreAnswers && server.requests.length > askedBefore) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      await new Promise((r) => setTimeout(r, waitMs));
      if (!done) {
        try {
          child.kill("SIGKILL");
          kills++;
        } catch {
          // it finished just now
        }
      }
      const result = await output;
      const text = decode(result.stdout) + decode(result.stderr);
      assert.ok(!text.includes(KEY) && !text.includes("verdictKillSecret"), "key printed");
      if (result.success) finished = { code: result.code, stdout: decode(result.stdout) };
      // What is kept now must never be asked again (checked once the run has finished).
      if (!finished) {
        keptBefore.push({ kept: new Set(await answeredIds(out)), from: server.requests.length });
      }
    }
    assert.ok(finished, "the run finished within the rounds");
    assert.ok(kills > 0, "at least one run was killed");
    // Items kept in the answers file before a round were never asked in that round or later.
    for (const { kept, from } of keptBefore) {
      const asked = server.requests.slice(from).filter((r) => r.fault === undefined)
        .map((r) => `q${/What is (\d+)/.exec(r.question)?.[1]}`);
      for (const id of asked) assert.ok(!kept.has(id), `${id} was kept, then asked again`);
    }
    // Every item answered exactly once in the file.
    const ids = await answeredIds(out);
    assert.equal(ids.length, N, `answers kept: ${ids.length}`);
    assert.equal(new Set(ids).size, N);
    const written = await Deno.readTextFile(out);
    assert.ok(!written.includes(KEY) && !written.includes("verdictKillSecret"), "key in the file");

    // The same report as an uninterrupted run.
    const fresh = await new Deno.Command(Deno.execPath(), {
      args: evalArgs(data, server.url, `${dir}/fresh.jsonl`),
      cwd: ROOT_DIR,
      env,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(fresh.code, 0, decode(fresh.stderr));
    // The same in everything but the answers file's name.
    const report = (text: string) => {
      const json = JSON.parse(text);
      delete json.settings.out;
      return json;
    };
    assert.deepEqual(report(finished.stdout), report(decode(fresh.stdout)));
    console.log(`eval kill test: ${kills} kills before the run finished`);
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
});
