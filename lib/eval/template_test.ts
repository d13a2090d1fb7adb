import assert from "node:assert/strict";
import { fillTemplate } from "./_template.ts";

Deno.test("template: fields are the row's own; names from Object.prototype are not fields", () => {
  assert.deepEqual(fillTemplate("Q: {constructor}", { question: "2+2?" }), {
    missing: "constructor",
  });
  assert.deepEqual(fillTemplate("{toString}{__proto__}", {}), { missing: "toString" });
  assert.equal(fillTemplate("Q: {constructor}", { constructor: "a field" }), "Q: a field");
  const row = JSON.parse('{"__proto__": "own", "q": 1}');
  assert.equal(fillTemplate("{__proto__} {q} {{x}}", row), "own 1 {x}");
});
