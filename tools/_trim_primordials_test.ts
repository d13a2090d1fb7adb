import assert from "node:assert/strict";
import { trimPrimordials } from "./_trim_primordials.ts";

/** A primordials module shaped as esbuild writes @pkgjs/parseargs's, with `uses` as its users. */
const bundle = (uses: string) =>
  [
    "var require_primordials = __commonJS({",
    "    [",
    '      "Array",',
    '      "ArrayBuffer",',
    '      "Map",',
    '      "Number",',
    '      "Object",',
    '      "String",',
    '      "Symbol"',
    "    ].forEach((name) => {",
    "      const original = global[name];",
    "      primordials[name] = original;",
    "      copyPropsRenamed(original, primordials, name);",
    "    });",
    "    [",
    '      "Promise"',
    "    ].forEach((name) => {",
    "      const original = global[name];",
    "      primordials[name] = original;",
    "      copyPropsRenamedBound(original, primordials, name);",
    "    });",
    uses,
    "});",
  ].join("\n");

const listed = (text: string) => [...text.matchAll(/^ {6}"(\w+)"/gm)].map((m) => m[1]);

Deno.test("trimPrimordials keeps the built-ins whose copies are taken, and only those", () => {
  const text = bundle(
    "    var { ArrayPrototypeSlice, ObjectPrototypeHasOwnProperty: ObjectHasOwn, Map } = " +
      "require_primordials();\n    primordials.SymbolIterator;",
  );
  const trimmed = trimPrimordials(text);
  // Array (not ArrayBuffer: "Slice" follows "Array"), Object, Map, Symbol; Promise's list stays.
  assert.deepEqual(listed(trimmed), ["Array", "Map", "Object", "Symbol", "Promise"]);
  assert.equal(trimmed.replace(/^ {6}"\w+",?\n/gm, ""), text.replace(/^ {6}"\w+",?\n/gm, ""));
  // A name of a longer built-in keeps that one, not the shorter one it also starts with.
  const buffer = trimPrimordials(bundle("    var { ArrayBufferPrototypeSlice } = primordials;"));
  assert.deepEqual(listed(buffer), ["ArrayBuffer", "Promise"]);
});

Deno.test("trimPrimordials refuses a bundle it does not recognise", () => {
  assert.throws(() => trimPrimordials("var x = 1;"), /expected one list of built-ins/);
  assert.throws(
    () => trimPrimordials(bundle("    var { uncurryThis } = primordials;")),
    /no used name needs a copied built-in/,
  );
});
