// lib/stats/_pure_rand.js is generated (tools/bundle_cjs.ts; lib/graders/_ajv_test.ts checks that
// the committed file is what the script makes): every bootstrap draws from it, so its draws must
// be the package's, seed for seed.
import assert from "node:assert/strict";
import fc from "fast-check";
import { xoroshiro128plus as packageGenerator } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt as packageUniformInt } from "pure-rand/distribution/uniformInt";
import { uniformInt, xoroshiro128plus } from "./_pure_rand.js";

Deno.test("the bundled pure-rand draws what the package draws, for any seed and range", () => {
  fc.assert(
    fc.property(
      fc.integer(),
      fc.integer({ min: -1000, max: 1000 }),
      fc.integer({ min: 0, max: 2 ** 31 }),
      (seed, from, span) => {
        const ours = xoroshiro128plus(seed);
        const theirs = packageGenerator(seed);
        for (let i = 0; i < 50; i++) {
          assert.equal(
            uniformInt(ours, from, from + span),
            packageUniformInt(theirs, from, from + span),
          );
        }
      },
    ),
    { numRuns: 300 },
  );
});
