import assert from "node:assert/strict";
import { Progress } from "../render/progress.ts";
import { rowProgress } from "./_progress.ts";
import { score } from "./score.ts";

const EXAMPLE = new URL("../../examples/returns-desk.jsonl", import.meta.url).pathname;

/** A progress reporter that records the notebook messages it would send. */
function captured(label = "test") {
  const sent: { type: string; text: string; id: unknown }[] = [];
  const progress = new Progress({
    label,
    mode: "jupyter",
    intervalMs: 0,
    broadcast: (type, content) =>
      sent.push({
        type,
        text: (content.data as Record<string, string>)["text/plain"],
        id: (content.transient as Record<string, unknown>).display_id,
      }),
  });
  return { progress, sent };
}

Deno.test("score shows progress as one notebook output updated in place", async () => {
  const { progress, sent } = captured("scoring the example");
  const report = await score(EXAMPLE, { graders: ["exact"], progress });
  assert.equal(report.read.read, 80);
  assert.equal(sent[0].type, "display_data");
  assert.ok(sent.slice(1).every((m) => m.type === "update_display_data"));
  assert.equal(new Set(sent.map((m) => m.id)).size, 1, "one display id");
  assert.equal(sent.length, 81, "a message per row, then the final one");
  assert.match(sent.at(-1)!.text, /^scoring the example: 80 · \d+\.\d s · 80 rows, done$/);
});

Deno.test("score progress: false shows nothing; left out waits for a slow run", () => {
  let made = 0;
  const make = (label: string) => {
    made++;
    return captured(label).progress;
  };
  const off = rowProgress(false, "x", make, 0);
  off.tick();
  assert.equal(made, 0);
  const quick = rowProgress(undefined, "x", make, 60_000);
  for (let i = 0; i < 1000; i++) quick.tick();
  assert.equal(made, 0, "a run shorter than the delay shows nothing");
  const slow = rowProgress(undefined, "x", make, 0);
  slow.tick();
  assert.equal(made, 1, "a run past the delay shows progress");
  rowProgress(true, "x", make, 60_000);
  assert.equal(made, 2, "true shows it from the start");
});

Deno.test("score progress, even when asked for, writes nothing when stderr is not a terminal", async () => {
  const script = `
    import { score } from "${new URL("../../mod.ts", import.meta.url)}";
    const report = await score(${JSON.stringify(EXAMPLE)}, { graders: ["exact"], progress: true });
    console.log(report.read.read);
  `;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--quiet", "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(script));
  await writer.close();
  const out = await child.output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  assert.equal(out.code, 0, decode(out.stderr));
  assert.equal(decode(out.stdout), "80\n");
  assert.equal(decode(out.stderr), "", "no progress on a piped stderr");
});

Deno.test("score progress on a terminal: one line on stderr, rewritten in place", async (t) => {
  try {
    Deno.statSync("/usr/bin/script");
  } catch {
    console.log("skipped: /usr/bin/script (util-linux) is needed to run under a terminal");
    return;
  }
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/run.ts`;
    await Deno.writeTextFile(
      file,
      `import { score } from "${new URL("../../mod.ts", import.meta.url)}";\n` +
        `await score(${JSON.stringify(EXAMPLE)}, { graders: ["exact"], progress: true });\n`,
    );
    const config = new URL("../../deno.json", import.meta.url).pathname;
    const command =
      `${Deno.execPath()} run --allow-read --quiet --config ${config} ${file} 2>&1 >/dev/null`;
    const out = await new Deno.Command("/usr/bin/script", {
      args: ["-qec", command, "/dev/null"],
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 0, text);
    await t.step("the line is rewritten with carriage returns and ends in its final state", () => {
      assert.match(
        text,
        /\rrows scored from \S+returns-desk\.jsonl: 80 · \d+\.\d s · 80 rows, done/,
      );
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("progress shown after the delay counts time from the start of the run", () => {
  const starts: number[] = [];
  const before = performance.now();
  const late = rowProgress(undefined, "x", (label, startedAt) => {
    starts.push(startedAt);
    return captured(label).progress;
  }, 0);
  late.tick();
  assert.equal(starts.length, 1);
  assert.ok(starts[0] >= before && starts[0] <= performance.now());
  const progress = new Progress({
    label: "rows",
    mode: "silent",
    startedAt: performance.now() - 5000,
  });
  assert.match(progress.text(), /^rows: 0 · 5\.\d s$/);
});
