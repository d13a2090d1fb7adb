// Datasets in the three formats, each role from its sources in order, and problems as data.
import assert from "node:assert/strict";
import { readDataset } from "./dataset.ts";

Deno.test("dataset: CSV with messages as JSON text, a JSON-array reference list and params", async () => {
  const csv = [
    "id,messages,expected,params",
    `a,"[{""role"":""system"",""content"":""Be brief.""},{""role"":""user"",""content"":""Capital of France?""}]","[""Paris"",""paris, france""]","{""max_tokens"":5}"`,
    `b,,Rome,`,
  ].join("\n");
  const data = await readDataset({ text: csv, name: "d.csv" }, {
    params: { temperature: 0, max_tokens: 50 },
  });
  assert.equal(data.items.length, 1);
  const a = data.items[0];
  assert.deepEqual(a.messages.map((m) => m.role), ["system", "user"]);
  assert.deepEqual(a.references, ["Paris", "paris, france"]);
  assert.deepEqual(a.params, { temperature: 0, max_tokens: 5 }); // the row's own params win
  assert.deepEqual(data.problems, [{
    code: "no-prompt",
    row: 2,
    message: "row 2 has no messages, prompt, question or input",
  }]);
});

Deno.test("dataset: JSON list; roles settled once per file, overridable; template fields from the row", async () => {
  const rows = JSON.stringify([
    { question: "Q?", prompt: "P?", query: "custom", target: "t", ideal: "i" },
    { question: "Q2?", answer: 42 },
  ]);
  // prompt wins over question (first synonym present in the file); reference: answer is a
  // column of the file and comes before target in the vocabulary.
  const plain = await readDataset({ text: rows, name: "d.json" });
  assert.deepEqual(plain.mapping, { prompt: "prompt", reference: "answer" });
  assert.deepEqual(plain.items.map((i) => i.messages[0].content), ["P?"]);
  assert.deepEqual(plain.problems.map((p) => p.message), ['row 2 has no "prompt" to ask']);
  assert.deepEqual(plain.items.map((i) => [i.id, i.references]), [["1", []]]); // no id: row number
  const chosen = await readDataset({ text: rows }, { input: "question", reference: "ideal" });
  assert.deepEqual(chosen.items.map((i) => i.messages[0].content), ["Q?", "Q2?"]);
  assert.deepEqual(chosen.items.map((i) => i.references), [["i"], []]);
  await assert.rejects(
    readDataset({ text: rows, name: "d.json" }, { input: "qestion" }),
    /column "qestion" \(mapped to prompt\) is not in the file; its columns are question, prompt, query, target, ideal, answer/,
  );
  const templated = await readDataset({ text: rows }, {
    template: "{{literal}} {query} / {prompt}",
  });
  assert.equal(templated.items[0].messages[0].content, "{literal} custom / P?");
  assert.deepEqual(templated.problems.map((p) => [p.code, p.field]), [["missing-field", "query"]]);
});

Deno.test("dataset: JSON lines with a torn line, a duplicate id, bad messages and a limit", async () => {
  const text = [
    '{"id": "x", "question": "1?", "answer": "1"}',
    '{"id": "y", "messages": [{"role": "robot", "content": "hi"}]}',
    '{"id": "x", "question": "again?"}',
    '{"id": "z", "question": "3?", "response": "3", "answer": "3"}',
    '{"id": "w", "quest',
  ].join("\n");
  const data = await readDataset({ text, name: "d.jsonl" });
  assert.deepEqual(data.items.map((i) => [i.id, i.recorded]), [["x", null], ["z", "3"]]);
  assert.deepEqual(data.problems.map((p) => [p.code, p.row]), [
    ["bad-messages", 2],
    ["duplicate-id", 3],
    ["unreadable", 5],
  ]);
  assert.match(data.problems[0].message, /message 1 has role "robot"/);
  assert.equal(data.problems[1].message, 'id "x" appears in rows 1 and 3');
  const limited = await readDataset({ text, name: "d.jsonl" }, { limit: 1 });
  assert.deepEqual([limited.items.length, limited.records], [1, 1]);
});

Deno.test("dataset: a missing file is a NotFound error naming it", async () => {
  await assert.rejects(
    readDataset("no/such/data.jsonl"),
    (e: Error) => e instanceof Deno.errors.NotFound && /no\/such\/data\.jsonl/.test(e.message),
  );
});
