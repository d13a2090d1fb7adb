import assert from "node:assert/strict";
import fc from "fast-check";
import { count13a, Spans13a, spans13a, tokenize13a } from "./tokenize_13a.ts";
import { applyMtevalRules } from "./_mteval_rules.ts";
import { pySplit } from "./python_strings.ts";

Deno.test("13a splits ASCII symbols but not apostrophes or non-ASCII punctuation", () => {
  assert.equal(
    tokenize13a("don't stop, it's «fine» — right?"),
    "don't stop , it's «fine» — right ?",
  );
  assert.equal(tokenize13a("“quoted”"), "“quoted”");
  assert.equal(tokenize13a("a[b]{c}|d~e^f_g`h"), "a [ b ] { c } | d ~ e ^ f _ g ` h");
});

Deno.test("13a keeps numbers together and splits hyphens only after digits", () => {
  assert.equal(tokenize13a("1,234.56 and 3.14."), "1,234.56 and 3.14 .");
  assert.equal(tokenize13a("well-known 2-3"), "well-known 2 - 3");
  assert.equal(tokenize13a("e.g. U.S.A. v2.0"), "e . g . U . S . A . v2.0");
});

Deno.test("13a decodes four entities once each, in order", () => {
  assert.equal(tokenize13a("a &amp; b"), "a & b");
  assert.equal(tokenize13a("&amp;quot;"), "& quot ;");
  assert.equal(tokenize13a("&lt;b&gt;"), "< b >");
});

Deno.test("13a drops <skipped>, joins hyphenated line breaks and does not segment CJK", () => {
  assert.equal(tokenize13a("<skipped>ok"), "ok");
  assert.equal(tokenize13a("co-\nop\nnext"), "coop next");
  assert.equal(tokenize13a("我爱北京天安门。"), "我爱北京天安门。");
  assert.equal(tokenize13a("   "), "");
});

// Pieces of lines: every kind of character some rule or the scan treats apart.
const parts = [
  "a",
  "Z",
  "é",
  "😀",
  "0",
  "7",
  ".",
  ",",
  "-",
  "'",
  "$",
  "(",
  ")",
  "/",
  "@",
  "[",
  "`",
  "~",
  ":",
  "%",
  "&",
  ";",
  " ",
  "  ",
  "\t",
  "\n",
  "-\n",
  "\u0085",
  "\u00a0",
  "\u3000",
  "<skipped>",
  "&amp;",
  "&quot;",
  "&lt;",
  "..",
  ".,",
  "1,000",
  "3.5",
  "e.g.",
  "U.S.",
];

Deno.test("13a piece by piece equals the four rules run over the whole line", () => {
  // The rules as sacreBLEU runs them: once over the whole line, then one split.
  const whole = (line: string) => {
    const s = line.replaceAll("<skipped>", "").replaceAll("-\n", "").replaceAll("\n", " ")
      .replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">");
    return pySplit(applyMtevalRules(` ${s} `)).join(" ");
  };
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...parts), { maxLength: 14 }), (list) => {
      const line = list.join("");
      assert.equal(tokenize13a(line), whole(line));
      // The second time a piece is met, it comes from the cache: still the same tokens.
      assert.equal(tokenize13a(line), whole(line));
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("count13a counts the tokens spans13a finds", () => {
  const spans = new Spans13a();
  const unit = fc.constantFrom(...parts, "x", "y.", "ab,", "\ud83d", "\ude00", "\u2028", "\x1c");
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 14 }), (list) => {
      const line = list.join("");
      spans13a(line, spans);
      assert.equal(count13a(line), spans.count, JSON.stringify(line));
    }),
    { numRuns: 10_000 },
  );
});

