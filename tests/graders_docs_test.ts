// The graders table of docs/score.md lists every grader of the registry with each of its settings,
// so that a new grader cannot land undocumented.
import assert from "node:assert/strict";
import { GRADERS } from "../mod.ts";

Deno.test("docs/score.md lists every grader, its kind and each of its settings", async () => {
  const text = await Deno.readTextFile(new URL("../docs/score.md", import.meta.url));
  const rows = new Map<string, string>();
  for (const line of text.split("\n")) {
    const m = /^\| `([a-z0-9-]+)` +\|/.exec(line);
    if (m) rows.set(m[1], line);
  }
  for (const grader of Object.values(GRADERS)) {
    const row = rows.get(grader.name);
    assert.ok(row, `docs/score.md has no table row for the grader "${grader.name}"`);
    const cells = row.split("|").map((c) => c.trim());
    assert.equal(cells[2], grader.kind === "binary" ? "pass/fail" : "score", grader.name);
    for (const option of Object.keys(grader.options)) {
      assert.ok(row.includes(`\`${option}\``), `docs/score.md: ${grader.name} lacks ${option}`);
    }
  }
  assert.deepEqual([...rows.keys()], Object.keys(GRADERS), "one row per grader, in order");
});
