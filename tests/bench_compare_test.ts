// The issue-16 bench (bench/compare.ts) at its small size: every line's report must count exactly
// the rows the generator wrote (an audit's classes too), and without a sacrebleu source tree the
// sacrebleu side says it was skipped and why. No time is asserted.
import assert from "node:assert/strict";

Deno.test("bench:compare counts every generated row on every line, and says why sacrebleu is skipped", async () => {
  const env = Deno.env.toObject();
  delete env.SACREBLEU_SRC;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--lock=deno.lock",
      "-A",
      "bench/compare.ts",
      "--size",
      "small",
      "--runs",
      "1",
      "--json",
    ],
    cwd: new URL("../", import.meta.url),
    env: { ...env, NO_COLOR: "1" },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  const { lines } = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    lines: { work: string; rows: number; counted: number; reference?: { skipped?: string } }[];
  };
  assert.deepEqual(
    lines.map((l) => [l.work.replace(/,.*$/, ""), l.rows]),
    [
      ["corpus BLEU + chrF and sentence means", 1000],
      ["score --graders bleu", 1000],
      ["score --graders all (ten graders + near-miss probe)", 1000],
      ["score --graders exact --scored", 2000],
      ["audit of a six-field CSV", 4000],
      ["audit of the same CSV with every cell quoted", 4000],
      ["audit of a six-field CSV", 8000],
    ],
  );
  for (const l of lines) assert.equal(l.counted, l.rows, l.work);
  assert.match(lines[0].reference?.skipped ?? "", /SACREBLEU_SRC is not set/);
});
