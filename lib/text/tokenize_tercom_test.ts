import assert from "node:assert/strict";
import fc from "fast-check";
import { pySplit } from "./python_strings.ts";
import { tercomWordCount, tokenizeTercom } from "./tokenize_tercom.ts";
import { count13a, plainWordsOf } from "./tokenize_13a.ts";

Deno.test("tercom by default only lowercases and collapses whitespace", () => {
  assert.equal(tokenizeTercom("  The CAT,\tsat.  "), "the cat, sat.");
  assert.equal(tokenizeTercom("İstanbul", { caseSensitive: true }), "İstanbul");
  assert.equal(tokenizeTercom(""), "");
  // asianSupport alone changes nothing.
  assert.equal(tokenizeTercom("我们。", { asianSupport: true }), "我们。");
});

Deno.test("normalized: entities, line breaks, punctuation, possessives and numbers", () => {
  const n = (s: string) => tokenizeTercom(s, { normalized: true });
  assert.equal(
    n("Tom's &quot;best&quot; &amp;amp; co-\n-op\nline"),
    'tom \'s " best " & amp ; co-op line',
  );
  assert.equal(n("1,000.50 and 3-4, e.g."), "1,000.50 and 3 - 4 , e . g .");
  assert.equal(n("it's"), "it 's");
});

Deno.test("noPunct deletes the Tercom punctuation set; asianSupport adds CJK punctuation", () => {
  assert.equal(
    tokenizeTercom('Hi! "Yes" (no); ok: fine, done.', { noPunct: true }),
    "hi yes no ok fine done",
  );
  assert.equal(tokenizeTercom("好，是。", { noPunct: true }), "好，是。");
  assert.equal(tokenizeTercom("好，是。", { noPunct: true, asianSupport: true }), "好是");
  assert.equal(
    tokenizeTercom("我们，走吧。", { normalized: true, asianSupport: true }),
    "我 们 ， 走 吧 。",
  );
});

Deno.test("with no option set, the words are Python's split joined by single spaces", () => {
  // Text already in that form is returned as it is; any other whitespace is split as Python does.
  const text = fc.array(
    fc.constantFrom(
      "a",
      "B",
      "!",
      "~",
      "é",
      ".",
      " ",
      " ",
      "\t",
      "\n",
      "\u00a0",
      "\u001f",
      "\u007f",
      "\u3000",
    ),
    { maxLength: 12 },
  ).map((c) => c.join(""));
  fc.assert(
    fc.property(text, (s) => {
      assert.equal(tokenizeTercom(s, { caseSensitive: true }), pySplit(s).join(" "));
      assert.equal(tokenizeTercom(s), pySplit(s.toLowerCase()).join(" "));
      // Deleting punctuation may leave spaces at either end or side by side.
      const kept = s.toLowerCase().replace(/[.,?:;!"()]/g, "");
      assert.equal(tokenizeTercom(s, { noPunct: true }), pySplit(kept).join(" "));
    }),
    { numRuns: 5_000 },
  );
});

Deno.test("tercomWordCount counts the tokens tokenizing without normalized or noPunct gives", () => {
  const text = fc.array(
    fc.oneof(
      fc.constantFrom("a", "B", "İ", "\u212a", "ß", " ", "\t", "\n", "\u00a0", "\u0085", "\u3000"),
      fc.constantFrom("\u001c", "\u001f", "\u007f", "\u200b", "\u2028", "\ufeff", "\ud800"),
      // Every ASCII whitespace Python splits on, and the control characters beside them.
      fc.constantFrom("\u000b", "\u000c", "\r", "\u001d", "\u001e", "\u0008", "\u000e", "\u001b"),
      fc.constantFrom("\u0000", "Z", "z", "@", "[", "~"),
      fc.string({ unit: "binary", maxLength: 3 }),
    ),
    { maxLength: 12 },
  ).map((c) => c.join(""));
  fc.assert(
    fc.property(text, fc.boolean(), fc.boolean(), (s, caseSensitive, asianSupport) => {
      const tokens = tokenizeTercom(s, { caseSensitive, asianSupport });
      assert.equal(tercomWordCount(s), tokens === "" ? 0 : tokens.split(" ").length);
    }),
    { numRuns: 3_000 },
  );
});

Deno.test("tercomWordCount of a line the 13a count has just read: the words BLEU's count found", () => {
  // Lines of words, stops, other symbols and whitespace (ASCII or not, line breaks): the quick 13a
  // count takes some, and then tells tercomWordCount their words; a line it did not take, or
  // another, must still be counted in full.
  const unit = fc.constantFrom(
    "a",
    "Zb",
    "it's",
    "é",
    "日本",
    "😀",
    "\ud83d",
    ".",
    ",",
    "x.",
    "y,",
    "?",
    "(",
    ")",
    '"',
    ":",
    "x.)",
    "-",
    " ",
    "  ",
    "\t",
    "\n",
    "\r",
    "\u00a0",
    "\u0085",
    "\u3000",
    "\u200b",
  );
  const line = fc.array(unit, { maxLength: 12 }).map((parts) => parts.join(""));
  fc.assert(
    fc.property(line, line, fc.boolean(), (counted, asked, same) => {
      const text = same ? counted : asked;
      count13a(counted);
      const words = plainWordsOf(text);
      assert.ok(words === -1 || words === pySplit(text).length, JSON.stringify([counted, text]));
      assert.equal(tercomWordCount(text), pySplit(text).length, JSON.stringify([counted, text]));
    }),
    { numRuns: 10_000 },
  );
  // A quick-counted line gives its words away, its copy too (equal strings); a line the quick
  // count could not take does not replace it.
  assert.equal(count13a("Yes, it is."), 5);
  assert.equal(plainWordsOf(["Yes,", "it", "is."].join(" ")), 3);
  count13a("Yes (it is).");
  assert.equal(plainWordsOf("Yes, it is."), 3);
  assert.equal(plainWordsOf("Yes (it is)."), -1);
});
