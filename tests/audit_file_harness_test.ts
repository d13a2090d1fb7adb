// auditFile (six-field files) and the audit command (harness files first, then six-field) agree:
// a harness file given to auditFile is refused with an error that names auditHarnessFile, and
// auditHarnessFile reads it to the same figures the command prints.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { auditFile, auditHarnessFile, isUserError } from "../mod.ts";
import { main as auditMain } from "../cli/audit.ts";
import { capture } from "./_capture.ts";

const EXAMPLES = [
  "returns-desk.deepeval.json",
  "returns-desk.promptfoo.json",
  "returns-desk.inspect.json",
]
  .map((name) => fileURLToPath(new URL(`../examples/${name}`, import.meta.url)));

for (const path of EXAMPLES) {
  Deno.test(`auditFile refuses ${path.split("/").pop()} naming auditHarnessFile`, async () => {
    const error = await auditFile(path).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof SyntaxError, `expected a SyntaxError, got ${error}`);
    assert.ok(isUserError(error));
    assert.match(error.message, /^Cannot read ".*": the JSON document has no "rows" array/);
    assert.match(error.message, /auditHarnessFile/);
  });

  Deno.test(`auditHarnessFile and cli audit agree on ${path.split("/").pop()}`, async () => {
    const report = await auditHarnessFile(path);
    const out = await capture(() => auditMain([path, "--json"]));
    assert.equal(out.code, 0, out.stderr);
    const cli = JSON.parse(out.stdout);
    assert.deepEqual(cli.totals, report.toJSON().totals);
  });
}
