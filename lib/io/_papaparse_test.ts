// lib/io/_papaparse.js is generated (tools/bundle_cjs.ts; lib/graders/_ajv_test.ts checks that the
// committed file is what the script makes): it must parse and write as the package does.
import assert from "node:assert/strict";
// @ts-types="npm:@types/papaparse@5.5.2"
import PackagePapa from "papaparse";
import Papa from "./_papaparse.js";

Deno.test("the bundled papaparse parses and unparses as the package does", () => {
  const texts = [
    'a,b,c\n1,"two, too",3\n"x ""y""",\n',
    'one\r\n"multi\nline",2\r\n\ufefflast,"',
    "tab\tseparated\there\n\t\t\n",
  ];
  for (const text of texts) {
    for (const delimiter of [",", "\t"]) {
      const config = { delimiter, newline: "\n" as const, quoteChar: '"' };
      assert.deepEqual(
        new Papa.Parser(config).parse(text, 0, false),
        new PackagePapa.Parser(config).parse(text, 0, false),
        JSON.stringify(text),
      );
    }
  }
  const rows = [["a", "b,c", '"q"', "=SUM(1)"], ["1", "line\nbreak", "", " x"]];
  const options = { delimiter: ",", newline: "\r\n", escapeFormulae: /^[=+\-@]/ };
  assert.equal(Papa.unparse(rows, options), PackagePapa.unparse(rows, options));
  assert.throws(() => Papa.parse(Papa.NODE_STREAM_INPUT), /not bundled/);
});
