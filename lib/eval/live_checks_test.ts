// Each live check on answers that should and should not trip it.
import assert from "node:assert/strict";
import { CAUSE_IDS, CAUSES, JUDGE_CAUSES, mainCause } from "./causes.ts";
import { LIVE_CHECKS, liveChecks } from "./live_checks.ts";
import { degenerate, longestRepetition } from "./_repetition.ts";
import fc from "fast-check";
import type { AnswerRecord, MetricValue } from "./types.ts";
import { testAnswer } from "./_test_item.ts";

const answer = testAnswer;

const miss: Record<string, MetricValue> = {
  exact_match: { value: 0, pass: false, scored: true, reason: "" },
};
const causesOf = (a: AnswerRecord, refs: string[] = ["Paris"], metrics = miss) =>
  liveChecks({ answer: a, references: refs, metrics }).map((f) => f.cause);

Deno.test("live checks: truncation, empty answers and content filters", () => {
  assert.deepEqual(
    causesOf(answer("The capital is", { finishReason: "length", rawFinishReason: "max_tokens" })),
    ["F1"],
  );
  assert.deepEqual(causesOf(answer("  \n")), ["F9"]);
  assert.deepEqual(
    causesOf(answer("", { toolCalls: [{ name: "lookup", arguments: "{}" }] })),
    [],
  );
  assert.deepEqual(causesOf(answer("", { finishReason: "content_filter" })), ["F9", "F3"]);
  // A failed call gets no findings: its cause is INFRA.
  assert.deepEqual(
    causesOf(answer("", { text: null, error: { kind: "server", message: "500" } })),
    [],
  );
});

Deno.test("live checks: refusals and abstentions, without taking hedges or the reference for them", () => {
  for (
    const t of [
      "I'm sorry, but I can't help with that.",
      "I cannot assist with this request.",
      "As an AI language model, I cannot browse the web.",
      "I must decline to answer.",
      "I’m unable to provide that information.",
    ]
  ) assert.deepEqual(causesOf(answer(t)), ["F3"], t);
  for (const t of ["I can't be sure, but it is Lyon.", "Paris. I cannot stress this enough."]) {
    assert.ok(!causesOf(answer(t)).includes("F3"), t);
  }
  assert.deepEqual(causesOf(answer("I don't know.")), ["F4"]);
  assert.deepEqual(causesOf(answer("Unknown")), ["F4"]);
  // The reference itself is an abstention (an unanswerable question): saying so is right.
  assert.deepEqual(causesOf(answer("I don't know"), ["unknown"]), []);
});

Deno.test("live checks: JSON asked through response_format, with a schema", () => {
  const schema = { type: "object", required: ["city"], properties: { city: { type: "string" } } };
  const params = { response_format: { type: "json_schema", json_schema: { schema } } };
  assert.deepEqual(causesOf(answer('{"city": "Paris"}', { params }), [], {}), []);
  assert.deepEqual(causesOf(answer('{"town": "Paris"}', { params }), [], {}), ["F2"]);
  const fenced = liveChecks({
    answer: answer('```json\n{"city": "Paris"}\n```', {
      params: { response_format: { type: "json_object" } },
    }),
    references: [],
    metrics: {},
  });
  assert.match(fenced[0].detail, /code fence/);
  // No JSON asked for: prose is fine.
  assert.deepEqual(causesOf(answer("Paris"), [], {}), []);
});

Deno.test("live checks: repetition finds loops, not lists or tables", () => {
  const loop = "The answer is " + "I think that it is ".repeat(12);
  assert.deepEqual(causesOf(answer(loop)), ["F11"]);
  assert.ok(degenerate("ha ".repeat(40)));
  assert.ok(degenerate("好的".repeat(40)), "text without spaces is read by characters");
  const table = "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |";
  const list = Array.from({ length: 30 }, (_, i) => `${i + 1}. item number ${i + 1}`).join("\n");
  const prose = "Paris is the capital of France. It is on the Seine. It is large and old.";
  for (const t of [table, list, prose]) assert.equal(degenerate(t), null, t);
});

