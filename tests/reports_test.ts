// What a person reads first: the reports open with a summary, show numbers formatted for people,
// keep details one step away, carry one scoped stylesheet, and a run that used no row says so
// with exit code 2.
import assert from "node:assert/strict";
import { capture } from "./_capture.ts";
import { main as scoreMain } from "../cli/score.ts";
import { main as auditMain } from "../cli/audit.ts";
import { main as evalMain } from "../cli/eval.ts";
import { $display, audit, score } from "../mod.ts";

const EXAMPLE = new URL("../examples/returns-desk.jsonl", import.meta.url).pathname;

Deno.test("score text: the demo opens with the summary and stays under 60 lines", async () => {
  const out = await capture(() => scoreMain([EXAMPLE, "--graders", "all"]));
  assert.equal(out.code, 0, out.stderr);
  const lines = out.stdout.split("\n");
  assert.ok(lines.length < 60, `${lines.length} lines`);
  // Heading, how the file was read, then the summary table before anything else.
  assert.match(lines[2], /^Read ".*returns-desk\.jsonl" as jsonl: 80 rows read, 80 used/);
  assert.equal(lines[4], "Summary");
  assert.match(out.stdout, /^exact +pass rate +20\.0% \(8\/40\) +72\.5% \(29\/40\)$/m);
  assert.match(out.stdout, /^bleu +corpus BLEU \(0–100\) +78\.11 \(n=40\) +92\.15 \(n=40\)$/m);
  // Each signature once, in sacreBLEU's form.
  assert.equal(out.stdout.match(/\|tok:13a\|smooth:exp\|/g)?.length, 2); // corpus and sentence
  assert.match(out.stdout, /Details not shown: .*--verbose shows them/);
  const verbose = await capture(() => scoreMain([EXAMPLE, "--graders", "all", "--verbose"]));
  assert.ok(verbose.stdout.split("\n").length > 150);
  assert.match(verbose.stdout, /BP = 1\.000 ratio = 1\.023 hyp_len = 266 ref_len = 260/);
  assert.match(verbose.stdout, /rd-035\s+exact\s+several/);
  // The counts give BLEU's mean sentence score on 0–100 too, and no near misses without verdicts.
  assert.match(verbose.stdout, /^bleu +40 +0 +0 +56\.75$/m);
  assert.match(
    verbose.stdout,
    /mean score of bleu, chrf, ter: sentence scores on sacreBLEU's 0–100/,
  );
});

Deno.test("score: the failing-cases table has a repeat column only when the file has repeats", async () => {
  const rows = [
    { id: "a", output: "x", expected: "y" },
    { id: "b", output: "y", expected: "y" },
  ];
  const once = (await score(rows, { graders: ["exact"] })).toText({ verbose: true });
  assert.match(once, /^case +grader +step that would pass it +reason$/m);
  const twice = rows.flatMap((r) => [{ ...r, repeat: 1 }, { ...r, repeat: 2 }]);
  const again = (await score(twice, { graders: ["exact"] })).toText({ verbose: true });
  assert.match(again, /^case +repeat +grader +step that would pass it +reason$/m);
  assert.match(again, /^a +2 +exact +no near miss/m);
  // Plurals follow the counts.
  assert.match(once, /exact: 0 of 1 fail are near misses/);
});

Deno.test("score JSON keeps fractions and says so", async () => {
  const out = await capture(() => scoreMain([EXAMPLE, "--graders", "bleu,chrf", "--json"]));
  const json = JSON.parse(out.stdout);
  assert.equal(json.scale, "fraction");
  const bleu = json.corpus.bleu.versions[0];
  assert.ok(bleu.score > 0 && bleu.score < 1, `${bleu.score}`);
  assert.equal(Number((bleu.score * 100).toFixed(2)), 78.11);
});

