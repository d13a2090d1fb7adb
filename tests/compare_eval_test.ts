// Comparing two eval runs: results in memory, and answers files (`eval --out`) scored against
// their dataset as recorded answers, with failed calls and unanswered items accounted for.
import assert from "node:assert/strict";
import { capture } from "./_capture.ts";
import { main } from "../cli/compare.ts";
import { compare, evaluate } from "../mod.ts";

const DATA = "examples/capitals.jsonl";
const lines = (await Deno.readTextFile(DATA)).split("\n").filter(Boolean).map((l) => JSON.parse(l));

/** Answers of a run: the recorded response, changed where `change` says (null: a failed call). */
function answers(model: string, change: Record<string, string | null>, skip: string[] = []) {
  return lines.filter((row) => !skip.includes(row.id)).map((row) => {
    const text = row.id in change ? change[row.id] : row.response;
    return JSON.stringify({
      kind: "answer",
      v: 1,
      id: row.id,
      tag: "",
      key: `key-${row.id}`,
      model,
      messages: [{ role: "user", content: row.question }],
      params: {},
      source: "model",
      text,
      error: text === null ? { kind: "timeout", message: "no answer before the timeout" } : null,
    });
  }).join("\n") + "\n";
}

Deno.test("two eval results in memory: each metric compared as a grader, latency lower-is-better", async () => {
  const rows = (fix: boolean) =>
    lines.map((r) => ({ ...r, response: fix && r.id === "cap-03" ? "Canberra" : r.response }));
  const before = await evaluate(rows(false), { metrics: ["exact_match", "f1"] });
  const after = await evaluate(rows(true), { metrics: ["exact_match", "f1"] });
  const result = await compare({ eval: before, name: "before" }, { eval: after, name: "after" });
  const em = result.grader("exact_match")!;
  assert.deepEqual([result.a, result.b], ["before", "after"]);
  assert.equal(em.kind, "pass/fail");
  assert.deepEqual(em.table, {
    bothPass: before.metric("exact_match")!.passed!,
    onlyA: 0,
    onlyB: 1,
    bothFail: lines.length - before.metric("exact_match")!.passed! - 1,
  });
  assert.equal(em.difference, 1 / lines.length);
  assert.equal(result.grader("f1")!.kind, "graded");
  assert.equal(result.grader("f1")!.better, "higher");
  // Latency: lower is better, so 300 ms more on every item is worse, not better.
  const slow = await evaluate(lines.map((r) => ({ ...r, latency_ms: r.latency_ms + 300 })), {
    metrics: ["latency:500"],
  });
  const fast = await evaluate(lines, { metrics: ["latency:500"] });
  const latency = (await compare({ eval: fast }, { eval: slow, name: "slow" })).grader("latency")!;
  assert.deepEqual([latency.better, latency.verdict], ["lower", "worse"]);
  assert.ok(Math.abs(latency.difference - 300) < 1e-9);
});

Deno.test("compare ANSWERS_A ANSWERS_B --data: scored without a model; failed calls and missing items counted", async () => {
  const dir = await Deno.makeTempDir();
  const a = `${dir}/run_a.jsonl`;
  const b = `${dir}/run_b.jsonl`;
  // Run a: one call failed (cap-05). Run b: fixes cap-03, and never answered cap-07.
  await Deno.writeTextFile(a, answers("m@http://127.0.0.1:9/v1", { "cap-05": null }));
  await Deno.writeTextFile(
    b,
    answers("m2@http://127.0.0.1:9/v1", { "cap-03": "Canberra" }, ["cap-07"]),
  );
  const run = await capture(() =>
    main([a, b, "--data", DATA, "--metric", "exact_match", "--json"])
  );
  assert.equal(run.code, 0, run.stderr);
  const d = JSON.parse(run.stdout);
  assert.deepEqual([d.a, d.b], ["m@http://127.0.0.1:9/v1", "m2@http://127.0.0.1:9/v1"]);
  assert.deepEqual([d.onlyA, d.onlyB], [["cap-07"], []]);
  const em = d.graders[0];
  assert.equal(em.grader, "exact_match");
  assert.deepEqual(em.unscored, { a: 1, b: 0 }, "the failed call is an attempt without a verdict");
  assert.equal(em.conventions.scoredOnly.cases, lines.length - 2);
  assert.equal(em.conventions.allAttempted.cases, lines.length - 1);
  assert.ok(d.notes.some((n: string) => /dataset items with no answer in it: 1\./.test(n)));
  assert.ok(d.notes.some((n: string) => /recorded answers: no model called/.test(n)));
  // The same figures as comparing the eval results of the same answers in memory.
  const recorded = (skip: string[], change: Record<string, string>) =>
    lines.filter((r) => !skip.includes(r.id)).map((r) => ({
      ...r,
      response: change[r.id] ?? r.response,
    }));
  const inMemory = await compare(
    { eval: await evaluate(recorded(["cap-05"], {}), { metrics: ["exact_match"] }) },
    {
      eval: await evaluate(recorded(["cap-07", "cap-05"], { "cap-03": "Canberra" }), {
        metrics: ["exact_match"],
      }),
    },
    { convention: "scoredOnly" },
  );
  assert.deepEqual(em.conventions.scoredOnly.table, inMemory.grader("exact_match")!.table);
  const missing = await capture(() => main([`${dir}/nope.jsonl`, b, "--data", DATA]));
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /Cannot read answers file ".*nope\.jsonl": no such file/);
  const mixed = await capture(() => main([a, b, "--data", DATA, "--graders", "exact"]));
  assert.equal(mixed.code, 2);
  await Deno.remove(dir, { recursive: true });
});
