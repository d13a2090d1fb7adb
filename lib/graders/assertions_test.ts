import assert from "node:assert/strict";
import type { AssertionSpec as Assertion } from "./assertions.ts";
import { KNOWN_ASSERTION_TYPES, runAssertion } from "./assertions.ts";

const schema = { type: "object", required: ["total"], properties: { total: { type: "number" } } };

// For every known kind: an assertion, an output that passes and one that fails.
const KINDS: [Assertion, string, string][] = [
  [{ type: "exact", value: "Paris" }, "Paris", "paris"],
  [{ type: "equals", value: "Paris" }, "Paris", "Paris "],
  [{ type: "normalized", value: "the Eiffel Tower" }, "Eiffel tower!", "Louvre"],
  [{ type: "contains", value: "UPS" }, "any UPS store", "any ups store"],
  [{ type: "icontains", value: "UPS" }, "any ups store", "any FedEx store"],
  [{ type: "contains-any", value: ["UPS", "pickup"] }, "a free pickup", "a free PICKUP"],
  [{ type: "contains-all", value: ["box", "label"] }, "box and label", "box only"],
  [{ type: "icontains-any", value: "ups, pickup" }, "a free PICKUP", "a free drop-off"],
  [{ type: "icontains-all", value: ["box", "label"] }, "BOX and LABEL", "LABEL only"],
  [{ type: "starts-with", value: "Refunds" }, "Refunds appear soon", "refunds appear soon"],
  [{ type: "regex", value: "^RMA-\\d{6}$" }, "RMA-088213", "RMA-5521"],
  [{ type: "is-json" }, '{"a": [1, 2]}', "{a: 1}"],
  [{ type: "is-json", value: schema }, '{"total": 12}', '{"total": "12"}'],
  [{ type: "json-schema", value: JSON.stringify(schema) }, '{"total": 1}', "{}"],
  [{ type: "numeric", value: 385 }, "$385.00", "$358.00"],
  [{ type: "token-f1", value: "the cat sat", threshold: 0.6 }, "cat sat", "a dog ran"],
  [
    { type: "bleu", value: "the cat sat on the mat", threshold: 0.5 },
    "the cat sat on the mat",
    "a dog",
  ],
  [
    { type: "rouge-l", value: "drop the parcel at any UPS store", threshold: 0.6 },
    "drop the parcel at a UPS store",
    "call us",
  ],
  [{ type: "chrf", value: "kitten", threshold: 0.9 }, "kitten", "sitting"],
  [{ type: "rouge-1", value: "the cat sat", threshold: 0.9 }, "sat the cat", "a dog"],
  [{ type: "rouge-2", value: "the cat sat", threshold: 0.9 }, "the cat sat", "sat the cat"],
  [{ type: "rouge-lsum", value: "One.\nTwo.", threshold: 0.9 }, "Two.\nOne.", "Three."],
  // TER: lower is better, so a row passes at or under the threshold.
  [
    { type: "ter", value: "the cat sat on the mat", threshold: 0.2 },
    "on the mat the cat sat",
    "a dog",
  ],
];

Deno.test("every known kind runs: one passing and one failing output each", () => {
  assert.deepEqual(
    [...new Set(KINDS.map(([a]) => a.type))].sort(),
    [...KNOWN_ASSERTION_TYPES].sort(),
  );
  for (const [assertion, good, badOutput] of KINDS) {
    const yes = runAssertion(assertion, good);
    assert.equal(yes.known, true);
    assert.equal(
      yes.result.pass,
      true,
      `${assertion.type} on ${JSON.stringify(good)}: ${yes.result.reason}`,
    );
    const no = runAssertion(assertion, badOutput);
    assert.equal(
      no.result.pass,
      false,
      `${assertion.type} on ${JSON.stringify(badOutput)}: ${no.result.error}`,
    );
    assert.ok(no.settings.length > 0);
  }
});

Deno.test("unknown kinds never pass and never run", () => {
  for (
    const type of [
      "llm-rubric",
      "javascript",
      "similar",
      "rouge-n",
      "levenshtein",
      "not-contains",
      "Contains",
    ]
  ) {
    const out = runAssertion({ type, value: "anything", threshold: 0.1 }, "anything");
    assert.equal(out.known, false, type);
    assert.equal(out.result.pass, null, type);
    assert.equal(out.result.error, "not-implemented", type);
    assert.ok(Number.isNaN(out.result.score));
    assert.deepEqual(out.nearMiss, []);
  }
});

