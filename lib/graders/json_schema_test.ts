import assert from "node:assert/strict";
import { jsonSchemaGrader } from "./json_schema.ts";

const schema = {
  type: "object",
  required: ["email", "count"],
  properties: {
    email: { type: "string", format: "email" },
    count: { type: "integer", minimum: 0 },
  },
  additionalProperties: false,
};
const grade = (output: string, s: unknown = schema) =>
  jsonSchemaGrader.grade({ output, references: [], schema: s });

Deno.test("json-schema: valid, invalid with reasons, formats", () => {
  assert.deepEqual(grade('{"email": "a@b.co", "count": 2}'), { score: 1, pass: true });
  const r = grade('{"email": "nope", "count": -1, "extra": 1}');
  assert.equal(r.pass, false);
  assert.equal(
    r.reason,
    '(root) must NOT have additional properties (extra); /email must match format "email"; /count must be >= 0',
  );
  assert.equal(
    grade("{}").reason,
    "(root) must have required property 'email'; (root) must have required property 'count'",
  );
});

Deno.test("json-schema: output that is not JSON fails with a reason", () => {
  for (const output of ["", "```json\n{}\n```", "{'a': 1}", "🙂"]) {
    const r = grade(output);
    assert.equal(r.pass, false, output);
    assert.match(r.reason!, /^output is not valid JSON/);
  }
});

Deno.test("json-schema: invalid schemas are errors, no schema is not judged", () => {
  const bad = grade("{}", { type: "strng" });
  assert.equal(bad.pass, null);
  assert.equal(bad.error, "bad-schema");
  assert.ok(Number.isNaN(bad.score));
  assert.equal(grade("{}", "{not json").error, "bad-schema");
  assert.equal(grade("{}", 42).error, "bad-schema");
  const remote = grade("{}", { $ref: "https://example.com/schema.json" });
  assert.equal(remote.error, "bad-schema"); // never fetched
  assert.match(remote.reason!, /example\.com/);
  const draft = grade("{}", { $schema: "https://json-schema.org/draft/2020-12/schema" });
  assert.equal(draft.error, "bad-schema");
  assert.match(
    draft.reason!,
    /declares \$schema "https:\/\/json-schema.org\/draft\/2020-12\/schema", which is not supported/,
  );
  const none = jsonSchemaGrader.grade({ output: "{}", references: [] });
  assert.equal(none.error, "no-schema");
  assert.equal(none.notJudged, true);
});

Deno.test("json-schema: schema as JSON text, boolean schemas, same $id in two schemas", () => {
  assert.equal(grade("[1, 2]", '{"type": "array", "items": {"type": "number"}}').pass, true);
  assert.equal(grade("1", true).pass, true);
  assert.equal(grade("1", false).pass, false);
  assert.equal(grade('"x"', { $id: "https://example.com/s.json", type: "string" }).pass, true);
  assert.equal(grade('"x"', { $id: "https://example.com/s.json", type: "number" }).pass, false);
});

Deno.test("json-schema: patterns from a schema run on RE2 and never hang", () => {
  const evil = "a".repeat(100_000) + "!";
  const started = performance.now();
  const cases: [unknown, string][] = [
    [{ type: "string", pattern: "^(a+)+$" }, JSON.stringify(evil)],
    [
      { type: "object", patternProperties: { "^(a+)+$": { type: "number" } } },
      JSON.stringify({ [evil]: "x" }),
    ],
    [{ type: "object", propertyNames: { pattern: "^(a+)+$" } }, JSON.stringify({ [evil]: 1 })],
  ];
  const results = cases.map(([schema, output]) =>
    jsonSchemaGrader.grade({ output, references: [], schema })
  );
  assert.ok(performance.now() - started < 20_000);
  assert.deepEqual(results.map((r) => r.pass), [false, true, false]);
  assert.match(results[0].reason ?? "", /must match pattern "\^\(a\+\)\+\$"/);
});

