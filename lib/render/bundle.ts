/**
 * MIME bundles for notebook display, built from an object's public `toHTML()`, `toText()` and
 * `toJSON()`.
 *
 * @module
 */
import { $display, type MimeBundle } from "./display_symbol.ts";
import { SCOPE, STYLE_ELEMENT } from "./_style.ts";

/** Something that can show itself: HTML for notebooks and reports, text for terminals. */
export interface Renderable {
  /** An HTML fragment in which every value from a file or a model is escaped. */
  toHTML(): string;
  /** Plain text for terminals and the `text/plain` fallback. */
  toText(): string;
  /** Plain data for `application/json`; leave it out when there is none. */
  toJSON?(): unknown;
}

/** Replace NaN and ±Infinity, which JSON cannot hold, by the strings "NaN", "Infinity", "-Infinity". */
function jsonSafe(value: unknown, seen: Set<unknown>): unknown {
  if (typeof value === "number") {
    if (Number.isFinite(value)) return value;
    return Number.isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity";
  }
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) throw new TypeError("Cannot build application/json: the value is circular");
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") return jsonSafe(toJSON.call(value), seen);
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => jsonSafe(v, seen) ?? null);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const safe = jsonSafe(v, seen);
      if (safe !== undefined && typeof safe !== "function" && typeof safe !== "symbol") {
        out[k] = safe;
      }
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

/**
 * An HTML fragment made ready for a notebook output: wrapped in an element of class `verdict` with
 * verdict's stylesheet, whose every rule is scoped to that element. Tables then read the same in
 * a notebook as in a report page (text left, numbers right, ids unwrapped), and the user's other
 * outputs keep their own styles.
 *
 * @example A scoped fragment
 * ```ts
 * import { notebookHtml } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const html = notebookHtml("<p>3 of 4 passed</p>");
 * assert.ok(html.startsWith('<div class="verdict"><style>'));
 * assert.ok(html.endsWith("<p>3 of 4 passed</p></div>"));
 * ```
 */
export function notebookHtml(fragment: string): string {
  return `<div class="${SCOPE}">${STYLE_ELEMENT}\n${fragment}</div>`;
}

/**
 * Build the notebook MIME bundle of a renderable object: `text/html` (its `toHTML()` with the
 * scoped stylesheet, see {@linkcode notebookHtml}), `text/plain`, and
 * `application/json` when `toJSON()` gives an object (Jupyter wants an object there; other values
 * are wrapped as `{ value }`). NaN and ±Infinity, which JSON cannot hold, appear in the JSON as the
 * strings `"NaN"`, `"Infinity"` and `"-Infinity"` rather than silently turning into `null`.
 *
 * @example A report object's bundle
 * ```ts
 * import { mimeBundle } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const report = {
 *   toHTML: () => "<p>3 of 4 passed</p>",
 *   toText: () => "3 of 4 passed",
 *   toJSON: () => ({ passed: 3, total: 4, mean: NaN }),
 * };
 * const bundle = mimeBundle(report);
 * assert.deepEqual(Object.keys(bundle), ["text/html", "text/plain", "application/json"]);
 * assert.deepEqual(bundle["application/json"], { passed: 3, total: 4, mean: "NaN" });
 * ```
 */
export function mimeBundle(obj: Renderable): MimeBundle {
  const bundle: MimeBundle = {
    "text/html": notebookHtml(obj.toHTML()),
    "text/plain": obj.toText(),
  };
  if (typeof obj.toJSON === "function") {
    const json = jsonSafe(obj.toJSON(), new Set());
    if (json !== undefined) {
      bundle["application/json"] = json !== null && typeof json === "object" && !Array.isArray(json)
        ? json
        : { value: json };
    }
  }
  return bundle;
}

/**
 * A base class for result objects: implement `toHTML()` and `toText()` (and `toJSON()` if the
 * object has data); the notebook display and `String(obj)` come with it.
 *
 * @example A small displayable class
 * ```ts
 * import { $display, Displayable, escapeHtml } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * class PassCount extends Displayable {
 *   constructor(readonly grader: string, readonly passed: number) {
 *     super();
 *   }
 *   toHTML() {
 *     return `<b>${escapeHtml(this.grader)}</b>: ${this.passed}`;
 *   }
 *   toText() {
 *     return `${this.grader}: ${this.passed}`;
 *   }
 * }
 * const shown = new PassCount("<exact>", 3);
 * assert.ok((shown[$display]()["text/html"] as string).endsWith("<b>&lt;exact&gt;</b>: 3</div>"));
 * assert.equal(String(shown), "<exact>: 3");
 * ```
 */
export abstract class Displayable implements Renderable {
  /** An HTML fragment with every value escaped. */
  abstract toHTML(): string;
  /** Plain text. */
  abstract toText(): string;
  /** The MIME bundle Deno's kernel shows for this object. */
  [$display](): MimeBundle {
    return mimeBundle(this);
  }
  /** The plain-text form. */
  toString(): string {
    return this.toText();
  }
}

/**
 * Give a plain renderable object a notebook display, for objects that cannot extend
 * {@linkcode Displayable}. The object is changed in place and returned.
 *
 * @example Make an object literal displayable
 * ```ts
 * import { $display, displayable } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const note = displayable({ toHTML: () => "<i>none</i>", toText: () => "none" });
 * assert.equal(note[$display]()["text/plain"], "none");
 * assert.match(note[$display]()["text/html"] as string, /<i>none<\/i><\/div>$/);
 * ```
 */
export function displayable<T extends Renderable>(obj: T): T & { [$display](): MimeBundle } {
  Object.defineProperty(obj, $display, {
    value: () => mimeBundle(obj),
    enumerable: false,
    configurable: true,
  });
  return obj as T & { [$display](): MimeBundle };
}
