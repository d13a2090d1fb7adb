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
