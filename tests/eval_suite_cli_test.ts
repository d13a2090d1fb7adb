// `cli.ts eval SUITE` in child processes: a YAML suite run from another folder with its data beside
// it, its gates deciding the exit code, flags overriding its values, a streamed model run from a
// JSON suite, and an unknown key refused with exit code 2 and the closest key.
import assert from "node:assert/strict";
import { ROOT_DIR } from "./_capture.ts";
import { startServer } from "./_openai_server.ts";

const decode = (b: Uint8Array) => new TextDecoder().decode(b);

async function cli(args: string[], cwd: string, env: Record<string, string> = {}) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "-A", `${ROOT_DIR}/cli.ts`, "eval", ...args],
    cwd,
    env: { NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}

/** A folder with suites/ and data/: 10 questions, 7 recorded answers right. */
async function project(suite: string, name = "suite.yaml"): Promise<string> {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/suites`);
  await Deno.mkdir(`${dir}/data`);
  const rows = Array.from({ length: 10 }, (_, i) => ({
    id: `q${i + 1}`,
    question: `What is ${i + 1} + ${i + 1}?`,
    answer: String(2 * (i + 1)),
    response: i < 7 ? `#### ${2 * (i + 1)}` : "#### 0",
    latency_ms: 100 * (i + 1),
  }));
  await Deno.writeTextFile(
    `${dir}/data/arith.jsonl`,
    rows.map((r) => JSON.stringify(r)).join("\n") + "\n",
  );
  await Deno.writeTextFile(`${dir}/suites/${name}`, suite);
  return dir;
}

const SUITE = `name: arithmetic
data: ../data/arith.jsonl   # relative to this file
metrics: [number, "latency:2000"]
fail_under: { number: 0.8 }
fail_on_flagged: true
`;

Deno.test("eval suite: run from another folder; its gate fails (exit 1), a flag lowers it (exit 0), flags override its metrics", async () => {
  const dir = await project(SUITE);
  const elsewhere = await Deno.makeTempDir();
  const failed = await cli([`${dir}/suites/suite.yaml`], elsewhere);
  assert.equal(failed.code, 1, failed.stderr);
  assert.match(failed.stdout, /^suite arithmetic \(.*suites\/suite\.yaml\)$/m);
  assert.match(failed.stdout, /gate number ≥ 0\.8: mean 0\.700 \(seed 0\) — FAILED/);
  assert.match(failed.stdout, /gate no flagged items: 0 flagged — passed/);
  assert.match(failed.stdout, /latency \(ms\)/);

  const passed = await cli(
    [`${dir}/suites/suite.yaml`, "--fail-under", "number=0.6", "--metric", "number", "--json"],
    elsewhere,
  );
  assert.equal(passed.code, 0, passed.stderr);
  const json = JSON.parse(passed.stdout);
  assert.deepEqual(json.metrics.map((m: { name: string }) => m.name), ["number"]);
  assert.deepEqual(json.settings.suite.name, "arithmetic");
  assert.match(passed.stderr, /gate number ≥ 0\.6: mean 0\.700 .* — passed/);
});

Deno.test("eval suite: a JSON suite with a model, streamed, params merged with --param", async () => {
  const server = startServer({ answer: (q) => `#### ${2 * Number(/What is (\d+)/.exec(q)?.[1])}` });
  try {
    const suite = JSON.stringify({
      name: "live",
      data: "../data/arith.jsonl",
      model: `m1@${server.url}`,
      metrics: ["number", "ttft:5000"],
      stream: true,
      params: { temperature: 0, max_tokens: 16 },
      limit: 4,
    });
    const dir = await project(suite, "live.json");
    const r = await cli([`${dir}/suites/live.json`, "--param", "max_tokens=32", "--json"], dir);
    assert.equal(r.code, 0, r.stderr);
    const json = JSON.parse(r.stdout);
    assert.equal(json.items, 4);
    assert.deepEqual(json.metrics.map((m: { passed: number }) => m.passed), [4, 4]);
    assert.equal(json.settings.stream, true);
    assert.deepEqual(
      server.requests.map((q) => [q.body.temperature, q.body.max_tokens, q.body.stream]),
      [
        [0, 32, true],
        [0, 32, true],
        [0, 32, true],
        [0, 32, true],
      ],
    );
  } finally {
    await server.close();
  }
});

Deno.test("eval suite: an unknown key or a gate on a metric the suite lacks exits 2 with one line", async () => {
  const dir = await project("data: ../data/arith.jsonl\nmetric: number\n");
  const r = await cli([`${dir}/suites/suite.yaml`], dir);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown key "metric" \(did you mean "metrics"\?\)/);
  assert.equal(r.stderr.trim().split("\n").length, 1);
  const gate = await project(
    "data: ../data/arith.jsonl\nmetrics: [number]\nfail_under: {f1: 0.5}\n",
  );
  const g = await cli([`${gate}/suites/suite.yaml`], gate);
  assert.equal(g.code, 2);
  assert.match(
    g.stderr,
    /fail_under \/ --fail-under f1: no such metric in this run \(metrics: number\)/,
  );
});

Deno.test("eval suite: the bundled examples/eval_suite.yaml passes its gates and writes its page", async () => {
  const dir = await Deno.makeTempDir();
  const r = await cli(
    [`${ROOT_DIR}/examples/eval_suite.yaml`, "--html", `${dir}/report.html`],
    dir,
  );
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^suite capitals-recorded /m);
  assert.match(r.stdout, /gate contains ≥ 0\.6: mean 0\.700 \(seed 0\) — passed/);
  const page = await Deno.readTextFile(`${dir}/report.html`);
  assert.ok(page.includes("Settings of the run") && page.includes("capitals-recorded"));
  await Deno.remove(dir, { recursive: true });
});
