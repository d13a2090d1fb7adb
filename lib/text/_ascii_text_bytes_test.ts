import assert from "node:assert/strict";
import fc from "fast-check";
import { asciiTextBytes } from "./_ascii_text_bytes.ts";

// Short and long texts (either side of the copy by code unit), ASCII or not; a pool of a few so
// that texts come back (found again), as equal strings made anew or as the same objects.
const ascii = fc.string({ unit: fc.integer({ min: 0, max: 127 }).map(String.fromCharCode) });
const text = fc.oneof(
  { arbitrary: ascii, weight: 3 },
  ascii.map((s) => s.repeat(1 + (60 >> Math.min(5, s.length)))),
  fc.tuple(ascii, fc.constantFrom("é", "\u0080", "日本", "😀", "\ud800", "\u00ff"), ascii)
    .map(([a, b, c]) => a + b + c),
  fc.string({ unit: "binary", maxLength: 90 }),
  fc.constant(""),
);

/** What `asciiTextBytes` should answer: the code units when all are below 0x80. */
function expected(s: string): number[] | undefined {
  const codes: number[] = [];
  for (let i = 0; i < s.length; i++) codes.push(s.charCodeAt(i));
  return codes.every((c) => c < 0x80) ? codes : undefined;
}

function check(s: string, bytes: Uint8Array | undefined): void {
  const want = expected(s);
  if (want === undefined) return assert.equal(bytes, undefined);
  assert.ok(bytes !== undefined && bytes.length > s.length);
  assert.deepEqual([...bytes.subarray(0, s.length)], want);
}

Deno.test("bytes of a sequence of texts, the last two valid together, sentinels written", () => {
  fc.assert(
    fc.property(
      fc.array(text, { minLength: 1, maxLength: 6 }),
      fc.array(fc.tuple(fc.nat(), fc.boolean(), fc.nat(255)), { maxLength: 30 }),
      (pool, asks) => {
        let previous: [string, Uint8Array | undefined] | undefined;
        for (const [k, copy, sentinel] of asks) {
          const picked = pool[k % pool.length];
          // An equal string that is another object, now and then.
          const s = copy ? [...picked].join("") : picked;
          const bytes = asciiTextBytes(s);
          check(s, bytes);
          // The text asked for before this one still has its bytes.
          if (previous !== undefined) check(previous[0], previous[1]);
          // A caller may write the byte after the text.
          if (bytes !== undefined) bytes[s.length] = sentinel;
          previous = [s, bytes];
        }
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("a long text's buffer is not kept for the next, and bytes stay right", () => {
  const long = "ab ".repeat(40_000);
  check(long, asciiTextBytes(long));
  for (const s of ["x", "y", "z", "w", long + "é", "é", long]) check(s, asciiTextBytes(s));
});
