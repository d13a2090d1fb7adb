import assert from "node:assert/strict";
import fc from "fast-check";
import { FirstRows } from "./_first_rows.ts";

// Small ranges make duplicates and shared hash slots common; wide ids, odd repeats and big rows
// take the side maps.
const key = fc.record({
  group: fc.oneof(fc.nat({ max: 5 }), fc.constantFrom(0xfffe, 0xffff, 70_000)),
  kase: fc.oneof(fc.nat({ max: 40 }), fc.constant(2 ** 32 - 1)),
  repeat: fc.oneof(
    fc.nat({ max: 3 }),
    fc.constantFrom(-0, 0.5, -1, NaN, Infinity, -Infinity, 2 ** 31, 0xffff, 0x10000),
  ),
  row: fc.oneof(fc.nat({ max: 1000 }), fc.constantFrom(2 ** 29, 2 ** 40)),
});

Deno.test("FirstRows finds each key's first row as a map of the keys' JSON does", () => {
  fc.assert(
    fc.property(fc.array(key, { maxLength: 3000 }), (keys) => {
      const rows = new FirstRows();
      const reference = new Map<string, number>();
      for (const { group, kase, repeat, row } of keys) {
        const name = JSON.stringify([group, kase, repeat]);
        assert.equal(rows.add(group, kase, repeat, row), reference.get(name));
        if (!reference.has(name)) reference.set(name, row);
      }
      assert.equal(rows.size, reference.size);
    }),
    { numRuns: 200 },
  );
});

Deno.test("FirstRows keeps every key through its table's growth", () => {
  const rows = new FirstRows();
  const n = 100_000;
  for (let i = 0; i < n; i++) assert.equal(rows.add(i % 7, i >> 3, i % 3, i + 1), undefined);
  for (let i = 0; i < n; i++) assert.equal(rows.add(i % 7, i >> 3, i % 3, n + i), i + 1);
  assert.equal(rows.size, n);
});
