import assert from "node:assert/strict";
import { Progress } from "./progress.ts";

type Sent = [string, Record<string, unknown>];
const data = (s: Sent) => s[1].data as Record<string, string>;
const displayId = (s: Sent) => (s[1].transient as { display_id: string }).display_id;

Deno.test("in a notebook, progress is one output updated in place", async () => {
  const sent: Sent[] = [];
  const p = new Progress({
    label: "<b>rows</b>",
    total: 3,
    mode: "jupyter",
    intervalMs: 0,
    broadcast: (t, c) => sent.push([t, c]),
  });
  p.tick();
  p.tick(1, "half");
  await p.finish("done");
  assert.deepEqual(sent.map((s) => s[0]), [
    "display_data",
    "update_display_data",
    "update_display_data",
  ]);
  assert.equal(new Set(sent.map(displayId)).size, 1);
  assert.match(data(sent[1])["text/plain"], /^<b>rows<\/b>: 2\/3 \(66%\) [\d.]+ s · half$/);
  assert.match(data(sent[2])["text/plain"], /^<b>rows<\/b>: 3\/3 \(100%\) [\d.]+ s · done$/);
  const html = data(sent[2])["text/html"];
  assert.ok(html.includes('<progress value="3" max="3"></progress>'));
  assert.ok(html.includes("&lt;b&gt;rows&lt;/b&gt;") && !html.includes("<b>"));
});

Deno.test("updates are throttled but the last state is always shown", async () => {
  const sent: Sent[] = [];
  const p = new Progress({ total: 1000, mode: "jupyter", broadcast: (t, c) => sent.push([t, c]) });
  for (let i = 0; i < 1000; i++) p.tick();
  await p.finish();
  assert.ok(sent.length <= 3, `${sent.length} messages`);
  assert.match(data(sent[sent.length - 1])["text/plain"], /^progress: 1000\/1000 \(100%\)/);
});

Deno.test("progress never throws when the notebook refuses messages", async () => {
  let calls = 0;
  const throwing = new Progress({
    total: 2,
    mode: "jupyter",
    intervalMs: 0,
    broadcast: () => {
      calls++;
      throw new Error("kernel gone");
    },
  });
  throwing.tick();
  await throwing.finish();
  const rejecting = new Progress({
    mode: "jupyter",
    intervalMs: 0,
    broadcast: () => {
      calls++;
      return Promise.reject(new Error("closed"));
    },
  });
  rejecting.tick();
  await rejecting.finish();
  assert.equal(calls, 4, "every update was still tried");
});

Deno.test("on a terminal, one line is rewritten and ended once", async () => {
  const out: string[] = [];
  const p = new Progress({
    label: "scoring",
    total: 10,
    mode: "terminal",
    intervalMs: 0,
    write: (t) => out.push(t),
  });
  p.set(5, "a longer note than the next one");
  p.set(7);
  await p.finish();
  await p.finish();
  assert.ok(out.slice(0, -1).every((t) => t.startsWith("\r")));
  assert.equal(out[out.length - 1], "\n");
  assert.equal(out.filter((t) => t === "\n").length, 1, "finish twice ends the line once");
  assert.ok(out[1].length >= out[0].length, "a shorter line blanks the rest of the longer one");
  assert.match(out[2], /^\rscoring: 10\/10 \(100%\)/);
});

Deno.test("silent progress writes nothing; a throwing terminal is ignored", async () => {
  const out: string[] = [];
  const silent = new Progress({ mode: "silent", write: (t) => out.push(t) });
  silent.tick();
  await silent.finish();
  assert.deepEqual(out, []);
  const broken = new Progress({
    mode: "terminal",
    intervalMs: 0,
    write: () => {
      throw new Error("EPIPE");
    },
  });
  broken.tick();
  await broken.finish();
  assert.equal(broken.done, 1);
});

Deno.test("auto mode picks the notebook when a broadcast exists, counts without a total", async () => {
  const sent: Sent[] = [];
  const p = new Progress({ intervalMs: 0, broadcast: (t, c) => sent.push([t, c]) });
  assert.equal(p.mode, "jupyter");
  p.tick(4);
  await p.finish();
  assert.match(data(sent.at(-1)!)["text/plain"], /^progress: 4 · [\d.]+ s$/);
  // Running, the bar has no value (it moves to and fro); finished, it is full.
  assert.ok(data(sent[0])["text/html"].includes("<progress></progress>"));
  assert.ok(data(sent.at(-1)!)["text/html"].includes('<progress value="1" max="1"></progress>'));
  assert.throws(() => new Progress({ total: -1 }), RangeError);
  assert.equal(new Progress({ mode: "jupyter" }).mode, "silent", "no kernel here");
});
