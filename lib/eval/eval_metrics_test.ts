// Each built-in metric on hand-made answers, with the values worked out here by hand.
import assert from "node:assert/strict";
import { normalizedExactMatch, tokenF1 } from "../graders/mod.ts";
import { resolveMetric } from "./eval_metrics.ts";
import { customMetric } from "./metric.ts";
import { testItem } from "./_test_item.ts";
import type { AnswerRecord } from "./types.ts";

function record(text: string, latencyMs: number | null = 100) {
  const item = testItem({ recorded: text });
  const answer = { text, latencyMs } as AnswerRecord;
  return { text, answer, item };
}

async function value(spec: string, text: string, refs: string[], latency?: number | null) {
  const m = await resolveMetric(spec);
  return m.score(record(text, latency), refs);
}

Deno.test("exact_match and f1 give the score job's grader values, best reference", async () => {
  const pairs: [string, string[]][] = [
    ["The Eiffel Tower!", ["eiffel tower"]],
    ["Denver Broncos", ["Broncos", "the Denver Broncos"]],
    ["a cat sat", ["the dog sat"]],
  ];
  for (const [text, refs] of pairs) {
    assert.equal((await value("exact_match", text, refs)).value, normalizedExactMatch(text, refs));
    assert.equal((await value("f1", text, refs)).value, tokenF1(text, refs));
  }
  // "a cat sat" vs "the dog sat": tokens [cat, sat] vs [dog, sat] → P = R = 1/2 → F1 = 0.5.
  assert.equal((await value("f1", "a cat sat", ["the dog sat"])).value, 0.5);
  assert.equal((await value("f1", "a cat sat", ["the dog sat"])).pass, null);
  assert.equal((await value("f1:0.5", "a cat sat", ["the dog sat"])).pass, true);
  assert.equal((await value("f1:0.6", "a cat sat", ["the dog sat"])).pass, false);
  const none = await value("exact_match", "Paris", []);
  assert.deepEqual([none.scored, none.pass, none.reason], [false, null, "no reference"]);
});

Deno.test("contains: whole words, any reference; parts of words do not count", async () => {
  assert.equal((await value("contains", "The capital is Paris.", ["paris"])).value, 1);
  assert.equal((await value("contains", "Parisian food", ["Paris"])).value, 0);
  assert.equal((await value("contains", "It is New Delhi", ["Delhi", "Mumbai"])).value, 1);
  assert.equal((await value("contains", "delhi new", ["New Delhi"])).value, 0);
  assert.equal((await value("contains", "x", ["the"])).scored, false);
});

Deno.test("choice: the option letter in its usual forms", async () => {
  const cases: [string, string, number][] = [
    ["The answer is (B)", "B", 1],
    ["**C**", "C", 1],
    ["B) Paris", "B", 1],
    ["I think the answer is: d.", "D", 1],
    ["A cat is not a dog. Answer: B", "B", 1],
    ["A", "(A)", 1],
    ["The answer is (B)", "C", 0],
  ];
  for (const [text, ref, want] of cases) {
    assert.equal((await value("choice", text, [ref])).value, want, `${text} vs ${ref}`);
  }
  const none = await value("choice", "I am not sure", ["A"]);
  assert.deepEqual([none.value, none.cause], [0, "F2"]);
  assert.equal((await value("choice", "B", ["Paris"])).scored, false);
});

Deno.test("number: after ####, else \\boxed{}, else the last number; separators and signs", async () => {
  const cases: [string, string, number][] = [
    ["She has 3 apples, then 5 more.\n#### 8", "8", 1],
    ["The total is \\boxed{1,250} dollars, not 12", "1250", 1],
    ["It dropped by -4.5 degrees", "-4.5", 1],
    ["First 10, then 20", "10", 0],
    ["#### 72", "Natalia sold 48/2 = 24 clips in May.\n#### 72", 1],
    ["72.0", "72", 1],
  ];
  for (const [text, ref, want] of cases) {
    assert.equal((await value("number", text, [ref])).value, want, `${text} vs ${ref}`);
  }
  assert.equal((await value("number", "no digits here", ["3"])).value, 0);
  assert.equal((await value("number", "3", ["three"])).scored, false);
});

