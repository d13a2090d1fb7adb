// End-to-end tests of `verdict compare`: one file with two versions, two files, a scored file, a
// harness file, the JSON shape, the gate's exit codes and read-only permission.
import assert from "node:assert/strict";
import { capture, ROOT_DIR, runProcess } from "./_capture.ts";
import { main } from "../cli/compare.ts";
import { main as scoreMain } from "../cli/score.ts";

const EXAMPLE = "examples/returns-desk.jsonl";
const V2 = "returns-assistant-v2";
const V3 = "returns-assistant-v3";

async function json(args: string[]) {
  const r = await capture(() => main([...args, "--json"]));
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

/** The example split into one file per version. */
async function splitExample(): Promise<[string, string]> {
  const lines = (await Deno.readTextFile(`${ROOT_DIR}${EXAMPLE}`)).split("\n").filter(Boolean);
  const dir = await Deno.makeTempDir();
  const paths: [string, string] = [`${dir}/run_a.jsonl`, `${dir}/run_b.jsonl`];
  for (const [i, version] of [V2, V3].entries()) {
    const mine = lines.filter((l) => JSON.parse(l).version === version);
    await Deno.writeTextFile(paths[i], mine.join("\n") + "\n");
  }
  return paths;
}

Deno.test("compare FILE --versions: the JSON of the issue, difference = rate(b) − rate(a)", async () => {
  const d = await json([EXAMPLE, "--versions", `${V2},${V3}`, "--graders", "exact,bleu"]);
  for (const key of ["a", "b", "pairs", "onlyA", "onlyB", "graders"]) assert.ok(key in d, key);
  assert.deepEqual([d.a, d.b, d.pairs, d.onlyA, d.onlyB], [V2, V3, 40, [], []]);
  const exact = d.graders.find((g: { grader: string }) => g.grader === "exact");
  for (const key of ["grader", "table", "difference", "ci", "method", "pValue", "conventions"]) {
    assert.ok(key in exact, key);
  }
  const t = exact.table;
  assert.deepEqual(Object.keys(t), ["bothPass", "onlyA", "onlyB", "bothFail"]);
  const n = t.bothPass + t.onlyA + t.onlyB + t.bothFail;
  assert.equal(n, 40);
  const rate = (passes: number) => passes / n;
  assert.ok(
    Math.abs(exact.difference - (rate(t.bothPass + t.onlyB) - rate(t.bothPass + t.onlyA))) < 1e-15,
  );
  assert.equal(exact.difference, (t.onlyB - t.onlyA) / n);
  assert.equal(exact.method, "Newcombe hybrid score (method 10)");
  assert.ok(exact.ci[0] < exact.difference && exact.difference < exact.ci[1]);
  assert.deepEqual(Object.keys(exact.conventions), ["scoredOnly", "allAttempted", "envelope"]);
  const bleu = d.graders.find((g: { grader: string }) => g.grader === "bleu");
  assert.equal(bleu.metric, "corpus BLEU");
  assert.match(bleu.signature, /eff:no\|tok:13a\|smooth:exp/);
  // Swapping the versions negates every difference.
  const swapped = await json([EXAMPLE, "--versions", `${V3},${V2}`, "--graders", "exact"]);
  assert.equal(swapped.graders[0].difference, -exact.difference);
});

Deno.test("compare RUN_A RUN_B gives the same figures as one file with both versions", async () => {
  const [a, b] = await splitExample();
  const two = await json([a, b, "--graders", "exact,token-f1"]);
  const one = await json([EXAMPLE, "--versions", `${V2},${V3}`, "--graders", "exact,token-f1"]);
  assert.deepEqual([two.a, two.b], [V2, V3]);
  assert.deepEqual(two.sources, { a, b });
  assert.deepEqual(two.graders, one.graders);
  await Deno.remove(a.slice(0, a.lastIndexOf("/")), { recursive: true });
});

Deno.test("a scored file compares as its pass/fail graders were scored", async () => {
  const scored = await Deno.makeTempFile({ suffix: ".csv" });
  const s = await capture(() =>
    scoreMain([EXAMPLE, "--graders", "exact,normalized", "--scored", scored])
  );
  assert.equal(s.code, 0, s.stderr);
  const fromScored = await json([
    scored,
    "--versions",
    `${V2},${V3}`,
    "--only",
    "exact,normalized",
  ]);
  const graded = await json([
    EXAMPLE,
    "--versions",
    `${V2},${V3}`,
    "--graders",
    "exact,normalized",
  ]);
  for (const i of [0, 1]) {
    assert.equal(fromScored.graders[i].grader, graded.graders[i].grader);
    assert.deepEqual(fromScored.graders[i].table, graded.graders[i].table);
    assert.deepEqual(fromScored.graders[i].ci, graded.graders[i].ci);
  }
  // The per-row assertion rows of the scored file are left out by --only, and counted.
  assert.ok(fromScored.leftOut.some((e: { reason: string }) => e.reason === "another grader"));
  await Deno.remove(scored);
});

Deno.test("a harness file: two promptfoo prompts compared case by case", async () => {
  const d = await json([
    "tests/testdata/harness/promptfoo_wide.csv",
    "--versions",
    "[alpha] Translate: {{text}},[beta] Translate:\n{{text}}",
  ]);
  assert.equal(d.pairs, 3);
  assert.equal(d.graders[0].grader, "assertions");
  assert.equal(d.graders[0].kind, "pass/fail");
  assert.match(d.notes.join(" "), /read as a promptfoo file/);
});

Deno.test("--fail-if-worse: exit 1 when b is significantly worse, 0 otherwise, 2 for a bad name", async () => {
  const base = [EXAMPLE, "--graders", "exact,token-f1"];
  const worse = await capture(() =>
    main([...base, "--versions", `${V3},${V2}`, "--fail-if-worse", "exact"])
  );
  assert.equal(worse.code, 1);
  assert.match(
    worse.stderr,
    new RegExp(`${V2} is significantly worse than ${V3} on exact: -0\\.525`),
  );
  const better = await capture(() =>
    main([...base, "--versions", `${V2},${V3}`, "--fail-if-worse", "all"])
  );
  assert.equal(better.code, 0);
  assert.equal(better.stderr, "");
  const unknown = await capture(() =>
    main([...base, "--versions", `${V2},${V3}`, "--fail-if-worse", "bleu"])
  );
  assert.equal(unknown.code, 2);
  assert.match(
    unknown.stderr,
    /--fail-if-worse bleu: no such grader in this comparison \(graders: exact, token-f1\)/,
  );
});

Deno.test("usage errors are one line and exit 2", async () => {
  const cases: [string[], RegExp][] = [
    [[EXAMPLE], /one file needs --versions A,B/],
    [[EXAMPLE, "--versions", "a"], /--versions must be two names A,B, got "a"/],
    [["a", "b", "c"], /give one file with --versions A,B, or two files \(got 3\)/],
    [[EXAMPLE, "--versions", `${V2},${V3}`, "--threshold", "bleu=0.3"], /add --graders/],
    [
      [EXAMPLE, "--versions", `${V2},${V3}`, "--convention", "upper"],
      /--convention must be all-attempted or scored-only, got "upper"/,
    ],
    [
      [EXAMPLE, "--versions", `${V2},${V3}`, "--graders", "exact", "--seed", "1.5"],
      /--seed must be a whole number/,
    ],
    [[EXAMPLE, "--versions", `${V2},${V3}`], /give the graders to grade it with/],
    [[EXAMPLE, "--versions", `${V2},nope`, "--graders", "exact"], /has no version "nope"/],
  ];
  for (const [args, message] of cases) {
    const r = await capture(() => main(args));
    assert.equal(r.code, 2, args.join(" "));
    assert.match(r.stderr, message);
    assert.equal(r.stderr.split("\n").length, 1, r.stderr);
  }
});

Deno.test("compare runs with read permission only, and --html needs write permission", async () => {
  const args = ["run", "--no-prompt", "--allow-read", "cli.ts", "compare", EXAMPLE];
  const ok = await runProcess([...args, "--versions", `${V2},${V3}`, "--graders", "exact"]);
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, /exact +pass rate +40 +20\.0% \(8\/40\) +72\.5% \(29\/40\) +\+52\.5 pp/);
  const html = await runProcess([
    ...args,
    "--versions",
    `${V2},${V3}`,
    "--graders",
    "exact",
    "--html",
    "/tmp/verdict-compare.html",
  ]);
  assert.equal(html.code, 2);
  assert.match(html.stderr, /verdict compare: .*(write|permission|access)/i);
});
