// End-to-end tests of `verdict audit` and `verdict interval`: main() in process, and the scripts
// run as subprocesses with read permission only.
import assert from "node:assert/strict";
import { capture, runProcess } from "./_capture.ts";

/** Run a command-line script in a child process with read permission only. */
const spawn = (script: string, args: string[]) =>
  runProcess(["run", "--no-prompt", "--allow-read", script, ...args]);
import { main as auditMain } from "../cli/audit.ts";
import { main as intervalMain } from "../cli/interval.ts";
import { jeffreysInterval, wilsonInterval } from "../mod.ts";

const FIXTURE = new URL("audit_fixtures/returns_runs.csv", import.meta.url);

Deno.test("audit --json gives totals, groups and refused rows with reasons", async () => {
  const { code, stdout } = await capture(() => auditMain([FIXTURE.pathname, "--json"]));
  assert.equal(code, 0);
  const json = JSON.parse(stdout);
  assert.deepEqual(json.totals, {
    attempted: 13,
    refused: 2,
    passed: 7,
    failed: 2,
    nan: 1,
    unparsed: 1,
    unreadable: 0,
    errored: 2,
    noVerdict: 0,
    empty: 0,
  });
  const [v1, v2] = json.groups;
  assert.deepEqual([v1.version, v1.grader], ["v1", "judge"]);
  for (const key of ["rate", "lower", "upper"]) {
    assert.equal(typeof v1.scoredOnly[key], "number");
    assert.equal(typeof v1.allAttempted[key], "number");
    assert.equal(typeof v1.upperEdge[key], "number");
  }
  assert.deepEqual(Object.keys(v1.envelope), ["lower", "upper"]);
  assert.equal(v1.scoredOnly.rate, 5 / 6);
  assert.equal(v1.allAttempted.rate, 5 / 8);
  assert.equal(v1.upperEdge.rate, 7 / 8);
  assert.deepEqual(v1.declared[0].matches, ["scoredOnly"]);
  assert.deepEqual([v2.zeroing.ran, v2.zeroing.moved, v2.counts.unparsed], [true, 1, 1]);
  assert.deepEqual(
    json.refusedRows.map((r: { row: number; reason: string }) => [r.row, r.reason]),
    [[13, "duplicate-key"], [14, "no-version"]],
  );
});

