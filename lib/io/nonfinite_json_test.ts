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

/** The reading before the reviver was skipped: every parse through the reviver. */
function keepDigitsAlways(text: string): unknown {
  return JSON.parse(
    text,
    (_key, value, context?: { source?: string }) =>
      typeof value === "number" && !Number.isSafeInteger(value) &&
        context?.source !== undefined && /^-?\d+$/.test(context.source)
        ? context.source
        : value,
  );
}

const bigDigits = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
const numberText = fc.oneof(
  bigDigits.map(String),
  fc.tuple(bigDigits, fc.integer({ min: -30, max: 30 })).map(([b, e]) => `${b}e${e}`),
  fc.tuple(bigDigits, fc.bigInt({ min: 0n, max: 10n ** 20n })).map(([b, f]) => `${b}.${f}`),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.constantFrom(
    "9007199254740991",
    "9007199254740992",
    "9007199254740993",
    "-9007199254740993",
    "-0",
    "1" + "0".repeat(400),
    "-" + "9".repeat(320),
    "1e400",
    "12345678901234567.0",
  ),
);
const stringText = fc.oneof(
  fc.string({ unit: "grapheme" }),
  fc.stringMatching(/^[0-9]{10,24}$/),
  fc.string({ unit: fc.constantFrom("1", "9", "\\", '"', "é", "\n", "[", "{") }),
).map((s) => JSON.stringify(s));
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    numberText,
    stringText,
    fc.constantFrom("null", "true", "false"),
    fc.array(tie("value"), { maxLength: 4 }).map((xs) => `[ ${xs.join(" ,")}]`),
    fc.array(fc.tuple(stringText, tie("value")), { maxLength: 4 })
      .map((kv) => `{${kv.map(([k, v]) => `${k}:\t${v}`).join(",")} }`),
  ),
})).value;

Deno.test("parseJson reads any JSON as a parse through the long-integer reviver does", () => {
  fc.assert(
    fc.property(jsonText, (text) => {
      assert.deepStrictEqual(parseJson(text), keepDigitsAlways(text));
    }),
    { numRuns: 3000 },
  );
});

Deno.test("parseJson keeps long integer literals as digits wherever they sit", () => {
  assert.deepStrictEqual(
    parseJson('[{"a": {"b": [1, -12345678901234567890]}}, "12345678901234567"]'),
    [
      { a: { b: [1, "-12345678901234567890"] } },
      "12345678901234567",
    ],
  );
  assert.deepStrictEqual(parseJson("9007199254740993"), "9007199254740993");
  assert.deepStrictEqual(parseJson("1e20"), 1e20);
  assert.deepStrictEqual(parseJson('{"x": NaN, "id": 99999999999999999}'), {
    x: NaN,
    id: "99999999999999999",
  });
});
