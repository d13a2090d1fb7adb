import assert from "node:assert/strict";
import fc from "fast-check";
import { codePoints, isPyWhitespace, pyRstrip, pySplit, pyStrip } from "./python_strings.ts";

// Python 3.11: the code points for which str.isspace() is true (README §8).
const PYTHON_WS = new Set([
  0x09,
  0x0a,
  0x0b,
  0x0c,
  0x0d,
  0x1c,
  0x1d,
  0x1e,
  0x1f,
  0x20,
  0x85,
  0xa0,
  0x1680,
  0x2000,
  0x2001,
  0x2002,
  0x2003,
  0x2004,
  0x2005,
  0x2006,
  0x2007,
  0x2008,
  0x2009,
  0x200a,
  0x2028,
  0x2029,
  0x202f,
  0x205f,
  0x3000,
]);

Deno.test("isPyWhitespace matches Python's whitespace set on every BMP code point", () => {
  const wrong: string[] = [];
  for (let c = 0; c <= 0xffff; c++) {
    if (isPyWhitespace(String.fromCharCode(c)) !== PYTHON_WS.has(c)) wrong.push(c.toString(16));
  }
  assert.deepEqual(wrong, []);
});

Deno.test("pySplit differs from JavaScript's \\s where Python does", () => {
  assert.deepEqual(pySplit("a\u001cb\u0085c"), ["a", "b", "c"]);
  assert.deepEqual(pySplit("a\ufeffb\u200bc"), ["a\ufeffb\u200bc"]);
  assert.deepEqual("a\ufeffb".split(/\s+/), ["a", "b"]); // what a naive port would do
  assert.deepEqual(pySplit(""), []);
});

Deno.test("pyStrip and pyRstrip keep inner whitespace and non-whitespace ends", () => {
  assert.equal(pyRstrip("  a  b \u3000\u2029"), "  a  b");
  assert.equal(pyStrip("\u0085 a  b \u00a0"), "a  b");
  assert.equal(pyStrip("\u200bx\u200b"), "\u200bx\u200b");
  assert.equal(pyRstrip(""), "");
});

Deno.test("pySplit pieces hold no whitespace and keep every other character in order", () => {
  const alphabet = fc.constantFrom(
    "a",
    "é",
    "😀",
    " ",
    "\t",
    "\u0085",
    "\u00a0",
    "\ufeff",
    "\u200b",
  );
  fc.assert(fc.property(fc.array(alphabet, { maxLength: 30 }), (chars) => {
    const s = chars.join("");
    const pieces = pySplit(s);
    for (const piece of pieces) {
      assert.ok(piece.length > 0);
      for (let i = 0; i < piece.length; i++) assert.ok(!isPyWhitespace(piece, i));
    }
    const kept = codePoints(s).filter((ch) => !isPyWhitespace(ch)).join("");
    assert.equal(pieces.join(""), kept);
  }));
});

Deno.test("codePoints counts characters outside the BMP once", () => {
  assert.equal(codePoints("𝒜👨‍👩‍👧").length, 6); // 𝒜, then three people joined by two U+200D
});
