import assert from "node:assert/strict";
import { auditFile } from "./audit_file.ts";

const CSV = [
  "item,system,repeat,scorer,score,pass,error,error_kind,raw_grade",
  "q1,v1,0,exact,1,true,,,C",
  "q2,v1,0,exact,0,FALSE,,,I",
  "q3,v1,0,exact,1,PASS,,,C",
  "q4,v1,0,exact,,,Request timed out,,",
  "q5,v1,0,exact,NaN,,,,",
  "q6,v1,0,exact,0.5,maybe,,,",
  "q7,v1,0,exact,,,boom,model,",
  "q8,v1,0,exact,,,,,",
  ",v1,0,exact,1,1,,,",
  "q9,,0,exact,1,1,,,",
  "q1,v1,0,exact,1,yes,,,",
  "q10,v1,0,exact,abc,,,,",
].join("\n");

Deno.test("auditFile reads CSV strings for pass, score, error and kind", async () => {
  const report = await auditFile({ text: CSV, name: "run.csv" });
  const json = report.toJSON();
  assert.equal(json.source, "run.csv");
  assert.deepEqual(json.totals, {
    attempted: 10,
    refused: 2,
    passed: 2, // q1 and q3; the blank-case row is unreadable, q9 and the second q1 are refused
    failed: 1,
    nan: 1,
    unparsed: 2,
    unreadable: 1,
    errored: 2,
    noVerdict: 0,
    empty: 1,
  });
  const g = json.groups[0];
  assert.deepEqual(g.errorKinds, { infrastructure: 1, model: 1, grader: 0, unstated: 0 });
  const reasons = Object.fromEntries(g.unscoredRows.map((r) => [r.row, r.reason]));
  assert.match(reasons[6], /pass "maybe" is not a verdict/);
  assert.match(reasons[12], /score "abc" is not a number/);
  assert.match(reasons[9], /case id is blank/);
  assert.deepEqual(
    json.refusedRows.map((r) => [r.row, r.reason]),
    [[10, "no-version"], [11, "duplicate-key"]],
  );
});

Deno.test("auditFile accepts synonyms: case/id/case_id, version/model, grader", async () => {
  const jsonl = [
    '{"case_id": "a", "model": "m1", "grader": "judge", "score": 1, "pass": true}',
    '{"case_id": "b", "model": "m1", "grader": "judge", "score": NaN, "pass": null}',
    '{"case_id": "c", "model": "m1", "grader": "judge", "score": 0, "pass": false, "error": null}',
  ].join("\n");
  const report = await auditFile({ text: jsonl, name: "x.jsonl" });
  const g = report.toJSON().groups[0];
  assert.deepEqual([g.version, g.grader], ["m1", "judge"]);
  assert.deepEqual([g.counts.passed, g.counts.failed, g.counts.nan], [1, 1, 1]);

  const rows = [
    { id: "a", version: "v", grader: "g", pass: "true" },
    { id: "b", version: "v", grader: "g", pass: "false" },
  ];
  const fromArray = await auditFile(rows);
  assert.equal(fromArray.toJSON().groups[0].scoredOnly?.rate, 0.5);
});

Deno.test("auditFile reads a bare NaN token in JSON lines as a NaN score", async () => {
  const text = '{"item":"a","system":"s","scorer":"m","score":NaN,"pass":null}\n' +
    '{"item":"b","system":"s","scorer":"m","score":1,"pass":true}\n' +
    '{"item":"c","system":"s","scorer":"m","sc\n';
  const report = await auditFile({ text, name: "log.jsonl" });
  const json = report.toJSON();
  assert.equal(json.totals.nan, 1);
  assert.equal(json.totals.attempted, 2);
  assert.deepEqual(json.refusedRows.map((r) => [r.row, r.reason]), [[3, "unreadable-record"]]);
});

Deno.test("auditFile needs case, version and grader columns, and names what it looked for", async () => {
  await assert.rejects(
    () => auditFile({ text: "item,scorer,pass\na,exact,true\n", name: "noversion.csv" }),
    (e: unknown) =>
      e instanceof TypeError &&
      /"noversion.csv": no column for the version \(system\) \(looked for system, version, model in the header\)/
        .test(e.message),
  );
  await assert.rejects(
    () => auditFile({ text: "item,system,scorer\na,v,exact\n", name: "noscore.csv" }),
    /"noscore.csv": no column for the score or the pass \(looked for score, pass, passed/,
  );
  // An explicit mapping fills a role.
  const mapped = await auditFile(
    { text: "q,who,how,ok\na,v,exact,1\nb,v,exact,0\n", name: "odd.csv" },
    { mapping: { case: "q", version: "who", grader: "how", pass: "ok" } },
  );
  assert.equal(mapped.toJSON().groups[0].counts.passed, 1);
  await assert.rejects(
    () => auditFile({ text: CSV, name: "run.csv" }, { mapping: { pass: "verdict" } }),
    /column "verdict" \(mapped to pass\) is not in the header/,
  );
});

Deno.test("auditFile reads a declared column per version × grader, percentages included", async () => {
  const text = [
    "item,system,scorer,score,pass,declared",
    "a,v1,exact,1,true,66.7%",
    "b,v1,exact,1,true,66.7%",
    "c,v1,exact,0,false,",
    "d,v1,exact,,,",
    "a,v2,exact,1,true,0.5",
    "b,v2,exact,0,false,0.5",
  ].join("\n");
  const report = await auditFile({ text, name: "declared.csv" });
  const v1 = report.group("v1", "exact")!;
  assert.equal(v1.declared.length, 1);
  assert.equal(v1.declared[0].value, 0.667);
  assert.deepEqual(v1.declared[0].matches, ["scoredOnly"]);
  assert.match(v1.declared[0].source, /read as a percentage/);
  const v2 = report.group("v2", "exact")!;
  assert.deepEqual(v2.declared[0].matches, ["scoredOnly", "allAttempted"]);
});

Deno.test("auditFile: raw grades drive the zeroing check; scale columns declare another scale", async () => {
  const text = [
    "item\tsystem\tscorer\tscore\tpass\traw_grade\tscale_min\tscale_max",
    "a\tv\tjudge\t8\ttrue\tC\t0\t10",
    "b\tv\tjudge\t9\ttrue\tC\t0\t10",
    "c\tv\tjudge\t0\tfalse\tI could not decide\t0\t10",
    "d\tv\tjudge\t12\tfalse\tI\t0\t10",
  ].join("\n");
  const report = await auditFile({ text, name: "judge.tsv" });
  const g = report.toJSON().groups[0];
  assert.equal(g.zeroing.ran, true);
  assert.equal(g.zeroing.moved, 1);
  assert.deepEqual(
    [g.counts.passed, g.counts.failed, g.counts.unparsed, g.counts.unreadable],
    [2, 0, 1, 1],
  );
});
