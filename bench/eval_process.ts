// The eval runner against a local OpenAI-compatible server in a process of its own:
//  1. per-item overhead: one item at a time against a server that answers at once, verdict's
//     evaluate() (AI SDK provider, retries, recording, scoring) beside a bare fetch of the same
//     request, and the difference per item;
//  2. throughput at concurrency 64 against a server that takes 50 ms per reply (the ideal is
//     64 / 0.05 s = 1,280 items/s; target ≥ 90%): a bare fetch (the ceiling of this machine and
//     server), an `app` that answers after 50 ms (the runner alone, no HTTP), evaluate() without
//     and with an answers file (`out`). Rounds alternate the four so that other work on the machine
//     weighs on each alike; medians are printed. "run" is the time until the last answer is
//     scored, "total" adds the summary (the seeded bootstrap of every metric).
// Run: deno task bench:eval [items] [rounds] (or deno run -A bench/eval_process.ts [items] [rounds]).
import { cpuUsage } from "node:process";
import { evaluate, Progress } from "../mod.ts";

/** CPU time (user + system) of this process in milliseconds: steadier than wall time on a busy machine. */
const cpuMs = () => {
  const u = cpuUsage();
  return (u.user + u.system) / 1000;
};

const items = Number(Deno.args[0] ?? 3000);
const rounds = Number(Deno.args[1] ?? 5);
const IDEAL = 64 / 0.05;

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

/** One measured run: seconds to the last scored answer, seconds in all, CPU ms per item. */
interface Timing {
  run: number;
  total: number;
  cpu: number;
}

/** A silent progress reporter that notes when the last item was done. */
class LastItem extends Progress {
  at = 0;
  constructor() {
    super({ mode: "silent" });
  }
  override set(done: number, note?: string): void {
    this.at = performance.now();
    super.set(done, note);
  }
}

async function timed(
  n: number,
  how: { url?: string; app?: () => Promise<string>; out?: string },
  concurrency: number,
): Promise<Timing> {
  if (how.out) await Deno.remove(how.out).catch(() => {});
  const progress = new LastItem();
  const cpu = cpuMs();
  const start = performance.now();
  const result = await evaluate(rows(n), {
    ...(how.url ? { model: `bench@${how.url}`, env: () => "sk-bench" } : { app: how.app }),
    ...(how.out ? { out: how.out } : {}),
    concurrency,
    progress,
  });
  const end = performance.now();
  if (result.calls.answered !== n) throw new Error(`${n - result.calls.answered} calls failed`);
  return {
    run: (progress.at - start) / 1000,
    total: (end - start) / 1000,
    cpu: (cpuMs() - cpu) / n,
  };
}

// The same request with nothing but fetch: what this machine and server allow at all.
async function bareFetch(n: number, url: string, concurrency = 1): Promise<Timing> {
  const cpu = cpuMs();
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
  const seconds = (performance.now() - start) / 1000;
  return { run: seconds, total: seconds, cpu: (cpuMs() - cpu) / n };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};

const pct = (rate: number) => `${(100 * rate / IDEAL).toFixed(1)}%`;

function loadAverage(): string {
  try {
    return Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
  } catch {
    return "unknown (run with --allow-sys=loadavg)";
  }
}

if (import.meta.main) {
  console.log(`load average at start: ${loadAverage()}`);
  const instant = await serve(0);
  try {
    await timed(200, { url: instant.url }, 1); // warm up
    await bareFetch(200, instant.url);
    const n = Math.min(items, 2000);
    const verdict = await timed(n, { url: instant.url }, 1);
    const bare = await bareFetch(n, instant.url);
    console.log(
      `per item, one at a time, instant server: evaluate ${
        (1000 * verdict.total / n).toFixed(3)
      } ` +
        `ms, bare fetch ${(1000 * bare.total / n).toFixed(3)} ms, overhead ${
          (1000 * (verdict.total - bare.total) / n).toFixed(3)
        } ms/item wall; CPU ${verdict.cpu.toFixed(3)} vs ${bare.cpu.toFixed(3)} ms/item ` +
        `(${n} items)`,
    );
  } finally {
    await instant.stop();
  }
  const slow = await serve(50);
  const out = await Deno.makeTempFile({ prefix: "verdict-bench-", suffix: ".jsonl" });
  const app = () => new Promise<string>((resolve) => setTimeout(() => resolve("x"), 50));
  const kinds: [string, () => Promise<Timing>][] = [
    ["bare fetch", () => bareFetch(items, slow.url, 64)],
    ["app, 50 ms (runner alone)", () => timed(items, { app }, 64)],
    ["evaluate", () => timed(items, { url: slow.url }, 64)],
    ["evaluate with out", () => timed(items, { url: slow.url, out }, 64)],
  ];
  const seen = new Map<string, Timing[]>(kinds.map(([k]) => [k, []]));
  try {
    await timed(256, { url: slow.url, out }, 64); // warm up
    for (let r = 0; r < rounds; r++) {
      for (const [kind, run] of kinds) seen.get(kind)!.push(await run());
    }
  } finally {
    await slow.stop();
    await Deno.remove(out).catch(() => {});
  }
  console.log(
    `concurrency 64, 50 ms server, ${items} items, medians of ${rounds} alternating rounds ` +
      `(ideal ${IDEAL} items/s):`,
  );
  for (const [kind, list] of seen) {
    const total = items / median(list.map((t) => t.total));
    const run = items / median(list.map((t) => t.run));
    const best = items / Math.min(...list.map((t) => t.total));
    console.log(
      `  ${kind.padEnd(27)} total ${total.toFixed(0).padStart(5)} items/s (${pct(total)}), ` +
        `run ${run.toFixed(0).padStart(5)} (${pct(run)}), best total ${best.toFixed(0)} (${
          pct(best)
        }); CPU ${median(list.map((t) => t.cpu)).toFixed(3)} ms/item`,
    );
  }
  console.log(`load average at end: ${loadAverage()}`);
}