Deno.test("values: lists, numbers, JSON equality, and unusable values", () => {
  assert.equal(
    runAssertion({ type: "exact", value: ["exchange", "replacement"] }, "replacement").result.pass,
    true,
  );
  assert.equal(
    runAssertion({ type: "equals", value: { a: 1, b: [true] } }, '{"b": [true], "a": 1}').result
      .pass,
    true,
  );
  assert.equal(runAssertion({ type: "equals", value: { a: 1 } }, '{"a": 2}').result.pass, false);
  assert.equal(
    runAssertion({ type: "icontains-all", value: "box, label" }, "Label on the BOX").result.pass,
    true,
  );
  const missing = runAssertion({ type: "contains" }, "x");
  assert.deepEqual([missing.result.pass, missing.result.error], [null, "bad-assertion"]);
  assert.equal(runAssertion({ type: "regex", value: { p: 1 } }, "x").result.error, "bad-assertion");
  assert.equal(
    runAssertion({ type: "is-json", value: "file://schema.json" }, "{}").result.error,
    "bad-assertion",
  );
  assert.equal(
    runAssertion({ type: "bleu", value: "a", threshold: "high" as never }, "a").result.error,
    "bad-threshold",
  );
  assert.equal(runAssertion({ type: "contains-any", value: [] }, "x").result.error, "no-reference");
  assert.equal(runAssertion({ type: "regex", value: "(a)\\1" }, "aa").result.error, "bad-pattern");
});

Deno.test("graded kinds give pass/fail only with the assertion's threshold", () => {
  const plain = runAssertion({ type: "rouge-l", value: "the cat sat" }, "the cat sat");
  assert.deepEqual([plain.result.score, plain.result.pass, plain.threshold], [1, null, undefined]);
  const gated = runAssertion(
    { type: "rouge-l", value: "the cat sat", threshold: "0.5" as never },
    "the cat",
  );
  assert.equal(gated.threshold, 0.5);
  assert.equal(gated.result.pass, true);
});

Deno.test("json-schema uses the assertion's schema, else the row's; is-json ignores the row's", () => {
  const rowSchema = { type: "array" };
  assert.equal(
    runAssertion({ type: "json-schema" }, "[1]", { schema: rowSchema }).result.pass,
    true,
  );
  assert.match(
    runAssertion({ type: "json-schema" }, "[1]", { schema: rowSchema }).settings,
    /schema from the row/,
  );
  assert.equal(runAssertion({ type: "json-schema" }, "[1]").result.error, "no-schema");
  assert.equal(runAssertion({ type: "is-json" }, "{}", { schema: rowSchema }).result.pass, true);
});

Deno.test("a failing assertion carries the near miss of the check it ran", () => {
  const near = (a: Assertion, output: string) => runAssertion(a, output).nearMiss;
  assert.deepEqual(near({ type: "exact", value: "store_credit" }, "Store_Credit"), ["lowercase"]);
  assert.deepEqual(near({ type: "regex", value: "^PARIS$" }, "Paris"), ["case-insensitive"]);
  assert.deepEqual(near({ type: "is-json" }, '```json\n{"a": 1}\n```'), ["code-fence"]);
  assert.deepEqual(near({ type: "equals", value: { a: 1 } }, '```\n{"a": 1}\n```'), ["code-fence"]);
  assert.deepEqual(near({ type: "starts-with", value: "Refunds" }, "  Refunds soon"), [
    "trim",
    "underscores",
  ]);
  assert.deepEqual(
    near(
      { type: "contains-all", value: ["store credit", "45"] },
      "store credit within forty-five days",
    ),
    ["number-reading"],
  );
  assert.deepEqual(near({ type: "numeric", value: "45" }, "forty-five"), ["number-reading"]);
  assert.deepEqual(
    near({ type: "chrf", value: "the same words", threshold: 0.99 }, "the same words."),
    ["strip-trailing-punctuation", "within-0.1"],
  );
  assert.deepEqual(
    near({ type: "contains", value: "Start a return" }, "click the return button"),
    [],
  );
});