Deno.test("json_valid with and without a schema; json_match counts the reference's fields", async () => {
  assert.equal((await value("json_valid", '{"a": 1}', [])).value, 1);
  const fenced = await value("json_valid", '```json\n{"a": 1}\n```', []);
  assert.deepEqual([fenced.value, fenced.cause], [0, "F2"]);
  assert.match(fenced.reason, /code fence/);
  const schemaPath = await Deno.makeTempFile({ suffix: ".json" });
  await Deno.writeTextFile(schemaPath, JSON.stringify({ type: "object", required: ["name"] }));
  const m = await resolveMetric(`json_valid:schema=${schemaPath}`);
  assert.equal((await m.score(record('{"name": "x"}'), [])).value, 1);
  const miss = await m.score(record('{"age": 3}'), []);
  assert.equal(miss.value, 0);
  assert.match(miss.reason, /name/);
  await Deno.remove(schemaPath);
  await assert.rejects(resolveMetric("json_valid:schema=/no/such.json"), /no such file/);

  // Reference leaves: name, age, tags[0], tags[1] → the answer has name and tags[0] right: 2/4.
  const ref = JSON.stringify({ name: "Ada", age: 36, tags: ["math", "poet"] });
  const got = await value("json_match", '{"name": "Ada", "age": 37, "tags": ["math"]}', [ref]);
  assert.equal(got.value, 0.5);
  assert.match(got.reason, /2\/4 fields right; wrong or missing: age, tags\[1\]/);
  assert.equal((await value("json_match", "not json", [ref])).cause, undefined); // graded: no pass
  assert.equal((await value("json_match:1", "not json", [ref])).cause, "F2");
});

Deno.test("latency: milliseconds, lower is better, not scored without a measurement", async () => {
  const fast = await value("latency:500", "x", [], 120);
  assert.deepEqual([fast.value, fast.pass], [120, true]);
  assert.equal((await value("latency:500", "x", [], 900)).pass, false);
  assert.equal((await value("latency", "x", [], 900)).pass, null);
  assert.equal((await value("latency:500", "x", [], null)).scored, false);
});

Deno.test("metric specs: thresholds in range, options known, names known", async () => {
  await assert.rejects(resolveMetric("f1:1.5"), RangeError);
  await assert.rejects(resolveMetric("exact_match:x"), RangeError);
  await assert.rejects(resolveMetric("f1:schema=a.json"), /takes no option "schema"/);
  await assert.rejects(resolveMetric("rouge"), /Unknown metric "rouge": use one of exact_match/);
  assert.equal((await resolveMetric("latency:2000")).threshold, 2000);
});

Deno.test("custom metric: best over references, threshold pass, not scored on NaN", async () => {
  const m = customMetric({
    name: "length_ratio",
    threshold: 0.8,
    compute: (r, ref) => ({
      value: ref === null
        ? null
        : Math.min(r.text.length, ref.length) / Math.max(r.text.length, ref.length),
      reason: `vs ${ref}`,
    }),
  });
  const v = await m.score(record("abcd"), ["ab", "abcde"]);
  assert.deepEqual([v.value, v.pass, v.reason], [0.8, true, "vs abcde"]);
  assert.equal((await m.score(record("abcd"), [])).scored, false);
  assert.throws(() => customMetric({ name: "bad name", compute: () => ({ value: 1 }) }), TypeError);
});

Deno.test("choice: an article or pronoun is not an option", async () => {
  assert.equal((await value("choice", "The answer is a good one", ["A"])).value, 0);
  assert.equal((await value("choice", "I believe it is B.", ["B"])).value, 0); // no marker: not read
});
