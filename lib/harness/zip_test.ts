import assert from "node:assert/strict";
import { strToU8, zipSync } from "fflate";
import type { OpenedFile } from "./_source.ts";
import { looksLikeZip, openZip } from "./zip.ts";

function file(bytes: Uint8Array, name = "t.zip"): OpenedFile {
  return {
    name,
    size: bytes.length,
    readAt: (o, n) => Promise.resolve(bytes.subarray(o, o + n)),
    close() {},
  };
}

Deno.test("openZip reads stored and deflated members by name", async () => {
  const bytes = zipSync({
    "a.json": [strToU8('{"a": 1}'), { level: 0 }],
    "dir/b.json": [strToU8("x".repeat(5000)), { level: 9 }],
  });
  const zip = await openZip(file(bytes));
  assert.deepEqual(zip.entries.map((e) => [e.name, e.method]), [["a.json", 0], ["dir/b.json", 8]]);
  assert.equal(await zip.readText("a.json"), '{"a": 1}');
  assert.equal(await zip.readText("dir/b.json"), "x".repeat(5000));
  assert.ok(looksLikeZip(bytes));
});

Deno.test("openZip names the archive and member when it cannot read", async () => {
  const bytes = zipSync({ "a.json": [strToU8("hello"), { level: 0 }] });
  await assert.rejects(
    () => openZip(file(strToU8("not a zip at all"), "x.eval")),
    SyntaxError,
    '"x.eval"',
  );
  const zip = await openZip(file(bytes));
  await assert.rejects(() => zip.read("missing.json"), SyntaxError, 'no member "missing.json"');
  // Rewrite the method in both headers to 12 (bzip2), which nothing here decompresses.
  const odd = bytes.slice();
  const view = new DataView(odd.buffer);
  view.setUint16(8, 12, true);
  const central = odd.findIndex((_, i) => view.getUint32(i, true) === 0x02014b50);
  view.setUint16(central + 10, 12, true);
  const zip2 = await openZip(file(odd));
  await assert.rejects(() => zip2.read("a.json"), SyntaxError, "compression method 12");
});
