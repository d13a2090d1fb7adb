// `cli.ts eval` in child processes: every exit code, the JSON shape, the key absent from every
// file and message, recorded answers under --allow-read alone, and a run killed with SIGKILL
// resumed with no answered item asked twice and none lost.
import assert from "node:assert/strict";
import { ROOT_DIR } from "./_capture.ts";
import { type Fault, startServer } from "./_openai_server.ts";
import { startAnthropicServer } from "./_anthropic_server.ts";
import { startGeminiServer } from "./_gemini_server.ts";

const KEY = "sk-proj-verdictCliSecret-8d1e2f";
const decode = (b: Uint8Array) => new TextDecoder().decode(b);

async function cli(
  args: string[],
  options: { allow?: string[]; env?: Record<string, string> } = {},
) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", ...(options.allow ?? ["-A"]), "cli.ts", "eval", ...args],
    cwd: ROOT_DIR,
    env: { NO_COLOR: "1", ...(options.env ?? {}) },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}

async function dataset(n: number): Promise<string> {
  const path = await Deno.makeTempFile({ suffix: ".jsonl" });
  const lines = Array.from(
    { length: n },
    (_, i) =>
      JSON.stringify({
        id: `q${i + 1}`,
        question: `What is ${i + 1} + ${i + 1}?`,
        answer: String(2 * (i + 1)),
      }),
  );
  await Deno.writeTextFile(path, lines.join("\n") + "\n");
  return path;
}

const arithmetic = (q: string) => String(2 * Number(/What is (\d+)/.exec(q)?.[1]));

Deno.test("eval CLI: recorded answers under --allow-read alone; --json has the documented shape; exit 0", async () => {
  const r = await cli([
    "examples/capitals.jsonl",
    "--metric",
    "exact_match",
    "--metric",
    "f1:0.5",
    "--json",
  ], {
    allow: ["--allow-read"],
  });
  assert.equal(r.stderr, "");
  assert.equal(r.code, 0);
  const json = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(json), [
    "items",
    "model",
    "metrics",
    "causes",
    "flagged",
    "judge",
    "fixes",
    "seed",
    "settings",
  ]);
  assert.deepEqual(Object.keys(json.metrics[0]), [
    "name",
    "mean",
    "ci",
    "passed",
    "scored",
    "notScored",
    "threshold",
  ]);
  assert.deepEqual(json.metrics[0], {
    name: "exact_match",
    mean: 0.6,
    ci: [0.4, 0.8],
    passed: 12,
    scored: 20,
    notScored: 0,
    threshold: 1,
  });
  assert.equal(json.metrics[1].threshold, 0.5);
  assert.deepEqual([json.items, json.model, json.causes, json.flagged, json.seed], [
    20,
    "recorded",
    { INFRA: 0, F8: 2, none: 6 },
    [],
    0,
  ]);
});

Deno.test("eval CLI: text output carries the settings beside the figures", async () => {
  const r = await cli(
    ["examples/capitals.jsonl", "--metric", "exact_match", "--seed", "3", "--verbose"],
    { allow: ["--allow-read"] },
  );
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^eval examples\/capitals\.jsonl · recorded answers · 20 items, 8 missed/);
  assert.match(
    r.stdout,
    /95% CI: percentile bootstrap of the mean, 1,000 resamples, seed 3 · model recorded/,
  );
  assert.match(r.stdout, /exact_match: right or wrong, pass at 1; SQuAD v1\.1 normalization/);
  assert.match(r.stdout, /cap-03 +exact_match +Sydney +Canberra/);
});

Deno.test("eval CLI: a failed gate exits 1; a passed gate exits 0", async () => {
  const failed = await cli(["examples/capitals.jsonl", "--fail-under", "exact_match=0.9"], {
    allow: ["--allow-read"],
  });
  assert.equal(failed.code, 1);
  assert.match(failed.stdout, /gate exact_match ≥ 0\.9: mean 0\.600 \(seed 0\) — FAILED/);
  const passed = await cli(
    ["examples/capitals.jsonl", "--fail-under", "exact_match=0.5", "--json"],
    { allow: ["--allow-read"] },
  );
  assert.equal(passed.code, 0);
  assert.match(passed.stderr, /gate exact_match ≥ 0\.5: mean 0\.600 \(seed 0\) — passed/);
});

