import assert from "node:assert/strict";
import fc from "fast-check";
import { $display } from "./display_symbol.ts";
import { Displayable, displayable, mimeBundle, notebookHtml } from "./bundle.ts";
import { escapeHtml } from "./escape.ts";
import { htmlTable, textTable } from "./table.ts";

const HOSTILE = [
  "<script>window.__verdict_xss=1</script>",
  '<img src=x onerror="window.__verdict_xss=1">',
  "</table></td><script>alert(1)</script>",
];

Deno.test("mimeBundle has html and text, and json only when toJSON exists", () => {
  const bare = mimeBundle({ toHTML: () => "<p>x</p>", toText: () => "x" });
  assert.deepEqual(Object.keys(bare), ["text/html", "text/plain"]);
  const full = mimeBundle({ toHTML: () => "", toText: () => "", toJSON: () => ({ a: 1 }) });
  assert.deepEqual(Object.keys(full), ["text/html", "text/plain", "application/json"]);
  assert.deepEqual(full["application/json"], { a: 1 });
});

Deno.test("mimeBundle keeps NaN and infinities visible in application/json", () => {
  const bundle = mimeBundle({
    toHTML: () => "",
    toText: () => "",
    toJSON: () => ({
      rates: [0.5, NaN, Infinity, -Infinity],
      nested: { mean: NaN },
      gone: undefined,
    }),
  });
  assert.deepEqual(bundle["application/json"], {
    rates: [0.5, "NaN", "Infinity", "-Infinity"],
    nested: { mean: "NaN" },
  });
});

Deno.test("mimeBundle wraps non-object JSON, uses nested toJSON and refuses cycles", () => {
  const list = mimeBundle({ toHTML: () => "", toText: () => "", toJSON: () => [1, 2] });
  assert.deepEqual(list["application/json"], { value: [1, 2] });
  const dated = mimeBundle({
    toHTML: () => "",
    toText: () => "",
    toJSON: () => ({ at: new Date(0) }),
  });
  assert.deepEqual(dated["application/json"], { at: "1970-01-01T00:00:00.000Z" });
  const loop: Record<string, unknown> = {};
  loop.self = loop;
  assert.throws(
    () => mimeBundle({ toHTML: () => "", toText: () => "", toJSON: () => loop }),
    TypeError,
  );
});

Deno.test("Displayable subclasses and displayable() objects show their bundle", () => {
  class Count extends Displayable {
    constructor(readonly n: number) {
      super();
    }
    toHTML() {
      return `<b>${this.n}</b>`;
    }
    toText() {
      return `${this.n}`;
    }
    toJSON() {
      return { n: this.n };
    }
  }
  const c = new Count(3);
  assert.deepEqual(c[$display](), {
    "text/html": notebookHtml("<b>3</b>"),
    "text/plain": "3",
    "application/json": { n: 3 },
  });
  assert.equal(`${c}`, "3");
  const plain = { toHTML: () => "<i>a</i>", toText: () => "a" };
  const shown = displayable(plain);
  assert.equal(shown, plain);
  assert.deepEqual(shown[$display](), { "text/html": notebookHtml("<i>a</i>"), "text/plain": "a" });
  assert.equal(Object.prototype.propertyIsEnumerable.call(shown, $display), false);
  assert.deepEqual({ ...shown }, plain, "spreading the object does not copy the display");
});

Deno.test("hostile cells come out inert in a table bundle", () => {
  const table = { columns: ["case", ...HOSTILE], rows: [HOSTILE, [1, ...HOSTILE]] };
  const bundle = mimeBundle({
    toHTML: () => htmlTable(table),
    toText: () => textTable(table),
    toJSON: () => table,
  });
  const html = bundle["text/html"] as string;
  assert.ok(!/<script|<img|<\/td><script/i.test(html), html);
  for (const h of HOSTILE) assert.ok(html.includes(escapeHtml(h)));
  assert.ok((bundle["text/plain"] as string).includes(HOSTILE[1]), "text keeps the raw value");
  assert.deepEqual((bundle["application/json"] as typeof table).rows[0], HOSTILE);
});

Deno.test("escapeHtml output never holds markup characters (property)", () => {
  fc.assert(fc.property(fc.string(), (s) => {
    const out = escapeHtml(s);
    assert.ok(!/[<>"']/.test(out));
    const back = out.replace(
      /&lt;|&gt;|&quot;|&#39;|&amp;/g,
      (e) => ({ "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&amp;": "&" })[e]!,
    );
    assert.equal(back, s);
  }));
});
