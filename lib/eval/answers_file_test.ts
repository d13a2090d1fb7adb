// The answers file and the cheap paths of a call: reuse keys stay what earlier versions wrote,
// lines are whole and in order under many writers, secrets never reach the file, a reply with no
// secret is not copied, and whole-body reading leaves event streams alone.
import assert from "node:assert/strict";
import { answerKey, AnswerWriter, readAnswers } from "./answers_file.ts";
import { redactor, redactValue } from "./_redact.ts";
import { wholeBodyFetch } from "./_ai_sdk.ts";
import type { AnswerRecord } from "./types.ts";
import { testAnswer } from "./_test_item.ts";

Deno.test("answerKey: the keys answers files already hold do not change", () => {
  // Computed by the first released implementation; a run resumed with a newer verdict must find
  // the answers an older one wrote.
  const full = answerKey({
    model: "m@http://127.0.0.1:8000/v1",
    messages: [
      { role: "system", content: "Be brief." },
      { role: "user", content: 'Capital of "France"? ✓\n' },
    ],
    params: { temperature: 0, stop: ["\n"], nested: { b: 1, a: [1, null, "x"], u: undefined } },
    tag: "fix:1",
    tools: [{
      type: "function",
      function: { name: "f", parameters: { type: "object", properties: {} } },
    }],
  });
  assert.equal(full, "c27588ae37c6e07f2a650e931cbccd2f9cceef9e19d157bac7c19120a5ca5542");
  const plain = answerKey({
    model: "m",
    messages: [{ role: "user", content: "2+2?" }],
    params: {},
    tag: "",
  });
  assert.equal(plain, "9ddf98e396d2835fc85b26304ef356e7ff5d756ff0b334dbfac0eb109bfcd711");
  // Key order does not matter; an undefined member is the same as none.
  assert.equal(
    answerKey({
      model: "m",
      messages: [{ content: "2+2?", role: "user" }],
      params: { x: undefined },
      tag: "",
    }),
    plain,
  );
});

const record = (id: string, text: string): AnswerRecord =>
  testAnswer(text, { id, key: `k-${id}`, messages: [{ role: "user", content: `q ${id}` }] });

Deno.test("AnswerWriter: many answers at once are whole lines in the order given, secrets removed", async () => {
  const path = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    // A file whose last line was cut off by a killed run.
    await Deno.writeTextFile(path, `${JSON.stringify(record("old", "x"))}\n{"kind": "ans`);
    const writer = await AnswerWriter.open(path, ["sk-secret-123"], true);
    const ids = Array.from({ length: 300 }, (_, i) => `q${i}`);
    await Promise.all(ids.map((id) => writer.write(record(id, `answer sk-secret-123 ${id}`))));
    await writer.close();
    assert.throws(() => writer.write(record("late", "x")), TypeError);
    const text = await Deno.readTextFile(path);
    assert.ok(!text.includes("sk-secret-123"));
    const lines = text.split("\n");
    assert.equal(lines.at(-1), "", "the file ends with a newline");
    assert.equal(lines[1], '{"kind": "ans', "the torn line stays a line of its own");
    assert.deepEqual(lines.slice(2, -1).map((l) => JSON.parse(l).id), ids);
    const kept = await readAnswers(path);
    assert.equal(kept.answers.size, 301);
    assert.deepEqual(kept.unreadable, [2]);
    assert.equal(kept.torn, false);
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("redactValue: a reply with no secret is returned as is; one with a secret is a redacted copy", () => {
  const redact = redactor(["sk-abc-123456"]);
  const clean = { text: "Paris", body: { choices: [{ message: "Paris" }] }, n: 3 };
  assert.equal(redactValue(clean, redact), clean);
  const dirty = {
    text: "ok",
    headers: { "sk-abc-123456": "as a key" },
    body: { error: 'you sent "Bearer sk-abc-123456"', list: ["x", "sk-abc-123456"] },
    n: 3,
  };
  const out = redactValue(dirty, redact);
  assert.notEqual(out, dirty);
  assert.ok(!JSON.stringify(out).includes("sk-abc-123456"));
  assert.deepEqual(out.body.list, ["x", "[redacted]"]);
  assert.equal(out.n, 3);
  assert.ok(JSON.stringify(dirty).includes("sk-abc-123456"), "the original is left alone");
  // A value that is not JSON is still looked through.
  const big = { big: 1n, secret: "sk-abc-123456" };
  assert.equal(redactValue(big, redact).secret, "[redacted]");
});

Deno.test("wholeBodyFetch: a JSON reply is read whole with status and headers kept; an event stream is passed on unread", async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => release = resolve);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    if (path === "/json") {
      return Response.json({ ok: true }, { status: 429, headers: { "retry-after": "2" } });
    }
    if (path === "/empty") return new Response(null, { status: 204 });
    // The second event is sent only once the first one was read: a fetch that waited for the
    // whole body would hang here.
    return new Response(
      new ReadableStream({
        async start(c) {
          c.enqueue(new TextEncoder().encode("data: one\n\n"));
          await held;
          c.enqueue(new TextEncoder().encode("data: two\n\n"));
          c.close();
        },
      }),
      { headers: { "content-type": "text/event-stream" } },
    );
  });
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    const seen: string[] = [];
    const fetchWhole = wholeBodyFetch((input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    });
    const json = await fetchWhole(`${base}/json`);
    assert.equal(json.status, 429);
    assert.equal(json.headers.get("retry-after"), "2");
    assert.deepEqual(await json.json(), { ok: true });
    const empty = await fetchWhole(`${base}/empty`);
    assert.equal(empty.status, 204);
    assert.equal(await empty.text(), "");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stream = await Promise.race([
      fetchWhole(`${base}/events`),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("the event stream was waited for whole")), 5000);
      }),
    ]);
    clearTimeout(timer);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    assert.equal((await reader.read()).value, "data: one\n\n");
    release();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += r.value;
    assert.equal(rest, "data: two\n\n");
    assert.deepEqual(seen.map((u) => new URL(u).pathname), ["/json", "/empty", "/events"]);
  } finally {
    release();
    await server.shutdown();
  }
});