Deno.test("eval CLI: bad arguments and a missing file exit 2 with one line", async () => {
  const cases: [string[], RegExp][] = [
    [["examples/capitals.jsonl", "--metric", "rouge"], /Unknown metric "rouge"/],
    [["examples/capitals.jsonl", "--metric", "f1:2"], /threshold must be a number from 0 to 1/],
    [["examples/capitals.jsonl", "--fail-under", "f1=0.5"], /no such metric in this run/],
    [
      ["examples/capitals.jsonl", "--concurrency", "many"],
      /--concurrency must be a whole number, got "many"/,
    ],
    [["examples/capitals.jsonl", "--out", "x.jsonl"], /--out keeps a model's answers/],
    [["no/such/file.jsonl"], /no such file/],
    [["examples/capitals.jsonl", "--model", "gpt-4o"], /MODEL@http/],
    [["examples/capitals.jsonl", "--bogus"], /Unknown option '--bogus'/],
  ];
  for (const [args, message] of cases) {
    const r = await cli(args, { allow: ["--allow-read"] });
    assert.equal(r.code, 2, args.join(" "));
    assert.match(r.stderr, message, args.join(" "));
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
  }
});

Deno.test("eval CLI: every call failing (an unknown model) exits 2 with the server's reason", async () => {
  const server = startServer({ models: ["m1"] });
  const data = await dataset(3);
  try {
    const r = await cli([data, "--model", `gpt-unknown@${server.url}`, "--json"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /every call failed.*404: The model `gpt-unknown` does not exist/);
    assert.deepEqual(JSON.parse(r.stdout).causes, { INFRA: 3 });
  } finally {
    await server.close();
    await Deno.remove(data);
  }
});

Deno.test("eval CLI: the key is in no file written and no message printed, even when echoed back", async () => {
  const faults: Fault[] = [{ kind: "echo-headers", status: 401 }, {
    kind: "echo-headers",
    status: 500,
  }];
  const server = startServer({ answer: arithmetic, fault: (n) => faults[n] });
  const data = await dataset(4);
  const out = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    for (const format of [[], ["--json"]]) {
      const r = await cli(
        [
          data,
          "--model",
          `m1@${server.url}`,
          "--out",
          out,
          "--retries",
          "1",
          "--concurrency",
          "1",
          ...format,
        ],
        { env: { OPENAI_API_KEY: KEY } },
      );
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!r.stdout.includes(KEY) && !r.stderr.includes(KEY), "key printed");
      assert.equal(r.stderr, ""); // stderr is not a terminal: no progress line
    }
    assert.ok(server.requests.some((q) => q.authorization === `Bearer ${KEY}`), "the key was sent");
    const written = await Deno.readTextFile(out);
    assert.match(written, /\[redacted\]/); // the echoed header, kept without its value
    assert.ok(!written.includes(KEY), "key in the answers file");
    assert.ok(!written.includes("verdictCliSecret"));
  } finally {
    await server.close();
    await Deno.remove(data);
    await Deno.remove(out);
  }
});

Deno.test("eval CLI: a run killed with SIGKILL resumes; no answered item asked twice, none lost", async () => {
  const N = 20;
  const K = 7;
  let answered = 0;
  let hold = true;
  const server = startServer({
    answer: arithmetic,
    // The first K requests are answered; after that the server holds every request open.
    fault: () => hold && answered++ >= K ? { kind: "hang" } : undefined,
  });
  const data = await dataset(N);
  const out = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "cli.ts",
        "eval",
        data,
        "--model",
        `m1@${server.url}`,
        "--out",
        out,
        "--concurrency",
        "3",
        "--json",
      ],
      cwd: ROOT_DIR,
      env: { NO_COLOR: "1" },
      stdout: "null",
      stderr: "null",
    }).spawn();
    const deadline = Date.now() + 30_000;
    let lines = 0;
    while (Date.now() < deadline) {
      lines = (await Deno.readTextFile(out)).split("\n").filter((l) => l.trim()).length;
      if (lines >= K) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(lines, K, "the first run wrote the answered items");
    child.kill("SIGKILL");
    const status = await child.status;
    assert.equal(status.signal, "SIGKILL");
    // As if the kill had cut a write in half.
    await Deno.writeTextFile(out, '{"kind":"answer","v":1,"id":"q19","tag":"","ke', {
      append: true,
    });
    const firstRun = server.requests.filter((q) => q.fault !== "hang").map((q) => q.question);
    assert.equal(firstRun.length, K);

    hold = false;
    const r = await cli([
      data,
      "--model",
      `m1@${server.url}`,
      "--out",
      out,
      "--concurrency",
      "3",
      "--json",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const json = JSON.parse(r.stdout);
    assert.equal(json.items, N);
    assert.deepEqual(json.metrics[0], {
      name: "exact_match",
      mean: 1,
      ci: [1, 1],
      passed: N,
      scored: N,
      notScored: 0,
      threshold: 1,
    });
    // Every question got exactly one answer from the server over both runs.
    const answeredQuestions = server.requests.filter((q) => q.fault !== "hang").map((q) =>
      q.question
    );
    assert.equal(answeredQuestions.length, N);
    assert.equal(new Set(answeredQuestions).size, N);
    for (const q of firstRun) assert.equal(answeredQuestions.filter((x) => x === q).length, 1, q);
    const text = await Deno.readTextFile(out);
    const records = text.split("\n").filter((l) => l.trim()).flatMap((l) => {
      try {
        return [JSON.parse(l)];
      } catch {
        return [];
      }
    });
    assert.deepEqual(new Set(records.map((r) => r.id)).size, N);
    assert.equal(records.length, N);
  } finally {
    await server.close();
    await Deno.remove(data);
    await Deno.remove(out);
  }
});

