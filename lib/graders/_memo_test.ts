import assert from "node:assert/strict";
import fc from "fast-check";
import { memoized } from "./_memo.ts";

Deno.test("memoized: the function's own answer for every text, remembered for recent texts", () => {
  let calls = 0;
  const length = memoized((s: string) => {
    calls++;
    return { s, n: s.length };
  }, 4);
  const first = length("Paris");
  assert.equal(length("Paris"), first);
  assert.equal(calls, 1);
  // An equal text built another way is the same key.
  assert.equal(length(["Pa", "ris"].join("")), first);
  assert.equal(calls, 1);
  assert.deepEqual(length(""), { s: "", n: 0 });
});

Deno.test("property: memoized answers as the function does, whatever texts collide", () => {
  // Texts of one length with shared characters fall into the same slots and push each other out.
  const text = fc.array(fc.constantFrom("a", "b", " ", "é", "😀"), { maxLength: 6 })
    .map((xs) => xs.join(""));
  fc.assert(
    fc.property(
      fc.array(text, { maxLength: 200 }),
      fc.integer({ min: 1, max: 8 }),
      (texts, size) => {
        const upper = memoized((s: string) => `${s.toUpperCase()}|${s.length}`, size);
        for (const t of texts) assert.equal(upper(t), `${t.toUpperCase()}|${t.length}`);
      },
    ),
    { numRuns: 500 },
  );
});