Deno.test("json-schema: each pattern of a schema is its own (ajv keys them by their text)", () => {
  const schema = {
    type: "object",
    properties: { a: { type: "string", pattern: "^x$" }, b: { type: "string", pattern: "^y$" } },
    patternProperties: { "^n_": { type: "string", pattern: "^[0-9]+$" } },
  };
  const pass = (output: string) => jsonSchemaGrader.grade({ output, references: [], schema }).pass;
  assert.equal(pass('{"a": "x", "b": "y", "n_1": "42"}'), true);
  assert.equal(pass('{"a": "x", "b": "x"}'), false);
  assert.equal(pass('{"a": "y", "b": "y"}'), false);
  assert.equal(pass('{"a": "x", "b": "y", "n_1": "x"}'), false);
  // Across schemas too: the same pattern text in another schema, another pattern after it.
  const one = (output: string, pattern: string) =>
    jsonSchemaGrader.grade({ output, references: [], schema: { type: "string", pattern } }).pass;
  assert.deepEqual([one('"x"', "^x$"), one('"y"', "^y$"), one('"x"', "^y$")], [true, true, false]);
});

Deno.test("json-schema: many schemas in one run each keep their own rules (shared ajv instance)", () => {
  // More schemas than one shared instance compiles before a fresh one replaces it.
  for (let i = 0; i < 600; i++) {
    const schema = {
      type: "object",
      required: [`k${i}`],
      properties: { [`k${i}`]: { type: "string", pattern: `^v${i}$` } },
    };
    const pass = (o: unknown) =>
      jsonSchemaGrader.grade({ output: JSON.stringify(o), references: [], schema }).pass;
    assert.equal(pass({ [`k${i}`]: `v${i}` }), true, `schema ${i}`);
    assert.equal(pass({ [`k${i}`]: `v${i + 1}` }), false, `schema ${i}`);
    assert.equal(pass({ [`k${i + 1}`]: `v${i}` }), false, `schema ${i}`);
  }
});

Deno.test("json-schema: ECMAScript \\u escapes in patterns read as RE2 code points", () => {
  const grade = (output: string, pattern: string) =>
    jsonSchemaGrader.grade({ output, references: [], schema: { type: "string", pattern } }).pass;
  assert.equal(grade('"é"', "^\\u00e9$"), true);
  assert.equal(grade('"e"', "^\\u00e9$"), false);
  assert.equal(grade('"😀"', "^\\ud83d\\ude00$"), true);
  assert.equal(grade('"😀"', "^\\u{1F600}$"), true);
  assert.equal(grade('"ab"', "^[\\u0061-\\u0062]+$"), true);
  assert.equal(grade('"\\\\u0041"', "^\\\\u0041$"), true); // an escaped backslash stays one
});

Deno.test("json-schema: a pattern RE2 cannot run is an error naming the pattern, on that row only", () => {
  const r = jsonSchemaGrader.grade({
    output: '"abc"',
    references: [],
    schema: { type: "string", pattern: "(?=a)abc" },
  });
  assert.equal(r.error, "bad-schema");
  assert.equal(
    r.reason,
    'the schema cannot be used: the schema\'s pattern "(?=a)abc" uses lookaround, which RE2 ' +
      "does not support (schema patterns run on RE2, a linear-time engine)",
  );
  const back = jsonSchemaGrader.grade({
    output: '"aa"',
    references: [],
    schema: { pattern: "(a)\\1" },
  });
  assert.match(back.reason ?? "", /pattern "\(a\)\\\\1" uses a backreference/);
});

Deno.test("json-schema: a schema that recurses without end errs on its row; remote $ref never fetched", () => {
  const loop = jsonSchemaGrader.grade({ output: "{}", references: [], schema: { $ref: "#" } });
  assert.equal(loop.error, "bad-schema");
  assert.match(loop.reason ?? "", /validating with it never ends/);
  // A recursive schema that consumes the value is fine.
  const tree = { type: "array", items: { $ref: "#" } };
  assert.equal(
    jsonSchemaGrader.grade({ output: "[[[]]]", references: [], schema: tree }).pass,
    true,
  );
  const remote = jsonSchemaGrader.grade({
    output: "{}",
    references: [],
    schema: { $ref: "http://127.0.0.1:9/schema.json" },
  });
  assert.equal(remote.error, "bad-schema");
  assert.match(
    remote.reason ?? "",
    /can't resolve reference http:\/\/127\.0\.0\.1:9\/schema\.json/,
  );
});