Deno.test("live checks: the script of the answer against the reference's, else the question's", () => {
  assert.deepEqual(causesOf(answer("Париж — столица Франции")), ["F10"]);
  assert.deepEqual(causesOf(answer("Paris"), ["Paris"], {}), []);
  // No reference: the question's script counts.
  const ru = answer("The capital is Moscow", {
    messages: [{ role: "user", content: "Какая столица России?" }],
  });
  assert.deepEqual(causesOf(ru, []), ["F10"]);
  const ja = answer("東京です", {
    messages: [{ role: "user", content: "日本の首都はどこですか？" }],
  });
  assert.deepEqual(causesOf(ja, []), []);
  // A reference in another script than the question (a translation) sets the expectation.
  assert.deepEqual(causesOf(answer("кошка"), ["кошка"], {}), []);
  // Switched off.
  assert.deepEqual(
    liveChecks({ answer: ru, references: [], metrics: miss, options: { script: "off" } }),
    [],
  );
  // Too few letters to tell: a number or a symbol answer.
  assert.deepEqual(causesOf(answer("42"), ["42"], {}), []);
});

Deno.test("live checks: tool calls checked against the tools the request offered", () => {
  const tools = [{
    type: "function",
    function: {
      name: "weather",
      parameters: { type: "object", required: ["city"], properties: { city: { type: "string" } } },
    },
  }];
  const call = (name: string, args: string) =>
    answer("", { params: { tools }, toolCalls: [{ name, arguments: args }] });
  assert.deepEqual(causesOf(call("weather", '{"city": "Oslo"}'), [], {}), []);
  assert.deepEqual(causesOf(call("wether", '{"city": "Oslo"}'), [], {}), ["F14"]);
  assert.deepEqual(causesOf(call("weather", '{"city": '), [], {}), ["F14"]);
  assert.deepEqual(causesOf(call("weather", '{"town": "Oslo"}'), [], {}), ["F14"]);
});

Deno.test("live checks: a buried reference explains a miss and never flags a pass", () => {
  assert.deepEqual(causesOf(answer("I believe the answer is Paris, France.")), ["F8"]);
  const numberMiss = { number: { value: 0, pass: false, scored: true, reason: "" } };
  assert.deepEqual(
    causesOf(answer("12 apples and 7 pears make 19 fruit; minus 7 leaves 5"), ["12"], numberMiss),
    ["F8"],
  );
  assert.deepEqual(causesOf(answer("It is Paris"), ["Paris"], {}), []);
  assert.ok(LIVE_CHECKS.buried.missesOnly);
});

Deno.test("causes: the registry orders every cause once; the judge is offered only what it can see", () => {
  assert.deepEqual([...CAUSE_IDS].sort(), Object.keys(CAUSES).sort());
  assert.equal(CAUSE_IDS.length, 15);
  assert.deepEqual(JUDGE_CAUSES, ["F2", "F3", "F4", "F5", "F6", "F7", "F8", "F10"]);
  assert.equal(mainCause(["F13", "F4"]), "F4");
  assert.equal(mainCause(["F1", "F11"]), "F11");
  assert.equal(mainCause(["F9", "F1"]), "F1");
});

Deno.test("repetition: the quick 4-gram test never rules out a loop the full scan would count", () => {
  const word = fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h", "the", "cat");
  fc.assert(
    fc.property(
      fc.array(word, { maxLength: 60 }),
      fc.array(word, { minLength: 1, maxLength: 12 }),
      fc.integer({ min: 2, max: 30 }),
      fc.array(word, { maxLength: 60 }),
      (before, block, copies, after) => {
        const text = [...before, ...Array(copies).fill(block).flat(), ...after].join(" ");
        const r = longestRepetition(text);
        const counts = r !== null && r.copies >= 3 && r.tokens >= 20 && r.tokens >= 0.3 * r.total;
        assert.equal(degenerate(text) !== null, counts, text);
      },
    ),
    { numRuns: 500 },
  );
});
