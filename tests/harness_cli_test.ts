// `verdict audit FILE` on native harness files: detection first, six-field reading as fallback.
import assert from "node:assert/strict";
import { capture } from "./_capture.ts";
import { main as auditMain } from "../cli/audit.ts";

const DATA = new URL("./testdata/harness/", import.meta.url);

Deno.test("audit FILE reads a harness file with no flags (this test needs --allow-read only)", async () => {
  const { code, stdout, stderr } = await capture(() =>
    auditMain([new URL("inspect_zstd.eval", DATA).pathname, "--json"])
  );
  assert.equal(code, 0, stderr);
  const json = JSON.parse(stdout);
  assert.equal(json.harness, "inspect 0.3.150");
  assert.deepEqual([json.totals.attempted, json.totals.passed, json.totals.errored], [8, 2, 2]);
});

Deno.test("audit --harness forces a harness; a wrong one is a one-line error", async () => {
  const ok = await capture(() =>
    auditMain([new URL("openai_run.json", DATA).pathname, "--harness", "openai", "--json"])
  );
  // A run summary without its items holds no attempt: the JSON is printed, and the exit code is 2.
  assert.equal(ok.code, 2);
  assert.equal(JSON.parse(ok.stdout).groups.length, 0);
  assert.match(ok.stderr, /no row of ".*openai_run\.json" could be used/);
  const wrong = await capture(() =>
    auditMain([new URL("openai_run.json", DATA).pathname, "--harness", "promptfoo"])
  );
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /Cannot read ".*openai_run\.json" as promptfoo/);
  const unknown = await capture(() =>
    auditMain([new URL("openai_run.json", DATA).pathname, "--harness", "helm"])
  );
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /--harness is one of promptfoo, inspect, lm-eval, openai-evals/);
});

Deno.test("audit falls back to the six-field reader for a file no harness wrote", async () => {
  const { code, stdout } = await capture(() =>
    auditMain([new URL("six_field.csv", DATA).pathname, "--json"])
  );
  assert.equal(code, 0);
  const json = JSON.parse(stdout);
  assert.equal(json.harness, null);
  assert.deepEqual([json.totals.attempted, json.totals.passed], [2, 1]);
});
