import assert from "node:assert/strict";
import fc from "fast-check";
import { nestingDepth, nestsDeeper, readJsonRecord } from "./_json_record.ts";
import { resolveReadLimits } from "./limits.ts";

// Text made of the characters that matter to nesting: brackets, quotes, escapes, and others.
const structuralText = fc.string({
  unit: fc.constantFrom("[", "]", "{", "}", '"', "\\", "a", "1", " ", "é", ",", ":"),
  maxLength: 80,
});
const deepJson = fc.tuple(fc.nat({ max: 40 }), fc.nat({ max: 40 }), fc.string()).map(
  ([arrays, objects, s]) =>
    '{"k":'.repeat(objects) + "[".repeat(arrays) + JSON.stringify(s) + "]".repeat(arrays) +
    "}".repeat(objects),
);

Deno.test("nestsDeeper answers as the full nesting scan does", () => {
  fc.assert(
    fc.property(fc.oneof(structuralText, deepJson, fc.json()), fc.nat({ max: 50 }), (text, max) => {
      assert.equal(nestsDeeper(text, max), nestingDepth(text, max) > max);
    }),
    { numRuns: 5000 },
  );
});

Deno.test("a record nesting past the limit is unreadable, brackets in strings do not count", () => {
  const limits = resolveReadLimits({ maxDepth: 3 });
  assert.equal(readJsonRecord('{"a":[[1]]}', "line 1", limits).code, undefined);
  assert.equal(readJsonRecord('{"a":[[[1]]]}', "line 1", limits).code, "unreadable");
  assert.deepEqual(readJsonRecord('{"a":"[[[[{{{{"}', "line 1", limits), {
    value: { a: "[[[[{{{{" },
  });
  // Not JSON, and too deep: the depth is what is reported.
  assert.match(
    (readJsonRecord("[[[[[", "line 2", limits) as { message: string }).message,
    /nests deeper than 3/,
  );
});
