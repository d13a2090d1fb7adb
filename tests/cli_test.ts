// The command-line frame: dispatch, help everywhere, exit codes, errors on stderr.
import assert from "node:assert/strict";
import { capture as captureRun } from "./_capture.ts";
import { main } from "../cli.ts";

const capture = (args: string[]) => captureRun(() => main(args));

Deno.test("--help lists every command and exits 0; no command exits 2", async () => {
  const help = await capture(["--help"]);
  assert.equal(help.code, 0);
  for (const name of ["score", "audit", "eval", "interval"]) {
    assert.match(help.stdout, new RegExp(`^  ${name} `, "m"));
  }
  assert.equal((await capture([])).code, 2);
});

Deno.test("every command answers --help with its usage on stdout", async () => {
  for (const name of ["score", "audit", "eval", "interval"]) {
    const r = await capture([name, "--help"]);
    assert.equal(r.code, 0, name);
    assert.match(r.stdout, new RegExp(`^verdict ${name}`), name);
    assert.equal(r.stderr, "", name);
  }
});

Deno.test("an unknown command is an error on stderr with exit code 2", async () => {
  const r = await capture(["scroe", "x.csv"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown command "scroe"/);
  assert.equal(r.stdout, "");
});

Deno.test("eval with a missing dataset is an error on stderr with exit code 2", async () => {
  const r = await capture(["eval", "data.jsonl"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^verdict eval: Cannot read "data.jsonl": no such file$/);
});