Deno.test("a run in which no row was used exits 2 with the reason counts", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const csv = `${dir}/runs.csv`;
    await Deno.writeTextFile(csv, "id,output,expected\n,x,x\n,y,z\n");
    const empty = `${dir}/empty.jsonl`;
    await Deno.writeTextFile(empty, "");
    // Every id blank (each row left out), a CSV read as JSON lines, an empty file.
    const cases: [string[], RegExp][] = [
      [[csv], /2 rows read, every one left out: no-id 2/],
      [[csv, "--format", "jsonl"], /3 rows read, every one left out: unreadable 3/],
      [[empty], /the file has no rows/],
    ];
    for (const [args, reasons] of cases) {
      const out = await capture(() => scoreMain([...args, "--graders", "exact"]));
      assert.equal(out.code, 2, args.join(" "));
      assert.match(out.stderr, /^verdict score: no row of ".*" could be used \(/);
      assert.match(out.stderr, reasons);
      assert.match(out.stdout, /No row could be used, so nothing was scored/);
    }
    // A column that is not there at all is a one-line error, exit 2 as well.
    const missing = await capture(() => scoreMain([csv, "--map", "output=answer"]));
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /column "answer" \(mapped to output\) is not in the header/);
    const audited = await capture(() => auditMain([csv, "--format", "jsonl"]));
    assert.equal(audited.code, 2);
    assert.match(audited.stderr, /3 rows read, every one left out: unreadable-record 3/);
    const none = await capture(() => auditMain([empty]));
    assert.equal(none.code, 2);
    assert.match(none.stderr, /the file has no rows/);
    // eval: rows without a prompt, each left out with --skip-bad-rows, and an empty file.
    const prompts = `${dir}/data.csv`;
    await Deno.writeTextFile(prompts, "a,b\n1,2\n3,4\n");
    const skipped = await capture(() => evalMain([prompts, "--skip-bad-rows"]));
    assert.equal(skipped.code, 2);
    assert.match(skipped.stderr, /no row could be used \(2 rows left out: no-prompt 2\)/);
    const bad = await capture(() => evalMain([prompts]));
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /2 rows cannot be used: row 1 has no messages/);
    const nothing = await capture(() => evalMain([empty]));
    assert.equal(nothing.code, 2);
    assert.match(nothing.stderr, /it has no items/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("thresholds tolerate floating-point noise: within 1e-9 counts as at the threshold", async () => {
  // Sentence BLEU of "Jupiter." against "Jupiter" is 0.49999999999999994.
  const report = await score([
    { id: "a", output: "Jupiter.", expected: "Jupiter" },
    { id: "b", output: "Saturn is large", expected: "Jupiter" },
  ], { graders: ["bleu"], thresholds: { bleu: 0.5 } });
  const bleu = report.grader("bleu")!;
  assert.deepEqual([bleu.passed, bleu.failed], [1, 1]);
  assert.ok(report.rows![0].score! < 0.5 && report.rows![0].pass === true);
  assert.match(String(report.rows![1].metadata.reason), /^score 0 is below the threshold 0\.5$/);
});

Deno.test("notebook outputs carry the one stylesheet, every rule scoped to .verdict", async () => {
  const report = await score(EXAMPLE, { graders: ["exact"] });
  const html = report[$display]()["text/html"] as string;
  const css = html.match(/<style>\n([\s\S]*?)\n<\/style>/)![1];
  for (const rule of css.split("\n")) {
    const selectors = rule.slice(0, rule.indexOf("{")).split(",");
    for (const s of selectors) assert.match(s, /^\.verdict\b/, `unscoped rule: ${rule}`);
  }
  assert.ok(html.startsWith('<div class="verdict"><style>'));
  // Text left, numbers right, the ids never wrap.
  assert.match(html, /<th class="v-text v-nowrap">grader<\/th><th class="v-num">/);
  assert.match(css, /\.verdict table\.verdict-table \.v-num\{text-align:right;/);
  assert.match(css, /font-variant-numeric:tabular-nums/);
  // The pages carry the very same rules, so a table reads the same in both.
  const page = await report.htmlPage();
  assert.ok(page.includes(css), "the page's stylesheet holds the notebook's rules");
  assert.match(page, /<main class="verdict">/);
});

Deno.test("audit: the summary line per group comes first, then which number to report", async () => {
  const rows = [];
  for (let i = 0; i < 12; i++) {
    for (const version of ["v1", "v2"]) {
      rows.push({
        row: rows.length + 1,
        case: `q${i}`,
        version,
        repeat: 0,
        grader: "judge",
        score: i % 5 === 4 ? null : i % 3 ? 1 : 0,
        pass: i % 5 === 4 ? null : i % 3 !== 0,
        error: i % 5 === 4 ? "timeout" : "",
      });
    }
  }
  const text = (await audit(rows)).toText();
  const summaryAt = text.indexOf("Summary: one line per grader × version");
  const groupAt = text.indexOf("judge · v1: 12 attempts");
  assert.ok(summaryAt > 0 && summaryAt < groupAt);
  assert.match(text, /^judge +v1 +12 +2 +70\.0% \(7\/10\) +58\.3% \(7\/12\) +75\.0% \(9\/12\)/m);
  const group = text.slice(groupAt);
  assert.ok(group.indexOf("Which number to report") < group.indexOf("Pass rate three ways"));
  // The reason behind the advice and the zeroing check are said once, in the notes.
  assert.doesNotMatch(text, /Zeroing check/);
  const verbose = (await audit(rows)).toText({ verbose: true });
  assert.equal(verbose.match(/Zeroing check/g)?.length, 1);
  assert.equal(verbose.match(/cannot be met by losing the hard cases/g)?.length, 1);
  // In HTML the version names never wrap in the summary (a narrow notebook split them).
  const html = (await audit(rows)).toHTML();
  assert.match(html, /<th class="v-text v-nowrap">grader<\/th><th class="v-text v-nowrap">version/);
});
