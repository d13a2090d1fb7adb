import assert from "node:assert/strict";
import fc from "fast-check";
import { htmlTable, textTable } from "./table.ts";
import { sectionsHtml, sectionsText } from "./sections.ts";
import { summaryTable } from "./summary_table.ts";

const HOSTILE = '<img src=x onerror="window.__verdict_xss=1">';

Deno.test("htmlTable: text left, numbers right, the first column and nowrap columns unwrapped", () => {
  const html = htmlTable({
    columns: ["case", "reason", "version", "score"],
    rows: [["rd-029", "a long reason", "v2", 0.75]],
    nowrap: [2],
  });
  assert.match(html, /<th class="v-text v-nowrap">case<\/th><th class="v-text">reason<\/th>/);
  assert.match(html, /<td class="v-text v-nowrap">v2<\/td><td class="v-num">0\.7500<\/td>/);
});

Deno.test("htmlTable: a long cell is cut, its whole value escaped in the tooltip", () => {
  const long = `${HOSTILE} ${"word ".repeat(40)}`;
  const html = htmlTable({ columns: ["case", "output"], rows: [["c1", long]] }, { maxChars: 30 });
  const title = html.match(/title="([^"]*)"/)![1];
  const decoded = title.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"');
  assert.equal(decoded.replace(/&amp;/g, "&"), long);
  assert.ok(!html.includes("<img"), "nothing from the cell is markup");
  assert.match(html, />&lt;img src=x onerror=&quot;window\.__…<\/td>/);
  const whole = htmlTable({ columns: ["o"], rows: [[long]] }, { maxChars: Infinity });
  assert.ok(!whole.includes("title="));
});

Deno.test("textTable: numbers of one column share their digits, so 1 reads like 0.750", () => {
  const text = textTable({ columns: ["grader", "mean"], rows: [["a", 1], ["b", 0.75]] }, {
    digits: 3,
  });
  assert.deepEqual(text.split("\n").slice(2), ["a       1.000", "b       0.750"]);
  const counts = textTable({ columns: ["grader", "rows"], rows: [["a", 40], ["b", 6]] });
  assert.deepEqual(counts.split("\n").slice(2), ["a         40", "b          6"]);
  // A column may carry its own digits (a 0–100 score beside fractions), in text and HTML alike.
  const mixed = { columns: ["id", "f", "bleu"], rows: [["a", 0.5, 37.9876]], digits: { 2: 2 } };
  assert.equal(textTable(mixed, { digits: 4 }).split("\n")[2], "a   0.5000  37.99");
  assert.match(htmlTable(mixed, { digits: 4 }), />0\.5000<.*>37\.99</s);
});

Deno.test("textTable: long text cells are cut to maxChars; numbers never are", () => {
  const text = textTable({ columns: ["id", "n"], rows: [["x".repeat(100), 123456789]] }, {
    maxChars: 10,
  });
  assert.equal(text.split("\n")[2], `${"x".repeat(9)}…  123456789`);
});

Deno.test("textTable: every line is as wide as the header grid, whatever the cells", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.string({ maxLength: 120 }), fc.double({ noNaN: true })), {
        minLength: 1,
        maxLength: 8,
      }),
      (rows) => {
        const lines = textTable({ columns: ["label", "value"], rows }).split("\n");
        const width = [...lines[1]].length;
        for (const line of lines.slice(2)) assert.ok([...line].length <= width);
        assert.ok(lines.slice(2).every((l) => !l.includes("\n")));
      },
    ),
  );
});

Deno.test("summaryTable: one figure for all rows moves into the caption", () => {
  const table = summaryTable([
    { label: "judge", figure: "all attempted", cells: [{ kind: "rate", passed: 1, total: 3 }] },
  ], { columns: ["v1"], caption: "Pass rates" });
  assert.equal(table.caption, "Pass rates (all attempted)");
  assert.deepEqual(table.columns, ["grader", "v1"]);
  assert.deepEqual(table.rows, [["judge", "33.3% (1/3)"]]);
  assert.deepEqual(table.numeric, [1]);
});

Deno.test("sections: details fold in HTML and hide in text unless verbose", () => {
  const sections = [
    { heading: "Summary", lead: ["Report 62.0%."], tables: [{ columns: ["a"], rows: [["x"]] }] },
    { heading: `Notes ${HOSTILE}`, lines: ["n1"], details: true },
    { heading: "Unscored", lines: ["u1"], details: true },
  ];
  const text = sectionsText(sections, undefined, { more: "--verbose shows them" });
  assert.ok(text.startsWith("Summary\n=======\nReport 62.0%.\n\na\n-\nx\n"));
  assert.ok(!text.includes("n1"));
  assert.match(text, /Details not shown: Notes .*; Unscored \(--verbose shows them\)\.\n$/);
  const verbose = sectionsText(sections, undefined, { verbose: true });
  assert.ok(verbose.includes("n1") && verbose.includes("u1") && !verbose.includes("not shown"));
  const html = sectionsHtml(sections, "r");
  assert.equal(html.match(/<details class="verdict-details">/g)?.length, 2);
  assert.ok(html.includes("<summary>Notes &lt;img"));
  assert.ok(html.indexOf('<p class="verdict-lead">') < html.indexOf("<table"));
});
