import assert from "node:assert/strict";
import { rougeTokenize } from "./rouge_tokenize.ts";

Deno.test("lowercasing happens before the ASCII filter", () => {
  assert.deepEqual(rougeTokenize("\u212Aelvin İstanbul"), ["kelvin", "i", "stanbul"]);
  assert.deepEqual(rougeTokenize("Straße user_name 1,234.56"), [
    "stra",
    "e",
    "user",
    "name",
    "1",
    "234",
    "56",
  ]);
  assert.deepEqual(rougeTokenize("Привет 😀 مرحبا"), []);
  assert.deepEqual(rougeTokenize(""), []);
});

Deno.test("only tokens longer than three characters are stemmed", () => {
  assert.deepEqual(rougeTokenize("was flies ties dies", { stemmer: true }), [
    "was",
    "fli",
    "tie",
    "die",
  ]);
  assert.deepEqual(rougeTokenize("was running", { stemmer: false }), ["was", "running"]);
});
