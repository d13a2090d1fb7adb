import assert from "node:assert/strict";
import { tokenizeZh } from "./tokenize_zh.ts";

Deno.test("zh splits CJK characters and full-width forms, then applies 13a's rules", () => {
  assert.equal(tokenizeZh("我们在2024年去了北京。"), "我 们 在 2024 年 去 了 北 京 。");
  assert.equal(tokenizeZh("ＡＢＣ，好"), "Ａ Ｂ Ｃ ， 好");
  assert.equal(tokenizeZh("Hello, 世界!"), "Hello , 世 界 !");
});

Deno.test("zh keeps sacreBLEU's quirks: the U+2001–U+2A6D range, no entities, no padding", () => {
  // Symbols from U+2001 to U+2A6D are split off like ideographs.
  assert.equal(tokenizeZh("a→b ∑x ‰"), "a → b ∑ x ‰");
  // Extension B ideographs are outside every range.
  assert.equal(tokenizeZh("𠮷野家"), "𠮷 野 家");
  assert.equal(tokenizeZh("𠮷x"), "𠮷x");
  // No entity decoding, no <skipped> handling, and a final "8." stays whole.
  assert.equal(tokenizeZh("a &amp; b"), "a & amp ; b");
  assert.equal(tokenizeZh("price 8."), "price 8.");
  // The line is stripped of Python whitespace first (U+0085 is whitespace, U+FEFF is not).
  assert.equal(tokenizeZh("\u0085 好 \u0085"), "好");
});
