// Rows that carry hostile schemas and patterns, scored whole: a schema that recurses without end,
// a schema pattern that backtracks for minutes on JavaScript's engine (in `pattern`,
// `patternProperties`, `propertyNames` and an is-json assertion's schema), a regex assertion of
// the same kind. Each errs on its own row (exact error codes) and the run finishes in seconds
// with every other row graded; `score --pair` with such a schema answers at once too.
import assert from "node:assert/strict";
import { score } from "../mod.ts";
import { runProcess } from "./_capture.ts";

const EVIL = "^(a+)+$";
const LONG = "a".repeat(50_000) + "!";

Deno.test("score: hostile schemas and patterns err on their own rows; the run goes on", async () => {
  const rows = [
    { id: "ok1", output: '{"n": 1}', schema: { type: "object" } },
    { id: "loop", output: "{}", schema: { $ref: "#" } },
    { id: "redos", output: JSON.stringify(LONG), schema: { type: "string", pattern: EVIL } },
    {
      id: "props",
      output: JSON.stringify({ [LONG]: 1 }),
      schema: { type: "object", patternProperties: { [EVIL]: { type: "string" } } },
    },
    {
      id: "names",
      output: JSON.stringify({ [LONG]: 1 }),
      schema: { propertyNames: { pattern: EVIL } },
    },
    { id: "lookaround", output: '"abc"', schema: { type: "string", pattern: "(?=a)abc" } },
    {
      id: "assert",
      // JSON text, so the is-json assertion reaches its schema's pattern.
      output: JSON.stringify(LONG),
      assertions: [
        { type: "regex", value: EVIL },
        { type: "is-json", value: { type: "string", pattern: EVIL } },
      ],
    },
    { id: "ok2", output: '{"n": 2}', schema: { type: "object", required: ["n"] } },
  ];
  const started = performance.now();
  const report = await score(rows, { graders: ["json-schema"], keepRows: 100 });
  assert.ok(performance.now() - started < 30_000, "finished in seconds");
  const byRow = new Map(report.rows!.map((r) => [`${r.item} ${r.scorer}`, r]));
  const outcome = (key: string) => {
    const r = byRow.get(key)!;
    return [r.pass, r.error];
  };
  assert.deepEqual(outcome("ok1 json-schema"), [true, null]);
  assert.deepEqual(outcome("ok2 json-schema"), [true, null]);
  assert.deepEqual(outcome("loop json-schema"), [null, "bad-schema"]);
  assert.deepEqual(outcome("redos json-schema"), [false, null]);
  // The long key does not match the pattern, so no constraint applies to it (found in linear time).
  assert.deepEqual(outcome("props json-schema"), [true, null]);
  assert.deepEqual(outcome("names json-schema"), [false, null]);
  assert.deepEqual(outcome("lookaround json-schema"), [null, "bad-schema"]);
  assert.match(
    String(byRow.get("lookaround json-schema")!.metadata.reason),
    /pattern "\(\?=a\)abc" uses lookaround, which RE2 does not support/,
  );
  assert.deepEqual(outcome("assert assert:regex"), [false, null]);
  assert.deepEqual(outcome("assert assert:is-json"), [false, null]);
});

Deno.test("score --pair: a schema pattern that would backtrack answers at once", async () => {
  const started = performance.now();
  const r = await runProcess([
    "run",
    "--allow-read",
    "cli.ts",
    "score",
    "--pair",
    JSON.stringify(LONG),
    JSON.stringify({ type: "string", pattern: EVIL }),
    "--graders",
    "json-schema",
    "--json",
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(performance.now() - started < 30_000);
  const json = JSON.parse(r.stdout);
  assert.deepEqual([json.results[0].pass, json.results[0].error], [false, null]);
});

Deno.test("score: schemas that point at a server are errors on their rows; the server is never asked", async () => {
  // This test runs with network permission and a server listening: nothing but verdict's own
  // refusal stands between a $ref and a request.
  const asked: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    asked.push(req.url);
    return Response.json({ type: "string" });
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  try {
    const schemas = [
      { $ref: `${base}/a.json` },
      { $id: `${base}/root.json`, $ref: "other.json" },
      { allOf: [{ $ref: `${base}/b.json#/definitions/x` }] },
      { properties: { a: { $ref: `${base}/c.json` } } },
      { $schema: `${base}/meta.json`, type: "object" },
      { $ref: "file:///etc/passwd" },
    ];
    const rows = [
      ...schemas.map((schema, i) => ({ id: `s${i}`, output: '{"a": "x"}', schema })),
      {
        id: "assert",
        output: '"x"',
        assertions: [{ type: "is-json", value: { $ref: `${base}/d.json` } }],
      },
    ];
    const report = await score(rows, { graders: ["json-schema"], keepRows: 100 });
    const errors = report.rows!.filter((r) => r.item !== "assert" || r.scorer !== "json-schema")
      .map((r) => [r.item, r.scorer, r.error]);
    assert.deepEqual(errors, [
      ...schemas.map((_, i) => [`s${i}`, "json-schema", "bad-schema"]),
      ["assert", "assert:is-json", "bad-schema"],
    ]);
    assert.deepEqual(asked, []);
  } finally {
    await server.shutdown();
  }
});
