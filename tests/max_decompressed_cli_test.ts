// Every command that reads files takes --max-decompressed (one definition in cli/_common.ts):
// a gzip file that inflates past it stops with one line naming the flag, and exit 2; a limit it
// stays under reads it.
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { main as compareMain } from "../cli/compare.ts";
import { main as evalMain } from "../cli/eval.ts";
import { capture } from "./_capture.ts";

const enc = new TextEncoder();
// Two versions, exact pass/fail, then ~300 kB of padding in a last column: the file inflates to
// more than 200 kB whatever row reads it.
const pad = "x".repeat(300_000);
const SCORED = "item,system,repeat,scorer,score,pass,note\n" +
  ["q1", "q2", "q3"].flatMap((q) => [`${q},a,0,exact,1,true,`, `${q},b,0,exact,0,false,`])
    .join("\n") +
  `\nq4,a,0,exact,1,true,${pad}\nq4,b,0,exact,1,true,\n`;
const DATA = "id,question,answer,output\n1,a?,A,A\n2,b?,B,B\n" + `3,c?,C,${pad}\n`;

async function withFiles(body: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dir}/scored.csv.gz`, gzipSync(enc.encode(SCORED)));
    await Deno.writeFile(`${dir}/data.csv.gz`, gzipSync(enc.encode(DATA)));
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const LIMIT = /inflates to more than 97\.7 KiB.*\(raise it with --max-decompressed/;

Deno.test("compare --max-decompressed: past the limit stops with exit 2; under it reads", async () => {
  await withFiles(async (dir) => {
    const args = [`${dir}/scored.csv.gz`, "--versions", "a,b", "--json"];
    const low = await capture(() => compareMain([...args, "--max-decompressed", "100KB"]));
    assert.equal(low.code, 2, low.stderr + low.stdout);
    assert.match(low.stderr, LIMIT);
    const high = await capture(() => compareMain([...args, "--max-decompressed", "1MB"]));
    assert.equal(high.code, 0, high.stderr);
    assert.equal(JSON.parse(high.stdout).graders[0].grader, "exact");
    const bad = await capture(() => compareMain([...args, "--max-decompressed", "lots"]));
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--max-decompressed must be a size/);
  });
});

Deno.test("eval --max-decompressed: past the limit stops with exit 2; under it reads", async () => {
  await withFiles(async (dir) => {
    const args = [`${dir}/data.csv.gz`, "--input", "question", "--json", "--no-progress"];
    const low = await capture(() => evalMain([...args, "--max-decompressed", "100KB"]));
    assert.equal(low.code, 2, low.stderr + low.stdout);
    assert.match(low.stderr, LIMIT);
    const high = await capture(() => evalMain([...args, "--max-decompressed", "1MB"]));
    assert.notEqual(high.code, 2, high.stderr);
    assert.doesNotMatch(high.stderr, /inflates/);
  });
});

Deno.test("--max-decompressed is in the help of every command that reads files", async () => {
  for (const main of [compareMain, evalMain]) {
    const out = await capture(() => main(["--help"]));
    assert.match(out.stdout, /--max-decompressed S +how far a compressed file may inflate/);
  }
});
