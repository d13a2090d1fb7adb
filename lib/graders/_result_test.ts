import assert from "node:assert/strict";
import fc from "fast-check";
import { binary, quote } from "./_result.ts";
import type { GradeResult } from "./types.ts";

Deno.test("quote: cut to the first code points with an ellipsis, whatever the value's length", () => {
  assert.equal(quote("abc"), '"abc"');
  assert.equal(quote("a".repeat(60)), JSON.stringify("a".repeat(60)));
  assert.equal(quote("a".repeat(61)), JSON.stringify("a".repeat(60) + "…"));
  // Surrogate pairs count once and are never split.
  assert.equal(quote("😀".repeat(3), 2), JSON.stringify("😀😀…"));
  assert.equal(quote("😀😀", 2), JSON.stringify("😀😀"));
  assert.equal(quote('say "hi"\n', 3), JSON.stringify("say…"));
  const started = performance.now();
  assert.equal(quote("z".repeat(50_000_000), 3), '"zzz…"');
  // Generous: copying every character of a 50 MB value into an array took seconds.
  assert.ok(performance.now() - started < 2_000);
});

Deno.test("property: quote shows the first code points, as string iteration counts them", () => {
  // The definition: iterate code points (a lone surrogate is one), keep `max`, mark a cut.
  const byIteration = (s: string, max: number) => {
    const points = [...s];
    return JSON.stringify(points.length > max ? points.slice(0, max).join("") + "…" : s);
  };
  const unit = fc.constantFrom(
    "a",
    "é",
    "😀",
    "\ud83d",
    "\ude00",
    '"',
    "\\",
    "\n",
    "\x1f",
    "\x7f",
    "\u2028",
    " ",
  );
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 12 }), fc.integer({ min: 0, max: 10 }), (us, max) => {
      const s = us.join("");
      assert.equal(quote(s, max), byIteration(s, max));
    }),
    { numRuns: 5_000 },
  );
  // The same value quoted again (as the graders of a row do), with the same or other cuts, and
  // an equal value made anew: each quote is its own.
  fc.assert(
    fc.property(
      fc.array(unit, { maxLength: 12 }),
      fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 6 }),
      (us, cuts) => {
        const s = us.join("");
        for (const max of cuts) {
          assert.equal(quote(s, max), byIteration(s, max));
          assert.equal(quote(us.join(""), max), byIteration(s, max));
          assert.equal(quote(s), byIteration(s, 60));
        }
      },
    ),
    { numRuns: 2_000 },
  );
});

Deno.test("property: binary results have the fields, values and key order of one built a field at a time", () => {
  // The definition: score and pass, then the reason and the reference index when given.
  const byFields = (pass: boolean, reason?: string, referenceIndex?: number) => {
    const out: GradeResult = { score: pass ? 1 : 0, pass };
    if (reason !== undefined) out.reason = reason;
    if (referenceIndex !== undefined) out.referenceIndex = referenceIndex;
    return out;
  };
  fc.assert(
    fc.property(
      fc.boolean(),
      fc.option(fc.string(), { nil: undefined }),
      fc.option(fc.nat(5), { nil: undefined }),
      (pass, reason, index) => {
        const got = binary(pass, reason, index);
        const want = byFields(pass, reason, index);
        assert.deepEqual(got, want);
        assert.deepEqual(Object.keys(got), Object.keys(want));
        assert.equal(JSON.stringify(got), JSON.stringify(want));
      },
    ),
    { numRuns: 2_000 },
  );
});
