import assert from "node:assert/strict";
import fc from "fast-check";
import { jsonForScript } from "./script_json.ts";

Deno.test("jsonForScript escapes what could end or confuse a script element", () => {
  const value = {
    a: "</script><script>window.__verdict_xss=1</script>",
    b: "<!-- <img src=x onerror=alert(1)> -->",
    c: "line\u2028separator\u2029paragraph & more",
  };
  const json = jsonForScript(value);
  assert.ok(!/[<>&\u2028\u2029]/.test(json), json);
  assert.ok(json.includes("\\u003c/script\\u003e"));
  assert.deepEqual(JSON.parse(json), value);
});

Deno.test("jsonForScript round-trips any JSON value and never emits markup (property)", () => {
  fc.assert(fc.property(fc.jsonValue(), (v) => {
    const json = jsonForScript(v);
    assert.ok(!/[<>&\u2028\u2029]/.test(json));
    assert.deepEqual(JSON.parse(json), JSON.parse(JSON.stringify(v)));
  }));
});

Deno.test("jsonForScript refuses values JSON cannot hold", () => {
  assert.throws(() => jsonForScript(undefined), TypeError);
  assert.throws(() => jsonForScript(() => 1), TypeError);
  assert.equal(jsonForScript({ x: NaN }), '{"x":null}');
});
