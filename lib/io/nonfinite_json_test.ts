import assert from "node:assert/strict";
import fc from "fast-check";
import { markerFor, NonFiniteRewriter, parseJson, restoreNonFinite } from "./nonfinite_json.ts";

Deno.test("parseJson keeps strict JSON as JSON.parse reads it", () => {
  assert.deepEqual(parseJson('{"a":[1,"x",null,true]}'), { a: [1, "x", null, true] });
});

Deno.test("parseJson reads bare NaN, Infinity and -Infinity as numbers", () => {
  const v = parseJson('[NaN, Infinity, -Infinity, {"k": -Infinity}]') as unknown[];
  assert.ok(Number.isNaN(v[0]));
  assert.equal(v[1], Infinity);
  assert.equal(v[2], -Infinity);
  assert.deepEqual(v[3], { k: -Infinity });
});

Deno.test("parseJson leaves the words alone inside strings, escapes included", () => {
  const v = parseJson('{"s": "NaN \\" Infinity", "n": NaN}') as Record<string, unknown>;
  assert.equal(v.s, 'NaN " Infinity');
  assert.ok(Number.isNaN(v.n));
});

Deno.test("parseJson still rejects text that is not JSON", () => {
  assert.throws(() => parseJson('{"a": NaN'), SyntaxError);
  assert.throws(() => parseJson("{'a': 1}"), SyntaxError);
  assert.throws(() => parseJson('{"a": nan}'), SyntaxError);
});

Deno.test("NonFiniteRewriter gives the same text whatever the chunk boundaries", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(
          fc.constantFrom("NaN", "Infinity", "-Infinity", "-1.5", "null"),
          fc.string().map((s) => JSON.stringify(s)),
        ),
        { maxLength: 8 },
      ),
      fc.array(fc.nat(), { maxLength: 6 }),
      (items, cuts) => {
        const text = `[${items.join(",")}]`;
        const marker = markerFor(text);
        const whole = new NonFiniteRewriter(marker);
        const expected = whole.push(text) + whole.flush();
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const pieces = new NonFiniteRewriter(marker);
        let out = "";
        let last = 0;
        for (const p of points) {
          out += pieces.push(text.slice(last, p));
          last = p;
        }
        out += pieces.push(text.slice(last)) + pieces.flush();
        assert.equal(out, expected);
        const parsed = restoreNonFinite(JSON.parse(out), marker) as unknown[];
        assert.equal(parsed.length, items.length);
      },
    ),
  );
});
