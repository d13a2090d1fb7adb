import assert from "node:assert/strict";
import { offlineHtmlPage } from "./html_page.ts";
import { resetPlotlyInlining } from "./plotly.ts";

const LIBRARY_MARK = "window.Plotly = Plotly";
const chart = { figure: { data: [{ type: "bar", x: ["a"], y: [1] }] }, text: "a: 1" };

Deno.test("a report page inlines plotly.js once, whatever the notebook session did", async () => {
  resetPlotlyInlining();
  const page = await offlineHtmlPage({
    title: "r",
    sections: [chart, { html: "<p>x</p>" }, chart],
  });
  assert.equal(page.split(LIBRARY_MARK).length, 2);
  assert.ok(page.indexOf(LIBRARY_MARK) < page.indexOf('class="verdict-chart"'), "library first");
  assert.equal(page.match(/class="verdict-chart"/g)?.length, 2);
  const again = await offlineHtmlPage({ title: "r", sections: [chart] });
  assert.equal(again.split(LIBRARY_MARK).length, 2, "every page stands alone");
});

Deno.test("a page without charts carries no plotly.js", async () => {
  const page = await offlineHtmlPage({ title: "r", sections: [{ html: "<table></table>" }] });
  assert.ok(!page.includes(LIBRARY_MARK));
  assert.ok(page.includes("<section><table></table></section>"));
});

Deno.test("a page escapes its title and footer and forbids network loads", async () => {
  const hostile = '<img src=x onerror="window.__verdict_xss=1">';
  const page = await offlineHtmlPage({ title: hostile, sections: [], footer: [hostile] });
  assert.ok(!page.includes("<img"));
  assert.equal(page.split("&lt;img src=x onerror=&quot;").length, 4); // <title>, <h1>, footer
  const policy = page.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/)?.[1];
  assert.ok(policy?.startsWith("default-src 'none'"), policy ?? "no policy");
  assert.ok(!/https?:/.test(policy ?? ""), "no network source allowed");
});
