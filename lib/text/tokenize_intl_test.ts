import assert from "node:assert/strict";
import { tokenizeIntl } from "./tokenize_intl.ts";

Deno.test("intl splits Unicode punctuation off unless it sits between digits", () => {
  assert.equal(tokenizeIntl("Hello, world!"), "Hello , world !");
  assert.equal(tokenizeIntl("1,024 and 1.08"), "1,024 and 1.08");
  assert.equal(tokenizeIntl("¿Qué? ¡Sí!"), "¿ Qué ? ¡ Sí !");
  assert.equal(tokenizeIntl("“quoted” — yes…"), "“ quoted ” — yes …");
  // A final period after a digit: the punctuation is followed by nothing, so it stays.
  assert.equal(tokenizeIntl("in 2020."), "in 2020.");
});

Deno.test("intl makes every Unicode symbol a token and keeps entities as text", () => {
  assert.equal(tokenizeIntl("5€ or $5, 30°C ±1 ★™©"), "5 € or $ 5 , 30 ° C ± 1 ★ ™ ©");
  assert.equal(tokenizeIntl("ok👍🎉"), "ok 👍 🎉");
  assert.equal(tokenizeIntl("a &amp; b"), "a & amp ; b");
  assert.equal(tokenizeIntl("  \u00a0 "), "");
});
