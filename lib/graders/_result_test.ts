import assert from "node:assert/strict";
import { quote } from "./_result.ts";

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