Deno.test({
  name: "eval CLI: on a terminal, a progress line with done/total, rate, ETA and failed calls",
  ignore: !(() => {
    try {
      return Deno.statSync("/usr/bin/script").isFile;
    } catch {
      return false;
    }
  })(),
  async fn() {
    const server = startServer({ answer: arithmetic, latencyMs: 20 });
    const data = await dataset(6);
    try {
      // `script` runs the command on a pseudo-terminal, as a person at a terminal would.
      const command = [
        Deno.execPath(),
        "run",
        "-A",
        "cli.ts",
        "eval",
        data,
        "--model",
        `m1@${server.url}`,
        "--concurrency",
        "2",
      ]
        .map((a) => `'${a}'`).join(" ");
      const out = await new Deno.Command("/usr/bin/script", {
        args: ["-qec", command, "/dev/null"],
        cwd: ROOT_DIR,
        env: { NO_COLOR: "1", TERM: "dumb" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = decode(out.stdout);
      assert.equal(out.code, 0, text);
      assert.match(text, /\reval: 6\/6 \(100%\) \d+\.\d s · [\d.]+\/s · ETA 0 s · 0 failed/);
      assert.match(text, /6 items, 0 missed/);
    } finally {
      await server.close();
      await Deno.remove(data);
    }
  },
});

Deno.test("examples/eval_app.ts evaluates an app under --allow-read alone and passes its gate", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "--allow-read", "examples/eval_app.ts"],
    cwd: ROOT_DIR,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = decode(out.stdout);
  assert.equal(decode(out.stderr), "");
  assert.equal(out.code, 0);
  // The app knows 15 of the 20 countries and answers those with the city's name.
  assert.match(stdout, /· app:capitalApp · 20 items, 5 missed/);
  assert.match(stdout, /exact_match\s+0\.750\s+\S+ to \S+\s+75\.0% \(15\/20\)/);
  assert.match(stdout, /retrieved\s+0\.750/);
  assert.match(stdout, /gate exact_match ≥ 0\.7: passed/);
});

Deno.test("eval CLI: anthropic: and gemini: models, streamed, with their keys from the environment; raw finish reasons kept, no key written", async () => {
  const cases = [
    { prefix: "anthropic", start: startAnthropicServer, raw: "max_tokens", vars: "ANTHROPIC" },
    { prefix: "gemini", start: startGeminiServer, raw: "MAX_TOKENS", vars: "GEMINI" },
  ];
  for (const c of cases) {
    const server = c.start({
      answer: arithmetic,
      finishReason: (q) => q.includes("3 +") ? c.raw : undefined,
    });
    const data = await dataset(3);
    const out = await Deno.makeTempFile({ suffix: ".jsonl" });
    try {
      const r = await cli(
        [
          data,
          "--model",
          `${c.prefix}:m-test`,
          "--stream",
          "--metric",
          "exact_match",
          "--out",
          out,
          "--json",
        ],
        { env: { [`${c.vars}_API_KEY`]: KEY, [`${c.vars}_BASE_URL`]: server.url } },
      );
      assert.equal(r.code, 0, r.stderr);
      const json = JSON.parse(r.stdout);
      assert.equal(json.model, `${c.prefix}:m-test`);
      assert.equal(json.settings.stream, true);
      assert.equal(json.metrics[0].passed, 3);
      assert.equal(server.requests[0].authorization, KEY);
      const written = await Deno.readTextFile(out);
      assert.ok(!written.includes(KEY) && !r.stdout.includes(KEY) && !r.stderr.includes(KEY));
      const answers = written.trim().split("\n").map((l) => JSON.parse(l));
      const third = answers.find((a) => a.id === "q3");
      assert.deepEqual([third.finishReason, third.rawFinishReason], ["length", c.raw]);
      assert.ok(answers.every((a) => a.streamed === true && a.ttftMs > 0));
    } finally {
      await server.close();
      await Deno.remove(data);
      await Deno.remove(out);
    }
  }
});
