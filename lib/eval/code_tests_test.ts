// The tests metric: the answer's code run against the row's tests by a Deno process with no
// permissions. Passing and failing tests are named; code that reads a file, imports one, opens a
// socket, spawns a process, reads the environment, loops forever or floods its output fails
// cleanly — and the file's text, the server and the process are never reached.
import assert from "node:assert/strict";
import { runProcess } from "../../tests/_capture.ts";
import { resolveMetric } from "./eval_metrics.ts";
import { extractCode } from "./_code_tests.ts";
import { testsOf } from "./_row_fields.ts";
import { testItem } from "./_test_item.ts";
import type { AnswerRecord } from "./types.ts";
import { evaluate } from "./evaluate.ts";

const ADD_TESTS = ["assert.equal(add(2, 3), 5);", "assert.equal(add(-1, 1), 0);"];

async function run(answer: string, tests: unknown = ADD_TESTS, spec = "tests:timeout=4000") {
  const parsed = testsOf(tests);
  if (!Array.isArray(parsed)) throw new Error(parsed.problem);
  const item = testItem({ recorded: answer, tests: parsed });
  const m = await resolveMetric(spec);
  return m.score({ text: answer, answer: { text: answer } as AnswerRecord, item }, []);
}

Deno.test("tests: the code of a fenced TypeScript block passes every test, named", async () => {
  const answer = "Here you go:\n```python\ndef add(a, b): pass\n```\n```ts\n" +
    "export function add(a: number, b: number): number {\n  return a + b;\n}\n```\nDone.";
  const v = await run(answer, [
    { name: "adds", code: ADD_TESTS[0] },
    { name: "negatives", code: ADD_TESTS[1] },
  ]);
  assert.deepEqual([v.value, v.pass], [1, true]);
  assert.equal(v.reason, "2/2 passed (adds, negatives); code from fenced block 2 of 2 (ts)");
});

Deno.test("tests: a failing test is named with its assertion; the miss names F12", async () => {
  const v = await run("function add(a, b) { return a > 0 ? a + b : a - b; }");
  assert.deepEqual([v.value, v.pass, v.cause], [0, false, "F12"]);
  assert.match(v.reason, /^1\/2 passed; test 2 failed: AssertionError: .*-2 !== 0/);
  assert.match(v.reason, /code from the whole answer$/);
});

Deno.test("tests: a tests program registering Deno.test cases; a syntax error located in the answer", async () => {
  const program = 'Deno.test("one", () => assert.equal(add(1, 1), 2));\n' +
    'Deno.test({ name: "two", fn: () => assert.equal(add(1, 2), 4) });';
  const v = await run("const add = (a: number, b: number) => a + b;", program);
  assert.match(v.reason, /^1\/2 passed; two failed: AssertionError: .*3 !== 4/);
  const broken = await run("```js\nfunction add(a, b {\n  return a + b;\n}\n```");
  assert.match(
    broken.reason,
    /^the code did not run: SyntaxError: .* \(line 1, column \d+ of the code\)/,
  );
});

