// Round trip: score the example results file, write the scored file, audit it, and find the same
// pass and fail counts per version × grader.
import assert from "node:assert/strict";
import { score } from "../lib/score/score.ts";
import { formatScoredRows } from "../lib/score/scored_file.ts";
import { auditFile } from "../lib/audit/audit_file.ts";

const EXAMPLE = new URL("../examples/returns-desk.jsonl", import.meta.url);

for (const format of ["csv", "jsonl"] as const) {
  Deno.test(`score the example, audit the ${format} scored file: same pass counts`, async () => {
    // TER scores exceed 1 on some rows: the scored file carries their scale, so none is
    // unreadable to the auditor.
    const scored = await score(EXAMPLE, {
      graders: ["all"],
      thresholds: { "token-f1": 0.5, ter: 0.5 },
    });
    assert.ok(scored.rows !== null && scored.rows.length > 0, "the score run kept its rows");
    assert.ok(scored.rows.some((r) => r.scorer === "ter" && r.score! > 1), "a TER score above 1");
    const text = formatScoredRows(scored.rows, format, {
      header: true,
      output: false,
      scale: true,
    });
    const audited = await auditFile({ text, name: `scored.${format}` });
    const json = audited.toJSON();
    assert.equal(json.refusedRows.length, 0);
    for (const g of json.groups) assert.equal(g.counts.unreadable, 0, `${g.version} × ${g.grader}`);
    assert.equal(json.totals.attempted, scored.rows.length);
    let compared = 0;
    for (const g of scored.graders) {
      const group = audited.group(g.version, g.grader);
      assert.ok(group, `${g.version} × ${g.grader} is audited`);
      assert.equal(group.counts.passed, g.passed, `${g.version} × ${g.grader} passed`);
      assert.equal(group.counts.failed, g.failed, `${g.version} × ${g.grader} failed`);
      compared++;
    }
    // Per-row assertions are scored rows too (assert:<type>), counted apart from the graders.
    const isAssertion = (g: { grader: string }) => g.grader.startsWith("assert:");
    const graderGroups = json.groups.filter((g) => !isAssertion(g));
    assert.equal(compared, graderGroups.length);
    // Rows the scorer could not judge are unscored attempts, never passes or failures.
    const notJudged = scored.graders.reduce((s, g) => s + g.notJudged + g.errors, 0);
    const unscoredWithError = graderGroups.reduce(
      (s, g) => s + g.counts.errored + g.counts.nan,
      0,
    );
    assert.equal(unscoredWithError, notJudged);
    const assertionGroups = json.groups.filter(isAssertion);
    const sum = (f: (g: (typeof assertionGroups)[number]) => number) =>
      assertionGroups.reduce((s, g) => s + f(g), 0);
    const a = scored.assertions;
    const unknown = Object.values(a.unknown).reduce((s, n) => s + n, 0);
    assert.equal(sum((g) => g.counts.passed), a.passed);
    assert.equal(sum((g) => g.counts.failed), a.failed);
    assert.equal(sum((g) => g.counts.errored + g.counts.nan), a.notJudged + a.errors + unknown);
  });
}
