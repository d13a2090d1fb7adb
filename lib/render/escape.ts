/**
 * Escaping for HTML text and attributes.
 *
 * @module
 */

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escape a value for HTML text or a quoted attribute. Non-strings are turned into text first;
 * `null` and `undefined` become the empty string.
 *
 * @example Make a model's output inert
 * ```ts
 * import { escapeHtml } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(escapeHtml('<img src=x onerror="alert(1)">'), "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
 * ```
 */
export function escapeHtml(value: unknown): string {
  if (value === null || value === undefined) return "";
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
