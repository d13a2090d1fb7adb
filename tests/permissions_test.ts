// Reading, scoring and auditing must work with --allow-read alone: no network, no environment,
// no writes. Each case runs a small program in a child process with only that permission.
import assert from "node:assert/strict";
import { runProcess } from "./_capture.ts";

/** Run TypeScript given as text with --allow-read only. */
const runReadOnly = (code: string) =>
  runProcess(["run", "--no-prompt", "--allow-read", "--ext=ts", "-"], { stdin: code });

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

Deno.test("scoring, auditing, counts mode and harness files run under --allow-read alone", async () => {
  const result = await runReadOnly(`
    import { auditCounts, auditFile, auditHarnessFile, GRADER_NAMES, score } from "./mod.ts";
    const s = await score("examples/returns-desk.jsonl", { graders: ["all"] });
    const a = await auditFile("examples/returns-desk-runs.jsonl");
    const c = auditCounts({ passes: 34, fails: 3, errored: 3 }).toJSON();
    const h = await auditHarnessFile("tests/testdata/harness/inspect_zstd.eval");
    // Every grader on each of the example's two versions.
    console.log(s.graders.length / GRADER_NAMES.length, a.totals.attempted, c.allAttempted.intervals["clopper-pearson"].lower > 0, h.totals.attempted > 0);
  `);
  assert.equal(result.stderr, "");
  assert.equal(result.stdout.trim(), "2 100 true true");
  assert.equal(result.code, 0);
});

Deno.test("the command line scores and audits under --allow-read alone", async () => {
  for (
    const args of [
      ["score", "examples/returns-desk.csv", "--json"],
      ["audit", "examples/returns-desk-runs.jsonl", "--json"],
      ["audit", "examples/returns-desk.deepeval.json", "--json"],
      ["audit", "examples/returns-desk.ragas.csv", "--threshold", "faithfulness=0.7", "--json"],
      ["interval", "--passes", "34", "--fails", "3", "--errored", "3", "--json"],
    ]
  ) {
    const out = await runProcess(["run", "--no-prompt", "--allow-read", "cli.ts", ...args]);
    assert.equal(out.stderr, "", args.join(" "));
    assert.equal(out.code, 0, args.join(" "));
    assert.ok(JSON.parse(out.stdout), args.join(" "));
  }
});

Deno.test("Anthropic needs --allow-env=ANTHROPIC_BASE_URL only: without it the run stops before asking, with one message", async () => {
  const { startAnthropicServer } = await import("./_anthropic_server.ts");
  const server = startAnthropicServer();
  try {
    const code = `
      import { anthropicCaller, evaluate } from "./mod.ts";
      const model = anthropicCaller({ model: "claude-x", apiKey: "sk-ant-permissions", baseURL: ${
      JSON.stringify(server.url)
    } });
      try {
        const r = await evaluate("examples/capitals.jsonl", { model, progress: false, retries: 0 });
        console.log("answered", r.calls.answered, "of", r.items.length);
      } catch (error) {
        console.log(error instanceof Deno.errors.NotCapable, error.message);
      }
    `;
    const net = `--allow-net=127.0.0.1`;
    const without = await runProcess(["run", "--no-prompt", "--allow-read", net, "--ext=ts", "-"], {
      stdin: code,
    });
    assert.match(without.stdout, /^true Cannot call Anthropic: .*--allow-env=ANTHROPIC_BASE_URL/);
    assert.equal(server.requests.length, 0, "nothing was asked");
    const allowed = await runProcess(
      [
        "run",
        "--no-prompt",
        "--allow-read",
        net,
        "--allow-env=ANTHROPIC_BASE_URL",
        "--ext=ts",
        "-",
      ],
      { stdin: code },
    );
    assert.match(allowed.stdout, /^answered (\d+) of \1$/m, allowed.stdout + allowed.stderr);
    assert.ok(server.requests.length > 0);
  } finally {
    await server.close();
  }
});

Deno.test("a YAML suite of recorded answers runs under --allow-read alone (yaml reads no environment)", async () => {
  const suite = ["eval", "examples/eval_suite.yaml", "--json"];
  const out = await runProcess(["run", "--no-prompt", "--allow-read", "cli.ts", ...suite]);
  assert.equal(out.code, 0, out.stderr);
  assert.doesNotMatch(out.stderr, /env|YAML/);
  assert.equal(JSON.parse(out.stdout).items, 20);
  // A variable the program may read is still seen: the package's own debug switch prints tokens.
  const allowed = await runProcess(
    ["run", "--no-prompt", "--allow-read", "--allow-env=LOG_TOKENS", "--ext=ts", "-"],
    {
      stdin: `import { readSuite } from "./mod.ts";
        Deno.env.set("LOG_TOKENS", "1");
        const suite = await readSuite("examples/eval_suite.yaml");
        console.error("suite", suite.name);`,
    },
  );
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.match(allowed.stdout, /^\| /m, "yaml printed its tokens");
});