Deno.test("tests: code cannot read a file, import one, reach the network, spawn a process or read the environment", async () => {
  const dir = await Deno.makeTempDir();
  const secret = `${dir}/secret.txt`;
  await Deno.writeTextFile(secret, "the-secret-text-42");
  let reached = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
    reached++;
    return new Response("hello");
  });
  const url = `http://127.0.0.1:${server.addr.port}/`;
  const attempts: [string, string, RegExp][] = [
    [
      "read",
      `function add(a, b) { return Deno.readTextFileSync(${JSON.stringify(secret)}).length; }`,
      /NotCapable: Requires read access/,
    ],
    [
      "fetch file:",
      `async function add(a, b) { return (await (await fetch("file://${secret}")).text()).length; }`,
      /NotCapable: Requires read access/,
    ],
    [
      "import",
      `import s from ${JSON.stringify(secret)} with { type: "text" };\nconst add = () => s.length;`,
      /the code did not run: it imports .*secret\.txt \(the sandbox allows no imports/,
    ],
    [
      "dynamic import",
      `async function add() { return (await import(${
        JSON.stringify(secret)
      }, { with: { type: "text" } })).default.length; }`,
      /Unsupported scheme "verdict-sandbox-blocked"/,
    ],
    [
      "fetch",
      `async function add() { return (await (await fetch(${
        JSON.stringify(url)
      })).text()).length; }`,
      /NotCapable: Requires net access/,
    ],
    [
      "socket",
      `async function add() { const c = await Deno.connect({ hostname: "127.0.0.1", port: ${server.addr.port} }); c.close(); return 5; }`,
      /NotCapable: Requires net access/,
    ],
    [
      "remote import",
      `import x from ${JSON.stringify(url + "x.ts")};\nconst add = () => x;`,
      /it imports http:\/\/127\.0\.0\.1.* \(the sandbox allows no imports/,
    ],
    [
      "spawn",
      `function add() { new Deno.Command(Deno.execPath(), { args: ["--version"] }).outputSync(); return 5; }`,
      /NotCapable: Requires run access/,
    ],
    [
      "env",
      `function add(a, b) { return Deno.env.get("HOME") ? a + b : a + b; }`,
      /NotCapable: Requires env access/,
    ],
  ];
  try {
    for (const [what, code, reason] of attempts) {
      const tests = what.includes("fetch") || what === "socket" || what === "dynamic import"
        ? ["assert.equal(await add(2, 3), 5);"]
        : ADD_TESTS;
      const v = await run(code, tests);
      assert.deepEqual([v.value, v.pass, v.cause], [0, false, "F12"], `${what}: ${v.reason}`);
      assert.match(v.reason, reason, what);
      assert.ok(!v.reason.includes("the-secret-text-42"), `${what} leaked the file's text`);
    }
    assert.equal(reached, 0, "the sandboxed code reached the server");
  } finally {
    await server.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("tests: a test that loops forever is stopped at the time limit, the ones before it count; a flood of output is cut", async () => {
  const answer = "function add(a, b) { return a + b; }\nfunction spin() { while (true) {} }";
  const v = await run(answer, [ADD_TESTS[0], "spin();", ADD_TESTS[1]], "tests:timeout=1500");
  assert.equal(v.value, 0);
  assert.match(v.reason, /^1\/3 passed; stopped after 1\.5 s during test 2 \(time limit\)/);
  const flood = await run("function add() { for (;;) console.log('x'.repeat(10000)); }");
  assert.match(flood.reason, /stopped during test 1: printed more than 1,000,000 bytes/);
});

Deno.test("tests: code that fills memory outside V8's heap (ArrayBuffers) is stopped, not left to take the machine", async () => {
  if (Deno.build.os !== "linux") return; // memory is read from /proc: Linux only (documented)
  // Eight 512 MB buffers, each written to: 4 GB if nothing stops it; the heap ceiling alone does
  // not, as array buffers live outside it. Deno reads /proc only with every permission, so the
  // run is a child process given -A, as a notebook kernel is.
  const code = "const kept = [];\nfunction add(a, b) {\n" +
    "  for (let i = 0; i < 8; i++) kept.push(new Uint8Array(512 * 2 ** 20).fill(1));\n" +
    "  return a + b;\n}";
  const data = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    const row = { id: "mem", question: "add", response: code, tests: [ADD_TESTS[0]] };
    await Deno.writeTextFile(data, JSON.stringify(row) + "\n");
    // A long time limit: on a loaded machine writing the buffers is slow, and the 10 s default
    // could stop the code for time before its memory is read, which is not what is tested here.
    const r = await runProcess([
      "run",
      "-A",
      "cli.ts",
      "eval",
      data,
      "--metric",
      "tests:timeout=120000",
      "-v",
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /F12 +ran out of memory \(512 MB\) during test 1/);
  } finally {
    await Deno.remove(data);
  }
});

Deno.test("tests: in a run, an item whose code hangs fails alone; the others pass and the run ends", async () => {
  const rows = [
    { id: "ok1", question: "add", response: "const add = (a, b) => a + b;", tests: ADD_TESTS },
    {
      id: "hang",
      question: "add",
      response: "function add() { while (true) {} }",
      tests: ADD_TESTS,
    },
    {
      id: "ok2",
      question: "add",
      response: "```js\nfunction add(a, b) { return b + a; }\n```",
      tests: ADD_TESTS,
    },
    { id: "none", question: "add", response: "no code" },
  ];
  const result = await evaluate(rows, { metrics: ["tests:timeout=1500"] });
  const tests = result.metric("tests")!;
  assert.deepEqual([tests.passed, tests.scored, tests.notScored], [2, 3, 1]);
  assert.deepEqual(result.missed.map((i) => [i.id, i.causes]), [["hang", ["F12"]]]);
  assert.equal(result.items[3].metrics.tests.reason, "no tests");
});

Deno.test("tests: the row's tests as one program, a list, or named objects; bad shapes are named", () => {
  assert.deepEqual(testsOf("assert.ok(f());"), [{ name: "tests", code: "assert.ok(f());" }]);
  assert.deepEqual(testsOf('["a()", "b()"]'), [
    { name: "test 1", code: "a()" },
    { name: "test 2", code: "b()" },
  ]);
  assert.deepEqual(testsOf([{ name: "x", code: "x()" }]), [{ name: "x", code: "x()" }]);
  assert.deepEqual(testsOf([1]), { problem: "test 1 is neither code nor { name, code }" });
  assert.deepEqual(testsOf([{ name: "x", code: "" }, { name: "x", code: "" }]), {
    problem: 'two tests are named "x"',
  });
  assert.deepEqual(extractCode("no fence"), { code: "no fence", from: "the whole answer" });
  assert.equal(extractCode("~~~javascript\nlet a = 1;\n~~~").code, "let a = 1;\n");
});

Deno.test("tests: without --allow-run the metric is refused before the run, saying what to allow", async () => {
  const script = `import { resolveMetric } from ${
    JSON.stringify(new URL("./eval_metrics.ts", import.meta.url).href)
  };
try { await resolveMetric("tests"); console.log("resolved"); } catch (e) { console.log(e.message); }`;
  const denied = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "--allow-read", "--allow-write", "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const writer = denied.stdin.getWriter();
  await writer.write(new TextEncoder().encode(script));
  await writer.close();
  const result = await denied.output();
  assert.match(
    new TextDecoder().decode(result.stdout),
    /give this program --allow-run .* and --allow-write/,
  );
});