Deno.test("count13a: lines of words, stops and symbols, ASCII or not (its quick count), as spans13a counts them", () => {
  // Mostly words, stops, symbols and whitespace, so that the quick count answers most lines; the other
  // characters send a line to the full scan (and must not be counted by the quick one).
  const spans = new Spans13a();
  const unit = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom("a", "Zb", "it's", "07", "'", " ", "  ", "\t", "\r") },
    { weight: 4, arbitrary: fc.constantFrom(".", ",", "x.", "y, ") },
    // ASCII symbols and `-` (tokens of their own for the quick count, `-` after a digit), next to
    // words, digits and stops.
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        "(",
        ")",
        '"',
        "?",
        "!",
        ":",
        ";",
        "$",
        "%",
        "/",
        "[",
        "]",
        "`",
        "~",
        "@",
        "#",
        "*",
        "+",
        "=",
        ">",
        "^",
        "_",
        "{",
        "|",
        "\\",
        "5.)",
        "(3",
        '"a."',
        "a.)b.",
        "?.",
        "1,(",
        "-",
        "-",
        "5-",
        "a-b",
        "2-3",
        "--",
        "-5",
        "x5-",
        "(7",
      ),
    },
    // Non-ASCII words and whitespace (the quick count takes them too), lone surrogate halves.
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "é",
        "日本",
        "😀",
        "é.",
        "\ud83d",
        "\ude00",
        "\u00a0",
        "\u0085",
        "\u2028",
        "\u3000",
        "\u200b",
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "-",
        "\n",
        "-\n",
        "&amp;",
        "<skipped>",
        "é",
        "\u00a0",
        "\x01",
        "\x7f",
        "\x1c",
        "😀",
      ),
    },
  );
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 16 }), (list) => {
      const line = list.join("");
      spans13a(line, spans);
      assert.equal(count13a(line), spans.count, JSON.stringify(line));
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("sameToken: two tokens are the same text", () => {
  const a = new Spans13a();
  const b = new Spans13a();
  const line = fc.array(fc.constantFrom(...parts, "cat", "cats", "(cat)", "cat."), {
    maxLength: 8,
  }).map((list) => list.join(" "));
  fc.assert(
    fc.property(line, line, (x, y) => {
      spans13a(x, a);
      spans13a(y, b);
      for (let k = 0; k < a.count; k++) {
        for (let j = 0; j < b.count; j++) {
          assert.equal(a.sameToken(k, b, j), a.token(k) === b.token(j), `${k} ${j}`);
        }
      }
    }),
    { numRuns: 2000 },
  );
});

/** FNV-1a over a string's UTF-16 code units (the hash a span of the scan carries). */
function fnv(s: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

Deno.test("pieces of at most one stop cut in one walk: spans, hashes and counts as the rules give them", () => {
  // Words with symbols, `-` and digits around and inside them, at most one stop (the quick cut's
  // pieces) and now and then a second (pieces the rules must tokenize), next to spaces and
  // other whitespace: every token must be the rules', a span's hash its text's, and count13a
  // must agree.
  const char = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom("a", "Z", "é", "😀", "'", "0", "7", "\x01") },
    { weight: 4, arbitrary: fc.constantFrom('"', "(", ")", "$", ":", "?", "/", "[", "`", "~") },
    { weight: 3, arbitrary: fc.constantFrom(".", ",", "-") },
    { weight: 1, arbitrary: fc.constantFrom("&", "<", " ") },
  );
  const spans = new Spans13a();
  fc.assert(
    fc.property(
      fc.array(char, { maxLength: 10 }),
      fc.constantFrom("", "\u00a0", "\u0085"),
      (list, edge) => {
        const line = edge + list.join("") + edge;
        const expected = pySplit(
          applyMtevalRules(` ${line} `),
        );
        spans13a(line, spans);
        const tokens = Array.from({ length: spans.count }, (_, k) => spans.token(k));
        assert.deepEqual(tokens, expected, JSON.stringify(line));
        for (let k = 0; k < spans.count; k++) {
          if (spans.start[k] >= 0) {
            assert.equal(
              spans.hash[k],
              fnv(tokens[k]),
              JSON.stringify(line),
            );
          }
        }
        assert.equal(count13a(line), expected.length, JSON.stringify(line));
      },
    ),
    { numRuns: 20_000 },
  );
});