Deno.test("audit text: one table per group, conventions spelled out, confidence beside intervals", async () => {
  const { code, stdout } = await capture(() =>
    auditMain([FIXTURE.pathname, "--confidence", "0.9"])
  );
  assert.equal(code, 0);
  assert.equal(stdout.match(/Pass rate three ways/g)?.length, 2);
  assert.match(stdout, /scored only\s+left out\s+5\s+6\s+83\.3%\s+90% Wilson \[/);
  assert.match(stdout, /all attempted\s+counted as failures\s+5\s+8\s+62\.5%\s+90% Wilson \[/);
  assert.match(stdout, /upper edge\s+counted as passes\s+7\s+8\s+87\.5%\s+90% Wilson \[/);
  assert.match(stdout, /Which number to report: Report 83\.3% \(5 of 6 scored, 2 of 8 attempts/);
  assert.match(stdout, /^judge +v1 +8 +2 +83\.3% \(5\/6\) +62\.5% \(5\/8\) +87\.5% \(7\/8\)/m);
  assert.doesNotMatch(stdout, /95% Wilson/);
  assert.ok(stdout.split("\n").length < 60, "the default text is short");
  const verbose = await capture(() => auditMain([FIXTURE.pathname, "--verbose"]));
  assert.match(verbose.stdout, /Unscored attempts of judge · v1/);
  assert.doesNotMatch(stdout, /Unscored attempts of judge · v1/);
});

Deno.test("audit: help, usage errors and unreadable files give exit codes without stack traces", async () => {
  const help = await capture(() => auditMain(["--help"]));
  assert.equal(help.code, 0);
  assert.match(help.stdout, /Usage: deno run --allow-read cli.ts audit FILE/);
  const cases: [string[], RegExp][] = [
    [[], /give exactly one results file/],
    [[FIXTURE.pathname, "--confidence", "95"], /--confidence must be a number between 0 and 1/],
    [
      [FIXTURE.pathname, "--scale", "10,0"],
      /--scale must be MIN,MAX with MIN < MAX, such as 0,10, got "10,0"/,
    ],
    [[FIXTURE.pathname, "--bogus"], /Unknown option '--bogus'/],
    [["/nonexistent/runs.csv"], /runs\.csv/],
    [[FIXTURE.pathname, "--map", "pass=verdict"], /column "verdict" \(mapped to pass\)/],
  ];
  for (const [args, message] of cases) {
    const r = await capture(() => auditMain(args));
    assert.equal(r.code, 2, args.join(" "));
    assert.match(r.stderr, message);
    assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
    assert.equal(r.stdout, "");
  }
});

Deno.test("audit runs under --allow-read alone, and --json prints only JSON", async () => {
  const r = await spawn("cli/audit.ts", [FIXTURE.pathname, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, "");
  assert.equal(JSON.parse(r.stdout).totals.attempted, 13);
  const text = await spawn("cli/audit.ts", [FIXTURE.pathname]);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /judge · v2: 5 attempts/);
  const missing = await spawn("cli/audit.ts", ["tests/audit_fixtures/none.csv"]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^verdict audit: .*none\.csv/);
});

Deno.test("audit --html needs write permission and says so", async () => {
  const r = await spawn("cli/audit.ts", [FIXTURE.pathname, "--html", "/tmp/verdict-audit.html"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /verdict audit: .*(write|permission|access)/i);
});

Deno.test("interval: three conventions with Wilson and Clopper-Pearson columns", async () => {
  const { code, stdout } = await capture(() =>
    intervalMain(["--passes", "34", "--fails", "3", "--errored", "3", "--confidence", "0.9"])
  );
  assert.equal(code, 0);
  assert.match(stdout, /90% Wilson/);
  assert.match(stdout, /90% Clopper-Pearson/);
  assert.match(stdout, /scored only\s+left out\s+34\s+37\s+91\.9%/);
  assert.match(stdout, /all attempted\s+counted as failures\s+34\s+40\s+85\.0%/);
  assert.match(stdout, /upper edge\s+counted as passes\s+37\s+40\s+92\.5%/);
  assert.match(stdout, /envelope/);
  const json = await capture(() =>
    intervalMain(["--passes", "34", "--fails", "3", "--errored", "3", "--json"])
  );
  const data = JSON.parse(json.stdout);
  assert.equal(data.confidence, 0.95);
  assert.equal(data.allAttempted.rate, 0.85);
  assert.deepEqual(Object.keys(data.envelope), ["wilson", "clopper-pearson"]);
});

Deno.test("interval: missing and malformed counts are usage errors", async () => {
  const cases: [string[], RegExp][] = [
    [["--passes", "3"], /--fails is required/],
    [["--passes", "3.5", "--fails", "1"], /--passes must be a whole number/],
    [["--passes", "3", "--fails", "1", "--confidence", "1"], /--confidence must be/],
    [["--passes", "3", "--fails", "1", "extra"], /interval takes no file/],
  ];
  for (const [args, message] of cases) {
    const r = await capture(() => intervalMain(args));
    assert.equal(r.code, 2, args.join(" "));
    assert.match(r.stderr, message);
  }
  const spawned = await spawn("cli/interval.ts", ["--passes", "1", "--fails", "1", "--json"]);
  assert.equal(spawned.code, 0, spawned.stderr);
  assert.equal(JSON.parse(spawned.stdout).scoredOnly.rate, 0.5);
});

Deno.test("audit --html writes a self-contained page with the envelope chart", async (t) => {
  if ((await Deno.permissions.query({ name: "write" })).state !== "granted") {
    console.log("skipped: this test needs --allow-write to make a temporary directory");
    return;
  }
  const dir = await Deno.makeTempDir();
  try {
    const out = `${dir}/audit.html`;
    const r = await capture(() => auditMain([FIXTURE.pathname, "--html", out]));
    assert.equal(r.code, 0, r.stderr);
    const page = await Deno.readTextFile(out);
    assert.ok(page.startsWith("<!doctype html>"));
    assert.ok(page.includes("scored only"));
    assert.ok(page.includes("95% Wilson"));
    assert.ok(!page.includes("<img src=x"), "error text from the file is escaped");
    assert.ok(page.includes("&lt;img src=x onerror=alert(1)&gt;"));
    await t.step("the text report still goes to stdout", () => {
      assert.match(r.stdout, /Pass rate three ways/);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("audit --method: the chosen interval in the text and the JSON; a bad name is exit 2", async () => {
  const { code, stdout } = await capture(() =>
    auditMain([FIXTURE.pathname, "--method", "jeffreys", "--json"])
  );
  assert.equal(code, 0);
  const json = JSON.parse(stdout);
  assert.equal(json.method, "jeffreys");
  assert.equal(json.interval, "Jeffreys, two-sided");
  const v1 = json.groups[0];
  const want = jeffreysInterval(v1.scoredOnly.successes, v1.scoredOnly.trials, 0.95);
  assert.deepEqual([v1.scoredOnly.lower, v1.scoredOnly.upper], [want.lower, want.upper]);
  const text = await capture(() => auditMain([FIXTURE.pathname, "--method", "wald"]));
  assert.match(text.stdout, /95% normal \(Wald\) \[/);
  assert.doesNotMatch(text.stdout, /Wilson/);
  const bad = await capture(() => auditMain([FIXTURE.pathname, "--method", "bayes"]));
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--method must be one of wilson, clopper-pearson, agresti-coull/);
});

Deno.test("interval --method: one column per method in order; repeats and unknowns are exit 2", async () => {
  const { code, stdout } = await capture(() =>
    intervalMain(["--passes", "13", "--fails", "0", "--method", "agresti_coull,wilson", "--json"])
  );
  assert.equal(code, 0);
  const data = JSON.parse(stdout);
  assert.deepEqual(data.methods, ["agresti-coull", "wilson"]);
  assert.deepEqual(data.scoredOnly.intervals.wilson, wilsonInterval(13, 13, 0.95));
  assert.equal(data.scoredOnly.intervals.wilson.upper, 1); // clipped, not 1.0000000000000002
  const text = await capture(() =>
    intervalMain(["--passes", "13", "--fails", "0", "--method", "jeffreys,beta"])
  );
  assert.match(text.stdout, /95% Jeffreys\s+95% Clopper-Pearson/);
  for (const method of ["wilson,wilson", "bayes", ","]) {
    const r = await capture(() =>
      intervalMain(["--passes", "1", "--fails", "1", "--method", method])
    );
    assert.equal(r.code, 2, method);
    assert.match(r.stderr, /--method/);
  }
});
