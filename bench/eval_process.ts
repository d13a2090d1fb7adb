// The eval runner against a local OpenAI-compatible server in a process of its own:
//  1. per-item overhead: one item at a time against a server that answers at once, verdict's
//     evaluate() (AI SDK provider, retries, recording, scoring) beside a bare fetch of the same
//     request, and the difference per item;
//  2. throughput at concurrency 64 against a server that takes 50 ms per reply (the ideal is
//     64 / 0.05 s = 1,280 items/s; target ≥ 90%).
// Run: deno task bench:eval (or deno run -A bench/eval_process.ts [items]).
import { cpuUsage } from "node:process";
import { evaluate } from "../mod.ts";

/** CPU time (user + system) of this process in milliseconds: steadier than wall time on a busy machine. */
const cpuMs = () => {
  const u = cpuUsage();
  return (u.user + u.system) / 1000;
};

const items = Number(Deno.args[0] ?? 3000);

async function serve(latencyMs: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-net", "tests/_openai_server.ts", String(latencyMs)],
    cwd: new URL("../", import.meta.url),
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const next = await reader.read();
    if (next.done) throw new Error("the benchmark server did not start");
    text += next.value;
  }
  return {
    url: text.trim(),
    async stop() {
      child.kill("SIGTERM");
      await reader.cancel();
      await child.status;
    },
  };
}

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `q${i}`, question: `What is ${i}?`, answer: "x" }));

async function timed(n: number, url: string, concurrency: number): Promise<number> {
  const start = performance.now();
  const result = await evaluate(rows(n), {
    model: `bench@${url}`,
    env: () => "sk-bench",
    concurrency,
    progress: false,
  });
  const seconds = (performance.now() - start) / 1000;
  if (result.calls.answered !== n) throw new Error(`${n - result.calls.answered} calls failed`);
  return seconds;
}

// The same request with nothing but fetch: what this machine and server allow at all.
async function bareFetch(n: number, url: string, concurrency = 1): Promise<number> {
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const r = await fetch(`${url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer sk-bench" },
        body: JSON.stringify({
          model: "bench",
          messages: [{ role: "user", content: `What is ${i}?` }],
        }),
      });
      await r.json();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return (performance.now() - start) / 1000;
}

if (import.meta.main) {
  const instant = await serve(0);
  try {
    await timed(200, instant.url, 1); // warm up
    await bareFetch(200, instant.url);
    const n = Math.min(items, 2000);
    let cpu = cpuMs();
    const verdict = await timed(n, instant.url, 1);
    const verdictCpu = cpuMs() - cpu;
    cpu = cpuMs();
    const bare = await bareFetch(n, instant.url);
    const bareCpu = cpuMs() - cpu;
    console.log(
      `per item, one at a time, instant server: evaluate ${(1000 * verdict / n).toFixed(3)} ms, ` +
        `bare fetch ${(1000 * bare / n).toFixed(3)} ms, overhead ${
          (1000 * (verdict - bare) / n).toFixed(3)
        } ms/item wall; CPU ${(verdictCpu / n).toFixed(3)} vs ${
          (bareCpu / n).toFixed(3)
        } ms/item ` +
        `(${n} items)`,
    );
  } finally {
    await instant.stop();
  }
  const slow = await serve(50);
  try {
    await timed(256, slow.url, 64); // warm up
    const seconds = await timed(items, slow.url, 64);
    const rate = items / seconds;
    const bare = items / await bareFetch(items, slow.url, 64);
    console.log(
      `concurrency 64, 50 ms server: ${rate.toFixed(0)} items/s, ${
        (100 * rate / 1280).toFixed(1)
      }% of the ideal 1,280 items/s (${items} items in ${seconds.toFixed(2)} s); ` +
        `bare fetch ${bare.toFixed(0)} items/s (${(100 * bare / 1280).toFixed(1)}%)`,
    );
  } finally {
    await slow.stop();
  }
}
