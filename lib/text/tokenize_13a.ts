/**
 * sacreBLEU's default `13a` tokenizer (the mteval-v13a rules), reproduced on Python string
 * semantics so that BLEU matches sacreBLEU token for token.
 *
 * @module
 */

import { pySplit } from "./python_strings.ts";
import { applyMtevalRules } from "./_mteval_rules.ts";

/**
 * Tokenize one line the way sacreBLEU's `13a` tokenizer does and return the tokens joined by
 * single spaces. Apostrophes, non-ASCII punctuation and unspaced CJK text are not split; a `.`
 * or `,` between two digits stays attached; `&quot;`, `&amp;`, `&lt;` and `&gt;` are decoded
 * once. BLEU calls it on the right-stripped segment.
 *
 * @example Tokenize a sentence with numbers and an apostrophe
 * ```ts
 * import { tokenize13a } from "./tokenize_13a.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(tokenize13a("It's $1,234.56 (approx.)!"), "It's $ 1,234.56 ( approx . ) !");
 * assert.equal(tokenize13a("pages 10-12, ok"), "pages 10 - 12 , ok");
 * ```
 */
export function tokenize13a(line: string): string {
  let s = line.replaceAll("<skipped>", "").replaceAll("-\n", "").replaceAll("\n", " ");
  if (s.includes("&")) {
    s = s.replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">");
  }
  return pySplit(applyMtevalRules(` ${s} `)).join(" ");
}
